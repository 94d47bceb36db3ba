// The quality statistics' and a standard's working tables as rows of text, the same for the board's
// screen and its PDF. Pure.
import type { TFunction } from "i18next";
import type { ExamAnalysis } from "./analysis";
import type { ExamStandard } from "./standard-setting";

export type StatFormat = (value: number | null | undefined, kind?: "percent" | "number" | "ratio") => string;
export type QualityTable = { head: string[]; rows: string[][] };

/** The whole exam's row: candidates, mean, SD, alpha, SEM and pass rate. */
export function examQualityTable(
  t: TFunction,
  examName: string,
  analysis: ExamAnalysis,
  stat: StatFormat,
): QualityTable {
  return {
    head: [
      t("exams:quality.exam"),
      t("exams:col.candidates"),
      t("exams:col.mean"),
      t("exams:col.sd"),
      t("exams:col.alpha"),
      t("exams:col.sem"),
      t("exams:col.pass-rate"),
    ],
    rows: [
      [
        examName,
        String(analysis.candidates),
        stat(analysis.meanTotal, "percent"),
        stat(analysis.sdTotal),
        stat(analysis.alpha, "ratio"),
        stat(analysis.sem),
        stat(analysis.passRate === null ? null : analysis.passRate * 100, "percent"),
      ],
    ],
  };
}

/** One row per station; `noFailures` stands where the failures could not be counted. */
export function stationQualityTable(
  t: TFunction,
  analysis: ExamAnalysis,
  stationName: (id: string) => string,
  stat: StatFormat,
  noFailures: string,
): QualityTable {
  return {
    head: [
      t("exams:col.station"),
      t("exams:col.n"),
      t("exams:col.mean"),
      t("exams:col.sd"),
      t("exams:col.facility"),
      t("exams:col.r-squared"),
      t("exams:col.slope"),
      t("exams:col.failures"),
      t("exams:col.alpha-if-deleted"),
    ],
    rows: analysis.stations.map((s) => [
      stationName(s.stationId),
      String(s.n),
      stat(s.mean, "percent"),
      stat(s.sd),
      stat(s.facility, "ratio"),
      stat(s.rSquared, "ratio"),
      stat(s.slope),
      s.failures === null ? noFailures : String(s.failures),
      stat(s.alphaIfDeleted, "ratio"),
    ]),
  };
}

/**
 * A standard's working per station, with the method's own columns: the regression line for
 * borderline regression, the borderline group for borderline groups, the cut alone otherwise.
 * A station without a cut says why.
 */
export function standardWorkingTable(
  t: TFunction,
  standard: ExamStandard,
  stationName: (id: string) => string,
  stat: StatFormat,
): QualityTable {
  const regression = standard.method === "BORDERLINE_REGRESSION";
  const groups = standard.method === "BORDERLINE_GROUPS";
  return {
    head: [
      t("exams:col.station"),
      t("exams:col.n"),
      ...(regression ? [t("exams:col.intercept"), t("exams:col.slope"), t("exams:col.r-squared")] : []),
      ...(regression || groups ? [t("exams:col.borderline-n")] : []),
      ...(groups ? [t("exams:col.borderline-mean"), t("exams:col.borderline-median")] : []),
      t("exams:col.station-cut"),
    ],
    rows: standard.stations.map((s) => [
      stationName(s.stationId),
      String(s.n),
      ...(regression ? [stat(s.intercept), stat(s.slope), stat(s.rSquared, "ratio")] : []),
      ...(regression || groups ? [String(s.borderlineCount)] : []),
      ...(groups ? [stat(s.borderlineMean, "percent"), stat(s.borderlineMedian, "percent")] : []),
      s.cutScore === null && s.problem ? t(`exams:problem.${s.problem}`) : stat(s.cutScore, "percent"),
    ]),
  };
}
