import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// axe on the plan screen: the participant search's aria-controls used to name a results list that
// is not rendered while the search is empty (aria-valid-attr-value).

test("the plan screen has no axe violations, with an empty and a filled participant search", async ({
  page,
  login,
}) => {
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

// Axe on the screens organisers work in, in the three languages, with the experimental
// label-content-name-mismatch rule on too (a visible label the accessible name does not contain:
// the rich-text toolbar's "1." named "Numbered list", Dutch "Stap verwijderen" named "Stap 1
// verwijderen"). Found before: color-contrast (grey text in the station view's selected row),
// aria-allowed-attr (aria-sort on the sessions list's link), page-has-heading-one (/sessionreport).

const violationsOf = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

test("the question editor, correction page, station view, sessions list and session report have no axe violations in any language", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const tag = `axe${Date.now()}`;
  const data = liveFixture<LiveSetup>({}, "setup", `${baseURL}/favicon.svg`, tag);
  liveFixture({}, "categorise", tag, JSON.stringify(data.questions));
  liveFixture({}, "start", data.session);
  await loginAsStaff(page, await demoStaffAccount(`axe-${tag}@demo.test`, "Axel Axe", "ORGANIZATION_WRITER"));

  // A released report to open on /sessionreport.
  const correction = `/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`;
  await page.goto(`${correction}?lng=en-us`);
  const builder = page.getByTestId("report-builder");
  await builder.getByRole("button", { name: "Build the report" }).click();
  await builder.getByRole("button", { name: "Release to the participant" }).click();
  await expect(builder.getByTestId("report-state")).toContainText("Released");
  const reportId = new URL(
    (await builder.getByTestId("builder-pdf-link").getAttribute("href"))!,
    baseURL,
  ).searchParams.get("id")!;

  const screens: Array<{ name: string; url: string; ready: (page: Page) => Promise<void> }> = [
    {
      name: "question editor",
      url: "/admin/assessments/questions/create",
      ready: async (p) => {
        // A step with its rich-text toolbar and step buttons.
        await p.locator("[data-add-type]").selectOption("TEXT");
        await p.locator("[data-add-type]").locator("xpath=following-sibling::button").click();
        await expect(p.getByTestId("step-0")).toBeVisible();
      },
    },
    {
      name: "correction page",
      url: correction,
      ready: async (p) => expect(p.getByTestId("participant-correction")).toBeVisible(),
    },
    {
      name: "station view",
      url: `/admin/scheduledsessions/dashboard/${data.session}/stations/${data.evaluations[0]}?participant=${data.participant}`,
      ready: async (p) => expect(p.locator('[data-testid="station-participant"][aria-current="true"]')).toBeVisible(),
    },
    {
      name: "scheduled sessions list",
      url: "/admin/scheduledsessions",
      ready: async (p) => expect(p.getByTestId("scheduled-sessions")).toBeVisible(),
    },
    {
      name: "session report",
      url: `/sessionreport/${reportId}`,
      ready: async (p) => expect(p.getByTestId("session-report")).toBeVisible(),
    },
  ];
  const found: string[] = [];
  for (const { locale } of SCREENSHOT_LOCALES) {
    for (const screen of screens) {
      await page.goto(`${screen.url}${screen.url.includes("?") ? "&" : "?"}lng=${locale}`);
      await screen.ready(page);
      for (const v of await violationsOf(page)) found.push(`${locale} ${screen.name}: ${v}`);
    }
  }
  expect(found).toEqual([]);
});
