// One participant's computed decision under an exam's applied standard, from their report's own
// station scores: the report's status and the exam board's statistics read the same numbers.
// Pure (reports compute their data in the browser-safe report-data.ts). ADR 0035.
import { type ConjunctiveRules, type FailReason, type UndecidedReason, candidateOutcomes } from "./conjunctive";
import { examTable, type StationMark } from "./marks";
import { DEFAULT_RATING_SCALE } from "./rating-scale";
import type { StandardMethod } from "./standard-setting";

/** The applied standard as a report needs it (stored in exam_standards). */
export type AppliedStandardRef = {
  examId: string;
  method: StandardMethod;
  cutScore: number;
  /** Every station of the exam (evaluation id) with its cut; null when the method gave none. */
  stationCuts: Record<string, number | null>;
  rules: ConjunctiveRules;
};

/** A report evaluation's score, as report-data.ts computes it. */
export type ReportedEvaluation = {
  id: string;
  score: { score: number; maxScore: number };
  questions: ReadonlyArray<{ steps: ReadonlyArray<{ scored: boolean }> }>;
};

/** A station's points as the report shows them; null (missing) while a step awaits its score. */
export function stationPointsOfReport(
  evaluations: readonly ReportedEvaluation[],
): Array<{ stationId: string; points: number | null; maxPoints: number }> {
  return evaluations.map((e) => ({
    stationId: e.id,
    points: e.questions.every((q) => q.steps.every((s) => s.scored)) ? e.score.score : null,
    maxPoints: e.score.maxScore,
  }));
}

/** What a report records of the standard it followed. */
export type ReportStandard = {
  exam: string;
  method: StandardMethod;
  cutScore: number;
  totalPercent: number | null;
  /** null when the standard could not decide (the session template's pass percentage decided). */
  passed: boolean | null;
  failReasons: FailReason[];
  undecided: UndecidedReason | null;
};

export function reportStandardDecision(
  standard: AppliedStandardRef,
  evaluations: readonly ReportedEvaluation[],
): ReportStandard {
  const points = new Map(stationPointsOfReport(evaluations).map((s) => [s.stationId, s]));
  const stationIds = Object.keys(standard.stationCuts);
  const stations = stationIds.map((id) => ({
    id,
    maxPoints: points.get(id)?.maxPoints ?? 0,
    ratingScale: DEFAULT_RATING_SCALE,
  }));
  const marks: StationMark[] = stationIds.flatMap((id) => {
    const p = points.get(id);
    return p
      ? [{ candidateId: "self", stationId: id, points: p.points, grade: null, examinerId: null, sessionId: null }]
      : [];
  });
  const outcome = candidateOutcomes(
    examTable({ stations, marks }),
    standard.cutScore,
    standard.stationCuts,
    standard.rules,
  )[0];
  return {
    exam: standard.examId,
    method: standard.method,
    cutScore: standard.cutScore,
    totalPercent: outcome?.totalPercent ?? null,
    passed: outcome?.passed ?? null,
    failReasons: outcome?.failReasons ?? [],
    undecided: outcome ? outcome.undecided : "INCOMPLETE_MARKS",
  };
}
