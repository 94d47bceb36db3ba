import { describe, expect, it } from "vitest";
import { pointInZone, type Zone } from "~/modules/assessments/steps";
import { autoScore } from "~/modules/corrections/scoring";

// The participant's preview (hotzone-point-picker) shows pointInZone; scoring gives the step's points
// through autoScore. A point on an edge must count the same on screen and in the score (ADR 0017).

const triangle: Zone = {
  shape: "polygon",
  points: [
    [0.1, 0.1],
    [0.3, 0.1],
    [0.2, 0.4],
  ],
};
const circle: Zone = { shape: "circle", x: 0.5, y: 0.5, r: 0.1 };
const score = (zone: Zone, point: [number, number], aspect = 1) =>
  autoScore(
    { type: "HOTZONE", score: 3, answer: { textValue: "/api/assets/x.png", blocklistValue: [zone] } },
    { numericlistValue: point },
    { aspect },
  );

const cases: { name: string; zone: Zone; point: [number, number]; aspect?: number; inside: boolean }[] = [
  { name: "on a polygon's bottom edge", zone: triangle, point: [0.2, 0.1], inside: true },
  { name: "on a polygon's slanted edge", zone: triangle, point: [0.25, 0.25], inside: true },
  { name: "on a polygon's vertex", zone: triangle, point: [0.3, 0.1], inside: true },
  { name: "just outside a polygon's edge", zone: triangle, point: [0.2, 0.099], inside: false },
  { name: "on a circle's rim", zone: circle, point: [0.6, 0.5], inside: true },
  { name: "on a circle's rim, wide image", zone: circle, point: [0.5, 0.7], aspect: 0.5, inside: true },
  { name: "just outside a circle's rim", zone: circle, point: [0.601, 0.5], inside: false },
];

describe("hotzone hit: preview and scoring agree", () => {
  it.each(cases)("$name", ({ zone, point, aspect = 1, inside }) => {
    expect(pointInZone(zone, point[0], point[1], aspect)).toBe(inside);
    expect(score(zone, point, aspect)).toBe(inside ? 3 : 0);
  });
});
