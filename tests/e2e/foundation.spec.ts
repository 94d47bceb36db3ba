import { expect, test, type Browser } from "./support/fixtures";
import {
  DEMO_PARTICIPANT,
  DEMO_STAFF,
  enterCode,
  requestCode,
  signInThroughScreens,
  waitForHydration,
} from "./support/login";
import { demoStaffAccount } from "./support/accounts";
import { waitForCode } from "./support/outbox";

// Foundation: public routes, language negotiation, one-time-code login for staff and participants.

async function pageIn(browser: Browser, locale: string) {
  const context = await browser.newContext({ locale });
  return { context, page: await context.newPage() };
}

test.describe("public routes", () => {
  for (const route of ["/", "/legal/privacy-policy", "/legal/cookie-policy", "/admin", "/user"]) {
    test(`${route} answers 200`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "en-us");
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    });
  }

  test("an unknown route answers 404 with the error page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("error-title")).toHaveText("This page could not be found");
  });
});

test.describe("language negotiation", () => {
  test("/admin is served in French to a French browser", async ({ browser }) => {
    const { context, page } = await pageIn(browser, "fr-FR");
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr-fr");
    const form = page.getByTestId("admin-login-form");
    await expect(page.getByRole("heading", { name: "Connexion du personnel" })).toBeVisible();
    await expect(form.getByRole("button", { name: "M'envoyer un code" })).toBeVisible();
    await expect(form.getByText("Organisation", { exact: true })).toBeVisible();
    await context.close();
  });

  test("/admin is served in Dutch to a Dutch browser", async ({ browser }) => {
    const { context, page } = await pageIn(browser, "nl-NL");
    await page.goto("/admin");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-nl");
    const form = page.getByTestId("admin-login-form");
    await expect(page.getByRole("heading", { name: "Aanmelden voor medewerkers" })).toBeVisible();
    await expect(form.getByRole("button", { name: "Stuur mij een code" })).toBeVisible();
    await expect(form.getByText("Organisatie", { exact: true })).toBeVisible();
    await context.close();
  });
});

test.describe("staff", () => {
  test("signs in with the mailed code, switches to Dutch and signs out", async ({ page }) => {
    await signInThroughScreens(page, "admin", DEMO_STAFF);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByTestId("organization-name")).toHaveText("Demo Organisation");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welcome, /);

    await page.locator("#language-select").selectOption("nl-nl");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-nl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Welkom, /);
    await expect(page.locator("#language-select")).toHaveValue("nl-nl");
    await expect(page.getByTestId("organization-name")).toHaveText("Demo Organisation");
    // The switch reloads the whole document: a click before React hydrates it opens no menu.
    await waitForHydration(page);

    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Afmelden" }).click();
    await expect(page.getByTestId("admin-login-form")).toBeVisible();
    await expect(page.getByTestId("organization-name")).toHaveCount(0);
    // The session is gone on the server too, not only in this page.
    await page.goto("/admin");
    await expect(page.getByTestId("admin-login-form")).toBeVisible();
  });

  test("a wrong code shows the translated error and keeps the code form", async ({ browser }) => {
    const { context, page } = await pageIn(browser, "fr-FR");
    await page.goto("/admin");
    const right = await requestCode(page, "admin", DEMO_STAFF);
    await enterCode(page, "admin", right === "000000" ? "111111" : "000000");
    const codeForm = page.getByTestId("admin-code-form");
    await expect(codeForm.getByRole("alert")).toHaveText(
      "Ce code est erroné ou a expiré. Vérifiez-le ou demandez un nouveau code.",
    );
    await expect(codeForm).toBeVisible();
    await expect(codeForm.locator('input[name="code"]')).toBeVisible();
    await expect(page.getByTestId("organization-name")).toHaveCount(0);
    // One wrong try of three: the right code still works.
    await enterCode(page, "admin", right);
    await expect(page.getByTestId("organization-name")).toHaveText("Demo Organisation");
    await context.close();
  });

  test("a code used up by three wrong tries says so and offers a new one in one tap", async ({ browser }) => {
    const { context, page } = await pageIn(browser, "en-US");
    // An account of its own: login codes are rate-limited per person.
    const who = await demoStaffAccount(
      `used-up-${Date.now().toString(36)}@demo.test`,
      "Uma Usedup",
      "ORGANIZATION_READER",
    );
    await page.goto("/admin");
    const right = await requestCode(page, "admin", who);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 3; i++) {
      const answered = page.waitForResponse((r) => r.request().method() === "POST");
      await enterCode(page, "admin", wrong);
      await answered;
    }
    const codeForm = page.getByTestId("admin-code-form");
    await expect(codeForm.getByRole("alert")).toContainText("entered wrongly 3 times and can no longer be used");
    // No code field to try again in: the one thing to do is to ask for a new code.
    await expect(codeForm.locator('input[name="code"]')).toHaveCount(0);
    const since = Date.now() - 50;
    await expect(page.getByTestId("login-new-code")).toBeFocused();
    await page.getByTestId("login-new-code").click();
    const fresh = await waitForCode(who.email, since);
    await enterCode(page, "admin", fresh);
    await expect(page.getByTestId("organization-name")).toHaveText("Demo Organisation");
    await context.close();
  });

  test("an unknown sign-up code is named, with a way to type it again and a way to one's sessions", async ({
    page,
  }) => {
    await page.goto("/user/signup/NOPE42?tenant=demo");
    await expect(page.getByRole("alert")).toContainText("No session was found for the code NOPE42");
    await expect(page.getByRole("link", { name: "See my sessions" })).toHaveAttribute("href", "/user");
    const again = page.getByTestId("signup-code-again");
    await again.getByLabel("Session code").fill("zzz999");
    await again.getByRole("button", { name: "Look it up" }).click();
    await expect(page).toHaveURL(/\/user\/signup\/ZZZ999\?tenant=demo$/);
    await expect(page.getByRole("alert")).toContainText("No session was found for the code ZZZ999");
  });

  test("an unknown organisation is named as such", async ({ page }) => {
    await page.goto("/admin");
    const form = page.getByTestId("admin-login-form");
    await form.locator('input[name="tenant"]').fill("no-such-organisation");
    await form.locator('input[name="identifier"]').fill("admin@demo.test");
    await form.getByRole("button", { name: "Send me a code" }).click();
    await expect(form.getByRole("alert")).toContainText("No organisation with this name was found");
    await expect(page.getByTestId("admin-code-form")).toHaveCount(0);
  });
});

test.describe("participant", () => {
  test("signs in at /user and gets no access to /admin", async ({ page }) => {
    await signInThroughScreens(page, "user", DEMO_PARTICIPANT);
    await expect(page).toHaveURL(/\/user$/);
    await expect(page.getByTestId("participant-welcome")).toHaveText(/^Welcome, /);
    // Let /user finish hydrating before leaving it.
    await page.waitForLoadState("networkidle");

    await page.goto("/admin");
    await expect(page.getByTestId("admin-login-form")).toBeVisible();
    await expect(page.getByTestId("user-menu")).toHaveCount(0);
    const admin = await page.request.post("/api/admin/graphql", { data: { query: "{ profile { tenant } }" } });
    expect((await admin.json()).errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");

    // The participant session itself is intact.
    await page.goto("/user");
    await expect(page.getByTestId("participant-welcome")).toBeVisible();
    // The test ends on a settled page.
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
  });
});
