// Standard setting: the exam's cut score (a % of the maximum) by the board's chosen method, with its
// working, and every candidate's computed pass or fail. Computed, never stored here. ADR 0034.
import { type AngoffItem, type AngoffJudgement, type AngoffResult, angoffStandard } from "./angoff";
import { type CandidateOutcome, type ConjunctiveRules, candidateOutcomes } from "./conjunctive";
import { type ExamMarks, type ExamStation, type ExamTable, examTable, stationMarks } from "./marks";
import { isBorderline, regressionGrade } from "./rating-scale";
import { examReliability } from "./reliability";
import { linearRegression, mean, median, predict } from "./statistics";
import {
  type ExamWarning,
  MIN_BORDERLINE_CANDIDATES,
  type StationCutProblem,
  cohortWarnings,
  discrepancyWarnings,
} from "./warnings";

export const STANDARD_METHODS = ["FIXED", "BORDERLINE_REGRESSION", "BORDERLINE_GROUPS", "ANGOFF"] as const;
export type StandardMethod = (typeof STANDARD_METHODS)[number];

export type StandardChoice =
  | { method: "FIXED"; cutPercent: number }
  | { method: "BORDERLINE_REGRESSION" }
  /** The station cut is the borderline group's mean (default) or median. */
  | { method: "BORDERLINE_GROUPS"; statistic?: "MEAN" | "MEDIAN" }
  | { method: "ANGOFF"; items: readonly AngoffItem[]; judgements: readonly AngoffJudgement[] };

export type StandardOptions = {
  /** Adds k × SEM to the exam cut (k < 0 lowers it); the station cuts are not adjusted. */
  semMultiplier?: number | null;
  rules?: ConjunctiveRules;
};

export type StationCut = {
  stationId: string;
  /** % of the station's maximum; null with `problem` saying why. */
  cutScore: number | null;
  /** The cut in the station's points. */
  cutPoints: number | null;
  problem: StationCutProblem | null;
  /** Candidates with a mark (and, for the regression, a rating) the cut was computed from. */
  n: number;
  intercept: number | null;
  slope: number | null;
  rSquared: number | null;
  borderlineCount: number;
  borderlineMean: number | null;
  borderlineMedian: number | null;
};

export type ExamStandard = {
  method: StandardMethod;
  /** The cut to apply (% of the maximum, 0–100): the method's cut plus any SEM adjustment. */
  cutScore: number | null;
  /** The method's cut before the SEM adjustment. */
  unadjustedCutScore: number | null;
  /** Σ of the station cuts in points (null when a station has none). */
  cutPoints: number | null;
  semMultiplier: number | null;
  sem: number | null;
  stations: StationCut[];
  angoff: AngoffResult | null;
  candidates: CandidateOutcome[];
  passed: number;
  failed: number;
  undecided: number;
  /** passed / (passed + failed); null when nobody is decided. */
  passRate: number | null;
  warnings: ExamWarning[];
};

const emptyCut = (stationId: string): StationCut => ({
  stationId,
  cutScore: null,
  cutPoints: null,
  problem: null,
  n: 0,
  intercept: null,
  slope: null,
  rSquared: null,
  borderlineCount: 0,
  borderlineMean: null,
  borderlineMedian: null,
});

const withCut = (station: ExamStation, cut: StationCut, cutScore: number | null): StationCut => ({
  ...cut,
  cutScore,
  cutPoints: cutScore === null ? null : (cutScore * station.maxPoints) / 100,
});

/**
 * A station's borderline working: the regression of score % on grade over its rated marks, and the
 * borderline-rated candidates' mean and median score %.
 */
export function borderlineWorking(
  table: ExamTable,
  station: ExamStation,
): { cut: StationCut; warnings: ExamWarning[] } {
  const marks = stationMarks(table, station.id);
  const rated = marks.filter((m) => m.grade !== null);
  const borderline = rated.filter((m) => isBorderline(station.ratingScale, m.grade)).map((m) => m.percent);
  const regression = linearRegression(
    rated.map((m) => m.grade!),
    rated.map((m) => m.percent),
  );
  const warnings: ExamWarning[] = [];
  if (marks.length === 0) warnings.push({ code: "STATION_WITHOUT_MARKS", stationId: station.id });
  else if (rated.length < 2) warnings.push({ code: "TOO_FEW_RATED_MARKS", stationId: station.id, count: rated.length });
  else if (regression.problem === "NO_SPREAD_IN_X") warnings.push({ code: "ALL_RATINGS_EQUAL", stationId: station.id });
  if (marks.length > 0 && borderline.length < MIN_BORDERLINE_CANDIDATES)
    warnings.push({
      code: "FEW_BORDERLINE_CANDIDATES",
      stationId: station.id,
      count: borderline.length,
      minimum: MIN_BORDERLINE_CANDIDATES,
    });
  return {
    cut: {
      ...emptyCut(station.id),
      n: rated.length,
      intercept: regression.intercept,
      slope: regression.slope,
      rSquared: regression.rSquared,
      borderlineCount: borderline.length,
      borderlineMean: mean(borderline),
      borderlineMedian: median(borderline),
    },
    warnings,
  };
}

function regressionCut(table: ExamTable, station: ExamStation): { cut: StationCut; warnings: ExamWarning[] } {
  const { cut, warnings } = borderlineWorking(table, station);
  const marks = stationMarks(table, station.id).length;
  const grade = regressionGrade(station.ratingScale);
  const problem: StationCutProblem | null =
    marks === 0
      ? "NO_MARKS"
      : cut.n < 2
        ? "TOO_FEW_RATED_MARKS"
        : cut.slope === null
          ? "ALL_RATINGS_EQUAL"
          : grade === null
            ? "NO_BORDERLINE_GRADE"
            : null;
  const line = { n: cut.n, intercept: cut.intercept, slope: cut.slope, rSquared: cut.rSquared, problem: null };
  const value = problem === null && grade !== null ? predict(line, grade) : null;
  return { cut: withCut(station, { ...cut, problem }, value), warnings };
}

function groupsCut(
  table: ExamTable,
  station: ExamStation,
  statistic: "MEAN" | "MEDIAN",
): { cut: StationCut; warnings: ExamWarning[] } {
  const { cut, warnings } = borderlineWorking(table, station);
  const marks = stationMarks(table, station.id);
  const problem: StationCutProblem | null =
    marks.length === 0 ? "NO_MARKS" : cut.borderlineCount === 0 ? "NO_BORDERLINE_CANDIDATES" : null;
  // Only the warnings that matter to this method: the regression's do not.
  const relevant = warnings.filter((w) => w.code === "STATION_WITHOUT_MARKS" || w.code === "FEW_BORDERLINE_CANDIDATES");
  const value = statistic === "MEAN" ? cut.borderlineMean : cut.borderlineMedian;
  return {
    cut: withCut(station, { ...cut, n: marks.length, problem }, problem === null ? value : null),
    warnings: relevant,
  };
}

/** Clamps a cut into 0–100, with a warning when it had to. */
function clampCut(cut: number | null, warnings: ExamWarning[]): number | null {
  if (cut === null) return null;
  const clamped = Math.max(0, Math.min(100, cut));
  if (clamped !== cut) warnings.push({ code: "CUT_CLAMPED", unclamped: cut, cutScore: clamped });
  return clamped;
}

/** The mean of the station cuts, or null when a station has none. */
const meanOfStationCuts = (cuts: readonly StationCut[]): number | null =>
  cuts.some((c) => c.cutScore === null) ? null : mean(cuts.map((c) => c.cutScore!));

export function computeStandard(exam: ExamMarks, choice: StandardChoice, options: StandardOptions = {}): ExamStandard {
  const table = examTable(exam);
  // Every method decides on the marks, so every method warns of the marks still in dispute.
  const warnings: ExamWarning[] = discrepancyWarnings(exam.marks);
  let stations: StationCut[];
  let cut: number | null;
  let angoff: AngoffResult | null = null;

  if (choice.method === "FIXED") {
    const fixed = Number.isFinite(choice.cutPercent) ? choice.cutPercent : null;
    stations = exam.stations.map((s) => withCut(s, { ...emptyCut(s.id), n: stationMarks(table, s.id).length }, fixed));
    cut = fixed;
  } else if (choice.method === "ANGOFF") {
    angoff = angoffStandard(
      choice.items,
      choice.judgements,
      exam.stations.map((s) => s.id),
    );
    warnings.push(...angoff.warnings);
    stations = exam.stations.map((s) => {
      const value = angoff!.stationCuts[s.id] ?? null;
      const base = { ...emptyCut(s.id), n: stationMarks(table, s.id).length };
      return withCut(s, { ...base, problem: value === null ? "NO_ANGOFF_ITEMS" : null }, value);
    });
    cut = angoff.cutScore;
  } else {
    warnings.push(...cohortWarnings(table.candidateIds.length));
    const statistic = choice.method === "BORDERLINE_GROUPS" ? (choice.statistic ?? "MEAN") : null;
    const results = exam.stations.map((s) => (statistic ? groupsCut(table, s, statistic) : regressionCut(table, s)));
    stations = results.map((r) => r.cut);
    warnings.push(...results.flatMap((r) => r.warnings));
    cut = meanOfStationCuts(stations);
  }

  const incomplete = table.candidateIds.filter((c) => exam.stations.some((s) => !table.marks.get(c)?.has(s.id)));
  if (incomplete.length > 0) warnings.push({ code: "INCOMPLETE_CANDIDATES", count: incomplete.length });

  const semMultiplier = options.semMultiplier ?? null;
  let sem: number | null = null;
  let cutScore = cut;
  if (semMultiplier !== null && semMultiplier !== 0) {
    const reliability = examReliability(table);
    sem = reliability.sem;
    if (sem === null) {
      warnings.push({ code: "SEM_UNAVAILABLE" });
      if (reliability.alpha.problem) warnings.push({ code: "ALPHA_UNAVAILABLE", reason: reliability.alpha.problem });
    }
    cutScore = cut === null || sem === null ? null : cut + semMultiplier * sem;
  }
  cutScore = clampCut(cutScore, warnings);

  const stationCuts = Object.fromEntries(stations.map((s) => [s.stationId, s.cutScore]));
  const candidates = candidateOutcomes(table, cutScore, stationCuts, options.rules);
  const passed = candidates.filter((c) => c.passed === true).length;
  const failed = candidates.filter((c) => c.passed === false).length;
  return {
    method: choice.method,
    cutScore,
    unadjustedCutScore: cut,
    cutPoints: stations.some((s) => s.cutPoints === null) ? null : stations.reduce((t, s) => t + s.cutPoints!, 0),
    semMultiplier,
    sem,
    stations,
    angoff,
    candidates,
    passed,
    failed,
    undecided: candidates.length - passed - failed,
    passRate: passed + failed === 0 ? null : passed / (passed + failed),
    warnings,
  };
}
