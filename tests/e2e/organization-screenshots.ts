import fs from "node:fs";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { addQuestion } from "~/modules/assessments/questions.server";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";
import { staffCtx } from "./support/seed";
import { operatorTenant } from "./support/tenants";

// Screenshots of the organisation administration screens (users, add / edit / remove with
// hand-over, settings, login page with the logo, an used sign-in link) in every language at a
// desktop and a phone size, for a visual review; not part of the test run. Against a running
// server with its DATA_DIR:
//
//   BASE_URL=http://localhost:3352 E2E_DATA_DIR=/tmp/orgshots/data node_modules/.bin/tsx tests/e2e/organization-screenshots.ts
//
// Writes tests/.tmp/organization-screens/<locale>/<w>x<h>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3352";
const outDir = path.resolve("tests/.tmp/organization-screens");
const SLUG = "shots";
const problems: string[] = [];

async function shoot(page: Page, locale: string, name: string, fullPage = true) {
  for (const viewport of SCREENSHOT_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
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
    if (overflow.length) problems.push(`${locale} ${name} ${viewport.width}px overflows: ${overflow.join(", ")}`);
    await page.screenshot({
      path: path.join(outDir, locale, `${viewport.width}x${viewport.height}-${name}.png`),
      fullPage,
    });
  }
  await page.setViewportSize(SCREENSHOT_VIEWPORTS[0]!);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

async function gql(page: Page, query: string, variables: Record<string, unknown> = {}) {
  const res = await page.request.post("/api/admin/graphql", { data: { query, variables } });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** Staff with several roles, one of whom owns a question and runs nothing (for the hand-over dialog). */
async function seed(page: Page): Promise<void> {
  const existing = await gql(page, `{ allUsers(first: 50) { pageInfo { totalCount } } }`);
  if (existing.allUsers.pageInfo.totalCount > 1) return;
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 240;
    canvas.height = 80;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#011951";
    g.beginPath();
    g.arc(40, 40, 32, 0, Math.PI * 2);
    g.fill();
    g.fillStyle = "#f59e0b";
    g.fillRect(28, 20, 24, 40);
    g.fillStyle = "#011951";
    g.font = "bold 30px sans-serif";
    g.fillText("Harbour", 84, 52);
    return canvas.toDataURL("image/png");
  });
  const upload = await page.request.post("/api/assets/image/upload/file", {
    multipart: {
      file: { name: "logo.png", mimeType: "image/png", buffer: Buffer.from(dataUrl.split(",")[1]!, "base64") },
    },
  });
  const logo = (await upload.json()).id as string;
  await gql(page, `mutation($logo: String) { updateOrganizationSettings(input: { logo: $logo }) { logo } }`, { logo });
  const add = `mutation($input: ManagedUserInput!) { addUser(input: $input) { _id } }`;
  const people = [
    ["Ann Peeters", "ann@shots.test", ["ORGANIZATION_WRITER"]],
    ["Bram De Smet", "bram@shots.test", ["ORGANIZATION_READER"]],
    [
      "Chloé Dubois-Vandenberghe",
      "chloe.dubois-vandenberghe@shots.test",
      ["ORGANIZATION_USER_MANAGER", "ORGANIZATION_REALTIME_USER"],
    ],
    ["Dirk Janssens", "dirk@shots.test", ["ORGANIZATION_REALTIME_USER"]],
  ] as const;
  for (const [name, email, roles] of people) await gql(page, add, { input: { name, email, roles } });
  // Ann owns a private question of her own: the hand-over dialog has something to hand over.
  await addQuestion(await staffCtx("ann@shots.test", SLUG), {
    name: "Sling angle check",
    maxTime: 60,
    visibility: "PRIVATE",
    objectOwnerType: "USER",
  });
}

fs.mkdirSync(outDir, { recursive: true });
const boss = operatorTenant(SLUG, "Harbour Academy", "boss@shots.test");
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const context = await browser.newContext({ baseURL, viewport: SCREENSHOT_VIEWPORTS[0] });
const page = await context.newPage();
page.on("console", (m) =>
  m.type() === "error" || m.type() === "warning" ? problems.push(`console ${m.type()}: ${m.text()}`) : undefined,
);
page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
await page.goto("/admin");
await enterCode(page, "admin", await requestCode(page, "admin", boss));
await page.getByTestId("organization-name").waitFor();
await seed(page);

for (const { locale } of SCREENSHOT_LOCALES) {
  fs.mkdirSync(path.join(outDir, locale), { recursive: true });
  await context.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);

  await visit(page, "/admin/usermanagement");
  await shoot(page, locale, "users");
  await page.getByTestId("add-user").click();
  await page.getByRole("dialog").waitFor();
  await shoot(page, locale, "add-user", false);
  await page.getByRole("dialog").getByRole("button").first().press("Escape");
  await page.keyboard.press("Escape");

  const ann = page.getByTestId("user-row").filter({ hasText: "ann@shots.test" });
  await ann.getByRole("button").last().click();
  const dialog = page.getByRole("alertdialog");
  await dialog.waitFor();
  await dialog.getByRole("button").last().click();
  await dialog.locator("select").waitFor();
  await shoot(page, locale, "remove-hand-over", false);
  await page.keyboard.press("Escape");

  await visit(page, "/admin/organization/settings");
  await shoot(page, locale, "settings");
  await page.locator('textarea[name="organizationManagerEmails"]').fill("not-an-address");
  await page.getByTestId("save-settings").click();
  await page.locator("[aria-invalid=true]").first().waitFor();
  await shoot(page, locale, "settings-error");

  const visitor = await browser.newContext({ baseURL, viewport: SCREENSHOT_VIEWPORTS[0] });
  await visitor.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  const anon = await visitor.newPage();
  anon.on("console", (m) =>
    m.type() === "error" || m.type() === "warning" ? problems.push(`console ${m.type()}: ${m.text()}`) : undefined,
  );
  await visit(anon, `/admin?tenant=${SLUG}`);
  await shoot(anon, locale, "login-admin");
  await visit(anon, `/user?tenant=${SLUG}&signin=invalid`);
  await shoot(anon, locale, "login-user-link-used");
  await visitor.close();
}
await browser.close();
console.log(problems.length ? problems.join("\n") : "no console errors, no overflow");
