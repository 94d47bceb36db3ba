import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrorsOf } from "~/modules/assessments/owned-documents.server";
import { questionInput } from "~/modules/assessments/questions.server";
import { sessionInput } from "~/modules/assessments/sessions.server";
import { evaluationInput } from "~/modules/assessments/evaluations.server";
import { sanitizeRichContent, sanitizeRichHtml } from "~/modules/assessments/rich-content.server";
import { PRACTICAL_WEIGHT_ERROR, practicalTotal, pointInZone, step } from "~/modules/assessments/steps";

const errorsOf = (schema: { safeParse: (v: unknown) => any }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : fieldErrorsOf(r.error);
};
const q = (extra: Record<string, unknown> = {}) => ({ name: "Q", maxTime: 60, ...extra });
const practical = (textlistValue: unknown, numericlistValue?: unknown) => ({
  type: "PRACTICAL",
  question: [{ type: "text", html: "<p>Q?</p>" }],
  score: 10,
  answer: numericlistValue === undefined ? { textlistValue } : { textlistValue, numericlistValue },
});

describe("question input", () => {
  it("requires a name and a positive integer maxTime", () => {
    expect(errorsOf(questionInput, { maxTime: 10 }).name?.key).toBe("validation:required");
    expect(errorsOf(questionInput, { name: "  ", maxTime: 10 }).name?.key).toBe("validation:required");
    expect(errorsOf(questionInput, { name: "Q" }).maxTime?.key).toBe("validation:required");
    // The message states the real rule: whole seconds, at least 1 (not "at least 0").
    expect(errorsOf(questionInput, q({ maxTime: 0 })).maxTime).toEqual({
      key: "validation:too-small",
      values: { min: 1 },
    });
    expect(errorsOf(questionInput, q({ maxTime: -5 })).maxTime).toEqual({
      key: "validation:too-small",
      values: { min: 1 },
    });
    expect(errorsOf(questionInput, q({ maxTime: 1.5 })).maxTime?.key).toBe("validation:invalid");
    expect(errorsOf(questionInput, q())).toEqual({});
  });

  it("words an excluded bound as such (positive(): greater than 0, not at least 0)", () => {
    const image = errorsOf(z.object({ width: z.number().positive(), r: z.number().lt(1) }), { width: 0, r: 1 });
    expect(image.width).toEqual({ key: "validation:greater-than", values: { min: 0 } });
    expect(image.r).toEqual({ key: "validation:less-than", values: { max: 1 } });
  });

  it("checks multiple-choice options", () => {
    const mc = (opts: unknown) =>
      q({
        steps: [
          {
            type: "MULTIPLE_CHOICE",
            question: [{ type: "text", html: "<p>Q?</p>" }],
            score: 1,
            answer: { optionlistValue: opts },
          },
        ],
      });
    expect(errorsOf(questionInput, mc([]))["steps.0.answer.optionlistValue"]?.key).toBe("validation:min-items");
    expect(errorsOf(questionInput, mc([{ value: "a", valid: false }]))["steps.0.answer.optionlistValue"]?.key).toBe(
      "assessments:answer.multiple-choice.no-valid-option",
    );
    expect(
      errorsOf(questionInput, mc([{ value: "", valid: true }]))["steps.0.answer.optionlistValue.0.value"]?.key,
    ).toBe("validation:required");
    expect(errorsOf(questionInput, mc([{ value: "a" }]))["steps.0.answer.optionlistValue.0.valid"]?.key).toBe(
      "validation:required",
    );
    expect(
      errorsOf(
        questionInput,
        mc([
          { value: "a", valid: true },
          { value: "b", valid: false },
        ]),
      ),
    ).toEqual({});
  });

  it("checks numeric, text and hotzone answers", () => {
    const one = (s: unknown) => errorsOf(questionInput, q({ steps: [s] }));
    expect(
      one({ type: "NUMERIC", question: [{ type: "text", html: "<p>Q?</p>" }], score: 1, answer: {} })[
        "steps.0.answer.numericValue"
      ]?.key,
    ).toBe("validation:required");
    expect(
      one({
        type: "NUMERIC",
        question: [{ type: "text", html: "<p>Q?</p>" }],
        score: 1,
        answer: { numericValue: 3, numericlistValue: [-1] },
      })["steps.0.answer.numericlistValue.0"],
    ).toBeTruthy();
    expect(
      one({
        type: "NUMERIC",
        question: [{ type: "text", html: "<p>Q?</p>" }],
        score: 1,
        answer: { numericValue: 3, numericlistValue: [0.5] },
      }),
    ).toEqual({});
    expect(
      one({ type: "TEXT", question: [{ type: "text", html: "<p>Q?</p>" }], score: 1, answer: { textValue: "" } })[
        "steps.0.answer.textValue"
      ]?.key,
    ).toBe("validation:required");
    const hz = (zones: unknown, url = "/api/assets/t/abc.png") =>
      one({
        type: "HOTZONE",
        question: [{ type: "text", html: "<p>Q?</p>" }],
        score: 1,
        answer: { textValue: url, blocklistValue: zones },
      });
    expect(
      hz([
        { shape: "circle", x: 0.5, y: 0.5, r: 0.1 },
        { shape: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.2 },
        {
          shape: "polygon",
          points: [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
        },
      ]),
    ).toEqual({});
    expect(hz([{ shape: "circle", x: 1.5, y: 0.5, r: 0.1 }])["steps.0.answer.blocklistValue.0.x"]).toBeTruthy();
    expect(hz([{ shape: "rect", x: 0.9, y: 0.1, w: 0.2, h: 0.2 }])["steps.0.answer.blocklistValue.0.w"]?.key).toBe(
      "assessments:answer.hotzone.outside",
    );
    expect(
      hz([
        {
          shape: "polygon",
          points: [
            [0, 0],
            [1, 1],
          ],
        },
      ])["steps.0.answer.blocklistValue.0.points"],
    ).toBeTruthy();
    expect(hz([{ shape: "star" }])["steps.0.answer.blocklistValue.0.shape"]).toBeTruthy();
    expect(hz([])["steps.0.answer.blocklistValue"]?.key).toBe("validation:min-items");
    expect(
      hz([{ shape: "circle", x: 0.5, y: 0.5, r: 0.1 }], "javascript:alert(1)")["steps.0.answer.textValue"]?.key,
    ).toBe("assessments:rich.image-url");
  });

  it("applies the practical weight rule (missing, negatives as 0, total < 100)", () => {
    const one = (s: unknown) => errorsOf(questionInput, q({ steps: [s] }))["steps.0.answer.numericlistValue"]?.key;
    expect(one(practical(["a", "b"]))).toBe("validation:required");
    expect(one(practical(["a", "b"], [50, 40]))).toBe(PRACTICAL_WEIGHT_ERROR);
    expect(one(practical(["a", "b", "c"], [150, -60, 0]))).toBeUndefined();
    expect(one(practical(["a", "b"], [120, -30]))).toBeUndefined();
    expect(one(practical(["a", "b"], [90, -30]))).toBe(PRACTICAL_WEIGHT_ERROR);
    expect(one(practical(["a"], [60, 40]))).toBe("assessments:answer.practical.length-mismatch");
    expect(practicalTotal([50, -20, 60])).toBe(110);
    expect(PRACTICAL_WEIGHT_ERROR).toBe("assessments:answer.practical.insufficient-weight-total");
  });

  it("gives steps keys and refuses duplicate keys and unknown types", () => {
    const s = step.parse({
      type: "TEXT",
      question: [{ type: "text", html: "<p>Q?</p>" }],
      score: 2,
      answer: { textValue: "x" },
    });
    expect(s.key).toBeTruthy();
    const Q = [{ type: "text", html: "<p>Q?</p>" }];
    const dup = errorsOf(
      questionInput,
      q({
        steps: [
          { key: "a", type: "TEXT", question: Q, score: 1, answer: { textValue: "x" } },
          { key: "a", type: "TEXT", question: Q, score: 1, answer: { textValue: "y" } },
        ],
      }),
    );
    expect(dup["steps.1.key"]?.key).toBe("assessments:steps.duplicate-key");
    expect(errorsOf(questionInput, q({ steps: [{ type: "ESSAY", score: 1 }] }))["steps.0.type"]?.key).toBe(
      "validation:invalid-choice",
    );
  });

  it("explains a new question's empty steps field by field, never as a duplicate key", () => {
    // Two new, empty Text steps (no keys yet): each says what is missing; no "own key" message.
    const empty = {
      type: "TEXT",
      question: [{ type: "text", html: "<p><br></p>" }],
      score: 1,
      answer: { textValue: "" },
    };
    const errors = errorsOf(questionInput, q({ steps: [empty, { ...empty }] }));
    expect(Object.values(errors).map((e: any) => e.key)).not.toContain("assessments:steps.duplicate-key");
    expect(errors["steps.1.key"]).toBeUndefined();
    expect(errors["steps.0.answer.textValue"]?.key).toBe("validation:required");
    expect(errors["steps.1.answer.textValue"]?.key).toBe("validation:required");
    // The question text itself is required: markup without text is empty, an image alone is not.
    expect(errors["steps.0.question"]?.key).toBe("validation:required");
    const withImage = {
      ...empty,
      question: [{ type: "image", url: "/api/assets/t/a.png" }],
      answer: { textValue: "x" },
    };
    expect(errorsOf(questionInput, q({ steps: [withImage] }))).toEqual({});
    // A numeric step whose correct value was left empty: required, not "not valid".
    for (const numericValue of [null, "", Number.NaN, undefined]) {
      const numeric = {
        type: "NUMERIC",
        question: [{ type: "text", html: "<p>How many?</p>" }],
        score: 1,
        answer: { numericValue, numericlistValue: [] },
      };
      expect(errorsOf(questionInput, q({ steps: [numeric] }))["steps.0.answer.numericValue"]?.key).toBe(
        "validation:required",
      );
    }
  });

  it("checks evaluation and session inputs", () => {
    expect(errorsOf(evaluationInput, {}).name?.key).toBe("validation:required");
    expect(errorsOf(evaluationInput, { name: "E" })).toEqual({});
    expect(errorsOf(sessionInput, { name: "S" }).passPercentage?.key).toBe("validation:required");
    expect(errorsOf(sessionInput, { name: "S", passPercentage: 101 }).passPercentage?.key).toBe("validation:too-big");
    expect(errorsOf(sessionInput, { name: "S", passPercentage: -1 }).passPercentage?.key).toBe("validation:too-small");
    expect(errorsOf(sessionInput, { name: "S", passPercentage: 50.5 }).passPercentage?.key).toBe("validation:invalid");
    expect(errorsOf(sessionInput, { name: "S", passPercentage: 0 })).toEqual({});
    expect(errorsOf(sessionInput, { name: "S", passPercentage: 100, referenceFormat: "VCA" })).toEqual({});
  });

  it("tests points in zones", () => {
    expect(pointInZone({ shape: "circle", x: 0.5, y: 0.5, r: 0.1 }, 0.55, 0.5)).toBe(true);
    expect(pointInZone({ shape: "rect", x: 0.1, y: 0.1, w: 0.2, h: 0.2 }, 0.5, 0.5)).toBe(false);
    expect(
      pointInZone(
        {
          shape: "polygon",
          points: [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
        },
        0.2,
        0.2,
      ),
    ).toBe(true);
    expect(
      pointInZone(
        {
          shape: "polygon",
          points: [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
        },
        0.8,
        0.8,
      ),
    ).toBe(false);
  });
});

describe("rich content sanitising", () => {
  const upload = "/api/assets/t/0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d.png";
  it("strips scripts, event handlers and javascript: links", () => {
    const html = sanitizeRichHtml(
      `<p onclick="x()">Hi <b>there</b><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://ok.test">ok</a></p>`,
      "t",
    );
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|alert/i);
    expect(html).toContain("<b>there</b>");
    expect(html).toContain('<a rel="noopener noreferrer" href="https://ok.test">ok</a>');
  });

  it("keeps the organisation's uploaded images only and cleans image blocks", () => {
    expect(sanitizeRichHtml(`<img src="${upload}" alt="a">`, "t")).toBe(`<img src="${upload}" alt="a" />`);
    expect(sanitizeRichHtml(`<img src="data:image/png;base64,AAAA">`, "t")).toBe("");
    expect(sanitizeRichHtml(`<img src="https://tracker.test/p.gif?who=1">`, "t")).toBe("");
    // Another organisation's upload, or a path that is no upload key.
    expect(sanitizeRichHtml(`<img src="${upload}">`, "other")).toBe("");
    expect(sanitizeRichHtml(`<img src="/api/assets/t/a.png">`, "t")).toBe("");
    expect(sanitizeRichHtml(`<iframe src="https://x"></iframe><style>p{}</style><div>t</div>`, "t")).toBe("t");
    expect(
      sanitizeRichContent(
        [
          { type: "text", html: "<script>x</script>" },
          { type: "text", html: "<em>a</em>" },
          { type: "image", url: upload, alt: "A" },
          { type: "image", url: "https://img.test/a.png", alt: "B" },
        ],
        "t",
      ),
    ).toEqual([
      { type: "text", html: "<em>a</em>" },
      { type: "image", url: upload, alt: "A", width: null, height: null },
    ]);
  });
});
