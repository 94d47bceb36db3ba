import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { DEMO_PARTICIPANT, DEMO_STAFF, enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";

// Screenshots of the foundation screens in every language at a desktop and a phone size, for a
// visual review; not part of the test run. Against a running server (e.g. `npm start`):
//
//   BASE_URL=http://localhost:3000 DATA_DIR=./data node_modules/.bin/tsx tests/e2e/screenshots.ts
//
// DATA_DIR must be the server's, for the login codes in its outbox. Writes tests/.tmp/screens/
// <locale>/<width>x<height>-<screen>.png and an index.html contact sheet. Uses 4 login codes (one staff
// code per language, one participant code), well within the per-address rate limit.

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
process.env.E2E_DATA_DIR ??= path.resolve(process.env.DATA_DIR ?? "data");
const outDir = path.resolve("tests/.tmp/screens");
const executablePath = chromiumPath;

const LOCALES = SCREENSHOT_LOCALES;
const VIEWPORTS = SCREENSHOT_VIEWPORTS;

const browser = await chromium.launch({
  executablePath,
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const shots: string[] = [];

/** Shoots the page as it is at every viewport (the state of the page is kept while resizing). */
async function shoot(page: Page, locale: string, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    const file = path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`);
    await page.screenshot({ path: file, fullPage: true });
    shots.push(path.relative(outDir, file));
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

fs.rmSync(outDir, { recursive: true, force: true });
try {
  for (const { locale, browser: browserLocale } of LOCALES) {
    fs.mkdirSync(path.join(outDir, locale), { recursive: true });
    const context = await browser.newContext({ baseURL, locale: browserLocale, viewport: VIEWPORTS[0] });
    const page = await context.newPage();

    await visit(page, "/");
    await shoot(page, locale, "home");
    await visit(page, "/legal/privacy-policy");
    await shoot(page, locale, "privacy");
    await visit(page, "/no-such-page");
    await shoot(page, locale, "404");

    await visit(page, "/admin");
    await shoot(page, locale, "admin-login");
    const login = page.getByTestId("admin-login-form");
    await login.locator('input[name="tenant"]').fill("no-such-organisation");
    await login.locator('input[name="identifier"]').fill(DEMO_STAFF.email);
    await login.locator('button[value="request-code"]').click();
    await login.getByRole("alert").waitFor();
    await shoot(page, locale, "admin-login-error");
    await visit(page, "/admin");
    const code = await requestCode(page, "admin", DEMO_STAFF);
    await shoot(page, locale, "admin-code"); // the code field has the focus (the caret is hidden)
    await enterCode(page, "admin", code === "000000" ? "111111" : "000000"); // one wrong try of three
    await page.getByTestId("admin-code-form").getByRole("alert").waitFor();
    await shoot(page, locale, "admin-code-error");
    await enterCode(page, "admin", code);
    await page.getByTestId("organization-name").waitFor();
    await shoot(page, locale, "admin-dashboard");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menu").waitFor();
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(outDir, locale, "1280x800-admin-user-menu.png") });
    shots.push(path.join(locale, "1280x800-admin-user-menu.png"));
    await context.close();
  }

  // One participant sign-in; then the header's language select switches the language.
  const context = await browser.newContext({ baseURL, locale: "en-US", viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await visit(page, "/user");
  await shoot(page, "en-us", "user-login");
  await enterCode(page, "user", await requestCode(page, "user", DEMO_PARTICIPANT));
  await page.getByTestId("participant-welcome").waitFor();
  for (const { locale } of LOCALES) {
    if ((await page.locator("html").getAttribute("lang")) !== locale) {
      await page.locator("#language-select").selectOption(locale);
      await page.waitForFunction((l) => document.documentElement.lang === l, locale);
      await page.waitForLoadState("networkidle");
    }
    await shoot(page, locale, "user-home");
  }
  await context.close();

  // A contact sheet per viewport to review many shots at once.
  for (const viewport of VIEWPORTS) {
    const prefix = `${viewport.width}x${viewport.height}-`;
    const mine = shots.filter((s) => path.basename(s).startsWith(prefix)).sort();
    const html = `<!doctype html><meta charset=utf-8><style>body{margin:0;font:12px sans-serif;display:flex;flex-wrap:wrap;gap:8px;padding:8px}
figure{margin:0;width:${viewport.width === 1280 ? 420 : 200}px}img{width:100%;border:1px solid #999}</style>
${mine.map((s) => `<figure><figcaption>${s}</figcaption><img src="${s}"></figure>`).join("\n")}`;
    fs.writeFileSync(path.join(outDir, `sheet-${viewport.width}.html`), html);
  }
  console.log(`${shots.length} screenshots in ${outDir}`);
} finally {
  await browser.close();
}
