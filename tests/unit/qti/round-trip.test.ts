import { beforeAll, describe, expect, it } from "vitest";
import { getQuestion, listQuestions } from "~/modules/assessments/index.server";
import { exportQtiPackage, importQtiPackage } from "~/modules/qti/index.server";
import { makeTenant, managerCtx } from "../support/tenants";
import { questionOfEveryKind } from "./support";

// Export → import gives the same questions: name, time limit, step types, texts, options and their
// correct answers, numbers and tolerances, model answers, zones, checklist criteria and weights,
// points, keys, and the images (as new uploads of the importing organisation).

let from: string;
let to: string;
beforeAll(async () => {
  from = (await makeTenant("qti-rt-a")).tenant.slug;
  to = (await makeTenant("qti-rt-b")).tenant.slug;
});

const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

/** A question as a comparable shape: texts without markup, images as "image". */
function shape(q: Awaited<ReturnType<typeof getQuestion>>, tenant: string) {
  const blocks = (list: typeof q.preparationInfo) =>
    list.map((b) =>
      b.type === "text" ? plain(b.html) : { image: b.url.startsWith(`/api/assets/${tenant}/`), alt: b.alt ?? null },
    );
  return {
    name: q.name,
    maxTime: q.maxTime,
    preparationInfo: blocks(q.preparationInfo),
    steps: q.steps.map((s) => ({
      key: s.key,
      type: s.type,
      score: s.score,
      question: blocks(s.question),
      answer:
        s.type === "HOTZONE"
          ? { ...s.answer, textValue: String(s.answer.textValue).startsWith(`/api/assets/${tenant}/`) }
          : s.answer,
    })),
  };
}

describe("QTI round trip", () => {
  it("an exported question imports into another organisation as the same question", async () => {
    const source = await managerCtx(from);
    const original = await questionOfEveryKind(source, "Wheel change & airports");
    const { bytes } = await exportQtiPackage(source, { questions: [original._id] });

    const target = await managerCtx(to);
    const preview = await importQtiPackage(target, bytes, { preview: true });
    expect(preview.counts).toEqual({ items: 1, mapped: 1, notMapped: 0 });
    expect(preview.items[0]).toMatchObject({
      title: "Wheel change & airports",
      mapped: true,
      steps: ["MULTIPLE_CHOICE", "MULTIPLE_CHOICE", "NUMERIC", "NUMERIC", "TEXT", "TEXT", "HOTZONE", "PRACTICAL"],
      reasons: [],
      notes: [],
    });
    expect((await listQuestions(target)).pageInfo.totalCount).toBe(0); // a preview imports nothing

    const done = await importQtiPackage(target, bytes, { preview: false });
    expect(done.questions).toHaveLength(1);
    const copy = await getQuestion(target, done.questions[0]!._id);
    expect(shape(copy, to)).toEqual(shape(original, from));
    // The images are the importing organisation's own uploads, and served to it.
    const hotzone = copy.steps.find((s) => s.type === "HOTZONE")!;
    expect(String(hotzone.answer.textValue)).toMatch(new RegExp(`^/api/assets/${to}/[0-9a-f-]+\\.png$`));
    // Exactly: zones, tolerance, weights (shape() compares the answers whole).
    expect(hotzone.answer.blocklistValue).toEqual(
      original.steps.find((s) => s.type === "HOTZONE")!.answer.blocklistValue,
    );
  });

  it("an evaluation's questions, in its order", async () => {
    const source = await managerCtx(from);
    const { addEvaluation, addQuestion } = await import("~/modules/assessments/index.server");
    const a = await addQuestion(source, {
      name: "First",
      maxTime: 60,
      steps: [
        { type: "TEXT", question: [{ type: "text", html: "<p>Say hi</p>" }], answer: { textValue: "hi" }, score: 1 },
      ],
    });
    const b = await questionOfEveryKind(source, "Second");
    const evaluation = await addEvaluation(source, { name: "Workshop", questions: [b._id, a._id] });
    const { bytes, fileName } = await exportQtiPackage(source, { evaluation: evaluation._id });
    expect(fileName).toBe("Workshop-qti.zip");
    const done = await importQtiPackage(await managerCtx(to), bytes, { preview: false });
    expect(done.questions.map((q) => q.name)).toEqual(["Second", "First"]);
  });
});
