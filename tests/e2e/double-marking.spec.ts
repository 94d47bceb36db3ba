import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// Double marking through the screens (ADR 0036): two examiners mark the same participant at one
// station, the second without seeing the first's ticks; their marks differ by more than the
// session's threshold, the live dashboard flags it, and staff resolve it on the corrections page.
// Screenshots of the second examiner's station view and the resolution at tablet width in every
// language go to tests/.tmp/double-marking/ for a visual review.

const fixture = <T = unknown>(...args: string[]) => liveFixture<T>({}, ...args);
const TABLET = { width: 820, height: 1180 };
const shotDir = path.resolve("tests/.tmp/double-marking");

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page (or, scrolled to it, the part around `focus`) at tablet width in every language. */
async function shoot(page: Page, baseURL: string | undefined, name: string, focus?: string) {
  for (const { locale } of SCREENSHOT_LOCALES) {
    await page
      .context()
      .addCookies([
        { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify(locale)).toString("base64"), url: baseURL! },
      ]);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(locale.slice(0, 2), "i"));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow, `${name} ${locale} scrolls sideways`).toBe(false);
    fs.mkdirSync(shotDir, { recursive: true });
    if (focus) await page.getByTestId(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shotDir, `${locale}-${name}.png`), fullPage: !focus });
  }
  await page
    .context()
    .addCookies([
      { name: "NEXT_LOCALE", value: Buffer.from(JSON.stringify("en-us")).toString("base64"), url: baseURL! },
    ]);
  await page.reload();
}

test("two examiners mark one participant, the dashboard flags the discrepancy, staff resolve it", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tag = `dbl${Date.now()}`;
  const data = fixture<LiveSetup>("setup", `${baseURL}/favicon.svg`, tag);
  fixture("start", data.session);
  fixture("double-threshold", data.session, "10");
  const stationUrl = `/admin/scheduledsessions/dashboard/${data.session}/stations/${data.evaluations[0]}`;
  await page.setViewportSize(TABLET);

  // The first examiner ticks the harness checklist and rates a clear pass.
  await loginAsStaff(page, await demoStaffAccount(`first-${tag}@demo.test`, "Fay First", "ORGANIZATION_REALTIME_USER"));
  await page.goto(stationUrl);
  const panel = page.getByTestId("mark-panel");
  await expect(panel).toContainText("Lea Live", { timeout: 30_000 });
  await panel.getByTestId("tick-0").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");
  await panel.getByText("Clear pass").click();
  await panel.getByTestId("station-comment").fill("Harness well closed");
  await panel.getByTestId("mark-done").click();
  await expect(page.getByTestId("station-progress")).toHaveText("1 of 1 marked");

  // The second examiner switches the tablet to "second examiner": nothing of the first's shows.
  await page.context().clearCookies();
  await loginAsStaff(
    page,
    await demoStaffAccount(`second-${tag}@demo.test`, "Sam Second", "ORGANIZATION_REALTIME_USER"),
  );
  await page.goto(stationUrl);
  await page.getByTestId("marker-2").click();
  await expect(page.getByTestId("second-examiner-note")).toBeVisible();
  await expect(page.getByTestId("station-progress")).toHaveText("0 of 1 marked");
  await expect(panel).toContainText("Lea Live");
  await expect(panel.getByTestId("tick-0")).not.toBeChecked();
  await expect(panel.getByTestId("rating-CLEAR_PASS")).not.toBeChecked();
  await expect(panel.getByTestId("station-comment")).toHaveValue("");
  await expect(page.getByTestId("station-view")).not.toContainText("Harness well closed");
  await axe(page);
  await shoot(page, baseURL, "station-second-examiner");
  await panel.getByText("Clear fail").click();
  await panel.getByTestId("mark-done").click();
  await expect(page.getByTestId("station-progress")).toHaveText("1 of 1 marked");
  await expect(page).toHaveURL(/marker=2/);

  // Staff see the discrepancy on the live dashboard (2 of 10 points apart > 10 %) and resolve it.
  await page.context().clearCookies();
  await loginAsStaff(page, await demoStaffAccount(`board-${tag}@demo.test`, "Bo Board", "ORGANIZATION_WRITER"));
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  const flagged = page.getByTestId("discrepancies");
  await expect(flagged.getByTestId("discrepancy")).toHaveCount(1, { timeout: 30_000 });
  await expect(flagged).toContainText(`Station A ${tag}`);
  await flagged.getByRole("link", { name: /Lea Live/ }).click();
  const mark = page.getByTestId("double-mark");
  await expect(mark.getByTestId("double-mark-status")).toHaveAttribute("data-status", "discrepancy");
  await expect(mark.getByTestId("double-mark-first")).toContainText("Fay First");
  await expect(mark.getByTestId("double-mark-first")).toContainText("2 of 10");
  await expect(mark.getByTestId("double-mark-second")).toContainText("Sam Second");
  await expect(mark.getByTestId("double-mark-second")).toContainText("0 of 10");
  await axe(page);
  await shoot(page, baseURL, "resolution", "double-mark");

  await mark.getByTestId("resolve-MEAN").check();
  await expect(mark.getByTestId("resolve-score")).toBeHidden();
  await mark.getByTestId("resolve-submit").click();
  await expect(mark.getByTestId("double-mark-status")).toHaveAttribute("data-status", "resolved");
  await expect(mark.getByTestId("double-mark-resolution")).toContainText("1 of 10");
  await expect(mark.getByTestId("double-mark-resolution")).toContainText("Bo Board");
  await axe(page);
  const [stored] = fixture<Array<{ status: string; resolution: { method: string; score: number } }>>(
    "double-marks",
    data.session,
  );
  expect(stored).toMatchObject({ status: "resolved", resolution: { method: "MEAN", score: 1 } });

  // The dashboard no longer flags it.
  await page.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  await expect(page.getByTestId("stations-link")).toBeVisible();
  await expect(page.getByTestId("discrepancies")).toHaveCount(0);
});
