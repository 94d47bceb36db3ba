import path from "node:path";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff, waitForHydration } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// What an organiser tripped over: the question editor's errors that stayed after the value
// was fixed, pickers with nothing to choose and no way to make one, and the admin screens on phones
// (the organisation's name cut, the menu four rows tall, tables wider than the screen, a long name
// cut short without a word). ORGANISER_SCREENSHOTS=1 writes what was looked at to tests/.tmp/organiser-screens.

const PHONES = [390, 320];

async function shoot(page: Page, name: string) {
  if (!process.env.ORGANISER_SCREENSHOTS) return;
  const url = new URL(page.url());
  for (const { locale } of SCREENSHOT_LOCALES) {
    url.searchParams.set("lng", locale);
    for (const width of [1280, 820, 390, 320]) {
      await page.setViewportSize({ width, height: width > 820 ? 800 : 844 });
      await page.goto(url.toString());
      await page.screenshot({
        path: path.resolve("tests/.tmp/organiser-screens", locale, `${width}-${name}.png`),
        fullPage: true,
      });
    }
  }
}

/** The page does not scroll sideways: whatever is wide scrolls inside its own container. */
async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `document ${sizes.scroll}px wide in a ${sizes.inner}px window`).toBeLessThanOrEqual(sizes.inner);
}

test("the question editor drops a field's error once the value is valid again", async ({ page, login }) => {
  await login({ name: "Quinn Questions" });
  await page.goto("/admin/assessments/questions/create");
  const name = page.getByLabel("Name", { exact: true });
  const time = page.getByLabel("Time limit (seconds)");
  await expect(name).toBeVisible();
  await time.fill("0");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(time).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Some fields need your attention.")).toBeVisible();

  // Still wrong: the error stays.
  await name.fill("   ");
  await expect(name).toHaveAttribute("aria-invalid", "true");
  // Valid: gone at once, without saving; the other field's error stays until it is fixed too.
  await name.fill("Gas detector check");
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await expect(time).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Some fields need your attention.")).toBeVisible();
  await time.fill("90");
  await expect(time).not.toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Some fields need your attention.")).toBeHidden();
});

test("the question editor's pickers create a supply object and a category and choose them", async ({ page, login }) => {
  await login({ name: "Cora Create" });
  const tag = `${Date.now()}`;
  await page.goto("/admin/assessments/questions/create");
  await page.getByLabel("Name", { exact: true }).fill(`Picker question ${tag}`);

  await page.getByTestId("create-supplies").click();
  const dialog = page.getByRole("dialog", { name: "New supply object" });
  // Refused with the same message as on the supplies screen.
  await dialog.getByLabel("Name", { exact: true }).fill("   ");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("This field is required.")).toBeVisible();
  await dialog.getByLabel("Name", { exact: true }).fill(`Helmet ${tag}`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  const supplies = page.getByRole("group", { name: "Supplies" });
  await expect(supplies.getByRole("checkbox", { name: `Helmet ${tag}` })).toBeChecked();
  // What was typed before is still there.
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Picker question ${tag}`);

  await page.getByTestId("create-categories").click();
  const categoryDialog = page.getByRole("dialog", { name: "New category" });
  await categoryDialog.getByLabel("Name", { exact: true }).fill(`Heights ${tag}`);
  await categoryDialog.getByRole("button", { name: "Save" }).click();
  await expect(categoryDialog).toBeHidden();
  await expect(
    page.getByRole("group", { name: "Categories" }).getByRole("checkbox", { name: `Heights ${tag}` }),
  ).toBeChecked();
  await shoot(page, "question-editor-pickers");
});

for (const editor of [
  { kind: "evaluations", members: "Questions", member: (tag: string) => `Knowledge ${tag}` },
  { kind: "sessions", members: "Evaluations", member: (tag: string) => `Station A ${tag}` },
] as const) {
  test(`the ${editor.kind} editor's category picker creates a category and chooses it`, async ({
    page,
    login,
    baseURL,
  }) => {
    const tag = `${editor.kind}-${Date.now()}`;
    // Questions and evaluations in the bank to choose from.
    liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, tag);
    await login({ name: "Cleo Categories" });
    await page.goto(`/admin/assessments/${editor.kind}/create`);
    await waitForHydration(page);
    const name = page.getByLabel("Name", { exact: true });
    await name.fill(`Picker ${tag}`);

    // The same dialog and rule as the question editor's: refused like the categories screen refuses.
    await page.getByTestId("create-categories").click();
    const dialog = page.getByRole("dialog", { name: "New category" });
    await dialog.getByLabel("Name", { exact: true }).fill("   ");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog.getByText("This field is required.")).toBeVisible();
    await dialog.getByLabel("Name", { exact: true }).fill(`Ropes ${tag}`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    const categories = page.getByRole("group", { name: "Categories" });
    await expect(categories.getByRole("checkbox", { name: `Ropes ${tag}` })).toBeChecked();
    await expect(name).toHaveValue(`Picker ${tag}`);

    // Saved with the new category: the edit screen shows it chosen.
    const bank = page.getByRole("group", { name: editor.members });
    await bank.getByLabel("Search the bank").fill(editor.member(tag));
    await bank.getByRole("option", { name: editor.member(tag), exact: true }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/assessments/${editor.kind}$`));
    await page.goto(`/admin/assessments/${editor.kind}?q=${encodeURIComponent(`Picker ${tag}`)}`);
    await page
      .getByRole("listitem")
      .filter({ hasText: `Picker ${tag}` })
      .getByRole("link", { name: "Edit" })
      .click();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Picker ${tag}`);
    await expect(
      page.getByRole("group", { name: "Categories" }).getByRole("checkbox", { name: `Ropes ${tag}` }),
    ).toBeChecked();
  });
}

test("a reader sees the editors' pickers without a way to create", async ({ page, login }) => {
  await login({ name: "Rita Reader", role: "ORGANIZATION_READER" });
  await page.goto("/admin/assessments/evaluations/create");
  await expect(page.getByRole("group", { name: "Categories" })).toBeVisible();
  await expect(page.getByTestId("create-categories")).toHaveCount(0);
});

test("a too long participant name is refused with a message, not cut; a long one breaks in the table", async ({
  page,
  login,
}) => {
  await login({ name: "Petra Phone" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/databases/participants");
  await page.getByTestId("create").click();
  const dialog = page.getByRole("dialog");
  const name = dialog.getByLabel("Name", { exact: true });
  await name.fill("N".repeat(10_000));
  await expect(name).toHaveValue("N".repeat(10_000));
  await dialog.getByLabel("E-mail").fill(`long-${Date.now()}@example.test`);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Use at most 200 characters.")).toBeVisible();
  await expect(dialog).toBeVisible();

  const long = `L${Date.now()}`.padEnd(200, "x");
  await name.fill(long);
  await expect(dialog.getByText("Use at most 200 characters.")).toBeHidden();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await page.goto(`/admin/databases/participants?q=${long.slice(0, 14)}`);
  const row = page.getByRole("row").filter({ hasText: long.slice(0, 14) });
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSidewaysScroll(page);
    // Edit and Remove stay on screen beside the 200-character name.
    for (const label of ["Edit", "Remove"]) {
      const box = (await row.getByRole("button", { name: label }).boundingBox())!;
      expect(box.x + box.width, `${label} at ${width}px`).toBeLessThanOrEqual(width);
    }
  }
  await shoot(page, "participants-long-name");
});

test("on phones the admin menu is one button, the organisation's name is whole, and the lists fit", async ({
  page,
  login,
}) => {
  await login({ name: "Mo Menu" });
  for (const width of PHONES) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto("/admin/assessments/questions");
    const nav = page.getByRole("navigation", { name: "Main menu" });
    expect((await nav.boundingBox())!.height, `menu height at ${width}px`).toBeLessThan(70);
    const orgName = page.getByTestId("organization-name");
    expect(
      await orgName.evaluate((el) => el.scrollHeight <= el.clientHeight + 1 && el.scrollWidth <= el.clientWidth + 1),
      `organisation name whole at ${width}px`,
    ).toBe(true);
    await expectNoSidewaysScroll(page);

    // By keyboard: open, the entries as menu items, the current one marked, Enter follows one.
    const menu = page.getByTestId("nav-menu");
    await expect(menu).toContainText("Assessments");
    await menu.focus();
    await page.keyboard.press("Enter");
    const items = page.getByRole("menuitem");
    await expect(items).toHaveCount(6); // a writer: the exam board, no users, no organisation settings
    await expect(page.getByRole("menuitem", { name: "Assessments" })).toHaveAttribute("aria-current", "page");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitem", { name: "Databases" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/databases$/);
    await expect(page.getByRole("menu")).toBeHidden();

    for (const url of [
      "/admin/reports/sessionreports",
      "/admin/databases/participants",
      "/admin/scheduledsessions",
      "/admin/assessments/questions",
    ]) {
      await page.goto(url);
      await expectNoSidewaysScroll(page);
    }
  }
  await page.goto("/admin/reports/sessionreports");
  await shoot(page, "session-reports");
  await page.goto("/admin");
  await shoot(page, "admin-home");
});

test("the report builder drops the e-mail error once the address is valid and shows that it is sending", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const tag = `send${Date.now()}`;
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, tag);
  liveFixture({}, "start", data.session);
  await loginAsStaff(page, await demoStaffAccount(`sender-${tag}@demo.test`, "Sam Sender", "ORGANIZATION_WRITER"));
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`);
  const builder = page.getByTestId("report-builder");
  await waitForHydration(page);
  await builder.getByRole("button", { name: "Build the report" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Draft");
  const emails = builder.getByLabel("E-mail addresses");
  // Its wording depends on which check refuses it (the address's form, or who may receive reports).
  const emailError = builder.locator("#report-emails-error");
  await emails.fill("not-an-address");
  await builder.getByTestId("report-send").click();
  await expect(emailError).toBeVisible();
  await expect(emails).toHaveAttribute("aria-invalid", "true");

  await emails.fill("still wrong");
  await expect(emailError).toBeVisible();
  await emails.fill(data.email);
  await expect(emailError).toBeHidden();
  await expect(emails).not.toHaveAttribute("aria-invalid", "true");
  await builder.getByTestId("report-send").click();
  await expect(builder.getByTestId("report-send")).toHaveText("Sending…");
  await expect(builder.getByText("The report is sent.")).toBeVisible();
  await expect(emailError).toBeHidden();
  await expect(builder.getByTestId("report-send")).toHaveText("Send the report");

  // The reports list on phones: at 390 px the row is whole on screen; at 320 px what does not fit
  // scrolls inside the table's own frame, never the page, and its end can be scrolled into view.
  await page.goto(`/admin/reports/sessionreports?q=${encodeURIComponent(tag)}`);
  const row = page.getByTestId("report-row");
  await expect(row).toHaveCount(1);
  const lastCell = row.locator("td:visible").last();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSidewaysScroll(page);
  let box = (await lastCell.boundingBox())!;
  expect(box.x + box.width, "report row at 390px").toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 320, height: 844 });
  await expectNoSidewaysScroll(page);
  await lastCell.scrollIntoViewIfNeeded();
  await expectNoSidewaysScroll(page);
  box = (await lastCell.boundingBox())!;
  expect(box.x + box.width, "report row's end at 320px").toBeLessThanOrEqual(320);
  await shoot(page, "session-reports-row");
});
