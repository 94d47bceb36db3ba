// The board's standard-setting options as the exam page sends them (query string to compare, form
// to apply): empty fields are "not set", numbers are numbers (the module validates them).
type Fields = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[] };

const numberOrNull = (value: FormDataEntryValue | null): number | null => {
  if (typeof value !== "string" || value.trim() === "") return null;
  const n = Number(value.replace(",", "."));
  return Number.isFinite(n) ? n : NaN;
};

export function standardOptionsOf(fields: Fields) {
  const statistic = fields.get("statistic");
  const mustPass = fields.getAll("mustPassStations").map(String).filter(Boolean);
  return {
    cutPercent: numberOrNull(fields.get("cutPercent")),
    statistic: statistic === "MEDIAN" ? ("MEDIAN" as const) : statistic === "MEAN" ? ("MEAN" as const) : null,
    semMultiplier: numberOrNull(fields.get("semMultiplier")),
    minStationsPassed: numberOrNull(fields.get("minStationsPassed")),
    mustPassStations: mustPass.length ? mustPass : null,
  };
}
