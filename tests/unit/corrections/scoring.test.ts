import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { autoScore, practicalScore } from "~/modules/corrections/scoring";
import { pointInZone, type Zone } from "~/modules/assessments/steps";

// Every auto-score rule of ADR 0017, with its edge cases.

const mc = {
  type: "MULTIPLE_CHOICE" as const,
  score: 4,
  answer: {
    optionlistValue: [
      { value: "A", valid: true },
      { value: "B", valid: false },
      { value: "C", valid: true },
    ],
  },
};
const num = (numericValue: number, tolerance?: number) => ({
  type: "NUMERIC" as const,
  score: 2,
  answer: tolerance === undefined ? { numericValue } : { numericValue, numericlistValue: [tolerance] },
});
const hz = (zones: Zone[]) => ({
  type: "HOTZONE" as const,
  score: 3,
  answer: { textValue: "/api/assets/x.png", blocklistValue: zones },
});
const text = { type: "TEXT" as const, score: 5, answer: { textValue: "  Safety Valve " } };
const practical = (weights: number[], score = 10) => ({
  type: "PRACTICAL" as const,
  score,
  answer: { textlistValue: weights.map((_, i) => `c${i}`), numericlistValue: weights },
});

describe("MULTIPLE_CHOICE: all or nothing on the chosen set", () => {
  it("scores the full points only for exactly the valid options, in any order", () => {
    expect(autoScore(mc, { textlistValue: ["A", "C"] })).toBe(4);
    expect(autoScore(mc, { textlistValue: ["C", "A"] })).toBe(4);
    expect(autoScore(mc, { textlistValue: ["A"] })).toBe(0);
    expect(autoScore(mc, { textlistValue: ["A", "B", "C"] })).toBe(0);
    expect(autoScore(mc, { textlistValue: ["B"] })).toBe(0);
  });

  it("scores an empty or missing answer 0", () => {
    expect(autoScore(mc, { textlistValue: [] })).toBe(0);
    expect(autoScore(mc, {})).toBe(0);
    expect(autoScore(mc, null)).toBe(0);
  });
});

describe("NUMERIC: within the tolerance, bounds inclusive", () => {
  it("needs the exact value without a tolerance", () => {
    expect(autoScore(num(42), { numericValue: 42 })).toBe(2);
    expect(autoScore(num(42), { numericValue: 42.0001 })).toBe(0);
    expect(autoScore(num(0.3), { numericValue: 0.1 + 0.2 })).toBe(2);
  });

  it("accepts both bounds of the tolerance and nothing beyond", () => {
    expect(autoScore(num(10, 0.1), { numericValue: 10.1 })).toBe(2);
    expect(autoScore(num(10, 0.1), { numericValue: 9.9 })).toBe(2);
    expect(autoScore(num(10, 0.1), { numericValue: 10.1001 })).toBe(0);
    expect(autoScore(num(10, 0.1), { numericValue: 9.8999 })).toBe(0);
    expect(autoScore(num(-5, 2), { numericValue: -3 })).toBe(2);
    expect(autoScore(num(-5, 2), { numericValue: -7 })).toBe(2);
  });

  it("scores an empty or missing answer 0", () => {
    expect(autoScore(num(0), {})).toBe(0);
    expect(autoScore(num(0), null)).toBe(0);
  });

  it("agrees with |given − correct| ≤ tolerance for any integers (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 50 }),
        (correct, given, tol) => {
          expect(autoScore(num(correct, tol), { numericValue: given })).toBe(Math.abs(given - correct) <= tol ? 2 : 0);
        },
      ),
    );
  });
});

describe("HOTZONE: the point inside any zone, the edge included", () => {
  const circle: Zone = { shape: "circle", x: 0.5, y: 0.5, r: 0.1 };
  const rect: Zone = { shape: "rect", x: 0.2, y: 0.3, w: 0.2, h: 0.1 };
  const triangle: Zone = {
    shape: "polygon",
    points: [
      [0.1, 0.1],
      [0.3, 0.1],
      [0.2, 0.4],
    ],
  };
  const concave: Zone = {
    shape: "polygon",
    points: [
      [0, 0],
      [0.6, 0],
      [0.6, 0.6],
      [0.3, 0.3],
      [0, 0.6],
    ],
  };

  it("counts points on a circle's, a rectangle's and a polygon's edge as inside", () => {
    expect(pointInZone(circle, 0.6, 0.5)).toBe(true);
    expect(pointInZone(circle, 0.5, 0.4)).toBe(true);
    expect(pointInZone(rect, 0.2, 0.3)).toBe(true);
    expect(pointInZone(rect, 0.4, 0.35)).toBe(true);
    expect(pointInZone(rect, 0.3, 0.4)).toBe(true);
    // Ray casting alone misses the bottom and right edges and the vertices.
    expect(pointInZone(triangle, 0.2, 0.1)).toBe(true);
    expect(pointInZone(triangle, 0.3, 0.1)).toBe(true);
    expect(pointInZone(triangle, 0.2, 0.4)).toBe(true);
    expect(pointInZone(triangle, 0.25, 0.25)).toBe(true);
  });

  it("keeps points just outside out", () => {
    expect(pointInZone(circle, 0.601, 0.5)).toBe(false);
    expect(pointInZone(rect, 0.401, 0.35)).toBe(false);
    expect(pointInZone(triangle, 0.2, 0.099)).toBe(false);
    expect(pointInZone(triangle, 0.26, 0.25)).toBe(false);
  });

  it("tests concave polygons by ray casting", () => {
    expect(pointInZone(concave, 0.1, 0.4)).toBe(true);
    expect(pointInZone(concave, 0.5, 0.4)).toBe(true);
    expect(pointInZone(concave, 0.3, 0.5)).toBe(false);
    expect(pointInZone(concave, 0.3, 0.3)).toBe(true);
  });

  it("measures a circle's radius on the image's width (ADR 0011)", () => {
    // 800 × 400 image: r = 0.1 is 80 px, i.e. 0.2 of the height.
    expect(pointInZone(circle, 0.5, 0.69, 0.5)).toBe(true);
    expect(pointInZone(circle, 0.5, 0.69, 1)).toBe(false);
  });

  it("scores a point inside any of several zones, and 0 for none or no point", () => {
    const step = hz([rect, circle]);
    expect(autoScore(step, { numericlistValue: [0.55, 0.55] })).toBe(3);
    expect(autoScore(step, { numericlistValue: [0.25, 0.35] })).toBe(3);
    expect(autoScore(step, { numericlistValue: [0.9, 0.9] })).toBe(0);
    expect(autoScore(step, {})).toBe(0);
    expect(autoScore(step, null)).toBe(0);
  });

  it("agrees that every rectangle contains its own corners and centre (property)", () => {
    const unit = fc.double({ min: 0, max: 0.5, noNaN: true });
    fc.assert(
      fc.property(
        unit,
        unit,
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        fc.double({ min: 0.01, max: 0.5, noNaN: true }),
        (x, y, w, h) => {
          const r: Zone = { shape: "rect", x, y, w, h };
          const asPolygon: Zone = {
            shape: "polygon",
            points: [
              [x, y],
              [x + w, y],
              [x + w, y + h],
              [x, y + h],
            ],
          };
          for (const [px, py] of [
            [x, y],
            [x + w, y + h],
            [x + w / 2, y + h / 2],
            [x + w, y],
          ] as const) {
            expect(pointInZone(r, px, py)).toBe(true);
            expect(pointInZone(asPolygon, px, py)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("TEXT: the model answer, trimmed and case-insensitive, else an assessor decides", () => {
  it("scores a matching answer in full", () => {
    expect(autoScore(text, { textValue: "safety valve" })).toBe(5);
    expect(autoScore(text, { textValue: "\tSAFETY VALVE\n" })).toBe(5);
  });

  it("leaves anything else, empty included, for an assessor", () => {
    expect(autoScore(text, { textValue: "safety-valve" })).toBeNull();
    expect(autoScore(text, { textValue: "  " })).toBeNull();
    expect(autoScore(text, {})).toBeNull();
    expect(autoScore(text, null)).toBeNull();
  });
});

describe("PRACTICAL: score × min(100, ticked weights) / 100", () => {
  it("waits for the examiner's ticks", () => {
    expect(autoScore(practical([100]), { booleanValue: true })).toBeNull();
    expect(autoScore(practical([100]), null, { ticks: [true] })).toBe(10);
  });

  it("scales by the ticked weights, capped at 100", () => {
    expect(practicalScore(practical([50, 30, 40]), [true, false, false])).toBe(5);
    expect(practicalScore(practical([50, 30, 40]), [true, true, false])).toBe(8);
    expect(practicalScore(practical([50, 30, 40]), [true, true, true])).toBe(10);
    expect(practicalScore(practical([50, 30, 40]), [])).toBe(0);
  });

  it("counts negative weights as 0, whether ticked or not", () => {
    expect(practicalScore(practical([60, -20, 60]), [true, true, false])).toBe(6);
    expect(practicalScore(practical([60, -20, 60]), [false, true, false])).toBe(0);
    expect(practicalScore(practical([-50, 100]), [true, true])).toBe(10);
  });

  it("keeps two decimals", () => {
    expect(practicalScore(practical([33, 67], 7), [true, false])).toBe(2.31);
  });

  it("never leaves 0..score (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: -100, max: 100 }), fc.boolean()), { minLength: 1, maxLength: 10 }),
        fc.integer({ min: 0, max: 50 }),
        (criteria, score) => {
          const s = practicalScore(
            practical(
              criteria.map((c) => c[0]),
              score,
            ),
            criteria.map((c) => c[1]),
          );
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(score);
        },
      ),
    );
  });
});
