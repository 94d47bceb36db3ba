import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defined } from "../support/defined";
import {
  alphaIfDeleted,
  completeRows,
  correctedItemTotal,
  cronbachAlpha,
  facility,
  linearRegression,
  mean,
  median,
  pearson,
  predict,
  sampleSd,
  sampleVariance,
  standardErrorOfMeasurement,
  tQuantile975,
} from "~/modules/exams/statistics";
import { GRADES, ITEM_POINTS, PERCENT } from "./fixture";

// Every expected value is worked out by hand in the comments (fixture.ts holds the data set).

describe("mean, sample SD (n − 1), median", () => {
  it("computes them on station A's scores 40 50 60 70 80 90", () => {
    // Σ = 390, mean = 390/6 = 65. Deviations ±25 ±15 ±5 → Σd² = 2·(625+225+25) = 1750.
    // Sample variance = 1750/5 = 350, SD = √350 = 18.7083.
    expect(mean(PERCENT.A)).toBe(65);
    expect(sampleVariance(PERCENT.A)).toBe(350);
    expect(sampleSd(PERCENT.A)).toBeCloseTo(18.708287, 6);
    // Sorted 40 50 60 | 70 80 90: (60 + 70)/2 = 65.
    expect(median(PERCENT.A)).toBe(65);
    // Station B 50 55 50 80 75 90, sorted 50 50 55 75 80 90: (55 + 75)/2 = 65; odd count: middle value.
    expect(median(PERCENT.B)).toBe(65);
    expect(median([3, 1, 2])).toBe(2);
  });

  it("is null, not NaN, without enough values", () => {
    expect(mean([])).toBeNull();
    expect(median([])).toBeNull();
    expect(sampleVariance([7])).toBeNull();
    expect(sampleSd([7])).toBeNull();
    // Equal values have no spread exactly, even when their mean is not exact in binary (0.1·3/3).
    expect(sampleVariance([0.1, 0.1, 0.1])).toBe(0);
  });
});

describe("least-squares regression of score % on grade", () => {
  it("recovers station A's line by hand", () => {
    // x = grades 0 1 1 2 2 3, x̄ = 9/6 = 1.5; y = 40 … 90, ȳ = 65.
    // dx = −1.5 −0.5 −0.5 0.5 0.5 1.5;  dy = −25 −15 −5 5 15 25.
    // Sxx = 2.25+0.25+0.25+0.25+0.25+2.25 = 5.5
    // Sxy = 37.5+7.5+2.5+2.5+7.5+37.5 = 95
    // Syy = 625+225+25+25+225+625 = 1750
    // slope = 95/5.5 = 190/11 = 17.2727; intercept = 65 − 1.5·190/11 = 430/11 = 39.0909
    // R² = 95²/(5.5·1750) = 9025/9625 = 361/385 = 0.937662
    const r = linearRegression(GRADES.A, PERCENT.A);
    expect(r.n).toBe(6);
    expect(r.problem).toBeNull();
    expect(r.slope).toBeCloseTo(190 / 11, 10);
    expect(r.intercept).toBeCloseTo(430 / 11, 10);
    expect(r.rSquared).toBeCloseTo(361 / 385, 10);
    // At the borderline grade 1: 430/11 + 190/11 = 620/11 = 56.3636.
    expect(predict(r, 1)).toBeCloseTo(620 / 11, 10);
  });

  it("gives station B's and C's lines", () => {
    // B: x = 1 1 1 2 3 4, x̄ = 2; y = 50 55 50 80 75 90, ȳ = 400/6 = 200/3.
    // dx = −1 −1 −1 0 1 2; dy = −50/3 −35/3 −50/3 40/3 25/3 70/3.
    // Sxx = 1+1+1+0+1+4 = 8; Sxy = (50+35+50+0+25+140)/3 = 300/3 = 100;
    // Syy = (2500+1225+2500+1600+625+4900)/9 = 13350/9 = 4450/3.
    // slope = 100/8 = 12.5; intercept = 200/3 − 2·12.5 = 125/3 = 41.667; R² = 100²/(8·4450/3) = 75/89.
    const b = linearRegression(GRADES.B, PERCENT.B);
    expect(b.slope).toBeCloseTo(12.5, 10);
    expect(b.intercept).toBeCloseTo(125 / 3, 10);
    expect(b.rSquared).toBeCloseTo(75 / 89, 10);
    // C: x = 0 1 2 2 4 3, x̄ = 2; y = 25 50 75 75 100 75, ȳ = 200/3.
    // dx = −2 −1 0 0 2 1; dy = −125/3 −50/3 25/3 25/3 100/3 25/3.
    // Sxx = 4+1+0+0+4+1 = 10; Sxy = (250+50+0+0+200+25)/3 = 525/3 = 175;
    // Syy = (15625+2500+625+625+10000+625)/9 = 30000/9 = 10000/3.
    // slope = 17.5; intercept = 200/3 − 35 = 95/3 = 31.667; R² = 175²/(10·10000/3) = 91875/100000 = 0.91875.
    const c = linearRegression(GRADES.C, PERCENT.C);
    expect(c.slope).toBeCloseTo(17.5, 10);
    expect(c.intercept).toBeCloseTo(95 / 3, 10);
    expect(c.rSquared).toBeCloseTo(0.91875, 10);
  });

  it("has no line below two points or when every grade is equal; a flat line has no R²", () => {
    expect(linearRegression([], [])).toEqual({
      n: 0,
      intercept: null,
      slope: null,
      rSquared: null,
      problem: "TOO_FEW_POINTS",
    });
    expect(linearRegression([1], [50]).problem).toBe("TOO_FEW_POINTS");
    const equal = linearRegression([1, 1, 1], [40, 50, 60]);
    expect(equal).toEqual({ n: 3, intercept: null, slope: null, rSquared: null, problem: "NO_SPREAD_IN_X" });
    expect(predict(equal, 1)).toBeNull();
    const flat = linearRegression([0, 1, 2], [70, 70, 70]);
    expect(flat).toEqual({ n: 3, intercept: 70, slope: 0, rSquared: null, problem: "NO_SPREAD_IN_Y" });
    expect(predict(flat, 1)).toBe(70);
  });

  it("recovers any exact line (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 2, maxLength: 40 }),
        fc.integer({ min: -50, max: 100 }),
        fc.integer({ min: -20, max: 20 }).filter((b) => b !== 0),
        (xs, a, b) => {
          fc.pre(new Set(xs).size > 1);
          const r = linearRegression(
            xs,
            xs.map((x) => a + b * x),
          );
          expect(r.slope).toBeCloseTo(b, 8);
          expect(r.intercept).toBeCloseTo(a, 8);
          expect(r.rSquared).toBeCloseTo(1, 10);
        },
      ),
    );
  });
});

// The fixture's station percentages, candidates × stations (A, B, C).
const MATRIX = PERCENT.A.map((a, i) => [a, defined(PERCENT.B[i], `B ${i}`), defined(PERCENT.C[i], `C ${i}`)]);

describe("Cronbach's alpha over stations", () => {
  it("computes alpha by hand", () => {
    // Station variances (n − 1): A 1750/5 = 350; B (13350/9)/5 = 890/3; C (30000/9)/5 = 2000/3.
    // Σ s²ᵢ = 350 + 890/3 + 2000/3 = 3940/3.
    // Row sums 115 155 185 225 255 255, mean 595/3; deviations −250 −130 −40 80 170 170 (/3);
    // squares (62500+16900+1600+6400+28900+28900)/9 = 145200/9; /5 → s²_total = 9680/3.
    // α = 3/2 · (1 − (3940/3)/(9680/3)) = 3/2 · 5740/9680 = 861/968 = 0.889463
    const a = cronbachAlpha(MATRIX);
    expect(a).toEqual({ alpha: expect.closeTo(861 / 968, 10), n: 6, k: 3, problem: null });
  });

  it("computes alpha if each station is deleted", () => {
    // Without A: B+C sums 75 105 125 155 175 165, s² = 4490/3 (= 890/3 + 2000/3 + 2·cov(B, C), cov = 800/3);
    //   α = 2·(1 − (2890/3)/(4490/3)) = 2·1600/4490 = 320/449 = 0.712695
    // Without B: A+C sums 65 100 135 145 180 165, s² = 5450/3; Σs² = 350 + 2000/3 = 3050/3;
    //   α = 2·(1 − 3050/5450) = 2·2400/5450 = 96/109 = 0.880734
    // Without C: A+B sums 90 105 110 150 155 180, s² = 3680/3; Σs² = 350 + 890/3 = 1940/3;
    //   α = 2·(1 − 1940/3680) = 2·1740/3680 = 87/92 = 0.945652
    const [a, b, c] = alphaIfDeleted(MATRIX).map((r) => r.alpha);
    expect(a).toBeCloseTo(320 / 449, 10);
    expect(b).toBeCloseTo(96 / 109, 10);
    expect(c).toBeCloseTo(87 / 92, 10);
  });

  it("uses complete cases only", () => {
    // A seventh candidate missing station B is left out: alpha is the same as without them.
    const withGap = [...MATRIX, [10, null, 100]];
    expect(completeRows(withGap)).toHaveLength(6);
    expect(cronbachAlpha(withGap).alpha).toBeCloseTo(861 / 968, 10);
    expect(cronbachAlpha(withGap).n).toBe(6);
    expect(defined(alphaIfDeleted(withGap)[0], "alpha without A").alpha).toBeCloseTo(320 / 449, 10);
  });

  it("is null with a reason when it cannot be computed", () => {
    expect(cronbachAlpha([[50], [60]]).problem).toBe("TOO_FEW_STATIONS");
    expect(cronbachAlpha([[50, 60]])).toEqual({ alpha: null, n: 1, k: 2, problem: "TOO_FEW_COMPLETE_CANDIDATES" });
    expect(
      cronbachAlpha([
        [50, null],
        [null, 60],
      ]).problem,
    ).toBe("TOO_FEW_COMPLETE_CANDIDATES");
    // Every total 100: no variance to explain.
    expect(
      cronbachAlpha([
        [40, 60],
        [50, 50],
        [60, 40],
      ]).problem,
    ).toBe("NO_TOTAL_VARIANCE");
    // No rows at all: the number of stations is given, the reason is the candidates.
    expect(cronbachAlpha([], 3)).toEqual({ alpha: null, n: 0, k: 3, problem: "TOO_FEW_COMPLETE_CANDIDATES" });
    expect(alphaIfDeleted([], 3).map((a) => a.problem)).toEqual(Array(3).fill("TOO_FEW_COMPLETE_CANDIDATES"));
    // Two stations: deleting one leaves one.
    expect(
      alphaIfDeleted([
        [40, 60],
        [50, 70],
      ]).map((a) => a.problem),
    ).toEqual(["TOO_FEW_STATIONS", "TOO_FEW_STATIONS"]);
  });

  it("is never above 1 nor NaN (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((k) =>
          fc.array(
            fc.array(fc.oneof(fc.integer({ min: 0, max: 100 }), fc.constant(null)), { minLength: k, maxLength: k }),
            {
              maxLength: 20,
            },
          ),
        ),
        (matrix) => {
          const { alpha, problem } = cronbachAlpha(matrix);
          if (alpha === null) expect(problem).not.toBeNull();
          else expect(alpha).toBeLessThanOrEqual(1);
          expect(Number.isNaN(alpha)).toBe(false);
        },
      ),
    );
  });
});

describe("SEM", () => {
  it("is SD · √(1 − α)", () => {
    // Totals (mean of 3 stations) = row sums / 3, so s²_total% = (9680/3)/9 = 9680/27, SD = 18.934585.
    // SEM = √(9680/27 · (1 − 861/968)) = √(9680/27 · 107/968) = √(1070/27) = 6.295207
    expect(standardErrorOfMeasurement(Math.sqrt(9680 / 27), 861 / 968)).toBeCloseTo(Math.sqrt(1070 / 27), 10);
    expect(standardErrorOfMeasurement(10, 1)).toBe(0);
    expect(standardErrorOfMeasurement(null, 0.8)).toBeNull();
    expect(standardErrorOfMeasurement(10, null)).toBeNull();
  });
});

const ITEM_MATRIX = ITEM_POINTS.i1.map((_, c) =>
  Object.values(ITEM_POINTS).map((item) => defined(item[c], `item ${c}`)),
);

describe("corrected item-total correlation (discrimination) and facility", () => {
  it("correlates each item with the sum of the others", () => {
    // i1 = 0 0 1 1 1 1 (mean 2/3); rest = i2+i3+i4+i5 = 2 3 3 3 5 4 (mean 10/3).
    //   d(i1) = −2/3 −2/3 1/3 1/3 1/3 1/3;  d(rest) = −4/3 −1/3 −1/3 −1/3 5/3 2/3.
    //   Sxy = (8+2−1−1+5+2)/9 = 15/9 = 5/3;  Sxx = (4+4+1+1+1+1)/9 = 4/3;  Syy = (16+1+1+1+25+4)/9 = 16/3.
    //   r = (5/3)/√(4/3 · 16/3) = (5/3)/(8/3) = 0.625
    // i3 = 0 1 1 1 2 2 (mean 7/6); rest = 2 2 3 3 4 3 (mean 17/6).
    //   Sxx = Σi3² − 6·(7/6)² = 11 − 49/6 = 17/6;  Syy = Σrest² − 6·(17/6)² = 51 − 289/6 = 17/6;
    //   Sxy = Σi3·rest − 6·(7/6)(17/6) = 22 − 119/6 = 13/6;  r = (13/6)/(17/6) = 13/17 = 0.764706
    // i4 = 1 0 1 0 1 0 (mean 1/2); rest = 1 3 3 4 5 5 (mean 7/2).
    //   Sxx = 3 − 1.5 = 1.5;  Syy = 85 − 73.5 = 11.5;  Sxy = (1+3+5) − 6·0.5·3.5 = 9 − 10.5 = −1.5;
    //   r = −1.5/√(1.5·11.5) = −0.361158
    // i2 = 0 1 0 1 1 1; rest = 2 2 4 3 5 4: Sxx = 4/3, Syy = 22/3, Sxy = 2/3 → r = 2/√88 = 0.213201
    // i5 has no spread: null.
    const r = correctedItemTotal(ITEM_MATRIX);
    expect(r[0]).toBeCloseTo(0.625, 10);
    expect(r[1]).toBeCloseTo(2 / Math.sqrt(88), 10);
    expect(r[2]).toBeCloseTo(13 / 17, 10);
    expect(r[3]).toBeCloseTo(-1.5 / Math.sqrt(17.25), 10);
    expect(r[4]).toBeNull();
  });

  it("gives facility as the mean over the maximum", () => {
    // i3: (0+1+1+1+2+2)/6 = 7/6 of 2 points → 7/12 = 0.5833.
    expect(facility(ITEM_POINTS.i3, 2)).toBeCloseTo(7 / 12, 10);
    expect(facility([], 2)).toBeNull();
    expect(facility([1, 2], 0)).toBeNull();
  });

  it("pearson is null without spread or pairs", () => {
    expect(pearson([1], [2])).toBeNull();
    expect(pearson([1, 1], [2, 3])).toBeNull();
    expect(pearson([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
  });
});

describe("t(0.975, df)", () => {
  it("reads the table up to 30 degrees of freedom and 1.96 beyond", () => {
    expect(tQuantile975(1)).toBe(12.706);
    expect(tQuantile975(2)).toBe(4.303);
    expect(tQuantile975(10)).toBe(2.228);
    expect(tQuantile975(30)).toBe(2.042);
    expect(tQuantile975(31)).toBe(1.96);
    expect(tQuantile975(0)).toBeNull();
  });
});
