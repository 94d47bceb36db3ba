import fs from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { createApiToken, revokeApiToken } from "~/modules/apitokens/index.server";
import { addWebhookEndpoint, recordWebhookEvent } from "~/modules/webhooks/index.server";
import { enterCode, requestCode } from "./support/login";
import { chromiumPath, SCREENSHOT_LOCALES } from "./support/screenshots";
import { staffCtx } from "./support/seed";
import { operatorTenant } from "./support/tenants";

// Screenshots of the settings' API-token and webhook sections in every language at phone, tablet
// and desktop widths, for a visual review; not part of the test run. Against a running server
// (production build) with its DATA_DIR:
//
//   BASE_URL=http://localhost:3410 E2E_DATA_DIR=/tmp/tokshots/data node_modules/.bin/tsx tests/e2e/integrations-screenshots.ts
//
// Writes tests/.tmp/integrations-screens/<locale>/<w>-<screen>.png.

const baseURL = process.env.BASE_URL ?? "http://localhost:3410";
const outDir = path.resolve("tests/.tmp/integrations-screens");
const SLUG = "tokshots";
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 820, height: 1180 },
  { width: 1280, height: 800 },
];
const problems: string[] = [];

/** Each section on its own (the settings form above is looked at by organization-screenshots.ts); a dialog as the window shows it. */
async function shoot(page: Page, locale: string, name: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(200);
    const overflow = await page.evaluate(() =>
      document.documentElement.scrollWidth > window.innerWidth ? [document.documentElement.scrollWidth] : [],
    );
    if (overflow.length) problems.push(`${locale} ${name} ${viewport.width}px overflows to ${overflow[0]}px`);
    const file = (part: string) => path.join(outDir, locale, `${viewport.width}-${name}${part}.png`);
    if (name.endsWith("dialog")) await page.screenshot({ path: file("") });
    else
      for (const section of ["api-tokens", "webhooks"])
        await page.locator(`[aria-labelledby="${section}-title"]`).screenshot({ path: file(`-${section}`) });
  }
}

// A receiver on this machine that answers 200: one endpoint's deliveries succeed.
const receiver = createServer((req, res) => req.resume().on("end", () => res.writeHead(200).end()));
await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
const okUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/ok`;

const boss = operatorTenant(SLUG, "Harbour Academy", "boss@tokshots.test");
const ctx = await staffCtx(boss.email, SLUG);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000);
await createApiToken(ctx, {
  name: "Student information system",
  roles: ["ORGANIZATION_READER"],
  expiresAt: inDays(90),
});
const old = await createApiToken(ctx, {
  name: "Old reporting export",
  roles: ["ORGANIZATION_READER", "ORGANIZATION_WRITER"],
  expiresAt: inDays(30),
});
await revokeApiToken(ctx, old._id);
// Seeded here outside production, so the loopback receiver is accepted.
await addWebhookEndpoint(ctx, { url: okUrl, events: ["REPORT_RELEASED", "STANDARD_APPLIED"] });
await addWebhookEndpoint(ctx, {
  url: "https://hooks.example.org/assessments/very-long-path/for-the-student-information-system",
  events: ["SCHEDULED_SESSION_STARTED", "SCHEDULED_SESSION_COMPLETED", "PARTICIPANT_SIGNED_UP"],
});
await ctx.tdb.write(async (tx) => {
  for (const event of ["SCHEDULED_SESSION_STARTED", "REPORT_RELEASED", "STANDARD_APPLIED"] as const)
    await recordWebhookEvent(tx, { tenant: SLUG, event, data: { example: true } });
});
// The server's worker sends them (every 2 s).
await new Promise((resolve) => setTimeout(resolve, 5_000));

fs.mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
});
const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[2] });
const page = await context.newPage();
page.on("console", (m) =>
  m.type() === "error" || m.type() === "warning" ? problems.push(`console ${m.type()}: ${m.text()}`) : undefined,
);
page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
await page.goto("/admin");
await enterCode(page, "admin", await requestCode(page, "admin", boss));
await page.getByTestId("organization-name").waitFor();

for (const { locale } of SCREENSHOT_LOCALES) {
  fs.mkdirSync(path.join(outDir, locale), { recursive: true });
  await context.addCookies([
    { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL },
  ]);
  await page.goto("/admin/organization/settings");
  await page.waitForLoadState("networkidle");
  await page.locator("#api-tokens-title").scrollIntoViewIfNeeded();
  await shoot(page, locale, "integrations");
  // A new token shown once, and a refused endpoint.
  const tokens = page.locator('[aria-labelledby="api-tokens-title"]');
  await tokens.locator('input[name="name"]').fill(`CI pipeline ${locale}`);
  await tokens.locator('input[name="roles"]').first().check();
  await page.getByTestId("api-token-create").click();
  await page.getByTestId("api-token-value").waitFor();
  const hooks = page.locator('[aria-labelledby="webhooks-title"]');
  await hooks.locator('input[name="url"]').fill("http://example.org/hook");
  await page.getByTestId("webhook-add").click();
  await hooks.locator("[aria-invalid=true]").first().waitFor();
  await shoot(page, locale, "integrations-created");
  await page.getByTestId("api-token-revoke").first().click();
  await page.getByTestId("api-token-revoke-dialog").waitFor();
  await shoot(page, locale, "revoke-dialog");
  await page.keyboard.press("Escape");
}
await browser.close();
receiver.close();
console.log(problems.length ? problems.join("\n") : "no console errors, no overflow");
process.exit(0);
