import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES } from "./support/screenshots";

// Screenshots of the correction screens (participant detail with the auto-score dialog, station
// picker, station marking) in every language at desktop, tablet and phone size, for a visual
// review; not part of the test run. Against a running server with its DATA_DIR and room:
//
//   BASE_URL=http://localhost:3312 E2E_DATA_DIR=/tmp/corrshots PARTYKIT_PORT=3313 node_modules/.bin/tsx tests/e2e/corrections-screenshots.ts
//
// Writes tests/.tmp/correction-screens/<locale>/<w>x<h>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3312";
const where = { dataDir: process.env.E2E_DATA_DIR!, partykitPort: process.env.PARTYKIT_PORT ?? "3313" };
const outDir = path.resolve("tests/.tmp/correction-screens");
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 820, height: 1180 },
  { width: 390, height: 844 },
];

async function shoot(page: Page, name: string, before?: (page: Page) => Promise<void>) {
  for (const { locale } of SCREENSHOT_LOCALES) {
    fs.mkdirSync(path.join(outDir, locale), { recursive: true });
    await page
      .context()
      .addCookies([
        { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
      ]);
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.reload();
      await page.waitForLoadState("networkidle").catch(() => {});
      if (before) await before(page);
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) console.warn(`${locale} ${name} ${viewport.width}px overflows sideways`);
      await page.screenshot({
        path: path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`),
        fullPage: true,
      });
    }
  }
}

const tag = `shot${Date.now()}`;
const data = liveFixture<LiveSetup>(where, "setup", `${baseURL}/favicon.svg`, tag);
liveFixture(where, "add-candidate", data.session, `${tag}b`);
liveFixture(where, "start", data.session);
const [evalA] = data.evaluations;
const [q1] = data.questions;
liveFixture(
  where,
  "answer",
  data.session,
  data.participant,
  JSON.stringify([
    { evaluation: evalA, question: q1, stepIndex: 0, answer: { textlistValue: ["S3 boots", "Sneakers"] } },
    { evaluation: evalA, question: q1, stepIndex: 1, answer: { numericValue: 2 } },
    {
      evaluation: evalA,
      question: q1,
      stepIndex: 2,
      answer: { textValue: "I test the oxygen level first, then explosive gases" },
    },
  ]),
);

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[0] });
const page = await context.newPage();
const problems: string[] = [];
page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
page.on("pageerror", (e) => problems.push(e.message));

const staff = await demoStaffAccount(`shots-${tag}@demo.test`, "Shot Taker", "ORGANIZATION_WRITER");
await page.goto("/admin");
await enterCode(page, "admin", await requestCode(page, "admin", staff));
await page.getByTestId("organization-name").waitFor();

await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
await shoot(page, "dashboard");
await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`);
await shoot(page, "participant");
await shoot(page, "auto-score-dialog", async (p) => {
  await p.getByTestId("auto-score-open").click();
  await p.getByTestId("auto-score-dialog").waitFor();
});
await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/stations`);
await shoot(page, "stations");
await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/stations/${evalA}`);
await shoot(page, "station");

await browser.close();
if (problems.length) console.error(`Browser problems:\n${[...new Set(problems)].join("\n")}`);
console.log(`Screenshots in ${outDir}`);
