import type { InputHTMLAttributes, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CircuitSettingsInput } from "~/modules/assessments";

/** The label of each circuit number, the same on the template editor and the plan form. */
export const CIRCUIT_FIELD_LABELS: Record<keyof CircuitSettingsInput, string> = {
  readingSeconds: "circuit:plan.reading",
  stationSeconds: "circuit:plan.station",
  changeoverSeconds: "circuit:plan.changeover",
  restStations: "circuit:plan.rest",
};

/**
 * The frame of the circuit settings (issue 32) wherever they are filled in: the legend and the
 * on/off box, then the numbers (given as children, shown by the caller while the box is ticked).
 */
export function CircuitFieldset({
  testId,
  toggleLabel,
  toggle,
  children,
}: {
  testId: string;
  toggleLabel: string;
  toggle: Omit<InputHTMLAttributes<HTMLInputElement>, "type">;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2 text-sm" data-testid={testId}>
      <legend className="font-medium text-slate-700">{t("circuit:plan.legend")}</legend>
      <label className="flex items-center gap-2">
        <input type="checkbox" {...toggle} />
        {toggleLabel}
      </label>
      {children}
    </fieldset>
  );
}
