import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { addEvaluation, addQuestion } from "~/modules/assessments/index.server";
import { store } from "~/modules/assets/index.server";
import { expect, test } from "./support/fixtures";
import { loginAsStaff } from "./support/login";
import { staffCtx } from "./support/seed";
import { operatorTenant } from "./support/tenants";

// QTI 3 between two organisations through the screens (README, "QTI 3"): a manager of one exports
// an evaluation's questions as a QTI package from the evaluations list; a manager of another
// imports it from the questions list, sees the preview first, then imports, and the questions are
// there. The import dialog has no accessibility violation; no browser console error (fixtures).

const FROM = "qti-export-org";
const TO = "qti-import-org";
const png = new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/qti/samples/hotspot-01/ukair.png")));

test("a manager exports an evaluation as QTI and another organisation's manager imports it after a preview", async ({
  page,
  browser,
}, testInfo) => {
  const from = operatorTenant(FROM, "Export Academy", "manager@qti-export.test");
  const to = operatorTenant(TO, "Import College", "manager@qti-import.test");
  const run = `${Date.now().toString(36)}${testInfo.retry}`;

  // What the exporting organisation has: an evaluation of three questions, one with a hotzone picture.
  const ctx = await staffCtx(from.email, FROM);
  const map = await store(ctx, png, "image");
  const text = (html: string) => [{ type: "text" as const, html }];
  const choice = await addQuestion(ctx, {
    name: `Airports ${run}`,
    maxTime: 120,
    steps: [
      {
        type: "MULTIPLE_CHOICE",
        question: text("<p>Which is an airport?</p>"),
        answer: {
          optionlistValue: [
            { value: "Heathrow", valid: true },
            { value: "Big Ben", valid: false },
          ],
        },
        score: 1,
      },
    ],
  });
  const where = await addQuestion(ctx, {
    name: `London on the map ${run}`,
    maxTime: 60,
    steps: [
      {
        type: "HOTZONE",
        question: text("<p>Click London</p>"),
        answer: { textValue: map.url, blocklistValue: [{ shape: "circle", x: 0.73, y: 0.84, r: 0.05 }] },
        score: 2,
      },
      {
        type: "NUMERIC",
        question: text("<p>How many runways has Heathrow?</p>"),
        answer: { numericValue: 2, numericlistValue: [0] },
        score: 1,
      },
    ],
  });
  const wheel = await addQuestion(ctx, {
    name: `Wheel change ${run}`,
    maxTime: 600,
    steps: [
      {
        type: "PRACTICAL",
        question: text("<p>Change the wheel</p>"),
        answer: { textlistValue: ["Gloves", "Jack", "Nuts"], numericlistValue: [20, 40, 40] },
        score: 10,
      },
    ],
  });
  const evaluationName = `Airside ${run}`;
  await addEvaluation(ctx, { name: evaluationName, questions: [choice._id, where._id, wheel._id] });

  // Export from the evaluations list.
  await loginAsStaff(page, from);
  await page.goto(`/admin/assessments/evaluations?q=${encodeURIComponent(evaluationName)}`);
  const row = page.locator("li").filter({ hasText: evaluationName });
  const downloading = page.waitForEvent("download");
  await row.getByTestId("qti-export").click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Airside-${run}-qti.zip`);
  const zip = testInfo.outputPath("airside-qti.zip");
  await download.saveAs(zip);

  // Import into the other organisation, from its questions list: the preview first.
  const importerContext = await browser.newContext();
  const importer = await importerContext.newPage();
  await loginAsStaff(importer, to);
  await importer.goto("/admin/assessments/questions");
  await importer.getByTestId("qti-import").click();
  const dialog = importer.getByTestId("qti-import-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("qti-import-file").setInputFiles(zip);
  await expect(dialog.getByTestId("qti-import-save")).toBeDisabled();
  await dialog.getByTestId("qti-import-preview").click();
  await expect(dialog.getByTestId("qti-import-summary")).toHaveText("3 items: 3 can be imported, 0 cannot.");
  const rows = dialog.getByTestId("qti-import-row");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText(`London on the map ${run}`);
  await expect(rows.nth(1)).toContainText("Hot zone, Numeric");
  await expect(rows.nth(2)).toContainText("Practical");
  // Nothing imported yet.
  await expect(importer.getByRole("link", { name: `Airports ${run}` })).toHaveCount(0);

  const axe = await new AxeBuilder({ page: importer }).include('[data-testid="qti-import-dialog"]').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await dialog.getByTestId("qti-import-save").click();
  await expect(dialog.getByTestId("qti-import-done")).toHaveText("3 questions imported.");
  await dialog.getByTestId("qti-import-close").click();
  await expect(dialog).toHaveCount(0);
  for (const name of [`Airports ${run}`, `London on the map ${run}`, `Wheel change ${run}`])
    await expect(importer.getByRole("link", { name, exact: true })).toBeVisible();

  // The imported hotzone question opens in the editor with its picture.
  await importer.getByRole("link", { name: `London on the map ${run}`, exact: true }).click();
  await expect(importer.locator(`img[src^="/api/assets/${TO}/"]`).first()).toBeVisible();
  await importerContext.close();
});
