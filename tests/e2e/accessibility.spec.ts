import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./support/fixtures";

// axe on the plan screen: the participant search's aria-controls used to name a results list that
// is not rendered while the search is empty (aria-valid-attr-value).

test("the plan screen has no axe violations, with an empty and a filled participant search", async ({ page, login }) => {
  await login({ role: "ORGANIZATION_WRITER", name: "Axel Axe" });
  await page.goto("/admin/scheduledsessions/plan");
  await expect(page.getByTestId("participant-search")).toBeVisible();
  const empty = await new AxeBuilder({ page }).analyze();
  expect(empty.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  await page.getByTestId("participant-search").fill("participant");
  await expect(page.getByTestId("participant-results")).toBeVisible();
  const filled = await new AxeBuilder({ page }).analyze();
  expect(filled.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});
