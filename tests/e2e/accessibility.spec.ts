import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsStaff } from "./support/login";

// axe on the plan screen: the participant search's aria-controls used to name a results list that
// is not rendered while the search is empty (aria-valid-attr-value).

test("the plan screen has no axe violations, with an empty and a filled participant search", async ({ page }) => {
  await loginAsStaff(page, await demoStaffAccount("axe@demo.test", "Axel Axe", "ORGANIZATION_WRITER"));
  await page.goto("/admin/scheduledsessions/plan");
  await expect(page.getByTestId("participant-search")).toBeVisible();
  const empty = await new AxeBuilder({ page }).analyze();
  expect(empty.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByTestId("participant-search").fill("participant");
  await expect(page.getByTestId("participant-results")).toBeVisible();
  const filled = await new AxeBuilder({ page }).analyze();
  expect(filled.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
