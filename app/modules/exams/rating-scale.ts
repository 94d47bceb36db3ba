// Global rating scales: an examiner's overall judgement at a station, read as a numeric grade.
// Grades are the position on the scale, starting at 0 (lowest). The default 5-point scale and the
// stored 3-point ratings share their names' grades (CLEAR_FAIL 0, BORDERLINE 1, CLEAR_PASS 2), so
// marks rated on either read onto one axis and one regression (ADR 0034).
import type { GlobalRating } from "~db/tenant/schema";

export type RatingScale = {
  /** The grades' names, lowest first: a name's grade is its index. */
  labels: readonly string[];
  /** The grade(s) that mean "borderline": a station's borderline group and regression point. */
  borderlineGrades: readonly number[];
};

export const FIVE_POINT_LABELS = ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS", "GOOD", "EXCELLENT"] as const;
export type FivePointRating = (typeof FIVE_POINT_LABELS)[number];

/** The default scale: clear fail 0, borderline 1, clear pass 2, good 3, excellent 4. */
export const DEFAULT_RATING_SCALE: RatingScale = { labels: FIVE_POINT_LABELS, borderlineGrades: [1] };

/** The stored 3-point ratings, lowest first, on the same grades as the 5-point scale. */
export const THREE_POINT_RATING_SCALE: RatingScale = {
  labels: ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS"] satisfies readonly GlobalRating[],
  borderlineGrades: [1],
};

const STORED_RATING_GRADES = {
  CLEAR_FAIL: 0,
  BORDERLINE: 1,
  CLEAR_PASS: 2,
  GOOD: 3,
  EXCELLENT: 4,
} as const satisfies Record<GlobalRating, number>;

/** A stored rating as a grade on the default scale (CLEAR_FAIL 0 … EXCELLENT 4); null when unrated. */
export function gradeOfStoredRating(rating: GlobalRating | null | undefined): number | null {
  return rating ? STORED_RATING_GRADES[rating] : null;
}

/** A rating's grade on a scale (its index), or null when unrated or not on the scale. */
export function gradeOf(scale: RatingScale, label: string | null | undefined): number | null {
  if (label == null) return null;
  const grade = scale.labels.indexOf(label);
  return grade >= 0 ? grade : null;
}

export const isBorderline = (scale: RatingScale, grade: number | null): boolean =>
  grade !== null && scale.borderlineGrades.includes(grade);

/**
 * The grade at which borderline regression reads the station's cut: the borderline grade, or the
 * mean of several (a scale with "borderline fail" and "borderline pass" cuts between them).
 */
export function regressionGrade(scale: RatingScale): number | null {
  if (scale.borderlineGrades.length === 0) return null;
  return scale.borderlineGrades.reduce((sum, g) => sum + g, 0) / scale.borderlineGrades.length;
}

export type RatingScaleProblem = "TOO_FEW_GRADES" | "DUPLICATE_LABEL" | "NO_BORDERLINE_GRADE" | "BORDERLINE_OFF_SCALE";

/** What is wrong with a scale a board defines (empty when it is usable). */
export function ratingScaleProblems(scale: RatingScale): RatingScaleProblem[] {
  const problems: RatingScaleProblem[] = [];
  if (scale.labels.length < 2) problems.push("TOO_FEW_GRADES");
  if (new Set(scale.labels).size !== scale.labels.length) problems.push("DUPLICATE_LABEL");
  if (scale.borderlineGrades.length === 0) problems.push("NO_BORDERLINE_GRADE");
  if (scale.borderlineGrades.some((g) => !Number.isInteger(g) || g < 0 || g >= scale.labels.length))
    problems.push("BORDERLINE_OFF_SCALE");
  return problems;
}
