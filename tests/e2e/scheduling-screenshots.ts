import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addLocation } from "~/modules/databases/locations.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { demoDatabase, demoStaffAccount } from "./support/accounts";
import { staffCtx } from "./support/seed";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";

// Screenshots of the scheduling screens (list, month and week calendar, overview, plan form, order
// grid, sign-up page) in every language at a desktop and a phone size, for a visual review; not
// part of the test run. Against a running server with its DATA_DIR:
//
//   BASE_URL=http://localhost:3750 E2E_DATA_DIR=/tmp/schedshots/data node_modules/.bin/tsx tests/e2e/scheduling-screenshots.ts
//
// Seeds a template with three evaluations, a location, six participants (through the product's
// module functions) and sessions this month (through the plan form) into the demo tenant, then writes tests/.tmp/scheduling-screens/<locale>/<w>x<h>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3750";
const outDir = path.resolve("tests/.tmp/scheduling-screens");
const executablePath = chromiumPath;
const LOCALES = SCREENSHOT_LOCALES;
const VIEWPORTS = SCREENSHOT_VIEWPORTS;

async function seed(): Promise<void> {
  const db = await demoDatabase();
  const done = await db.execute("SELECT id FROM session_templates WHERE name = 'Crane operator certificate'");
  db.close();
  if (done.rows.length) return;
  const ctx = await staffCtx();
  const evaluations: string[] = [];
  for (const name of ["Lifting plan", "Rigging and slinging", "Hand signals"])
    evaluations.push((await addEvaluation(ctx, { name, options: { enableTimer: false } }))._id);
  await addSession(ctx, {
    name: "Crane operator certificate",
    evaluations,
    passPercentage: 70,
    referenceFormat: "CRN",
  });
  await addLocation(ctx, {
    name: "Harbour training centre",
    address: { line1: "Kaai 12", city: "Antwerpen", postal: "2000", country: "BE" },
  });
  for (const name of ["Ann Peeters", "Bram De Smet", "Chloé Dubois", "Dirk Janssens", "Eva Maes", "Farid El Amrani"])
    await addParticipant(ctx, { name, email: `${name.split(" ")[0]!.toLowerCase()}@shots.test` });
}

async function shoot(page: Page, locale: string, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    // A page wider than the phone means sideways scrolling: name the widest culprits.
    const overflow = await page.evaluate(() => {
      const width = window.innerWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      return [...document.querySelectorAll("body *")]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .slice(0, 5)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").split(" ").slice(0, 4).join(".")}`,
        );
    });
    if (overflow.length) console.warn(`${locale} ${name} ${viewport.width}px overflows:`, overflow);
    await page.screenshot({
      path: path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

/** Plans sessions through the plan form (the screens' own action), returns the first one's id. */
async function planSessions(page: Page): Promise<string> {
  const ids: string[] = [];
  const today = new Date();
  const days = [0, 2, 2, 9, 16];
  for (const [i, offset] of days.entries()) {
    const day = new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    await visit(page, "/admin/scheduledsessions/plan");
    await page.getByRole("combobox", { name: "Session *" }).fill("Crane operator");
    await page.getByRole("option", { name: /Crane operator certificate/ }).click();
    await page.locator('input[name="datetime"]').fill(`${day}T${i % 2 ? "13:30" : "09:00"}`);
    await page.getByRole("combobox", { name: "Location" }).fill("Harbour training");
    await page.getByRole("option", { name: /Harbour training centre/ }).click();
    for (const name of ["Ann Peeters", "Bram De Smet", "Chloé Dubois", "Dirk Janssens"].slice(0, 2 + (i % 3))) {
      await page.getByTestId("participant-search").fill(name);
      await page
        .getByTestId("participant-results")
        .getByRole("option", { name: new RegExp(name) })
        .click();
    }
    await page.locator('button[name="intent"][value="save"], button[type="submit"]:has-text("Save")').first().click();
    await page.waitForURL(/saved=1/);
    ids.push(/id=([\w-]+)/.exec(page.url())![1]!);
  }
  return ids[0]!;
}

async function existingSession(): Promise<string | null> {
  const db = await demoDatabase();
  const row = (await db.execute("SELECT id FROM scheduled_sessions ORDER BY datetime LIMIT 1")).rows[0];
  db.close();
  return row ? (row.id as string) : null;
}

fs.mkdirSync(outDir, { recursive: true });
await seed();
// A fresh account per run: sign-in is rate limited per identifier.
const account = await demoStaffAccount(
  `planner-${Date.now().toString(36)}@demo.test`,
  "Pia Planner",
  "ORGANIZATION_MANAGER",
);
const browser = await chromium.launch({
  executablePath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
let firstId: string | null = null;
// One sign-in for all languages (the login is rate limited); each language is then chosen with
// the language cookie, as the switcher does.
const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[0] });
const page = await context.newPage();
await page.goto("/admin");
await enterCode(page, "admin", await requestCode(page, "admin", account));
await page.getByTestId("organization-name").waitFor();
for (const { locale, browser: browserLocale } of LOCALES) {
  fs.mkdirSync(path.join(outDir, locale), { recursive: true });
  // Remix signs nothing here but encodes cookie values as base64 JSON.
  await context.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  firstId ??= (await existingSession()) ?? (await planSessions(page));
  const db = await demoDatabase();
  const code = (await db.execute({ sql: "SELECT login_code FROM scheduled_sessions WHERE id = ?", args: [firstId] }))
    .rows[0]!.login_code as string;
  db.close();

  await visit(page, "/admin/scheduledsessions");
  await shoot(page, locale, "list");
  await visit(page, "/admin/scheduledsessions?view=month");
  await shoot(page, locale, "month");
  await visit(page, "/admin/scheduledsessions?view=week");
  await shoot(page, locale, "week");
  await visit(page, `/admin/scheduledsessions?overview=${firstId}`);
  await shoot(page, locale, "overview");
  await visit(page, `/admin/scheduledsessions/plan?id=${firstId}`);
  await shoot(page, locale, "plan");
  // The session overview of the chosen template, before planning.
  await page.getByTestId("template-overview-open").click();
  await page.getByTestId("template-overview-totals").waitFor();
  await shoot(page, locale, "plan-template-overview");
  await page.keyboard.press("Escape");
  // The location search, open on the organisation's locations.
  await page.getByTestId("select-location").getByRole("combobox").focus();
  await page.getByTestId("select-location").getByRole("option").first().waitFor();
  await shoot(page, locale, "plan-location-open");
  await page.keyboard.press("Escape");
  // The removal dialog, at its second step (the entries that go with the session).
  await page.getByTestId("session-actions").getByRole("button").last().click();
  await page.getByRole("alertdialog").getByRole("button").last().click();
  await page.getByTestId("remove-confirmation").waitFor();
  await shoot(page, locale, "remove-dialog");
  await page.keyboard.press("Escape");
  await visit(page, `/admin/scheduledsessions/order/${firstId}`);
  await shoot(page, locale, "order");
  // "Assign automatically" asks first.
  await page.getByTestId("auto-assign").click();
  await page.getByRole("alertdialog").waitFor();
  await shoot(page, locale, "order-auto-confirm");
  await page.keyboard.press("Escape");
  // Participants with their language, the edit dialog, and an admin 404 inside the shell.
  await visit(page, "/admin/databases/participants");
  await shoot(page, locale, "participants");
  await page.getByRole("row").nth(1).getByRole("button").first().click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, locale, "participant-dialog");
  await page.keyboard.press("Escape");
  await visit(page, "/admin/no-such-page");
  await shoot(page, locale, "admin-404");
  const visitor = await browser.newContext({ baseURL, locale: browserLocale, viewport: VIEWPORTS[0] });
  const signup = await visitor.newPage();
  await visit(signup, `/user/signup/${code}?tenant=demo`);
  await shoot(signup, locale, "signup");
  await visitor.close();
}
await context.close();
await browser.close();
console.log(`Screenshots in ${outDir}`);
