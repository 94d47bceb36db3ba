import { describe, expect, it } from "vitest";
import { computeReportData } from "~/modules/reports/report-data";
import {
  answerLabels,
  answerText,
  correctAnswerText,
  hotzoneHit,
  type HotzoneHit,
} from "~/modules/reports/report-view";
import { scoredFixture } from "./fixture";

// A hotzone answer is a point on an image the report does not show: the report says which zone it
// hit instead of printing "(0,75; 0,3)".

const zones = {
  textValue: "/api/assets/demo/valve.png",
  blocklistValue: [
    { shape: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
    { shape: "circle", x: 0.5, y: 0.5, r: 0.2 },
  ],
};
const labels = {
  tickedPrefix: "Ticked: ",
  none: "no answer",
  hotzone: (hit: HotzoneHit) => (hit.zone === null ? `outside all ${hit.zones}` : `zone ${hit.zone} of ${hit.zones}`),
  zones: (count: number) => `one of ${count}`,
};
const hotzone = (point: number[] | null, aspect?: number) => ({
  type: "HOTZONE" as const,
  answer: point ? { numericlistValue: point } : null,
  correctAnswer: zones,
  ...(aspect ? { aspect } : {}),
});

describe("a hotzone answer in words", () => {
  it("names the zone the point is in, or says it is outside every zone", () => {
    expect(answerText(hotzone([0.2, 0.15]), "fr-fr", labels)).toBe("zone 1 of 2");
    expect(answerText(hotzone([0.55, 0.6]), "fr-fr", labels)).toBe("zone 2 of 2");
    expect(answerText(hotzone([0.9, 0.1]), "fr-fr", labels)).toBe("outside all 2");
    expect(answerText(hotzone(null), "fr-fr", labels)).toBe("no answer");
    expect(correctAnswerText(hotzone(null), "fr-fr", labels)).toBe("one of 2");
  });

  it("tests circles with the image's aspect (ADR 0011: the radius is a fraction of the width)", () => {
    // 0.18 below the centre of a circle of radius 0.2: inside on a square image, outside on one twice as high as wide.
    expect(hotzoneHit(hotzone([0.5, 0.68]))).toEqual({ zone: 2, zones: 2 });
    expect(hotzoneHit(hotzone([0.5, 0.68], 2))).toEqual({ zone: null, zones: 2 });
  });

  it("chooses the words by what was hit (the keys the screen and the PDF translate)", () => {
    const words = answerLabels((key, options) => `${key} ${JSON.stringify(options ?? {})}`);
    expect(words.hotzone({ zone: 2, zones: 3 })).toBe('reports:view.hotzone-inside {"count":3,"zone":2}');
    expect(words.hotzone({ zone: null, zones: 1 })).toBe('reports:view.hotzone-outside {"count":1}');
    // A step whose zones are unknown cannot say in or out.
    expect(words.hotzone({ zone: null, zones: 0 })).toBe("reports:view.hotzone-point {}");
  });

  it("the report data keeps a hotzone step's aspect from the scored participant", () => {
    const scored = scoredFixture();
    const step = scored.evaluations[1]!.questions[1]!.steps[0]!;
    step.aspect = 0.75;
    const data = computeReportData(scored, { onlyEvaluations: [] });
    expect(data.evaluations[1]!.questions[1]!.steps[0]!.aspect).toBe(0.75);
    expect(data.evaluations[0]!.questions[0]!.steps[0]).not.toHaveProperty("aspect");
  });
});
