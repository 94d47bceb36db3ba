import { defined } from "../support/defined";
import { type ExamMarks, type ExamStation, type StationMark } from "~/modules/exams/marks";
import { DEFAULT_RATING_SCALE } from "~/modules/exams/rating-scale";

// The small exam every hand computation in these tests uses: 6 candidates × 3 stations, all rated on
// the default 5-point scale (0 clear fail, 1 borderline, 2 clear pass, 3 good, 4 excellent).
//
//   candidate  session │ A (max 10)        │ B (max 20)        │ C (max 4)         │ total % (mean of 3)
//                      │ pts  %   grade ex │ pts  %   grade ex │ pts  %   grade ex │
//   c1         s1      │  4   40   0   e1  │ 10   50   1   e3  │  1   25   0   e4  │ 115/3 = 38.33
//   c2         s1      │  5   50   1   e1  │ 11   55   1   e3  │  2   50   1   e4  │ 155/3 = 51.67
//   c3         s1      │  6   60   1   e1  │ 10   50   1   e3  │  3   75   2   e4  │ 185/3 = 61.67
//   c4         s2      │  7   70   2   e2  │ 16   80   2   e3  │  3   75   2   e5  │ 225/3 = 75
//   c5         s2      │  8   80   2   e2  │ 15   75   3   e3  │  4  100   4   e5  │ 255/3 = 85
//   c6         s2      │  9   90   3   e2  │ 18   90   4   e3  │  3   75   3   e5  │ 255/3 = 85
export const POINTS = { A: [4, 5, 6, 7, 8, 9], B: [10, 11, 10, 16, 15, 18], C: [1, 2, 3, 3, 4, 3] };
export const PERCENT = { A: [40, 50, 60, 70, 80, 90], B: [50, 55, 50, 80, 75, 90], C: [25, 50, 75, 75, 100, 75] };
export const GRADES = { A: [0, 1, 1, 2, 2, 3], B: [1, 1, 1, 2, 3, 4], C: [0, 1, 2, 2, 4, 3] };
const EXAMINERS = {
  A: ["e1", "e1", "e1", "e2", "e2", "e2"],
  B: Array(6).fill("e3"),
  C: ["e4", "e4", "e4", "e5", "e5", "e5"],
};
export const CANDIDATES = ["c1", "c2", "c3", "c4", "c5", "c6"];
const MAX = { A: 10, B: 20, C: 4 };
type StationId = keyof typeof MAX;

export const station = (id: string, maxPoints: number): ExamStation => ({
  id,
  maxPoints,
  ratingScale: DEFAULT_RATING_SCALE,
});
export const STATIONS = (Object.keys(MAX) as StationId[]).map((id) => station(id, MAX[id]));

export const MARKS: StationMark[] = (Object.keys(MAX) as StationId[]).flatMap((s) =>
  CANDIDATES.map((candidateId, i) => ({
    candidateId,
    stationId: s,
    points: defined(POINTS[s][i], `${s} points of ${candidateId}`),
    grade: defined(GRADES[s][i], `${s} grade of ${candidateId}`),
    examinerId: defined(EXAMINERS[s][i], `${s} examiner of ${candidateId}`),
    sessionId: i < 3 ? "s1" : "s2",
  })),
);

export const EXAM: ExamMarks = { stations: STATIONS, marks: MARKS };

/** A mark with the defaults filled in. */
export const mark = (candidateId: string, stationId: string, points: number | null, grade: number | null = null) => ({
  candidateId,
  stationId,
  points,
  grade,
  examinerId: null,
  sessionId: null,
});

/** Fails on any NaN or ±Infinity anywhere in a result: a value that cannot be computed must be null. */
export function finiteEverywhere(value: unknown, path = "$"): string[] {
  if (typeof value === "number") return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => finiteEverywhere(v, `${path}[${i}]`));
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([k, v]) => finiteEverywhere(v, `${path}.${k}`));
  return [];
}

// Objective items, candidates × items (points): i1..i4 and i5 that everyone got right.
export const ITEM_POINTS = {
  i1: [0, 0, 1, 1, 1, 1],
  i2: [0, 1, 0, 1, 1, 1],
  i3: [0, 1, 1, 1, 2, 2],
  i4: [1, 0, 1, 0, 1, 0],
  i5: [1, 1, 1, 1, 1, 1],
};
