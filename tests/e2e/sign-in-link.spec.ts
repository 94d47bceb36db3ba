import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { waitForSignInLink } from "./support/outbox";
import { SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";

// The e-mailed sign-in link is on the public address (PUBLIC_URL, ADR 0029) and opens a page that
// names the account and asks to continue; only that page's POST signs in, and only once.

const REQUEST_LOGIN =
  "mutation($t: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $t, userIdentifier: $id) }";
const shots = path.resolve("tests/.tmp/signin-link");

test("the sign-in link asks before it signs in, in every language, and works once", async ({
  page,
  request,
  baseURL,
}) => {
  const account = await demoStaffAccount(
    `link-${Date.now().toString(36)}@demo.test`,
    "Lena Link",
    "ORGANIZATION_READER",
  );
  const since = Date.now() - 50;
  const asked = await request.post("/api/admin/graphql", {
    data: { query: REQUEST_LOGIN, variables: { t: "demo", id: { type: "EMAIL", value: account.email } } },
  });
  expect((await asked.json()).data.requestLogin).toBe(true);
  const link = await waitForSignInLink(account.email, since);
  expect(link.startsWith(`${new URL(baseURL!).origin}/api/auth/callback?tenant=demo&token=`)).toBe(true);

  const expected = {
    "en-us": "Continue and sign in",
    "nl-nl": "Doorgaan en aanmelden",
    "fr-fr": "Continuer et se connecter",
  } as const;
  for (const { locale } of SCREENSHOT_LOCALES) {
    await page
      .context()
      .addCookies([
        { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL! },
      ]);
    for (const viewport of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(link);
      const card = page.getByTestId("signin-link-confirm");
      await expect(card).toContainText(`Lena Link (${account.email})`);
      await expect(card).toContainText("Demo Organisation");
      await expect(page.getByRole("button", { name: expected[locale] })).toBeVisible();
      // The whole card fits the width: nothing to scroll sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await page.screenshot({ path: path.join(shots, `${locale}-${viewport.width}.png`), fullPage: true });
    }
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  }
  // Opening the page signed nobody in.
  await page.goto("/admin");
  await expect(page.getByTestId("admin-login-form")).toBeVisible();

  await page.goto(link);
  await page.getByTestId("signin-link-continue").click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("organization-name")).toHaveText("Demo Organisation");

  // Used up: the same link now lands on the login page with a message.
  const other = await page.context().browser()!.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second).toHaveURL(/\/admin\?tenant=demo&signin=invalid$/);
  await expect(second.getByText("This sign-in link has expired or was already used.")).toBeVisible();
  await other.close();
});
