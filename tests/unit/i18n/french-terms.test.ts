import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// In French an "Evaluation" (a set of questions) is an "épreuve"; "évaluation" is kept for the
// general act of assessing (the product, the participants' assessments, legal texts). The admin
// area holding questions, épreuves and session templates must not be called "Évaluations".

const dir = path.resolve("app/locales/fr-fr");
const strings = (value: unknown, prefix: string): Array<[string, string]> =>
  typeof value === "string"
    ? [[prefix, value]]
    : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => strings(v, `${prefix}.${k}`));
const all = fs
  .readdirSync(dir)
  .flatMap((f) => strings(JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")), f.replace(".json", "")));
const text = (key: string) => all.find(([k]) => k === key)?.[1];

/** Where "évaluation" means assessing in general, not the Evaluation object. */
const GENERAL = [
  /^common\.product$/,
  /^home\.title$/,
  /^databases\.sections\.(participants|contexts)\.description$/,
  /^legal\./,
];

describe("French terminology", () => {
  it("calls Evaluations épreuves everywhere", () => {
    const confusing = all.filter(
      ([key, value]) => /[ée]valuation/i.test(value.replace(/\{\{\w+\}\}/g, "")) && !GENERAL.some((g) => g.test(key)),
    );
    expect(confusing).toEqual([]);
  });

  it("names the assessments area differently from the épreuves in it", () => {
    expect(text("assessments.nav")).toBe("Banque d’épreuves");
    expect(text("assessments.nav")).not.toBe(text("assessments.sections.evaluations.title"));
    expect(text("assessments.entry.title")).toBe(text("assessments.nav"));
  });
});
