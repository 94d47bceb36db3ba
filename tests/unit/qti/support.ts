import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import type { Ctx } from "~/lib/context.server";
import { addQuestion } from "~/modules/assessments/index.server";
import { store } from "~/modules/assets/index.server";

export const FIXTURES = path.resolve(__dirname, "../../fixtures/qti");
export const XSD_DIR = path.join(FIXTURES, "xsd");
export const ASI_XSD = path.join(XSD_DIR, "imsqti_asiv3p0p1_v1p0.xsd");
export const CP_XSD = path.join(XSD_DIR, "imsqtiv3p0_imscpv1p2_v1p0.xsd");

/** A real PNG (206 × 280, 1EdTech's UK map). */
export const MAP_PNG = new Uint8Array(fs.readFileSync(path.join(FIXTURES, "samples/hotspot-01/ukair.png")));

/**
 * xmllint's verdict on XML files against a vendored schema, offline (`--nonet`): "" when every file
 * validates, else xmllint's messages.
 */
export function xmllint(schema: string, files: string[]): string {
  try {
    execFileSync("xmllint", ["--nonet", "--noout", "--schema", schema, ...files], { stdio: "pipe" });
    return "";
  } catch (e) {
    const err = e as { stderr?: Buffer; stdout?: Buffer; message: string };
    return `${err.stderr?.toString() ?? ""}${err.stdout?.toString() ?? ""}` || err.message;
  }
}

/** The files of a zip written to a temporary folder; its path. */
export function unzipToDir(bytes: Uint8Array): { dir: string; files: Record<string, Uint8Array> } {
  const files = unzipSync(bytes);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "qti-"));
  for (const [name, data] of Object.entries(files)) {
    if (name.endsWith("/")) continue;
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
  return { dir, files };
}

const text = (html: string) => [{ type: "text" as const, html }];

/** One question of every step type, with images: the export's and the round trip's material. */
export async function questionOfEveryKind(ctx: Ctx, name = "Every kind") {
  const image = await store(ctx, MAP_PNG, "image");
  const other = await store(ctx, MAP_PNG, "image");
  return addQuestion(ctx, {
    name,
    maxTime: 420,
    preparationInfo: [
      ...text("<p>Read the <b>safety</b> sheet first.</p>"),
      { type: "image", url: other.url, alt: "Sheet" },
    ],
    steps: [
      {
        key: "mc",
        type: "MULTIPLE_CHOICE",
        question: [
          ...text(
            '<p>Which are <em>airports</em>? See <a href="https://example.org/x">the list</a> &amp; <u>choose</u>.</p>',
          ),
          { type: "image", url: image.url, alt: "Map" },
        ],
        answer: {
          optionlistValue: [
            { value: "Heathrow", valid: true },
            { value: "Big Ben <tower>", valid: false },
            { value: "Gatwick", valid: true },
          ],
        },
        score: 2,
      },
      {
        key: "single",
        type: "MULTIPLE_CHOICE",
        question: text("<p>Pick one</p><ul><li>first</li><li>second</li></ul>"),
        answer: {
          optionlistValue: [
            { value: "Yes", valid: false },
            { value: "No", valid: true },
          ],
        },
        score: 1,
      },
      {
        key: "num",
        type: "NUMERIC",
        question: text("<p>How many litres?</p>"),
        answer: { numericValue: 3.75, numericlistValue: [0.25] },
        score: 3,
      },
      {
        key: "exact",
        type: "NUMERIC",
        question: text("<p>How many wheels?</p>"),
        answer: { numericValue: -4, numericlistValue: [] },
        score: 1,
      },
      { key: "txt", type: "TEXT", question: text("<p>Name the gas</p>"), answer: { textValue: "Oxygen" }, score: 1.5 },
      {
        key: "long",
        type: "TEXT",
        question: text("<p>Explain</p>"),
        answer: { textValue: "First line\nSecond line that is long enough to need a text area rather than a line." },
        score: 4,
      },
      {
        key: "hz",
        type: "HOTZONE",
        question: text("<p>Click London</p>"),
        answer: {
          textValue: image.url,
          blocklistValue: [
            { shape: "circle", x: 0.7282, y: 0.8393, r: 0.0485 },
            { shape: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.25 },
            {
              shape: "polygon",
              points: [
                [0.5, 0.5],
                [0.6, 0.5],
                [0.55, 0.6],
              ],
            },
          ],
        },
        score: 2,
      },
      {
        key: "prac",
        type: "PRACTICAL",
        question: text("<p>Change the wheel</p>"),
        answer: { textlistValue: ["Gloves on", "Jack placed", "Nuts tightened"], numericlistValue: [20, 50, 40] },
        score: 10,
      },
    ],
  });
}
