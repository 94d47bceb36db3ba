import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichContentView } from "~/components/assessments/rich-content-view";
import { store } from "~/modules/assets/assets.server";
import { addQuestion, getQuestion, listQuestions } from "~/modules/assessments/questions.server";
import type { RichBlock } from "~/modules/assessments/steps";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// Question content could show images from any address, which act as tracking pixels on
// candidates (the image's owner learns who opened the question, when, from where). Only the
// organisation's own uploads are kept.

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0,
]);
const TRACKER = "https://tracker.example/p.gif?candidate=1";

const render = (blocks: RichBlock[]) => renderToStaticMarkup(createElement(RichContentView, { blocks }));

describe("images in question content", async () => {
  const { tenant } = await makeTenant();
  const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  const upload = await store(writer, PNG, "image");
  const other = await staffCtx((await makeTenant()).tenant.slug, ["ORGANIZATION_WRITER"]);
  const foreign = await store(other, PNG, "image");

  it("stores and shows the content without an outside image; the organisation's upload stays", async () => {
    const html = `<p>Look at <img src="${TRACKER}" width="1" height="1"><img src="data:image/gif;base64,R0lGOD"><img src="${foreign.url}"> the valve <img src="${upload.url}" alt="valve"></p>`;
    const q = await addQuestion(writer, {
      name: "Valve",
      maxTime: 60,
      preparationInfo: [
        { type: "image", url: foreign.url, alt: "another organisation's" },
        { type: "image", url: upload.url, alt: "ours" },
      ],
      steps: [{ type: "TEXT", question: [{ type: "text", html }], score: 1, answer: { textValue: "open" } }],
    });
    const stored = await getQuestion(writer, q._id);
    const question = stored.steps[0]!.question as RichBlock[];
    expect(question).toEqual([
      { type: "text", html: `<p>Look at  the valve <img src="${upload.url}" alt="valve" /></p>` },
    ]);
    expect(stored.preparationInfo).toEqual([
      { type: "image", url: upload.url, alt: "ours", width: null, height: null },
    ]);

    const shown = render([...question, ...(stored.preparationInfo as RichBlock[])]);
    expect(shown).not.toContain("tracker.example");
    expect(shown).not.toContain("data:");
    expect(shown).not.toContain(foreign.url);
    expect(shown.match(/<img /g)).toHaveLength(2);
    expect(shown).toContain(`src="${upload.url}"`);
  });

  it("refuses an image block from another address, storing nothing", async () => {
    const error = await refusal(
      addQuestion(writer, {
        name: "Tracked",
        maxTime: 60,
        preparationInfo: [{ type: "image", url: TRACKER }],
        steps: [],
      }),
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors?.["preparationInfo.0.url"]?.key).toBe("assessments:rich.image-url");
    expect((await listQuestions(writer, { filter: { name: "Tracked" } })).edges).toEqual([]);
  });

  it("shows content saved before the rule without its outside images", () => {
    const shown = render([
      {
        type: "text",
        html: `<p>a<img src="${TRACKER.replace("&", "&amp;")}" />b<img src="${upload.url}" alt="" /></p>`,
      },
      { type: "image", url: TRACKER, alt: null },
    ]);
    expect(shown).not.toContain("tracker.example");
    expect(shown).toContain(`<p>ab<img src="${upload.url}" alt="" /></p>`);
  });
});
