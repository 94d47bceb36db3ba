import { randomUUID } from "node:crypto";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// The flat forms check their fields while they are filled in, with the Zod schema their action
// parses (Conform): an error appears when a field is left wrong, goes as soon as it is right, and a
// form with a wrong field is not sent at all.

const RUN = randomUUID().replace(/-/g, "").slice(0, 6);
const scheduler = () => demoStaffAccount("forms-planner@demo.test", "Fay Forms", "ORGANIZATION_MANAGER");

test("the login form says which field is missing before anything is sent", async ({ page }) => {
  await page.goto("/admin");
  // The checks run in the browser: wait until the page's scripts have loaded.
  await page.waitForLoadState("networkidle");
  const form = page.getByTestId("admin-login-form");
  const tenant = form.getByLabel("Organisation");
  await tenant.fill("");
  await tenant.blur();
  await expect(tenant).toHaveAttribute("aria-invalid", "true");
  const error = form.getByText("This field is required.");
  await expect(error).toBeVisible();
  await expect(tenant).toHaveAttribute("aria-describedby", /-error/);
  // No request: the page still shows step 1 after a click on "send".
  let posted = false;
  page.on("request", (r) => (posted ||= r.method() === "POST"));
  await form.getByRole("button", { name: "Send me a code" }).click();
  await expect(error).toHaveCount(2); // the e-mail is missing too
  await expect(form).toBeVisible();
  expect(posted).toBe(false);
  // Typing fixes a field at once.
  await tenant.fill("demo");
  await expect(tenant).not.toHaveAttribute("aria-invalid", "true");
  await expect(error).toHaveCount(1);
  await form.getByLabel("E-mail address or phone number").fill("admin@demo.test");
  await expect(error).toHaveCount(0);
});

test("the entity dialog checks a location's required address while it is typed, then saves", async ({ page }) => {
  await loginAsStaff(page, await scheduler());
  await page.goto("/admin/databases/locations");
  await page.getByTestId("create").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name", { exact: true }).fill(`Forms hall ${RUN}`);
  const city = dialog.getByLabel("City", { exact: true });
  await city.focus();
  await city.blur();
  await expect(city).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByText("This field is required.")).toHaveCount(1);
  // Save with the other required fields empty: every one is marked, the dialog stays.
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("This field is required.")).toHaveCount(3);
  await city.fill("Ghent");
  await expect(city).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Street and number", { exact: true }).fill("Dock 1");
  await dialog.getByLabel("Country", { exact: true }).fill("BE");
  await expect(dialog.getByText("This field is required.")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("cell", { name: `Forms hall ${RUN}` })).toBeVisible();
});

test("the plan form marks the missing template and time without a round trip", async ({ page }) => {
  await loginAsStaff(page, await scheduler());
  await page.goto("/admin/scheduledsessions/plan");
  const form = page.getByTestId("plan-form");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.locator('input[name="datetime"]')).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("This field is required.")).toHaveCount(2);
  await expect(page).toHaveURL(/\/plan$/);
});

test("the participant picker is driven from its search box, and Enter never adds a stale result", async ({ page }) => {
  await loginAsStaff(page, await scheduler());
  // Two people whose names share the run's tag.
  const [ann, bob] = [`Ann Picker ${RUN}`, `Bob Picker ${RUN}`];
  await page.goto("/admin/databases/participants");
  for (const name of [ann, bob]) {
    await page.getByTestId("create").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("E-mail", { exact: true }).fill(`${name.replace(/ /g, ".").toLowerCase()}@picker.test`);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
  }

  await page.goto("/admin/scheduledsessions/plan");
  const search = page.getByTestId("participant-search");
  const results = page.getByTestId("participant-results");
  await search.fill(`Picker ${RUN}`);
  await expect(results.getByRole("option")).toHaveCount(2);
  // Arrows move the highlight (announced through aria-activedescendant), Enter adds it.
  await search.press("ArrowDown");
  await expect(results.getByRole("option", { name: new RegExp(bob) })).toHaveAttribute("aria-selected", "true");
  await search.press("Enter");
  await expect(page.getByTestId("chosen-participants")).toContainText(bob);
  await expect(page.getByTestId("chosen-participants")).not.toContainText(ann);
  await expect(page).toHaveURL(/\/plan$/);

  // Hold the next search's answer: the list still shows the old results, and Enter waits.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/admin\/databases\/participants(\.data)?\?.*q=Ann/, async (route) => {
    await held;
    await route.continue();
  });
  await search.fill(`Ann Picker ${RUN}`);
  await expect(search).toHaveAttribute("aria-controls", /.+/);
  await expect(results).toHaveAttribute("aria-busy", "true");
  // Ann is highlighted in the old list; picking her from it would be picking an earlier search.
  await search.press("ArrowUp");
  await search.press("Enter");
  await expect(page.getByTestId("chosen-participants")).not.toContainText(ann);
  release();
  await expect(results.getByRole("option")).toHaveCount(1);
  await expect(results).toHaveAttribute("aria-busy", "false");
  await search.press("Enter");
  await expect(page.getByTestId("chosen-participants")).toContainText(ann);
});
