import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { DEMO_STAFF, enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";

// Screenshots of the assessment authoring screens in every language at a desktop and a phone size,
// for a visual review; not part of the test run. Against a running server with its DATA_DIR:
//
//   BASE_URL=http://localhost:3720 E2E_DATA_DIR=/tmp/asshots node_modules/.bin/tsx tests/e2e/assessment-screenshots.ts
//
// Creates one question with all five step types, an evaluation and a session (through the screens'
// own actions), then writes tests/.tmp/assessment-screens/<locale>/<width>x<height>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3720";
process.env.E2E_DATA_DIR ??= path.resolve(process.env.DATA_DIR ?? "data");
const outDir = path.resolve("tests/.tmp/assessment-screens");
const executablePath = chromiumPath;
const PNG =
  "iVBORw0KGgoAAAANSUhEUgAAACgAAAAeCAIAAADRv8uKAAAAOElEQVR42mOQi1owIIhh1OJRi0ctppPFJ2w0yEajFo9aPGrxqMWjFo9aTBuLRxsCoxaPWjwELAYAlvk2rEGJlUgAAAAASUVORK5CYII=";

const LOCALES = SCREENSHOT_LOCALES;
const VIEWPORTS = SCREENSHOT_VIEWPORTS;
const only = process.env.SHOTS?.split(",");

const browser = await chromium.launch({
  executablePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});

async function shoot(page: Page, locale: string, name: string, fullPage = true) {
  if (only && !only.includes(name)) return;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    await page.screenshot({
      path: path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`),
      fullPage,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

async function seed(page: Page): Promise<string> {
  const upload = await page.request.post("/api/assets/image/upload/file", {
    multipart: { file: { name: "zone.png", mimeType: "image/png", buffer: Buffer.from(PNG, "base64") } },
  });
  const { url } = (await upload.json()) as { url: string };
  const q = (html: string) => [{ type: "text", html: `<p>${html}</p>` }];
  const payload = {
    name: "Forklift inspection with a rather long name to see how it wraps",
    maxTime: 240,
    categories: [],
    supplies: [],
    preparationInfo: q("Bring <b>safety shoes</b>."),
    visibility: "ORGANIZATION",
    objectOwnerType: "ORGANIZATION",
    steps: [
      {
        key: "a",
        type: "MULTIPLE_CHOICE",
        score: 1,
        question: q("Which fork height is safe while driving?"),
        answer: {
          optionlistValue: [
            { value: "As high as possible", valid: false },
            { value: "Just above the floor", valid: true },
          ],
        },
      },
      {
        key: "b",
        type: "NUMERIC",
        score: 2,
        question: q("Maximum load in kg?"),
        answer: { numericValue: 1500, numericlistValue: [50] },
      },
      {
        key: "c",
        type: "TEXT",
        score: 1,
        question: q("What do you check before driving?"),
        answer: { textValue: "Brakes, horn, forks and tyres" },
      },
      {
        key: "d",
        type: "HOTZONE",
        score: 1,
        question: q("Click the danger zone."),
        answer: { textValue: url, blocklistValue: [{ shape: "rect", x: 0.25, y: 0.27, w: 0.5, h: 0.46 }] },
      },
      {
        key: "e",
        type: "PRACTICAL",
        score: 5,
        question: q("Drive the course."),
        answer: {
          textlistValue: ["Checks the mirrors", "Drives too fast", "Parks with the forks down"],
          numericlistValue: [50, -30, 50],
        },
      },
    ],
  };
  // Plain document POSTs to the screens' actions; the ids come from the lists' edit links.
  const idFrom = async (list: string) => {
    await visit(page, list);
    const href = await page.locator('a[href*="/edit/"]').first().getAttribute("href");
    if (!href) throw new Error(`nothing saved in ${list}`);
    return href.split("/").pop()!;
  };
  await page.request.post("/admin/assessments/questions/create", { form: { payload: JSON.stringify(payload) } });
  const questionId = await idFrom("/admin/assessments/questions");
  await page.request.post("/admin/assessments/evaluations/create", {
    form: {
      payload: JSON.stringify({
        name: "Forklift evaluation",
        description: "Day and night shift checks.",
        categories: [],
        questions: [questionId],
        options: { enableTimer: true },
      }),
    },
  });
  const evaluationId = await idFrom("/admin/assessments/evaluations");
  await page.request.post("/admin/assessments/sessions/create", {
    form: {
      payload: JSON.stringify({
        name: "Forklift certification",
        passPercentage: 75,
        referenceFormat: "FLT",
        categories: [],
        evaluations: [evaluationId],
      }),
    },
  });
  await idFrom("/admin/assessments/sessions");
  return questionId;
}

fs.rmSync(outDir, { recursive: true, force: true });
let questionId = "";
try {
  // One sign-in for all languages (the login is rate limited); the language cookie picks each one.
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await visit(page, "/admin");
  await enterCode(page, "admin", await requestCode(page, "admin", DEMO_STAFF));
  await page.getByTestId("organization-name").waitFor();
  for (const { locale } of LOCALES) {
    const L = JSON.parse(fs.readFileSync(`app/locales/${locale}/assessments.json`, "utf8"));
    fs.mkdirSync(path.join(outDir, locale), { recursive: true });
    await context.addCookies([
      { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
    ]);
    if (!questionId) questionId = await seed(page);

    await visit(page, "/admin/assessments/questions");
    await shoot(page, locale, "questions-list");
    await visit(page, "/admin/assessments/questions?layout=NARROW");
    await shoot(page, locale, "questions-list-narrow");
    await visit(page, "/admin/assessments/questions/create");
    await shoot(page, locale, "question-new");
    await visit(page, `/admin/assessments/questions/edit/${questionId}`);
    await shoot(page, locale, "question-editor");
    await page.getByTestId("step-3").screenshot({ path: path.join(outDir, locale, "1280x800-hotzone.png") });
    await page
      .getByTestId("step-3")
      .getByRole("button", { name: L.editor["select-zone"].replace("{{n}}", "1") })
      .click();
    await page.getByTestId("step-3").screenshot({ path: path.join(outDir, locale, "1280x800-hotzone-selected.png") });
    await page.getByTestId("step-3").getByRole("button", { name: L.draw.open }).click();
    const drawCanvas = page.getByTestId("draw-canvas");
    const drawBox = (await drawCanvas.boundingBox())!;
    await page.mouse.move(drawBox.x + 100, drawBox.y + 80);
    await page.mouse.down();
    await page.mouse.move(drawBox.x + 400, drawBox.y + 260, { steps: 8 });
    await page.mouse.up();
    await page.screenshot({ path: path.join(outDir, locale, "1280x800-draw-dialog.png") });
    await page.setViewportSize(VIEWPORTS[1]!);
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(outDir, locale, "390x844-draw-dialog.png") });
    await page.setViewportSize(VIEWPORTS[0]!);
    await page.keyboard.press("Escape");
    await page.getByTestId("step-4").getByLabel(`${L.editor.weight} 3`, { exact: true }).fill("10");
    await page.getByTestId("step-4").screenshot({ path: path.join(outDir, locale, "1280x800-practical-error.png") });
    await page.setViewportSize(VIEWPORTS[1]!);
    await page.waitForTimeout(200);
    await page.getByTestId("step-4").screenshot({ path: path.join(outDir, locale, "390x844-practical-error.png") });
    await page.getByTestId("step-3").screenshot({ path: path.join(outDir, locale, "390x844-hotzone.png") });
    await page.getByTestId("step-0").screenshot({ path: path.join(outDir, locale, "390x844-mc.png") });
    await page.setViewportSize(VIEWPORTS[0]!);
    await page.getByRole("button", { name: L.actions.preview, exact: true }).click();
    const pointPicker = page.getByTestId("point-picker");
    await pointPicker.scrollIntoViewIfNeeded();
    const pickBox = (await pointPicker.boundingBox())!;
    await page.mouse.click(pickBox.x + pickBox.width * 0.5, pickBox.y + pickBox.height * 0.5);
    await pointPicker.locator("..").screenshot({ path: path.join(outDir, locale, "1280x800-point-picker.png") });
    await shoot(page, locale, "question-preview");

    await visit(page, "/admin/assessments/evaluations");
    await shoot(page, locale, "evaluations-list");
    await page.getByRole("button", { name: L.actions.view }).first().click();
    await page.getByRole("dialog").waitFor();
    await shoot(page, locale, "evaluation-overview", false);
    await visit(page, "/admin/assessments/evaluations/create");
    await shoot(page, locale, "evaluation-new");
    await visit(page, "/admin/assessments/sessions");
    await shoot(page, locale, "sessions-list");
    await page.getByRole("button", { name: L.actions.view }).first().click();
    await page.getByRole("dialog").waitFor();
    await shoot(page, locale, "session-overview", false);
    await visit(page, "/admin/assessments/sessions/create");
    await shoot(page, locale, "session-new");
  }
  await context.close();
  console.log(`screenshots in ${outDir}`);
} finally {
  await browser.close();
}
