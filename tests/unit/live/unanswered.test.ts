import { describe, expect, it } from "vitest";
import { countUnanswered, isAnswered } from "~/modules/live/unanswered";

// "Finish this evaluation" asks first and says how many questions have no answer.

describe("unanswered steps", () => {
  it("counts an untouched or emptied field as no answer", () => {
    expect(isAnswered("TEXT", undefined)).toBe(false);
    expect(isAnswered("TEXT", { textValue: "  " })).toBe(false);
    expect(isAnswered("TEXT", { textValue: "oxygen" })).toBe(true);
    expect(isAnswered("MULTIPLE_CHOICE", { textlistValue: [] })).toBe(false);
    expect(isAnswered("MULTIPLE_CHOICE", { textlistValue: ["S3 boots"] })).toBe(true);
    expect(isAnswered("NUMERIC", { numericValue: 0 })).toBe(true);
    expect(isAnswered("HOTZONE", { numericlistValue: [0.2, 0.4] })).toBe(true);
    expect(isAnswered("PRACTICAL", { booleanValue: false })).toBe(false);
    expect(isAnswered("PRACTICAL", { booleanValue: true })).toBe(true);
  });

  it("counts the steps without an answer over every question shown", () => {
    const questions = [
      {
        _id: "q1",
        steps: [
          { index: 0, type: "TEXT" as const },
          { index: 1, type: "NUMERIC" as const },
        ],
      },
      { _id: "q2", steps: [{ index: 0, type: "PRACTICAL" as const }] },
    ];
    const kept: Record<string, Record<string, unknown>> = {
      "q1|0": { textValue: "x" },
      "q2|0": { booleanValue: false },
    };
    expect(countUnanswered(questions, (q, i) => kept[`${q}|${i}`])).toBe(2);
    kept["q1|1"] = { numericValue: 3 };
    kept["q2|0"] = { booleanValue: true };
    expect(countUnanswered(questions, (q, i) => kept[`${q}|${i}`])).toBe(0);
  });
});
