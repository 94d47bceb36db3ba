import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { demoStaffAccount } from "./support/accounts";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES } from "./support/screenshots";

// Screenshots of the forms that check while typing (login, a location's dialog, the plan form with
// its participant picker) showing their live errors, in every language at phone width, for a
// visual review; not part of the test run. Against a running server with its DATA_DIR:
//
//   BASE_URL=http://localhost:3342 E2E_DATA_DIR=<data dir> node_modules/.bin/tsx tests/e2e/forms-screenshots.ts
//
// Writes tests/.tmp/forms-screens/<locale>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3342";
const outDir = path.resolve("tests/.tmp/forms-screens");
fs.mkdirSync(outDir, { recursive: true });
const phone = { width: 390, height: 844 };
const shoot = (page: Page, locale: string, name: string) =>
  page.screenshot({ path: path.join(outDir, `${locale}-${name}.png`), fullPage: true });

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const account = await demoStaffAccount(
  `forms-shots-${Date.now().toString(36)}@demo.test`,
  "Fay Forms",
  "ORGANIZATION_MANAGER",
);
const context = await browser.newContext({ baseURL, viewport: phone });
const page = await context.newPage();
page.on("console", (m) => m.type() === "error" && console.warn("console error:", m.text()));
for (const { locale } of SCREENSHOT_LOCALES) {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  const anonymous = await browser.newContext({ baseURL, viewport: phone });
  await anonymous.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  const login = await anonymous.newPage();
  await login.goto("/admin");
  await login.waitForLoadState("networkidle");
  await login.locator('form[data-testid="admin-login-form"] button[type="submit"]').click();
  await shoot(login, locale, "login-errors");
  await anonymous.close();
}
await page.goto("/admin");
await enterCode(page, "admin", await requestCode(page, "admin", account));
await page.getByTestId("organization-name").waitFor();
for (const { locale } of SCREENSHOT_LOCALES) {
  await context.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  await page.goto("/admin/databases/locations");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("create").click();
  await page.getByRole("dialog").locator('button[type="submit"]').click();
  await shoot(page, locale, "location-dialog-errors");
  await page.keyboard.press("Escape");
  await page.goto("/admin/scheduledsessions/plan");
  await page.waitForLoadState("networkidle");
  await page.getByTestId("participant-search").fill("a");
  await page.getByTestId("participant-results").waitFor();
  await page.waitForLoadState("networkidle");
  await page.getByTestId("participant-search").press("ArrowDown");
  await page.locator('form[data-testid="plan-form"] button[type="submit"][value="save"]').click();
  await shoot(page, locale, "plan-errors");
}
await browser.close();
