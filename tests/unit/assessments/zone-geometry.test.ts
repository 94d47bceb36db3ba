import { describe, expect, it } from "vitest";
import { boundsOf, dragHandle, handlesOf, moveZone, scaleZone } from "~/components/assessments/zone-geometry";
import { pointInZone, zone, type Zone } from "~/modules/assessments/steps";

const valid = (z: Zone) => expect(zone.safeParse(z).success, JSON.stringify(z)).toBe(true);
const rect: Zone = { shape: "rect", x: 0.2, y: 0.3, w: 0.2, h: 0.1 };
const circle: Zone = { shape: "circle", x: 0.5, y: 0.5, r: 0.1 };
const polygon: Zone = {
  shape: "polygon",
  points: [
    [0.1, 0.1],
    [0.3, 0.1],
    [0.2, 0.4],
  ],
};

describe("moveZone", () => {
  it("moves each shape by the offset", () => {
    expect(moveZone(rect, 0.1, -0.1)).toEqual({ shape: "rect", x: 0.3, y: 0.2, w: 0.2, h: 0.1 });
    expect(moveZone(circle, -0.2, 0.1)).toEqual({ shape: "circle", x: 0.3, y: 0.6, r: 0.1 });
    expect(moveZone(polygon, 0.1, 0.1)).toEqual({
      shape: "polygon",
      points: [
        [0.2, 0.2],
        [0.4, 0.2],
        [0.3, 0.5],
      ],
    });
  });

  it("stops at the image's edges and always stays valid", () => {
    expect(moveZone(rect, 5, 5)).toEqual({ shape: "rect", x: 0.8, y: 0.9, w: 0.2, h: 0.1 });
    expect(moveZone(rect, -5, -5)).toEqual({ shape: "rect", x: 0, y: 0, w: 0.2, h: 0.1 });
    const b = boundsOf(moveZone(polygon, -1, 2));
    expect([b.x, b.y, b.w, b.h].map((v) => Math.round(v * 1000) / 1000)).toEqual([0, 0.7, 0.2, 0.3]);
    for (const z of [rect, circle, polygon])
      for (const [dx, dy] of [
        [3, 0],
        [0, -3],
        [-0.33, 0.77],
        [0.01, 0.01],
      ])
        valid(moveZone(z, dx!, dy!));
  });
});

describe("dragHandle", () => {
  it("resizes a rectangle from the dragged corner, the opposite corner staying put", () => {
    expect(dragHandle(rect, "se", 0.6, 0.6)).toEqual({ shape: "rect", x: 0.2, y: 0.3, w: 0.4, h: 0.3 });
    expect(dragHandle(rect, "nw", 0.1, 0.2)).toEqual({ shape: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.2 });
  });

  it("never flips or flattens a rectangle, nor lets it leave the image", () => {
    const crossed = dragHandle(rect, "se", 0, 0);
    expect(crossed).toMatchObject({ x: 0.2, y: 0.3 });
    expect((crossed as { w: number }).w).toBeGreaterThan(0);
    valid(crossed);
    valid(dragHandle(rect, "ne", 2, -1));
    valid(dragHandle({ shape: "rect", x: 0.99, y: 0.99, w: 0.01, h: 0.01 }, "se", 5, 5));
  });

  it("sets a circle's radius and moves one polygon vertex", () => {
    expect(dragHandle(circle, "r", 0.5, 0.8)).toEqual({ shape: "circle", x: 0.5, y: 0.5, r: 0.3 });
    valid(dragHandle(circle, "r", 0.5, 0.5));
    expect(dragHandle(polygon, "2", 0.25, 0.9)).toEqual({
      shape: "polygon",
      points: [
        [0.1, 0.1],
        [0.3, 0.1],
        [0.25, 0.9],
      ],
    });
    expect(dragHandle(polygon, "7", 0.5, 0.5)).toEqual(polygon);
  });

  it("offers corner, radius and vertex handles", () => {
    expect(handlesOf(rect).map((h) => h.id)).toEqual(["nw", "ne", "sw", "se"]);
    expect(handlesOf(circle)).toEqual([{ id: "r", x: 0.6, y: 0.5 }]);
    expect(handlesOf(polygon)).toHaveLength(3);
  });
});

describe("scaleZone", () => {
  it("grows and shrinks around the centre, inside the image", () => {
    expect(scaleZone(rect, 2)).toEqual({ shape: "rect", x: 0.1, y: 0.25, w: 0.4, h: 0.2 });
    expect(scaleZone(circle, 0.5)).toEqual({ shape: "circle", x: 0.5, y: 0.5, r: 0.05 });
    for (const z of [rect, circle, polygon]) for (const f of [0.01, 0.5, 1.1, 30]) valid(scaleZone(z, f));
  });
});

describe("circles on a non-square image (radius = fraction of the WIDTH, ADR 0011)", () => {
  // An 800×500 image: aspect = height / width = 0.625.
  const aspect = 500 / 800;
  const round = { shape: "circle", x: 0.5, y: 0.5, r: 0.0675 } as const; // 54 px on an 800 px width

  it("takes a point 54 px below the centre as inside, and 60 px below as outside", () => {
    expect(pointInZone(round, 0.5, 0.5 + 54 / 500, aspect)).toBe(true);
    expect(pointInZone(round, 0.5, 0.5 + 60 / 500, aspect)).toBe(false);
    // Sideways the same pixel distances: the circle is round in pixels.
    expect(pointInZone(round, 0.5 + 54 / 800, 0.5, aspect)).toBe(true);
    expect(pointInZone(round, 0.5 + 60 / 800, 0.5, aspect)).toBe(false);
  });

  it("sets the radius from a handle dragged straight down in pixels, not in height fractions", () => {
    const dragged = dragHandle(round, "r", 0.5, 0.5 + 80 / 500, aspect);
    expect(dragged).toEqual({ shape: "circle", x: 0.5, y: 0.5, r: 0.1 }); // 80 px / 800 px
  });

  it("is as tall in pixels as it is wide", () => {
    const b = boundsOf(round, aspect);
    expect(b.w * 800).toBeCloseTo(108, 6);
    expect(b.h * 500).toBeCloseTo(108, 6);
  });
});
