import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { exportQtiPackage } from "~/modules/qti/index.server";
import { makeTenant, managerCtx } from "../support/tenants";
import { ASI_XSD, CP_XSD, questionOfEveryKind, unzipToDir, xmllint } from "./support";

// Every exported item and manifest validates against 1EdTech's published QTI 3.0 XSDs, vendored in
// tests/fixtures/qti/xsd (no network: xmllint runs with --nonet).

let slug: string;
beforeAll(async () => {
  slug = (await makeTenant("qti-xsd")).tenant.slug;
});

describe("exported packages against 1EdTech's XSDs", () => {
  it("a question of every step type, with images, and its manifest", async () => {
    const ctx = await managerCtx(slug);
    const q = await questionOfEveryKind(ctx);
    const plain = await questionOfEveryKind(ctx, "Second");
    const { bytes } = await exportQtiPackage(ctx, { questions: [q._id, plain._id] });
    const { dir, files } = unzipToDir(bytes);
    const items = Object.keys(files).filter((f) => f.startsWith("items/"));
    expect(items).toHaveLength(2);
    expect(Object.keys(files).filter((f) => f.startsWith("images/"))).toHaveLength(4);
    expect(
      xmllint(
        ASI_XSD,
        items.map((f) => path.join(dir, f)),
      ),
    ).toBe("");
    expect(xmllint(CP_XSD, [path.join(dir, "imsmanifest.xml")])).toBe("");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("an evaluation holding a question twice, a question without steps, names with markup characters", async () => {
    const ctx = await managerCtx(slug);
    const { addEvaluation, addQuestion } = await import("~/modules/assessments/index.server");
    const empty = await addQuestion(ctx, { name: `Empty <b>"&'</b>`, maxTime: 10 });
    const one = await addQuestion(ctx, {
      name: "R&D <check>",
      maxTime: 10,
      steps: [
        {
          type: "NUMERIC",
          question: [{ type: "text", html: "<p>1 &lt; x &amp;&amp; x &gt; 0?</p>" }],
          answer: { numericValue: 1e-7, numericlistValue: [1e-8] },
          score: 0,
        },
      ],
    });
    const evaluation = await addEvaluation(ctx, { name: "Twice & again", questions: [one._id, empty._id, one._id] });
    const { bytes } = await exportQtiPackage(ctx, { evaluation: evaluation._id });
    const { dir, files } = unzipToDir(bytes);
    const items = Object.keys(files).filter((f) => f.startsWith("items/"));
    expect(items).toHaveLength(2);
    expect(
      xmllint(
        ASI_XSD,
        items.map((f) => path.join(dir, f)),
      ),
    ).toBe("");
    expect(xmllint(CP_XSD, [path.join(dir, "imsmanifest.xml")])).toBe("");
    expect(new TextDecoder().decode(files[`items/Q-${one._id}.xml`])).toContain(
      '<qti-equal tolerance-mode="absolute" tolerance="0.00000001 0.00000001">',
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the validation itself refuses an item the schema does not allow", async () => {
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "bad-"));
    const file = path.join(dir, "bad.xml");
    fs.writeFileSync(
      file,
      `<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="x" title="x" time-dependent="false"><qti-item-body><u>no u in QTI</u></qti-item-body></qti-assessment-item>`,
    );
    expect(xmllint(ASI_XSD, [file])).toMatch(/fails to validate/);
  });
});
