import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// Reference databases through the real screens: categories, CSV import, refused removal, READER.

// Names unique to this run: the spec finds only what it created, whatever ran before it.
const RUN = randomUUID().replace(/-/g, "").slice(0, 6);
const IMPORT_CO = `Import Co ${RUN}`;
const QUAY = `quay-${RUN}@e2e.test`;

const curator = () => demoStaffAccount("curator@demo.test", "Cora Curator", "ORGANIZATION_WRITER");

async function createInDialog(page: Page, values: Record<string, string>) {
  await page.getByTestId("create").click();
  const dialog = page.getByRole("dialog");
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
}

test("builds a three-level category tree and navigates it by URL", async ({ page }) => {
  await loginAsStaff(page, await curator());
  await page.goto("/admin/databases/categories");
  await createInDialog(page, { Name: `Safety E2E ${RUN}` });
  await page.getByRole("link", { name: `Safety E2E ${RUN}` }).click();
  await expect(page).toHaveURL(/\/admin\/databases\/categories\/[\w-]+$/);
  await createInDialog(page, { Name: `Electrical E2E ${RUN}` });
  await page.getByRole("link", { name: `Electrical E2E ${RUN}` }).click();
  await expect(page).toHaveURL(/\/admin\/databases\/categories\/[\w-]+\/[\w-]+$/);
  await createInDialog(page, { Name: `High voltage E2E ${RUN}` });
  await expect(page.getByRole("link", { name: `High voltage E2E ${RUN}` })).toBeVisible();

  // The path is the chain of parent ids: open the second level directly by its URL.
  const secondLevel = new URL(page.url()).pathname;
  await page.goto("/admin/databases");
  await page.goto(secondLevel);
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: `Safety E2E ${RUN}` })).toBeVisible();
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(`Electrical E2E ${RUN}`);
  await expect(page.getByRole("link", { name: `High voltage E2E ${RUN}` })).toBeVisible();

  // A path whose ids do not chain answers 404.
  const [, , , , first, second] = secondLevel.split("/");
  const response = await page.goto(`/admin/databases/categories/${second}/${first}`);
  expect(response?.status()).toBe(404);

  // Moving: a category is not offered itself or what is below it as a parent. Moved to the top
  // level, it leaves this level, and the focus is back on the button of the row that opened it.
  await page.goto(`/admin/databases/categories/${first}`);
  const electrical = page.getByRole("row", { name: new RegExp(`Electrical E2E ${RUN}`) });
  await electrical.getByRole("button", { name: "Move", exact: true }).click();
  const move = page.getByRole("dialog", { name: `Move “Electrical E2E ${RUN}”` });
  const parents = await move.getByLabel("Parent category").locator("option").allTextContents();
  expect(parents.some((o) => o.includes(`Safety E2E ${RUN}`))).toBe(true);
  expect(parents.some((o) => o.includes(`Electrical E2E ${RUN}`) || o.includes(`High voltage E2E ${RUN}`))).toBe(false);
  await move.getByRole("button", { name: "Cancel" }).click();
  await expect(electrical.getByRole("button", { name: "Move", exact: true })).toBeFocused();
  await electrical.getByRole("button", { name: "Move", exact: true }).click();
  await move.getByLabel("Parent category").selectOption({ label: "(Top level)" });
  await move.getByRole("button", { name: "Save" }).click();
  await expect(move).toBeHidden();
  await expect(page.getByRole("link", { name: `Electrical E2E ${RUN}` })).toHaveCount(0);
  await page.goto("/admin/databases/categories");
  await expect(page.getByRole("link", { name: `Electrical E2E ${RUN}` })).toBeVisible();
});

test("imports a CSV of 50 participants with two bad rows: 48 saved, the two reported with line and reason", async ({
  page,
}) => {
  await loginAsStaff(page, await curator());
  await page.goto("/admin/databases/participants");
  const rows = ["name,email,phone,externalId,company"];
  for (let i = 1; i <= 50; i++) {
    if (i === 10) rows.push(`,missing-name-${i}-${RUN}@import.test,,,`);
    else if (i === 30) rows.push(`Bad Mail ${i},not-an-email,,,`);
    else
      rows.push(
        `Imported Person ${String(i).padStart(2, "0")} ${RUN},person${i}-${RUN}@import.test,+3247000${String(i).padStart(4, "0")},EXT-${i}-${RUN},${IMPORT_CO}`,
      );
  }
  await page.getByTestId("import").click();
  await page.getByLabel("Or paste CSV text").fill(rows.join("\n"));
  await page.getByTestId("import-preview-button").click();
  await expect(page.getByTestId("import-summary")).toHaveText("48 new, 0 to update, 2 with errors.");
  const preview = page.getByTestId("import-preview");
  // Line numbers count the header as line 1.
  await expect(preview.locator("tr", { hasText: `missing-name-10-${RUN}@import.test` })).toContainText("11");
  await expect(preview.locator("tr", { hasText: `missing-name-10-${RUN}@import.test` })).toContainText(
    "This field is required.",
  );
  await expect(preview.locator("tr", { hasText: "not-an-email" })).toContainText("31");
  await expect(preview.locator("tr", { hasText: "not-an-email" })).toContainText("Enter a valid e-mail address.");
  await page.getByTestId("import-save").click();
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("48 saved, 2 skipped.");

  await page.goto(`/admin/databases/participants?q=-${RUN}@import.test`);
  await expect(page.getByText("Total: 48")).toBeVisible();
  await expect(page.getByText(`person1-${RUN}@import.test`, { exact: true })).toBeVisible();
});

test("a refused company removal names the participants that use it", async ({ page }) => {
  await loginAsStaff(page, await curator());
  await page.goto(`/admin/databases/companies?q=${encodeURIComponent(IMPORT_CO)}`);
  const row = page.locator("tr", { hasText: IMPORT_CO });
  await row.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
  const refused = page.getByTestId("remove-refused");
  await expect(refused).toContainText("It is still used by:");
  await expect(refused).toContainText(`Imported Person 01 ${RUN}`);
  await page.goto(`/admin/databases/companies?q=${encodeURIComponent(IMPORT_CO)}`);
  await expect(page.locator("tr", { hasText: IMPORT_CO })).toBeVisible();
});

test("a participant's company is searched and chosen in the participant form", async ({ page }) => {
  await loginAsStaff(page, await curator());
  await page.goto("/admin/databases/participants");
  await page.getByTestId("create").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`Quay Person E2E ${RUN}`);
  await dialog.getByLabel("E-mail", { exact: true }).fill(QUAY);
  const company = dialog.getByRole("combobox", { name: "Company" });
  await company.fill(IMPORT_CO.toLowerCase());
  // Escape closes the list and keeps the form open with what was typed.
  await expect(page.getByRole("option", { name: new RegExp(IMPORT_CO) })).toBeVisible();
  await company.press("Escape");
  await expect(page.getByRole("listbox")).toHaveCount(0);
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue(`Quay Person E2E ${RUN}`);
  await company.fill(IMPORT_CO.toLowerCase());
  await page.getByRole("option", { name: new RegExp(IMPORT_CO) }).click();
  await expect(company).toHaveValue(IMPORT_CO);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();

  await page.goto(`/admin/databases/participants?q=${QUAY}`);
  const row = page.locator("tr", { hasText: QUAY });
  await expect(row).toContainText(IMPORT_CO);
  // Back to no company, by keyboard: the first option when nothing is typed. Other specs may have
  // added companies that sort before this one, so go up until it is reached.
  await row.getByRole("button", { name: "Edit" }).click();
  await expect(company).toHaveValue(IMPORT_CO);
  await company.focus();
  await expect(page.getByRole("option", { name: new RegExp(IMPORT_CO) })).toHaveAttribute("aria-selected", "true");
  const noCompany = page.getByRole("option", { name: "No company" });
  const options = await page.getByRole("option").count();
  for (let i = 0; i < options && (await noCompany.getAttribute("aria-selected")) !== "true"; i++)
    await company.press("ArrowUp");
  await expect(noCompany).toHaveAttribute("aria-selected", "true");
  await company.press("Enter");
  await expect(company).toHaveValue("");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).not.toContainText(IMPORT_CO);
});

test("a READER sees the lists but no edit controls", async ({ page }) => {
  const reader = await demoStaffAccount("reader@demo.test", "Rita Reader", "ORGANIZATION_READER");
  await loginAsStaff(page, reader);
  for (const section of ["participants", "companies", "categories", "locations", "supplies", "contexts"]) {
    await page.goto(`/admin/databases/${section}`);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.getByTestId("create")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove" })).toHaveCount(0);
  }
  await page.goto(`/admin/databases/participants?q=-${RUN}@import.test`);
  await expect(page.getByText(`person1-${RUN}@import.test`, { exact: true })).toBeVisible();
  await expect(page.getByTestId("import")).toHaveCount(0);
});

test("a page past the end shows the last page, long lists offer a page jump, and a participant's language is chosen", async ({
  page,
}) => {
  await loginAsStaff(page, await curator());
  // 45 participants found by one search: three pages of 20.
  const run = Date.now().toString(36);
  const csv = [
    "name,email",
    ...Array.from(
      { length: 45 },
      (_, i) => `Pager ${run} ${String(i + 1).padStart(2, "0")},pager${i + 1}-${run}@e2e.test`,
    ),
  ].join("\n");
  await page.goto("/admin/databases/participants");
  await page.getByTestId("import").click();
  await page.getByLabel("Or paste CSV text").fill(csv);
  await page.getByTestId("import-preview-button").click();
  await expect(page.getByTestId("import-summary")).toHaveText("45 new, 0 to update, 0 with errors.");
  await page.getByTestId("import-save").click();
  await expect(page.getByRole("dialog").getByRole("status")).toContainText("45 saved");

  await page.goto(`/admin/databases/participants?q=${encodeURIComponent(`pager ${run}`)}&page=999`);
  await expect(page).toHaveURL(/page=3$/);
  await expect(page.getByText("Page 3 of 3")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`Pager ${run} 45`) })).toBeVisible();
  await expect(page.getByText("There are no participants yet.")).toHaveCount(0);

  const jump = page.getByTestId("page-jump");
  await jump.getByLabel("Go to page").fill("2");
  await jump.getByRole("button", { name: "Go" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page).toHaveURL(/q=pager/);
  await expect(page.getByText("Page 2 of 3")).toBeVisible();

  // The language of a participant's e-mails and screens.
  await page
    .getByRole("row", { name: new RegExp(`Pager ${run} 21`) })
    .getByRole("button", { name: "Edit" })
    .click();
  const edit = page.getByRole("dialog");
  await expect(edit.getByLabel("Language")).toHaveValue("");
  await edit.getByLabel("Language").selectOption({ label: "Nederlands" });
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByRole("row", { name: new RegExp(`Pager ${run} 21`) })).toContainText("Nederlands");

  // One dialog serves every row: opened from the keyboard it shows that row, Escape gives the focus
  // back to that row's button, and the next row opens with its own values.
  const rows = page.locator("tbody tr");
  const nameOf = async (i: number) => (await rows.nth(i).locator("td").first().innerText()).trim();
  const [first, second] = [await nameOf(0), await nameOf(1)];
  await rows.nth(0).getByRole("button", { name: "Edit" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue(first);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(rows.nth(0).getByRole("button", { name: "Edit" })).toBeFocused();
  await rows.nth(1).getByRole("button", { name: "Edit" }).click();
  await expect(page.getByRole("dialog").getByLabel("Name")).toHaveValue(second);
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await rows.nth(1).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("alertdialog")).toContainText(second);
  await page.keyboard.press("Escape");
  await expect(rows.nth(1).getByRole("button", { name: "Remove" })).toBeFocused();
});
