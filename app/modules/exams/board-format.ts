// How the board's screens and PDF write a statistic and a warning: a value that could not be
// computed is a dash (never NaN), a warning is its code translated with its values. Pure.
import type { TFunction } from "i18next";
import type { ExamWarning } from "./warnings";

/** percent: 0–100 with "%"; ratio: 0–1 with two decimals; number: one decimal. */
export function formatStat(
  value: number | null | undefined,
  locale: string,
  kind: "percent" | "number" | "ratio" = "number",
  missing = "–",
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return missing;
  const digits = kind === "ratio" ? 2 : 1;
  const text = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    value,
  );
  return kind === "percent" ? `${text}\u00a0%` : text;
}

/** A warning as a sentence, with station and judge names in place of their ids. */
export function warningText(
  t: TFunction,
  warning: ExamWarning,
  stationName: (id: string) => string,
  staffNames: Record<string, string>,
): string {
  const values: Record<string, unknown> = { ...warning };
  if ("stationId" in warning) values.station = stationName(warning.stationId);
  if ("judgeId" in warning) values.judge = staffNames[warning.judgeId] ?? warning.judgeId;
  if ("reason" in warning) values.reason = t(`exams:alpha-problem.${warning.reason}`);
  if ("unclamped" in warning) values.unclamped = warning.unclamped.toFixed(1);
  return t(`exams:warning.${warning.code}`, values);
}
