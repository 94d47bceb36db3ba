import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, SelectField, TextField } from "~/components/ui/form";
import type { ExamBoardView, StandardMethod } from "./board-view";
import { PercentField } from "./percent-field";

/** The board's options; sent as a query, so every method is compared with them (nothing is applied). */
export function StandardOptionsForm({
  stations,
  options,
  method,
  passPercentage,
}: {
  stations: ExamBoardView["stations"];
  options: ExamBoardView["options"];
  method: StandardMethod;
  /** The session template's: the fixed cut when the field is empty. */
  passPercentage: number;
}) {
  const { t } = useTranslation();
  const must = new Set(options.mustPassStations ?? []);
  return (
    <Form method="get" className="flex flex-col gap-3 rounded-md border border-slate-200 p-3">
      <h3 className="font-semibold">{t("exams:standard.options")}</h3>
      <input type="hidden" name="method" value={method} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <PercentField
          label={t("exams:standard.cut-percent")}
          hint={t("exams:standard.cut-percent-hint", { pass: passPercentage })}
          name="cutPercent"
          defaultValue={options.cutPercent ?? ""}
        />
        <SelectField label={t("exams:standard.statistic")} name="statistic" defaultValue={options.statistic ?? "MEAN"}>
          <option value="MEAN">{t("exams:standard.MEAN")}</option>
          <option value="MEDIAN">{t("exams:standard.MEDIAN")}</option>
        </SelectField>
        <TextField
          label={t("exams:standard.sem-multiplier")}
          hint={t("exams:standard.sem-multiplier-hint")}
          name="semMultiplier"
          type="number"
          min={-5}
          max={5}
          step="any"
          defaultValue={options.semMultiplier ?? ""}
        />
        <TextField
          label={t("exams:standard.min-stations")}
          name="minStationsPassed"
          type="number"
          min={0}
          max={stations.length}
          step={1}
          defaultValue={options.minStationsPassed ?? ""}
        />
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("exams:standard.must-pass")}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {stations.map((s) => (
            <label key={s.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="mustPassStations" value={s.id} defaultChecked={must.has(s.id)} />
              {s.name}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <Button type="submit" variant="secondary">
          {t("exams:standard.recompute")}
        </Button>
      </div>
    </Form>
  );
}
