import { type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { loginAsStaff } from "./support/login";
import { waitForSignInLink } from "./support/outbox";
import { operatorTenant } from "./support/tenants";

// Organisation administration in an organisation of its own (made with `npm run tenant:create`),
// so renaming it or changing its logo does not touch the demo tenant other specs use.
const SLUG = "orgadmin";
let boss: ReturnType<typeof operatorTenant>;

test.beforeAll(() => {
  boss = operatorTenant(SLUG, "Harbour Academy", "boss@orgadmin.test");
});

/** A real PNG drawn by the browser: a navy badge with white initials. */
async function logoPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 64;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#011951";
    g.fillRect(0, 0, 160, 64);
    g.fillStyle = "#ffffff";
    g.font = "bold 36px sans-serif";
    g.fillText("HA", 48, 46);
    return canvas.toDataURL("image/png");
  });
  return Buffer.from(dataUrl.split(",")[1]!, "base64");
}

async function addUser(page: Page, name: string, email: string, role: string) {
  await page.getByTestId("add-user").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByLabel("E-mail").fill(email);
  // New users start as readers; choose exactly the wanted role.
  const reader = dialog.getByRole("checkbox", { name: /Reader/ });
  if (role !== "Reader") await reader.uncheck();
  await dialog.getByRole("checkbox", { name: new RegExp(`^${role}`) }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("user-row").filter({ hasText: email })).toContainText(role);
}

test("a manager adds a writer and a reader; the reader signs in through the e-mailed link and only reads", async ({
  page,
  browser,
  baseURL,
}) => {
  await loginAsStaff(page, boss);
  await page.getByRole("link", { name: "Users" }).click();
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await addUser(page, "Wim Writer", "writer@orgadmin.test", "Writer");
  const since = Date.now() - 50;
  await addUser(page, "Rosa Reader", "reader@orgadmin.test", "Reader");
  await expect(page.getByTestId("user-row")).toHaveCount(3);

  // Search narrows the list.
  await page.getByRole("searchbox").fill("rosa");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByTestId("user-row")).toHaveCount(1);

  const link = await waitForSignInLink("reader@orgadmin.test", since);
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  // The link is on the public address (PUBLIC_URL), and opening it only asks whether to continue.
  expect(link.startsWith(`${new URL(baseURL!).origin}/api/auth/callback?tenant=`)).toBe(true);
  await reader.goto(link);
  await expect(reader.getByTestId("signin-link-confirm")).toContainText("Rosa Reader (reader@orgadmin.test)");
  await expect(reader.getByTestId("signin-link-confirm")).toContainText("Harbour Academy");
  await reader.getByRole("button", { name: "Continue and sign in" }).click();
  await expect(reader).toHaveURL(/\/admin$/);
  await expect(reader.getByTestId("organization-name")).toHaveText("Harbour Academy");
  // Read-only: no user or settings entries, no create buttons.
  await expect(reader.getByRole("link", { name: "Users" })).toHaveCount(0);
  await expect(reader.getByRole("link", { name: "Organisation" })).toHaveCount(0);
  await reader.goto("/admin/databases/companies");
  await expect(reader.getByRole("heading", { name: "Companies" })).toBeVisible();
  await expect(reader.getByTestId("create")).toHaveCount(0);
  await reader.goto("/admin/assessments/questions");
  await expect(reader.getByRole("link", { name: /New question|Create/i })).toHaveCount(0);

  // A direct POST is refused, and changes nothing.
  const post = await reader.request.post("/admin/databases/companies", {
    form: { intent: "create", name: "Sneaky Co" },
  });
  expect(await post.text()).toContain("You are not allowed to do this.");
  const api = await reader.request.post("/api/admin/graphql", {
    data: { query: `mutation { addCompany(input: { name: "Sneaky Co" }) { _id } }` },
  });
  expect((await api.json()).errors[0].extensions.code).toBe("FORBIDDEN");
  await reader.goto("/admin/databases/companies?q=Sneaky");
  await expect(reader.getByTestId("empty")).toBeVisible();
  expect((await reader.request.get("/admin/usermanagement")).status()).toBe(403);

  // The link worked once.
  await readerContext.clearCookies();
  await reader.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(reader).toHaveURL(/signin=invalid/);
  await expect(reader.getByRole("alert")).toContainText("expired or was already used");
  await readerContext.close();
});

test("the manager uploads a logo and sees it in the header and on the login page", async ({ page, browser }) => {
  await loginAsStaff(page, boss);
  await page.goto("/admin/organization/settings");
  await expect(page.getByText("No logo yet.")).toBeVisible();
  await page
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await logoPng(page) });
  await page.getByTestId("save-settings").click();
  await expect(page.getByRole("status")).toContainText("The settings are saved.");
  const header = page.getByTestId("organization-logo");
  await expect(header).toBeVisible();
  expect(await header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await expect(page.getByTestId("settings-logo")).toBeVisible();

  const visitor = await browser.newContext();
  const login = await visitor.newPage();
  await login.goto(`/admin?tenant=${SLUG}`);
  await expect(login.getByTestId("login-organization")).toContainText("Harbour Academy");
  const logo = login.getByTestId("login-logo");
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(160);
  await login.goto(`/user?tenant=${SLUG}`);
  await expect(login.getByTestId("login-logo")).toBeVisible();
  await visitor.close();
});

test("settings saved in one language are shown in the others", async ({ page }) => {
  await loginAsStaff(page, boss);
  await page.goto("/admin/organization/settings");
  await page.getByLabel("Organisation name").fill("Harbour Academy Antwerp");
  await page.getByLabel("Notice recipients").fill("boss@orgadmin.test\nplanning@orgadmin.test");
  await page.getByLabel("Default language").selectOption("nl-nl");
  await page.getByLabel("Pass percentage").fill("65");
  await page.getByLabel("Report layout").selectOption("WIDE");
  await page.getByTestId("save-settings").click();
  await expect(page.getByRole("status")).toContainText("The settings are saved.");
  await expect(page.getByTestId("organization-name")).toHaveText("Harbour Academy Antwerp");

  // A refused save (a bad address) changes nothing and says why.
  await page.getByLabel("Notice recipients").fill("not-an-address");
  await page.getByTestId("save-settings").click();
  await expect(page.getByText("Enter one valid e-mail address per line.")).toBeVisible();
  await expect(page.getByLabel("Notice recipients")).toHaveValue("not-an-address");

  for (const [locale, name, recipients, layout] of [
    ["nl-nl", "Naam van de organisatie", "Ontvangers van meldingen", "Breed"],
    ["fr-fr", "Nom de l'organisation", "Destinataires des notifications", "Large"],
  ] as const) {
    await page.locator("#language-select").selectOption(locale);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByLabel(name)).toHaveValue("Harbour Academy Antwerp");
    await expect(page.getByLabel(recipients)).toHaveValue("boss@orgadmin.test\nplanning@orgadmin.test");
    await expect(page.locator('select[name="defaultLanguage"]')).toHaveValue("nl-nl");
    await expect(page.locator('input[name="defaultPassPercentage"]')).toHaveValue("65");
    await expect(page.locator('select[name="defaultReportLayout"] option:checked')).toHaveText(layout);
  }
});

test("a manager changes roles and removes a user, but cannot drop the last manager", async ({ page }) => {
  await loginAsStaff(page, boss);
  await page.goto("/admin/usermanagement");
  await addUser(page, "Tess Temp", "temp@orgadmin.test", "Live session operator");
  const row = page.getByTestId("user-row").filter({ hasText: "temp@orgadmin.test" });
  await row.getByRole("button", { name: "Edit" }).click();
  let dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: /^Writer/ }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Writer");
  await expect(row).toContainText("Live session operator");

  await row.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  await expect(page.getByTestId("user-row").filter({ hasText: "temp@orgadmin.test" })).toHaveCount(0);

  // The only manager cannot take the role away from themselves.
  const self = page.getByTestId("user-row").filter({ hasText: "boss@orgadmin.test" });
  await self.getByRole("button", { name: "Edit" }).click();
  dialog = page.getByRole("dialog");
  await dialog.getByRole("checkbox", { name: /^Reader/ }).check();
  await dialog.getByRole("checkbox", { name: /^Manager/ }).uncheck();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByRole("alert")).toContainText("The organisation needs at least one manager");
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(self).toContainText("Manager");
});
