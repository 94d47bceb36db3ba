import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "~/components/ui/form";

type Settings = { readingSeconds: number; stationSeconds: number; changeoverSeconds: number; restStations: number };

const FIELDS = [
  ["readingSeconds", "reading"],
  ["stationSeconds", "station"],
  ["changeoverSeconds", "changeover"],
  ["restStations", "rest"],
] as const;

/**
 * The plan form's circuit settings (issue 32): on or off, and the four numbers. A number left
 * empty takes the session's value, else the template's default; the extra-time rule is said here.
 */
export function CircuitSettingsFields({
  settings,
  disabled,
  errorOf,
}: {
  settings: Settings | null;
  disabled: boolean;
  errorOf: (name: string) => string | undefined | null;
}) {
  const { t } = useTranslation();
  const [on, setOn] = useState(settings !== null);
  return (
    <fieldset className="flex flex-col gap-2 text-sm" data-testid="circuit-settings">
      <legend className="font-medium text-slate-700">{t("circuit:plan.legend")}</legend>
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          name="circuit"
          defaultChecked={settings !== null}
          disabled={disabled}
          onChange={(e) => setOn(e.target.checked)}
        />
        {t("circuit:plan.enabled")}
      </label>
      <p className="text-slate-600">{t("circuit:plan.hint")}</p>
      {on ? (
        <>
          <div className="grid gap-2 sm:grid-cols-2">
            {FIELDS.map(([name, label]) => (
              <TextField
                key={name}
                name={name}
                label={t(`circuit:plan.${label}`)}
                type="number"
                inputMode="numeric"
                min={0}
                defaultValue={settings ? String(settings[name]) : ""}
                disabled={disabled}
                error={errorOf(name) ?? errorOf(`circuit.${name}`)}
              />
            ))}
          </div>
          <p className="rounded-md bg-slate-100 p-2 text-slate-800" data-testid="circuit-extra-rule">
            {t("circuit:plan.extra-rule")}
          </p>
        </>
      ) : null}
    </fieldset>
  );
}
