import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { liveFixture, type LiveSetup } from "./support/live";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";

// Screenshots of the participant's live screens (list with "ready", before the start, answering,
// help, pause, waiting for unlock, finished) in every language at desktop and phone size, for a
// visual review; not part of the test run. Against a running server with its DATA_DIR and room:
//
//   BASE_URL=http://localhost:3372 E2E_DATA_DIR=/tmp/liveshots PARTYKIT_PORT=3373 node_modules/.bin/tsx tests/e2e/live-participant-screenshots.ts
//
// Writes tests/.tmp/live-participant-screens/<locale>/<w>x<h>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3372";
const where = { dataDir: process.env.E2E_DATA_DIR!, partykitPort: process.env.PARTYKIT_PORT ?? "3373" };
const outDir = path.resolve("tests/.tmp/live-participant-screens");

async function shoot(page: Page, name: string) {
  for (const { locale } of SCREENSHOT_LOCALES) {
    fs.mkdirSync(path.join(outDir, locale), { recursive: true });
    await page
      .context()
      .addCookies([
        { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
      ]);
    await page.reload();
    await page.waitForLoadState("networkidle").catch(() => {});
    for (const viewport of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.waitForTimeout(300);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      if (overflow) console.warn(`${locale} ${name} ${viewport.width}px overflows sideways`);
      await page.screenshot({
        path: path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`),
        fullPage: true,
      });
    }
    await page.setViewportSize(SCREENSHOT_VIEWPORTS[0]!);
  }
}

const data = liveFixture<LiveSetup>(where, "setup", `${baseURL}/favicon.svg`, `s${Date.now()}`);
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const context = await browser.newContext({ baseURL, viewport: SCREENSHOT_VIEWPORTS[0] });
const page = await context.newPage();
const problems: string[] = [];
page.on("console", (m) => m.type() === "error" && problems.push(m.text()));
page.on("pageerror", (e) => problems.push(e.message));

await page.goto("/user");
await enterCode(page, "user", await requestCode(page, "user", { tenant: "demo", email: data.email }));
await page.getByTestId("participant-welcome").waitFor();
await shoot(page, "list-not-ready");
await page.getByTestId("ready-toggle").first().click();
await page.getByTestId("ready-state").first().waitFor();
await shoot(page, "list-ready");
await page.goto(`/user/session/${data.session}`);
await shoot(page, "before-start");

liveFixture(where, "start", data.session);
await page.getByTestId("live-question").waitFor();
await page.getByTestId("step-0").getByLabel(/S3/).check();
await page.getByTestId("step-1").locator("input").fill("2,5");
await page.getByTestId("step-2").locator("textarea").fill("oxygen");
await page.waitForTimeout(500);
await shoot(page, "answering");
await page.getByTestId("help-button").click();
await page.getByTestId("pause-overlay").waitFor();
await shoot(page, "help-paused");
liveFixture(where, "resolve-help", data.session, data.participant);
liveFixture(where, "pause", data.session);
await page.waitForTimeout(500);
await shoot(page, "paused");
liveFixture(where, "resume", data.session);
await page.waitForTimeout(500);
await page.getByTestId("finish-section").click();
await page.getByTestId("point-picker").waitFor();
await page.getByTestId("point-picker").click({ position: { x: 40, y: 40 } });
await shoot(page, "hotzone-practical");
await page.getByTestId("finish-section").click();
await page.getByTestId("finish-confirm").click();
await page.getByTestId("live-waiting").waitFor();
await shoot(page, "waiting");
liveFixture(where, "unlock", data.session, data.participant);
await page.getByTestId("live-question").waitFor();
await page.getByTestId("finish-section").click();
await page.getByTestId("finish-confirm").click();
await page.getByTestId("live-finished").waitFor();
await shoot(page, "finished");

await browser.close();
console.log(problems.length ? `Console problems:\n${problems.join("\n")}` : "No console errors.");
