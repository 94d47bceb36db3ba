import path from "node:path";
import { expect, test, type Browser, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff, type Account } from "./support/login";

// Sharing a PRIVATE question through the screens: its writer shares it with a colleague as VIEWER
// (trying out an EDITOR share on the way and removing it again); the viewer sees it in the list and
// cannot change it; a third colleague without a share does not see it at all.

const run = Date.now().toString(36);
const QUESTION = `E2E Private ladder check ${run}`;
const shotsDir = path.resolve("tests/.tmp/sharing-screens");

const sharer = () => demoStaffAccount("sharer@demo.test", "Sam Sharer", "ORGANIZATION_WRITER");
const viewer = () => demoStaffAccount("viewer@demo.test", "Vic Viewer", "ORGANIZATION_WRITER");
const outsider = () => demoStaffAccount("outsider@demo.test", "Olga Outsider", "ORGANIZATION_WRITER");

/** A signed-in page in its own browser context (its own session cookie). */
async function signedIn(browser: Browser, baseURL: string | undefined, who: Account): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: "en-US", viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await loginAsStaff(page, who);
  return page;
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle"); // hydrated: the form's controls are React's
}

test("a writer shares a private question as VIEWER; the viewer sees it read-only, others not at all", async ({
  browser,
  baseURL,
}) => {
  // Every account exists before the form loads its list of colleagues.
  const [sharerAccount, viewerAccount, outsiderAccount] = [await sharer(), await viewer(), await outsider()];

  // --- The writer creates the PRIVATE question and shares it.
  const page = await signedIn(browser, baseURL, sharerAccount);
  await visit(page, "/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill(QUESTION);
  await page.getByLabel("Time limit (seconds)").fill("120");

  const sharing = page.getByRole("region", { name: "Shared with" });
  await expect(sharing).toHaveCount(0); // visible to the whole organisation: nothing to share
  await page.getByLabel("Visibility").selectOption({ label: "Private" });
  await page.getByLabel("Owned by").selectOption({ label: "Me" });
  await expect(sharing).toBeVisible();
  await expect(sharing).toContainText("An editor may change it; a viewer may only see and use it.");
  await expect(sharing).toContainText("Not shared with anyone yet.");

  const colleague = sharing.getByLabel("Colleague");
  // The owner is not offered; the colleagues are, with their e-mail.
  await expect(colleague.locator("option", { hasText: "Sam Sharer" })).toHaveCount(0);
  await expect(colleague.locator("option", { hasText: "Vic Viewer (viewer@demo.test)" })).toHaveCount(1);

  // Add the outsider as EDITOR by keyboard, then change and remove: the focus stays in the section.
  await colleague.selectOption({ label: "Olga Outsider (outsider@demo.test)" });
  await sharing.getByRole("combobox", { name: "Access", exact: true }).selectOption("EDITOR");
  await sharing.getByRole("button", { name: "Share" }).focus();
  await page.keyboard.press("Enter");
  const shares = sharing.getByRole("list", { name: "Shared with" });
  await expect(shares.getByRole("listitem")).toHaveCount(1);
  await expect(colleague).toBeFocused();
  await expect(sharing.getByLabel("Access for Olga Outsider")).toHaveValue("EDITOR");
  await expect(colleague.locator("option", { hasText: "Olga Outsider" })).toHaveCount(0);
  await sharing.getByLabel("Access for Olga Outsider").selectOption("VIEWER");
  await sharing.getByRole("button", { name: "Remove Olga Outsider" }).click();
  await expect(shares).toHaveCount(0);
  await expect(colleague).toBeFocused();

  // Share with the viewer as VIEWER (the default level).
  await colleague.selectOption({ label: "Vic Viewer (viewer@demo.test)" });
  await expect(sharing.getByRole("combobox", { name: "Access", exact: true })).toHaveValue("VIEWER");
  await sharing.getByRole("button", { name: "Share" }).click();
  await expect(shares.getByRole("listitem")).toHaveCount(1);
  await expect(shares).toContainText("Vic Viewer");
  await expect(sharing.getByLabel("Access for Vic Viewer")).toHaveValue("VIEWER");

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/admin\/assessments\/questions$/);
  const row = page.getByRole("row").filter({ hasText: QUESTION });
  await expect(row).toContainText("Private");
  await expect(row).toContainText("Sam Sharer");
  const href = await row.getByRole("link", { name: "Edit" }).getAttribute("href");
  const editUrl = href!;

  // The share was saved: the edit form shows it again.
  await visit(page, editUrl);
  await expect(page.getByRole("region", { name: "Shared with" }).getByLabel("Access for Vic Viewer")).toHaveValue(
    "VIEWER",
  );
  await page.context().close();

  // --- The viewer sees the question in the list and cannot change it.
  const viewerPage = await signedIn(browser, baseURL, viewerAccount);
  await visit(viewerPage, "/admin/assessments/questions");
  const viewerRow = viewerPage.getByRole("row").filter({ hasText: QUESTION });
  await expect(viewerRow).toHaveCount(1);
  await expect(viewerRow).toContainText("Sam Sharer");
  await expect(viewerRow.getByRole("link", { name: "Edit" })).toHaveCount(0);
  await expect(viewerRow.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await viewerRow.getByRole("link", { name: QUESTION }).click();
  await expect(viewerPage).toHaveURL(new RegExp(`${editUrl}$`));
  await expect(viewerPage.getByText("You can view this item but not change it.")).toBeVisible();
  await expect(viewerPage.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(viewerPage.getByLabel("Name", { exact: true })).toBeDisabled();
  const readOnly = viewerPage.getByRole("region", { name: "Shared with" });
  await expect(readOnly).toContainText("Only the owner can change who this item is shared with.");
  await expect(readOnly).toContainText("Vic Viewer");
  await expect(readOnly).toContainText("Viewer");
  await expect(readOnly.getByRole("combobox")).toHaveCount(0);
  await expect(readOnly.getByRole("button")).toHaveCount(0);
  await readOnly.screenshot({ path: path.join(shotsDir, "en-us-1280-read-only.png") });
  await viewerPage.context().close();

  // --- Someone without a share does not see it, not even by its address.
  const outsiderPage = await signedIn(browser, baseURL, outsiderAccount);
  await visit(outsiderPage, "/admin/assessments/questions");
  await expect(outsiderPage.getByRole("heading", { name: "Questions" })).toBeVisible();
  await expect(outsiderPage.getByRole("row").filter({ hasText: QUESTION })).toHaveCount(0);
  const direct = await outsiderPage.goto(editUrl);
  expect(direct?.status()).toBe(404);
  await outsiderPage.context().close();
});

test("the sharing section in every language (screenshots for review)", async ({ browser, baseURL }) => {
  const page = await signedIn(browser, baseURL, await sharer());
  await viewer();
  await outsider();
  const texts = {
    "en-us": {
      title: "Shared with",
      visibility: "Visibility",
      private: "Private",
      colleague: "Colleague",
      share: "Share",
      level: "Access for Vic Viewer",
    },
    "nl-nl": {
      title: "Gedeeld met",
      visibility: "Zichtbaarheid",
      private: "Privé",
      colleague: "Collega",
      share: "Delen",
      level: "Toegang voor Vic Viewer",
    },
    "fr-fr": {
      title: "Partagé avec",
      visibility: "Visibilité",
      private: "Privé",
      colleague: "Collègue",
      share: "Partager",
      level: "Accès pour Vic Viewer",
    },
  } as const;
  for (const [locale, text] of Object.entries(texts)) {
    // The header's language switcher, as a user would.
    await visit(page, "/admin/assessments/questions/create");
    await page.getByRole("combobox", { name: /Language|Taal|Langue/ }).selectOption(locale);
    await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(`^${locale.slice(0, 2)}`, "i"));
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await visit(page, "/admin/assessments/questions/create");
      await page.getByLabel(text.visibility).selectOption({ label: text.private });
      const sharing = page.getByRole("region", { name: text.title });
      await sharing.getByLabel(text.colleague).selectOption({ label: "Vic Viewer (viewer@demo.test)" });
      await sharing.getByRole("button", { name: text.share }).click();
      await sharing.getByLabel(text.colleague).selectOption({ label: "Olga Outsider (outsider@demo.test)" });
      await sharing.getByRole("button", { name: text.share }).click();
      await sharing.getByLabel(`${text.level.replace("Vic Viewer", "Olga Outsider")}`).selectOption("EDITOR");
      await expect(sharing.getByLabel(text.level)).toHaveValue("VIEWER");
      await sharing.screenshot({ path: path.join(shotsDir, `${locale}-${viewport.width}.png`) });
    }
  }
  await page.context().close();
});
