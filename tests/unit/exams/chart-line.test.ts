import { describe, expect, it } from "vitest";
import { regressionSegment } from "~/modules/exams/chart-line";

// The charts' regression line: drawn over the grades shown, cut where it leaves 0–100 %, its slope
// kept. Crossings worked out by hand: grade = (bound − intercept) / slope.

describe("the regression line as drawn", () => {
  it("stays whole inside the band", () => {
    // 23.2 + 17 × 4 = 91.2.
    expect(regressionSegment(23.2, 17, 4)).toEqual({ x1: 0, y1: 23.2, x2: 4, y2: expect.closeTo(91.2, 10) });
  });

  it("stops at 100 % and at 0 %, where it crosses them", () => {
    // 50 + 13.9 x = 100 at x = 50/13.9 = 3.5971.
    const rising = regressionSegment(50, 13.9, 4)!;
    expect(rising.x2).toBeCloseTo(50 / 13.9, 10);
    expect([rising.x1, rising.y1, rising.y2]).toEqual([0, 50, 100]);
    // 80 − 30 x = 0 at x = 8/3; from −20 % (x = 0 would be 80, inside): 0 … 8/3.
    const falling = regressionSegment(80, -30, 4)!;
    expect(falling).toMatchObject({ x1: 0, y1: 80, y2: 0 });
    expect(falling.x2).toBeCloseTo(8 / 3, 10);
    // −20 + 40 x: 0 % at x = 0.5, 100 % at x = 3.
    expect(regressionSegment(-20, 40, 4)).toEqual({ x1: 0.5, y1: 0, x2: 3, y2: 100 });
  });

  it("a flat line inside is whole; outside, or no line at all, draws nothing", () => {
    expect(regressionSegment(50, 0, 2)).toEqual({ x1: 0, y1: 50, x2: 2, y2: 50 });
    expect(regressionSegment(120, 0, 4)).toBeNull();
    // 110 + 5 x is above 100 % for every grade shown (it would cross at x = −2).
    expect(regressionSegment(110, 5, 4)).toBeNull();
    expect(regressionSegment(null, 3, 4)).toBeNull();
    expect(regressionSegment(10, null, 4)).toBeNull();
  });
});
