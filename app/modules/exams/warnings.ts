// Typed warnings of the exam board's computations. Codes, not sentences: the screens translate them,
// and a value that cannot be computed is null with one of these saying why (never NaN or Infinity).

/** Below this many candidates the examinee-centred methods are shaky (ADR 0034). */
export const MIN_COHORT = 50;
/** Below this many borderline-rated candidates a station's borderline cut is shaky. */
export const MIN_BORDERLINE_CANDIDATES = 3;

export type AlphaProblem = "TOO_FEW_STATIONS" | "TOO_FEW_COMPLETE_CANDIDATES" | "NO_TOTAL_VARIANCE";

export type StationCutProblem =
  | "NO_MARKS"
  | "TOO_FEW_RATED_MARKS"
  | "ALL_RATINGS_EQUAL"
  | "NO_BORDERLINE_CANDIDATES"
  | "NO_ANGOFF_ITEMS"
  | "NO_BORDERLINE_GRADE";

export type ExamWarning =
  | { code: "SMALL_COHORT"; candidates: number; minimum: number }
  | { code: "SINGLE_CANDIDATE" }
  | { code: "NO_CANDIDATES" }
  | { code: "INCOMPLETE_CANDIDATES"; count: number }
  | { code: "STATION_WITHOUT_MARKS"; stationId: string }
  | { code: "ALL_RATINGS_EQUAL"; stationId: string }
  | { code: "TOO_FEW_RATED_MARKS"; stationId: string; count: number }
  | { code: "FEW_BORDERLINE_CANDIDATES"; stationId: string; count: number; minimum: number }
  | { code: "STATION_WITHOUT_ANGOFF_ITEMS"; stationId: string }
  | { code: "NO_ANGOFF_JUDGEMENTS" }
  | { code: "SINGLE_ANGOFF_JUDGE" }
  | { code: "ANGOFF_JUDGE_INCOMPLETE"; judgeId: string; missingItems: number }
  | { code: "ALPHA_UNAVAILABLE"; reason: AlphaProblem }
  | { code: "SEM_UNAVAILABLE" }
  | { code: "CUT_CLAMPED"; unclamped: number; cutScore: number }
  | { code: "UNRESOLVED_DISCREPANCIES"; count: number };

export type ExamWarningCode = ExamWarning["code"];

/** Double marks over the discrepancy threshold that nobody resolved: the first examiner's mark counts meanwhile. */
export function discrepancyWarnings(marks: ReadonlyArray<{ unresolvedDiscrepancy?: boolean }>): ExamWarning[] {
  const count = marks.filter((m) => m.unresolvedDiscrepancy).length;
  return count > 0 ? [{ code: "UNRESOLVED_DISCREPANCIES", count }] : [];
}

/** Cohort-size warnings of the methods that learn the cut from the candidates' marks. */
export function cohortWarnings(candidates: number): ExamWarning[] {
  if (candidates === 0) return [{ code: "NO_CANDIDATES" }];
  if (candidates === 1) return [{ code: "SINGLE_CANDIDATE" }];
  return candidates < MIN_COHORT ? [{ code: "SMALL_COHORT", candidates, minimum: MIN_COHORT }] : [];
}
