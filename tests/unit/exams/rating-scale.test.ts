import { describe, expect, it } from "vitest";
import {
  DEFAULT_RATING_SCALE,
  THREE_POINT_RATING_SCALE,
  gradeOf,
  gradeOfStoredRating,
  isBorderline,
  ratingScaleProblems,
  regressionGrade,
} from "~/modules/exams/rating-scale";
import { GLOBAL_RATINGS, type GlobalRating } from "~db/tenant/schema";

describe("global rating scales", () => {
  it("grades the default 5-point scale 0–4 with borderline at 1", () => {
    expect(
      ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS", "GOOD", "EXCELLENT"].map((l) => gradeOf(DEFAULT_RATING_SCALE, l)),
    ).toEqual([0, 1, 2, 3, 4]);
    expect(regressionGrade(DEFAULT_RATING_SCALE)).toBe(1);
    expect(isBorderline(DEFAULT_RATING_SCALE, 1)).toBe(true);
    expect(isBorderline(DEFAULT_RATING_SCALE, 2)).toBe(false);
    expect(isBorderline(DEFAULT_RATING_SCALE, null)).toBe(false);
    expect(ratingScaleProblems(DEFAULT_RATING_SCALE)).toEqual([]);
  });

  it("reads every stored 3-point rating onto the same grades as the 5-point scale", () => {
    for (const rating of GLOBAL_RATINGS)
      expect(gradeOfStoredRating(rating)).toBe(gradeOf(DEFAULT_RATING_SCALE, rating));
    for (const rating of THREE_POINT_RATING_SCALE.labels)
      expect(gradeOfStoredRating(rating as GlobalRating)).toBe(gradeOf(THREE_POINT_RATING_SCALE, rating));
    expect([gradeOfStoredRating("GOOD"), gradeOfStoredRating("EXCELLENT")]).toEqual([3, 4]);
    expect([
      gradeOfStoredRating("CLEAR_FAIL"),
      gradeOfStoredRating("BORDERLINE"),
      gradeOfStoredRating("CLEAR_PASS"),
    ]).toEqual([0, 1, 2]);
    expect(gradeOfStoredRating(null)).toBeNull();
    expect(gradeOf(THREE_POINT_RATING_SCALE, "EXCELLENT")).toBeNull();
    expect(gradeOf(DEFAULT_RATING_SCALE, undefined)).toBeNull();
  });

  it("reads the regression at the middle of several borderline grades", () => {
    const six = { labels: ["F", "BF", "BP", "P", "G", "E"], borderlineGrades: [1, 2] };
    expect(regressionGrade(six)).toBe(1.5);
    expect(isBorderline(six, 2)).toBe(true);
    expect(regressionGrade({ labels: ["F", "P"], borderlineGrades: [] })).toBeNull();
  });

  it("says what is wrong with a scale", () => {
    expect(ratingScaleProblems({ labels: ["X"], borderlineGrades: [] })).toEqual([
      "TOO_FEW_GRADES",
      "NO_BORDERLINE_GRADE",
    ]);
    expect(ratingScaleProblems({ labels: ["A", "A", "B"], borderlineGrades: [3] })).toEqual([
      "DUPLICATE_LABEL",
      "BORDERLINE_OFF_SCALE",
    ]);
  });
});
