import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "~/modules/assessments/owned-documents.server";
import { questionCheck, standingErrors } from "~/modules/assessments/question-check";
import { questionInput } from "~/modules/assessments/questions.server";

// The question editor kept a field's error after the value was fixed. standingErrors
// keeps an error only while its field is as sent or still fails the same check.

const textStep = (textValue: string) => ({
  key: "s1",
  type: "TEXT",
  question: [{ type: "text", html: "<p>Which gas?</p>" }],
  answer: { textValue },
  score: 1,
});
const form = (extra: Record<string, unknown> = {}) => ({
  name: "",
  maxTime: 0,
  categories: [],
  supplies: [],
  preparationInfo: [],
  steps: [textStep("")],
  ...extra,
});
const sent = form();
const errors = {
  name: "required",
  maxTime: "at least 1",
  "steps.0.answer.textValue": "required",
  categories: "not found",
};

describe("standingErrors", () => {
  it("keeps every error while nothing changed", () => {
    expect(standingErrors(errors, sent, form())).toEqual(errors);
  });

  it("drops a field's error once its value is valid, and only that one", () => {
    expect(standingErrors(errors, sent, form({ name: "Gas check" }))).toEqual({
      maxTime: "at least 1",
      "steps.0.answer.textValue": "required",
      categories: "not found",
    });
    expect(standingErrors(errors, sent, form({ maxTime: 90 }))).not.toHaveProperty("maxTime");
    expect(standingErrors(errors, sent, form({ steps: [textStep("Oxygen")] }))).not.toHaveProperty([
      "steps.0.answer.textValue",
    ]);
  });

  it("keeps it while the changed value is still wrong", () => {
    expect(standingErrors(errors, sent, form({ name: "   " }))).toHaveProperty("name");
    expect(standingErrors(errors, sent, form({ name: "\u200b" }))).toHaveProperty("name");
    expect(standingErrors(errors, sent, form({ name: "N".repeat(201) }))).toHaveProperty("name");
    expect(standingErrors(errors, sent, form({ maxTime: 1.5 }))).toHaveProperty("maxTime");
  });

  it("drops an error the browser cannot judge once its field changed (the next save checks it)", () => {
    expect(standingErrors(errors, sent, form({ categories: ["other"] }))).not.toHaveProperty("categories");
  });

  it("judges by the server's rules: the same paths fail for the same values", () => {
    for (const value of [
      form(),
      form({ name: "Q", maxTime: 86_401 }),
      form({ name: "Q", maxTime: 60, steps: [textStep("ok")] }),
      form({ name: "Q".repeat(201), maxTime: 60 }),
    ]) {
      const server = questionInput.safeParse(value);
      const client = questionCheck.safeParse(value);
      const keys = (r: typeof server | typeof client) => (r.success ? [] : Object.keys(fieldErrorsOf(r.error)).sort());
      expect(keys(client)).toEqual(keys(server));
    }
  });
});
