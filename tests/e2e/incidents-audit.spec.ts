import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { liveFixture, type LiveSetup } from "./support/live";
import { loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// Issue 32 through the screens: an examiner records an incident from the station view in two taps;
// the examiner's tablet first loses its ticks' requests (a flaky network: its reports still get
// through, so the dashboard shows the tick waiting on it), then goes offline for over a minute (the
// dashboard flags it silent), then comes back and the tick arrives (the count drops to 0); the
// participant's timeline on the correction page shows the incident, the answer saves and the ticks,
// filters by kind and downloads as CSV. Screenshots of the dashboard's additions and the timeline in
// three languages at desktop and tablet widths (tests/.tmp/incidents-audit/), axe on both screens.

// Offline and aborted requests on purpose: the browser logs them.
test.use({
  expectedConsoleErrors: [
    /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to load resource|Failed to fetch|WebSocket/,
  ],
});

const shotDir = path.resolve("tests/.tmp/incidents-audit");
const TABLET = { width: 820, height: 1180 };
const DESKTOP = { width: 1280, height: 900 };
const fixture = <T = unknown>(...args: string[]) => liveFixture<T>({}, ...args);
const cookie = (locale: string, baseURL: string) => ({
  name: "NEXT_LOCALE",
  value: Buffer.from(JSON.stringify(locale)).toString("base64"),
  url: baseURL,
});

async function axe(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The part of the page around `focus`, in every language at desktop and tablet width; axe in each. */
async function shoot(page: Page, baseURL: string, name: string, focus: string) {
  fs.mkdirSync(shotDir, { recursive: true });
  for (const viewport of [DESKTOP, TABLET]) {
    await page.setViewportSize(viewport);
    for (const { locale } of SCREENSHOT_LOCALES) {
      await page.context().addCookies([cookie(locale, baseURL)]);
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("lang", new RegExp(locale.slice(0, 2), "i"));
      const part = page.getByTestId(focus).first();
      await part.scrollIntoViewIfNeeded();
      // What sticks out on the right, if anything (named, so a failure says where).
      const wide = await page.evaluate(() =>
        document.documentElement.scrollWidth > window.innerWidth
          ? [...document.querySelectorAll("body *")]
              .filter(
                (e) =>
                  e.getBoundingClientRect().right > window.innerWidth + 1 &&
                  (e.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth + 1,
              )
              .slice(0, 3)
              .map((e) => `${e.tagName}.${e.className}`)
          : [],
      );
      expect(wide, `${name} ${locale} ${viewport.width} scrolls sideways`).toEqual([]);
      await part.screenshot({ path: path.join(shotDir, `${name}-${locale}-${viewport.width}.png`) });
      await axe(page);
    }
  }
  await page.context().addCookies([cookie("en-us", baseURL)]);
  await page.setViewportSize(DESKTOP);
  await page.reload();
}

test("an incident from the station view, a tablet's waiting tick and silence on the dashboard, the participant's timeline", async ({
  page: tablet,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const tag = `inc${Date.now()}`;
  const data = fixture<LiveSetup>("setup", `${baseURL}/favicon.svg`, tag);
  fixture("start", data.session);
  const [stationA] = data.evaluations;
  const [q1] = data.questions;
  // Three answers of the participant, through the real answer store.
  fixture(
    "answer",
    data.session,
    data.participant,
    JSON.stringify([
      { evaluation: stationA, question: q1, stepIndex: 0, answer: { textlistValue: ["S3 boots"] } },
      { evaluation: stationA, question: q1, stepIndex: 1, answer: { numericValue: 2 } },
      { evaluation: stationA, question: q1, stepIndex: 2, answer: { textValue: "Oxygen" } },
    ]),
  );

  // Staff watch the dashboard on a desktop; the examiner marks on a tablet.
  const desk = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await loginAsStaff(desk, await demoStaffAccount(`lead-${tag}@demo.test`, "Lee Lead", "ORGANIZATION_WRITER"));
  await desk.goto(`/admin/scheduledsessions/dashboard/${data.session}`);
  const lea = desk.getByTestId("live-row").filter({ hasText: "Lea Live" });
  await expect(lea.getByTestId("device-contact")).toBeVisible();

  await tablet.setViewportSize(TABLET);
  await loginAsStaff(
    tablet,
    await demoStaffAccount(`examiner-${tag}@demo.test`, "Eva Examiner", "ORGANIZATION_REALTIME_USER"),
  );
  await tablet.goto(`/admin/scheduledsessions/dashboard/${data.session}/stations/${stationA}`);
  const panel = tablet.getByTestId("mark-panel");
  await expect(panel).toContainText("Lea Live");
  await panel.getByTestId("tick-0").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");

  // Two taps: "Incident", then its category.
  await panel.getByTestId("incident-open").click();
  await panel.getByTestId("incident-EQUIPMENT").click();
  await expect(panel.getByTestId("incident-recorded")).toContainText("Lea Live");

  // The dashboard: the incident, and the examiner's tablet at Station A, heard from just now.
  const incident = desk.getByTestId("incident-list").getByTestId("incident");
  await expect(incident).toHaveCount(1, { timeout: 20_000 });
  await expect(incident).toContainText("Equipment");
  await expect(incident).toContainText("Lea Live");
  await expect(incident).toContainText(`Station A ${tag}`);
  await expect(incident).toContainText("Eva Examiner");
  const device = desk.getByTestId("examiner-device").filter({ hasText: "Eva Examiner" });
  await expect(device).toContainText(`Station A ${tag}`, { timeout: 30_000 });
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "false");

  // A flaky network: the tablet's ticks do not get through, its reports do. The tick waits on the
  // tablet, and the dashboard says so.
  await tablet.route("**/api/admin/corrections/*/tick", (route) => route.abort());
  await panel.getByTestId("tick-0").uncheck();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "1");
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "1", { timeout: 30_000 });
  await expect(device.getByTestId("device-waiting")).toHaveText("· 1 tick waiting on the tablet");

  // Then no network at all for over a minute: silent, with the tick it last said was waiting.
  await tablet.context().setOffline(true);
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "true", { timeout: 100_000 });
  await expect(device.getByTestId("device-silent")).toHaveText("Silent");
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "1");
  await shoot(desk, baseURL!, "dashboard-devices", "examiner-devices-section");
  await shoot(desk, baseURL!, "dashboard-row", "live-row");

  // Back: the tick arrives, the count drops to 0, the tablet is heard from again.
  await tablet.unroute("**/api/admin/corrections/*/tick");
  await tablet.context().setOffline(false);
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0", { timeout: 40_000 });
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "0", { timeout: 30_000 });
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "false");
  const saved = fixture<{ evaluations: Array<{ questions: Array<{ steps: Array<{ ticks: boolean[] | null }> }> }> }>(
    "correction",
    data.session,
    data.participant,
  );
  expect(saved.evaluations[0]!.questions[1]!.steps[1]!.ticks).toEqual([false]);
  await shoot(desk, baseURL!, "dashboard-incidents", "incidents-section");

  // The participant's timeline: the incident, the three saves, the two ticks, and the session's start.
  await lea.getByTestId("correction-link").click();
  const timeline = desk.getByTestId("audit-timeline");
  await expect(timeline).toBeVisible({ timeout: 30_000 });
  const entries = timeline.getByTestId("timeline-entry");
  await expect(entries.and(desk.locator('[data-action="answer.saved"]'))).toHaveCount(3);
  await expect(entries.and(desk.locator('[data-action="tick"]'))).toHaveCount(2);
  await expect(entries.and(desk.locator('[data-action="incident.recorded"]'))).toHaveCount(1);
  await expect(entries.and(desk.locator('[data-action="session.ongoing"]'))).toHaveCount(1);
  const tickRow = entries.and(desk.locator('[data-action="tick"]')).last();
  await expect(tickRow).toContainText("Eva Examiner");
  await expect(tickRow).toContainText("ticks: [true]");
  await expect(tickRow).toContainText("ticks: [false]");
  await expect(desk.getByTestId("incident-list").getByTestId("incident")).toHaveCount(1);

  // Only the ticks and the incidents.
  await timeline.getByTestId("kind-TICK").check();
  await timeline.getByTestId("kind-INCIDENT").check();
  await timeline.getByTestId("timeline-apply").click();
  await expect(desk).toHaveURL(/kind=TICK&kind=INCIDENT/);
  await expect(entries).toHaveCount(3);
  await shoot(desk, baseURL!, "timeline", "audit-timeline");

  // The CSV of what is shown.
  const [download] = await Promise.all([desk.waitForEvent("download"), timeline.getByTestId("timeline-csv").click()]);
  const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "id,at_utc,kind,action,actor_type,actor,actor_id,device,process,evaluation,question,step,before,after",
  );
  expect(lines.slice(1).map((l) => l.split(",")[3])).toEqual(["tick", "incident.recorded", "tick"]);
  expect(lines[2]).toContain(`Station A ${tag}`);
  await desk.context().close();
});
