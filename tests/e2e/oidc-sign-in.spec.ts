import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { startTestProvider, type TestProvider } from "../support/oidc-provider";
import { testTls } from "../support/test-tls";
import { expect, test, type Page } from "./support/fixtures";
import { loginAsStaff, waitForHydration } from "./support/login";
import { operatorTenant } from "./support/tenants";

// Staff sign-in through the organisation's identity provider, through the real screens: a manager
// sets the provider up in the organisation settings, signs out, and signs in again with one click
// on the provider's button; the provider (oidc-provider, started here over https with the run's
// test certificate, which the server trusts) shows its own login and consent pages.

const SLUG = "oidcsso";
let boss: ReturnType<typeof operatorTenant>;
let provider: TestProvider;

// The provider's certificate is the run's own, self-signed: the browser is told to accept it.
test.use({ ignoreHTTPSErrors: true });

test.beforeAll(async ({ baseURL }) => {
  boss = operatorTenant(SLUG, "Dune College", "boss@oidcsso.test");
  const tls = testTls(path.join(process.env.E2E_DATA_DIR!, "test-tls"));
  provider = await startTestProvider({
    redirectUris: [`${new URL(baseURL!).origin}/api/auth/oidc/${SLUG}/callback`],
    tls: { key: tls.key, cert: tls.cert },
  });
});

test.afterAll(async () => {
  await provider?.close();
});

/**
 * The provider's development pages load a web font from Google, which this machine cannot reach:
 * the browser gets an empty style sheet instead (the pages work the same).
 */
async function withoutWebFonts(page: Page) {
  await page
    .context()
    .route("https://fonts.googleapis.com/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/css", body: "" }),
    );
}

const noAxeViolations = async (page: Page, include: string) =>
  expect((await new AxeBuilder({ page }).include(include).analyze()).violations).toEqual([]);

/** The provider's own pages: its login form (any password) and its consent page. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

test("a manager sets up the identity provider, signs out, and signs in again with one click", async ({
  page,
  baseURL,
}) => {
  await withoutWebFonts(page);
  await loginAsStaff(page, boss);
  await page.goto("/admin/organization/settings");
  const section = page.getByTestId("oidc-settings");
  await expect(section.getByRole("heading", { name: "Staff sign-in through an identity provider" })).toBeVisible();
  // The address to register at the provider is shown before anything is saved.
  await expect(section.getByTestId("oidc-redirect-uri")).toHaveText(
    `${new URL(baseURL!).origin}/api/auth/oidc/${SLUG}/callback`,
  );
  await waitForHydration(page);
  await section.getByLabel("Offer sign-in through this provider").check();
  await section.getByLabel("Provider name").fill("Dune Login");
  await section.getByLabel("Issuer URL").fill(provider.issuer);
  await section.getByLabel("Client ID").fill(provider.clientId);
  await section.getByLabel("Client secret").fill(provider.clientSecret);
  await section.getByRole("button", { name: "Save identity provider" }).click();
  await expect(section.getByText("The identity provider settings are saved.")).toBeVisible();
  // The secret is never shown back: the field is empty and says one is set.
  await expect(section.getByLabel("Client secret")).toHaveValue("");
  await expect(section.getByText("A secret is set. Leave the field empty to keep it.")).toBeVisible();
  expect(await page.content()).not.toContain(provider.clientSecret);
  await noAxeViolations(page, "[data-testid=oidc-settings]");

  // Signing out lands on the organisation's own sign-in page, which offers the provider.
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?tenant=${SLUG}$`));
  const button = page.getByRole("link", { name: "Sign in with Dune Login" });
  await expect(button).toBeVisible();
  // The one-time code stays, below the button.
  await expect(page.getByTestId("admin-login-form")).toBeVisible();
  await noAxeViolations(page, "main");

  await button.click();
  await signInAtProvider(page, boss.email);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByTestId("organization-name")).toHaveText("Dune College");
  // The menu opens only once React has hydrated the page (a busy machine shows the HTML first).
  await waitForHydration(page);
  await page.getByTestId("user-menu").click();
  await expect(page.getByRole("menu")).toContainText(boss.email);
});

test("an e-mail that matches no staff member is refused on the sign-in page, with its code", async ({
  page,
  browser,
}) => {
  // Set up through the module's own screens above, or here when this test runs alone.
  await loginAsStaff(page, boss);
  await page.goto("/admin/organization/settings");
  const section = page.getByTestId("oidc-settings");
  await waitForHydration(page);
  await section.getByLabel("Offer sign-in through this provider").check();
  await section.getByLabel("Provider name").fill("Dune Login");
  await section.getByLabel("Issuer URL").fill(provider.issuer);
  await section.getByLabel("Client ID").fill(provider.clientId);
  await section.getByLabel("Client secret").fill(provider.clientSecret);
  await section.getByRole("button", { name: "Save identity provider" }).click();
  await expect(section.getByText("The identity provider settings are saved.")).toBeVisible();

  const stranger = await (await browser.newContext({ ignoreHTTPSErrors: true, locale: "fr-FR" })).newPage();
  await withoutWebFonts(stranger);
  // A sign-in page that does not know the organisation offers its button once it is typed.
  await stranger.goto("/admin");
  await waitForHydration(stranger);
  await expect(stranger.getByTestId("oidc-sign-in")).toHaveCount(0);
  await stranger.getByLabel("Organisation").fill(SLUG);
  await stranger.getByLabel("Organisation").press("Tab");
  await stranger.getByRole("link", { name: "Se connecter avec Dune Login" }).click();
  await signInAtProvider(stranger, "stranger@elsewhere.test");
  await expect(stranger).toHaveURL(new RegExp(`/admin\\?tenant=${SLUG}&oidc=oidc_no_matching_staff$`));
  await expect(stranger.getByRole("alert")).toContainText(
    "Aucun membre du personnel de cette organisation n'a l'adresse e-mail envoyée par le fournisseur d'identité.",
  );
  await expect(stranger.getByTestId("oidc-error-code")).toHaveText("Code : oidc_no_matching_staff");
  // Still signed out, with both ways in offered again.
  await expect(stranger.getByTestId("admin-login-form")).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Se connecter avec Dune Login" })).toBeVisible();
  await noAxeViolations(stranger, "main");
  await stranger.context().close();
});
