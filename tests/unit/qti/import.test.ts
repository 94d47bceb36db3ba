import fs from "node:fs";
import path from "node:path";
import { zipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { refusalJson } from "~/lib/app-error";
import { getQuestion, listQuestions } from "~/modules/assessments/index.server";
import { importQtiPackage } from "~/modules/qti/index.server";
import { storedUploads } from "../support/databases";
import { refusal } from "../support/refusal";
import { makeTenant, managerCtx, staffCtx } from "../support/tenants";
import { FIXTURES } from "./support";

// Importing QTI 3 published by others (1EdTech's own examples, tests/fixtures/qti/samples) and
// packages that are not QTI at all.

let slug: string;
beforeAll(async () => {
  slug = (await makeTenant("qti-imp")).tenant.slug;
});

const enc = new TextEncoder();
const sample = (file: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, "samples", file)));
const QTI = 'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0"';

/** A package of the given files with a manifest listing the given items. */
function pack(items: Record<string, string>, extra: Record<string, Uint8Array> = {}): Uint8Array {
  const resources = Object.keys(items)
    .map(
      (href, i) =>
        `<resource identifier="R${i}" type="imsqti_item_xmlv3p0" href="${href}"><file href="${href}"/></resource>`,
    )
    .join("");
  const manifest = `<?xml version="1.0"?><manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="M"><metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata><organizations/><resources>${resources}</resources></manifest>`;
  return zipSync({
    "imsmanifest.xml": enc.encode(manifest),
    ...Object.fromEntries(Object.entries(items).map(([k, v]) => [k, enc.encode(v)])),
    ...extra,
  });
}

const choiceItem = (id: string, extra = "") =>
  `<qti-assessment-item ${QTI} identifier="${id}" title="Choice ${id}" time-dependent="false"><qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>B</qti-value></qti-correct-response></qti-response-declaration><qti-item-body>${extra}<qti-choice-interaction response-identifier="RESPONSE" max-choices="1"><qti-prompt>Pick B</qti-prompt><qti-simple-choice identifier="A">A</qti-simple-choice><qti-simple-choice identifier="B">B</qti-simple-choice></qti-choice-interaction></qti-item-body></qti-assessment-item>`;

const matchItem = `<qti-assessment-item ${QTI} identifier="match-1" title="Match" time-dependent="false"><qti-response-declaration identifier="RESPONSE" cardinality="multiple" base-type="directedPair"/><qti-item-body><qti-match-interaction response-identifier="RESPONSE"><qti-simple-match-set><qti-simple-associable-choice identifier="A" match-max="1">A</qti-simple-associable-choice></qti-simple-match-set><qti-simple-match-set><qti-simple-associable-choice identifier="X" match-max="1">X</qti-simple-associable-choice></qti-simple-match-set></qti-match-interaction></qti-item-body></qti-assessment-item>`;

const count = async (s = slug) => (await listQuestions(await managerCtx(s))).pageInfo.totalCount;

describe("importing QTI published by others", () => {
  it("1EdTech's BBQsTest package: what maps and what does not", async () => {
    const ctx = await managerCtx(slug);
    const preview = await importQtiPackage(ctx, sample("BBQsTest.zip"), { preview: true });
    const byId = new Map(preview.items.map((i) => [i.identifier, i]));
    expect(preview.counts.items).toBe(22);
    const mapped = preview.items.filter((i) => i.mapped).map((i) => [i.identifier, i.steps]);
    expect(Object.fromEntries(mapped)).toEqual({
      "either-or-choice-root2": ["MULTIPLE_CHOICE"],
      "hotspot-maximum": ["HOTZONE"],
      "Likert-choice-questionSet": ["MULTIPLE_CHOICE"],
      "MultipleAnswer-choice-materials": ["MULTIPLE_CHOICE"],
      "MultipleChoice-choice-polynomials": ["MULTIPLE_CHOICE"],
      "text_entry-calculus": ["TEXT"],
      "text_entry-Lycidas": ["TEXT", "TEXT"],
      "TF-choice": ["MULTIPLE_CHOICE"],
      TheAnswer: undefined,
      "TheAnswer-001": ["NUMERIC"],
    });
    // Not mapped, each with its reason.
    expect(byId.get("order-maths")!.reasons.map((r) => r.code)).toEqual(["unsupported-interaction"]);
    expect(byId.get("order-maths")!.reasons[0]!.message).toBe(
      "qti-order-interaction (RESPONSE) has no equivalent here.",
    );
    expect(byId.get("essay-vacation")!.reasons.map((r) => r.code)).toEqual(["no-model-answer"]);
    expect(byId.get("upload-file")!.reasons.map((r) => r.code)).toEqual(["unsupported-interaction"]);
    expect(byId.get("jumble-gapMatch")!.mapped).toBe(false);
    // What changes on the way is said.
    expect(byId.get("text_entry-calculus")!.notes.map((n) => n.message)).toContain(
      "Other accepted answers are left out: slope.",
    );

    const before = (await storedUploads(slug)).length;
    const done = await importQtiPackage(ctx, sample("BBQsTest.zip"), { preview: false });
    expect(done.questions).toHaveLength(preview.counts.mapped);
    const question = async (identifier: string) =>
      getQuestion(ctx, done.questions.find((q) => q.identifier === identifier)!._id);

    const answer = await question("TheAnswer-001");
    expect(answer.steps[0]).toMatchObject({ type: "NUMERIC", score: 10, answer: { numericValue: 42 } });
    expect(answer.name).toBe("The answer to...");

    const materials = await question("MultipleAnswer-choice-materials");
    expect(materials.steps[0]!.answer.optionlistValue).toEqual([
      { value: "Aircraft", valid: true },
      { value: "Irrigation pipes", valid: true },
      { value: "Cultivator tines", valid: false },
      { value: "Racing cars", valid: false },
    ]);
    expect(materials.steps[0]!.score).toBe(2);
    expect(materials.steps[0]!.question).toEqual([
      { type: "text", html: "<p>Select the application(s) for which aluminium alloy is most suitable:</p>" },
    ]);

    expect((await question("text_entry-calculus")).steps[0]!.answer).toEqual({ textValue: "gradient" });

    // The select-point item: its PNG stored as this organisation's upload, its rect area as a zone.
    const maximum = await question("hotspot-maximum");
    const zone = (maximum.steps[0]!.answer.blocklistValue as Array<Record<string, number>>)[0]!;
    expect(zone.shape).toBe("rect");
    expect(zone.x).toBeCloseTo(184 / 627, 6);
    expect(zone.y).toBeCloseTo(78 / 511, 6);
    expect(zone.w).toBeCloseTo(60 / 627, 6);
    expect(zone.h).toBeCloseTo(34 / 511, 6);
    expect(String(maximum.steps[0]!.answer.textValue)).toMatch(new RegExp(`^/api/assets/${slug}/.+\\.png$`));
    expect((await storedUploads(slug)).length).toBe(before + 1);

    // Formulas travel as their TeX, as the author wrote it.
    const polynomials = await question("MultipleChoice-choice-polynomials");
    expect((polynomials.steps[0]!.answer.optionlistValue as Array<{ value: string }>)[0]!.value).toBe(
      "\\[ \\sec^2{\\theta} \\]",
    );
  });

  it("1EdTech's hotspot item: each hotspot interaction a hotzone step, its correct hotspots the zones", async () => {
    const ctx = await managerCtx(slug);
    const bytes = pack(
      {
        "hotspot-01/hotspot-qti3.xml": fs.readFileSync(
          path.join(FIXTURES, "samples/hotspot-01/hotspot-qti3.xml"),
          "utf8",
        ),
      },
      { "hotspot-01/ukair.png": sample("hotspot-01/ukair.png") },
    );
    const done = await importQtiPackage(ctx, bytes, { preview: false });
    expect(done.items[0]).toMatchObject({ identifier: "qti3-hotspot-01", mapped: true, steps: ["HOTZONE", "HOTZONE"] });
    expect(done.items[0]!.notes.map((n) => n.code)).toEqual(expect.arrayContaining(["hotspot-any", "hotspot-hidden"]));
    const q = await getQuestion(ctx, done.questions[0]!._id);
    const circles = (step: number) =>
      (q.steps[step]!.answer.blocklistValue as Array<{ x: number; y: number; r: number }>).map((z) => [
        Math.round(z.x * 206),
        Math.round(z.y * 280),
        Math.round(z.r * 206),
      ]);
    expect(circles(0)).toEqual([
      [77, 115, 10],
      [118, 184, 10],
      [96, 114, 10],
    ]);
    expect(circles(1)).toEqual([[150, 235, 10]]);
    expect(q.steps[0]!.answer.textValue).toBe(q.steps[1]!.answer.textValue); // one upload for the one picture
    expect(q.steps[0]!.question.map((b) => (b.type === "text" ? b.html : b.type)).join(" ")).toContain(
      "<u>choose all of the cities North of London</u>",
    );
  });
});

describe("packages that cannot be imported", () => {
  const messageOf = async (call: Promise<unknown>) => {
    const e = await refusal(call);
    const ctx = await managerCtx(slug, "fr-fr");
    return { code: e.code, reason: e.reason, message: refusalJson(e, (k, v) => ctx.t(k, v ?? {})).message };
  };

  it("not a zip, a zip without a manifest, a manifest without items: a translated refusal, nothing changed", async () => {
    const ctx = await managerCtx(slug);
    const questions = await count();
    const uploads = (await storedUploads(slug)).length;
    expect(await messageOf(importQtiPackage(ctx, enc.encode("<html>not a zip</html>"), { preview: true }))).toEqual({
      code: "BAD_REQUEST",
      reason: "validation_failed",
      message: "Ce fichier n'est pas un fichier zip : un paquet QTI est un .zip avec imsmanifest.xml.",
    });
    const noManifest = zipSync({ "items/a.xml": enc.encode(choiceItem("a")) });
    expect((await messageOf(importQtiPackage(ctx, noManifest, { preview: false }))).message).toBe(
      "Ce zip ne contient pas d'imsmanifest.xml : ce n'est pas un paquet de contenu QTI.",
    );
    const noItems = zipSync({ "imsmanifest.xml": enc.encode("<manifest><resources/></manifest>") });
    expect((await messageOf(importQtiPackage(ctx, noItems, { preview: false }))).message).toBe(
      "Le manifeste du paquet ne contient aucun item QTI.",
    );
    const truncated = pack({ "a.xml": choiceItem("a") }).slice(0, 60);
    expect((await messageOf(importQtiPackage(ctx, truncated, { preview: false }))).code).toBe("BAD_REQUEST");
    expect(await count()).toBe(questions);
    expect((await storedUploads(slug)).length).toBe(uploads);
  });

  it("an item with an unsupported interaction is listed as not mapped; the others import", async () => {
    const ctx = await managerCtx(slug);
    const questions = await count();
    const bytes = pack({ "a.xml": choiceItem("a"), "m.xml": matchItem, "missing.xml": "" });
    const preview = await importQtiPackage(ctx, bytes, { preview: true });
    expect(preview.items.map((i) => [i.identifier, i.mapped, i.reasons.map((r) => r.code)])).toEqual([
      ["a", true, []],
      ["match-1", false, ["unsupported-interaction"]],
      ["R2", false, ["unreadable"]],
    ]);
    expect(preview.items[1]!.reasons[0]!.message).toBe("qti-match-interaction (RESPONSE) has no equivalent here.");
    const done = await importQtiPackage(ctx, bytes, { preview: false });
    expect(done.questions.map((q) => q.identifier)).toEqual(["a"]);
    expect(await count()).toBe(questions + 1);
    // Nothing that maps: refused, nothing made.
    expect((await messageOf(importQtiPackage(ctx, pack({ "m.xml": matchItem }), { preview: false }))).reason).toBe(
      "validation_failed",
    );
    expect(await count()).toBe(questions + 1);
  });

  it("an item the question rules refuse takes back the whole import (questions and images)", async () => {
    const ctx = await managerCtx(slug);
    const questions = await count();
    const uploads = (await storedUploads(slug)).length;
    // Two steps with the same key: the product refuses the question when it is added.
    const step = (key: string, response: string) =>
      `<div class="sa-step" xmlns:sa="urn:x-skills-assessments:qti:1" sa:key="${key}" sa:score="1"><p><img src="map.png" alt="map"/></p><qti-choice-interaction response-identifier="${response}"><qti-simple-choice identifier="A">A</qti-simple-choice></qti-choice-interaction></div>`;
    const declaration = (response: string) =>
      `<qti-response-declaration identifier="${response}" cardinality="single" base-type="identifier"><qti-correct-response><qti-value>A</qti-value></qti-correct-response></qti-response-declaration>`;
    const twice = `<qti-assessment-item ${QTI} identifier="twice" title="Twice" time-dependent="false">${declaration("R1")}${declaration("R2")}<qti-item-body>${step("same", "R1")}${step("same", "R2")}</qti-item-body></qti-assessment-item>`;
    const bytes = pack(
      { "a.xml": choiceItem("first", '<p><img src="map.png" alt="map"/></p>'), "t.xml": twice },
      { "map.png": sample("hotspot-01/ukair.png") },
    );
    const e = await refusal(importQtiPackage(ctx, bytes, { preview: false }));
    expect(e.values).toMatchObject({ identifier: "twice" });
    expect(await count()).toBe(questions);
    expect((await storedUploads(slug)).length).toBe(uploads);
  });
});

describe("who may import", () => {
  it("readers may not import, not even a preview", async () => {
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    expect((await refusal(importQtiPackage(reader, pack({ "a.xml": choiceItem("a") }), { preview: true }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("writers may; the questions are theirs, in their own organisation only", async () => {
    const other = (await makeTenant("qti-imp-other")).tenant.slug;
    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const before = await count(other);
    const done = await importQtiPackage(writer, pack({ "a.xml": choiceItem("w") }), { preview: false });
    const q = await getQuestion(writer, done.questions[0]!._id);
    expect(q.access.canEdit).toBe(true);
    expect(await count(other)).toBe(before);
    expect((await refusal(getQuestion(await managerCtx(other), q._id))).reason).toBe("question_not_found");
  });
});
