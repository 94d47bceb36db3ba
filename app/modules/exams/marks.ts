// The marks of one exam as the exam board's computations read them, and the tables built from them.
// Rules (ADR 0034): one resolved mark per candidate and station (a later duplicate replaces an
// earlier one); a mark without points is missing; a station's score is points / station maximum as
// a percentage, clamped to 0–100; a candidate's total is the mean of their station percentages
// (each station weighs the same, like the exam cut, which is the mean of the station cuts), known
// only for candidates marked at every station (complete cases).
import type { RatingScale } from "./rating-scale";
import { mean } from "./statistics";

export type ExamStation = {
  id: string;
  /** The station's maximum in points. */
  maxPoints: number;
  ratingScale: RatingScale;
};

/** One candidate's resolved mark at one station. */
export type StationMark = {
  candidateId: string;
  stationId: string;
  /** null while not marked. */
  points: number | null;
  /** The global rating as a grade on the station's scale (rating-scale.ts); null when unrated. */
  grade: number | null;
  examinerId: string | null;
  /** The scheduled session (circuit, sitting) the candidate took the station in. */
  sessionId: string | null;
  /**
   * Double marked, the two examiners disagree beyond the threshold and nobody resolved it yet: the
   * first examiner's points (and rating) count meanwhile, and the statistics warn (ADR 0036).
   */
  unresolvedDiscrepancy?: boolean;
};

export type ExamMarks = { stations: readonly ExamStation[]; marks: readonly StationMark[] };

/** A usable mark with its percentage. */
export type ScoredMark = StationMark & { points: number; percent: number };

/** points / maxPoints × 100, clamped to 0–100; null without a positive maximum or finite points. */
export function scorePercent(points: number | null, maxPoints: number): number | null {
  if (points === null || !Number.isFinite(points) || !(maxPoints > 0) || !Number.isFinite(maxPoints)) return null;
  return Math.max(0, Math.min(100, (points / maxPoints) * 100));
}

export type ExamTable = {
  stations: readonly ExamStation[];
  /** Candidates with at least one usable mark, in the order of their first mark. */
  candidateIds: string[];
  /** candidate → station → mark. */
  marks: Map<string, Map<string, ScoredMark>>;
};

export function examTable(exam: ExamMarks): ExamTable {
  const maxOf = new Map(exam.stations.map((s) => [s.id, s.maxPoints]));
  const marks = new Map<string, Map<string, ScoredMark>>();
  for (const mark of exam.marks) {
    const max = maxOf.get(mark.stationId);
    const percent = max === undefined ? null : scorePercent(mark.points, max);
    if (percent === null || mark.points === null) continue;
    const row = marks.get(mark.candidateId) ?? new Map<string, ScoredMark>();
    row.set(mark.stationId, { ...mark, points: mark.points, percent });
    marks.set(mark.candidateId, row);
  }
  return { stations: exam.stations, candidateIds: [...marks.keys()], marks };
}

/** A station's usable marks, in candidate order. */
export function stationMarks(table: ExamTable, stationId: string): ScoredMark[] {
  return table.candidateIds.flatMap((c) => {
    const mark = table.marks.get(c)?.get(stationId);
    return mark ? [mark] : [];
  });
}

/** candidates × stations percentages, null where a mark is missing. */
export function percentMatrix(table: ExamTable): Array<Array<number | null>> {
  return table.candidateIds.map((c) => table.stations.map((s) => table.marks.get(c)?.get(s.id)?.percent ?? null));
}

export const isComplete = (table: ExamTable, candidateId: string): boolean =>
  table.stations.length > 0 && table.stations.every((s) => table.marks.get(candidateId)?.has(s.id));

/** The candidate's total %: the mean of their station percentages; null unless marked everywhere. */
export function totalPercent(table: ExamTable, candidateId: string): number | null {
  if (!isComplete(table, candidateId)) return null;
  return mean(table.stations.map((s) => table.marks.get(candidateId)!.get(s.id)!.percent));
}
