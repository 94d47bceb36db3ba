import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsParticipant, loginAsStaff } from "./support/login";
import { SCREENSHOT_LOCALES } from "./support/screenshots";

// Issue 32's exam day through the screens, in one run: a circuit of three stations and four
// participants (Cas on a phone), an examiner on a tablet at the first station and the clock board
// open. The bell moves everyone; Cas is marked absent, admitted late and given a carry-over round;
// the station Cas comes to next is closed for that round and reopened (a second carry-over round); a
// change that cannot be made is refused with its code; in the carry-over round the examiner records
// an incident on Cas in two taps and ticks, the tablet's ticks stop getting through and then it goes
// offline across a round change: the dashboard shows the tick waiting on it and flags it silent;
// back online the tick arrives. Cas's timeline on the correction page shows all of it. The clock
// runs for real: the fixture only moves its start into the past (circuit-fixture.ts skip), and the
// tablet's last contact (quiet), as time passing would.
// CIRCUIT_SCREENSHOTS=1 also writes the clock board, the order grid and the dashboard in three
// languages at 1920×1080, 1280 and 820 wide to tests/.tmp/circuit-screenshots/ (axe runs on all
// three screens in every language either way).

type Setup = {
  session: string;
  template: string;
  stations: string[];
  names: string[];
  people: Array<{ participant: string; email: string; name: string }>;
};

function fixture<T>(...args: string[]): T {
  const result = spawnSync(
    path.resolve("node_modules/.bin/tsx"),
    [path.resolve("tests/e2e/support/circuit-fixture.ts"), ...args],
    {
      encoding: "utf8",
      env: {
        ...process.env,
        NODE_ENV: "test",
        DATA_DIR: process.env.E2E_DATA_DIR,
        PARTYKIT_HOST: `127.0.0.1:${process.env.E2E_PARTYKIT_PORT ?? "3299"}`,
      },
    },
  );
  if (result.status !== 0) throw new Error(`circuit-fixture ${args.join(" ")} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1)!) as T;
}

/** Running time (ms) of a moment in round `round` (1-based) of the fixture's 40 s rounds. */
const into = (round: number, ms: number) => (round - 1) * 40_000 + ms;

const shots = path.resolve("tests/.tmp/circuit-screenshots");
const shoot = async (page: Page, name: string) => {
  if (!process.env.CIRCUIT_SCREENSHOTS) return;
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

// The tablet offline, and its ticks refused by a flaky network, on purpose: the browser logs them.
test.use({
  expectedConsoleErrors: [
    /net::ERR_INTERNET_DISCONNECTED|net::ERR_FAILED|Failed to load resource|Failed to fetch|WebSocket/,
  ],
});

/** axe on the page, or on the part of it this issue added (`include`: a selector). */
const noAxeViolations = async (page: Page, include?: string) => {
  const axe = new AxeBuilder({ page });
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
};

test("exam day: a circuit of three stations and four participants runs on one clock, is re-planned, and its record shows it all", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = `c${Date.now().toString(36)}`;
  const data = fixture<Setup>("setup", tag);
  const [ada, ben, cas, dee] = data.people as [
    Setup["people"][0],
    Setup["people"][0],
    Setup["people"][0],
    Setup["people"][0],
  ];
  const [airway, bandage, splint] = data.names as [string, string, string];
  const [airwayId, bandageId] = data.stations as [string, string, string];
  const session = `/admin/scheduledsessions/dashboard/${data.session}`;
  // The first plan (participant i in round r at post (i + r) mod 4, the fourth post a rest):
  //        R1      R2      R3      R4
  //   Ada  Airway  Bandage Splint  rest
  //   Ben  Bandage Splint  rest    Airway
  //   Cas  Splint  rest    Airway  Bandage
  //   Dee  rest    Airway  Bandage Splint

  // Staff start the circuit from the dashboard.
  await loginAsStaff(page, await demoStaffAccount("circuit-lead@demo.test", "Cleo Circuit", "ORGANIZATION_MANAGER"));
  // The template carries the circuit's defaults.
  await page.goto(`/admin/assessments/sessions/edit/${data.template}`);
  await expect(page.getByTestId("circuit-defaults").getByLabel("Station time (seconds)")).toHaveValue("30");
  // The editor's evaluation list has a finding of its own (label-content-name-mismatch), not of this issue.
  await noAxeViolations(page, "[data-testid=circuit-defaults]");
  // The plan screen shows the circuit's settings and the extra-time rule before the start.
  await page.goto(`/admin/scheduledsessions/plan?id=${data.session}`);
  await expect(page.getByLabel("Station time (seconds)")).toHaveValue("30");
  await expect(page.getByLabel("Rest posts")).toHaveValue("1");
  await expect(page.getByTestId("circuit-extra-rule")).toBeVisible();
  await noAxeViolations(page);
  await page.goto(session);
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  await expect(page.getByTestId("clock-board-link")).toBeVisible();

  // The clock board on a projector.
  const boardContext = await browser.newContext({ viewport: { width: 1920, height: 1080 } });
  const board = await boardContext.newPage();
  await loginAsStaff(board, await demoStaffAccount("circuit-board@demo.test", "Pat Projector", "ORGANIZATION_READER"));
  await board.goto(`${session}/clock`);
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "1");
  await expect(board.getByTestId("circuit-round")).toContainText("of 4");

  // An examiner's tablet at the first station (Airway): Ada's mark sheet.
  const tabletContext = await browser.newContext({ viewport: { width: 820, height: 1180 }, hasTouch: true });
  const tablet = await tabletContext.newPage();
  await loginAsStaff(
    tablet,
    await demoStaffAccount("circuit-examiner@demo.test", "Eve Examiner", "ORGANIZATION_REALTIME_USER"),
  );
  await tablet.goto(`${session}/stations/${airwayId}`);
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", ada.participant);
  await expect(tablet.getByTestId("mark-panel")).toContainText(ada.name);
  // Here now is who the clock puts here: Ada; Dee rests this round and comes next.
  const listed = (who: { name: string }) =>
    tablet.getByTestId("station-participant").filter({ hasText: who.name }).getByTestId("station-state");
  await expect(listed(ada)).toHaveAttribute("data-state", "here");
  await expect(listed(dee)).toHaveAttribute("data-state", "due");

  // Cas on a phone (Splint first), Dee (resting in round 1) on a desktop.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await loginAsParticipant(phone, { tenant: "demo", email: cas.email });
  await phone.goto(`/user/session/${data.session}`);
  await expect(phone.getByTestId("my-station")).toContainText(splint);
  await expect(phone.getByText(`Describe ${splint}.`)).toBeVisible();
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await loginAsParticipant(desk, { tenant: "demo", email: dee.email });
  await desk.goto(`/user/session/${data.session}`);
  await expect(desk.getByTestId("my-station")).toContainText("Rest round");
  await expect(desk.getByTestId("my-circuit")).toHaveAttribute("data-working", "false");

  // Cas answers at the Splint station in its time (back to the start of round 1 on a slow machine):
  // saved on the server.
  fixture("skip", data.session, String(into(1, 2_000)));
  await phone.getByTestId("step-0").getByLabel("Your answer").fill("Splint above and below the joint");
  await expect(phone.getByTestId("save-indicator")).toHaveAttribute("data-waiting", "0", { timeout: 15_000 });

  // Four seconds before "move on" of round 1: the signal reaches every screen at the same moment.
  fixture("skip", data.session, String(into(1, 31_000)));
  for (const screen of [board, tablet, phone, desk])
    await expect(screen.getByTestId("circuit-signal")).toHaveAttribute("data-kind", "MOVE_ON", { timeout: 15_000 });
  await shoot(board, "clock-board-move-on-1920");

  // Round 2: the server moved everyone; the tablet opened Dee's mark sheet, Cas rests.
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "2", { timeout: 15_000 });
  await expect(desk.getByTestId("my-station")).toContainText(airway);
  await expect(desk.getByText(`Describe ${airway}.`)).toBeVisible({ timeout: 15_000 });
  await expect(desk.getByTestId("my-circuit")).toHaveAttribute("data-working", "true");
  await expect(phone.getByTestId("my-station")).toContainText("Rest round");
  await expect(phone.getByTestId("my-circuit")).toHaveAttribute("data-working", "false");
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", dee.participant, {
    timeout: 15_000,
  });
  await expect(tablet).toHaveURL(new RegExp(`participant=${dee.participant}`));

  // Back to the start of round 2 (a slow machine must not reach round 3 while staff re-plan).
  fixture("skip", data.session, String(into(2, 2_000)));
  // The order grid: Cas does not come; absent from round 3.
  await page.goto(`/admin/scheduledsessions/order/${data.session}`);
  await expect(page.getByTestId("circuit-next-round")).toContainText("round 3");
  await expect(page.locator("th[data-now=true]")).toHaveText("Round 2now");
  const row = (who: { participant: string }) =>
    page.locator(`[data-testid=circuit-row][data-participant="${who.participant}"]`);
  const cell = (who: { participant: string }, round: number) => row(who).locator(`[data-round="${round}"]`);
  const toggle = (station: string) => page.locator(`[data-testid=station-toggle][data-station="${station}"]`);
  await row(cas).getByTestId("mark-absent").click();
  await expect(cell(cas, 3)).toHaveAttribute("data-why", "absent");
  await expect(cell(cas, 4)).toHaveAttribute("data-why", "absent");
  // One person twice would be at two places at once: refused, with its code.
  await page.getByLabel("First participant").selectOption(ada.participant);
  await page.getByLabel("Second participant").selectOption(ada.participant);
  await page.getByRole("button", { name: "Swap from the next round" }).click();
  await expect(page.getByTestId("circuit-error")).toHaveAttribute("data-code", "circuit_two_stations_at_once");
  await expect(page.getByTestId("circuit-error")).toContainText("one participant at two stations at once");

  // Round 3: Cas's station (Airway) has nobody; the tablet opens no mark sheet and says why.
  fixture("skip", data.session, String(into(3, 1_000)));
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "3", { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit-who")).toContainText(`${cas.name} is absent`, { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", "");
  await expect(tablet.getByTestId("mark-panel")).toHaveCount(0);

  // Cas arrives: admitted into round 4 (Bandage), Airway missed in round 3 comes back as carry-over
  // round 5. Bandage's equipment fails: closed for round 4, so Cas rests there.
  fixture("skip", data.session, String(into(3, 2_000)));
  await page.reload();
  await expect(page.getByTestId("circuit-next-round")).toContainText("round 4");
  await row(cas).getByTestId("admit-late").click();
  await expect(cell(cas, 4)).toHaveAttribute("data-evaluation", bandageId);
  await expect(cell(cas, 5)).toHaveAttribute("data-evaluation", airwayId);
  await expect(page.getByRole("columnheader", { name: "Round 5 (carry-over)" })).toBeVisible();
  await toggle(bandageId).click();
  await expect(cell(cas, 4)).toHaveAttribute("data-why", "closed");
  // Nothing of round 3 changed: Cas absent there.
  await expect(cell(cas, 3)).toHaveAttribute("data-why", "absent");
  await expect(board.getByTestId("circuit-round")).toContainText("of 5");

  // Round 4: Cas is back, at a closed station; the tablet marks Ben.
  fixture("skip", data.session, String(into(4, 1_000)));
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "4", { timeout: 15_000 });
  await expect(phone.getByTestId("my-station")).toContainText("Your station is closed", { timeout: 15_000 });
  await expect(phone.getByTestId("my-circuit")).toHaveAttribute("data-working", "false");
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", ben.participant, {
    timeout: 15_000,
  });

  // Bandage repaired: reopened from round 5; Cas gets it in a carry-over round 6.
  fixture("skip", data.session, String(into(4, 2_000)));
  await page.reload();
  await expect(page.getByTestId("circuit-next-round")).toContainText("round 5");
  await toggle(bandageId).click();
  await expect(cell(cas, 6)).toHaveAttribute("data-evaluation", bandageId);
  await expect(page.getByRole("columnheader", { name: "Round 6 (carry-over)" })).toBeVisible();
  await expect(cell(cas, 4)).toHaveAttribute("data-why", "closed");
  await expect(cell(cas, 5)).toHaveAttribute("data-evaluation", airwayId);
  await noAxeViolations(page);
  // Every screen follows: the board counts six rounds, Cas's phone names the next carry-over.
  await expect(board.getByTestId("circuit-round")).toContainText("of 6");
  await expect(phone.getByTestId("my-circuit")).toContainText(`Next: ${airway}`);

  // Pause all pauses the circuit on the board; resume continues the round.
  await page.goto(session);
  await page.getByTestId("pause-all").click();
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-paused", "true", { timeout: 15_000 });
  await expect(board.getByTestId("circuit-paused")).toBeVisible();
  await noAxeViolations(board);
  await shoot(board, "clock-board-paused-1920");
  await page.getByTestId("resume-all").click();
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-paused", "false", { timeout: 15_000 });

  // Round 5, carry-over: Cas at Airway on the phone, on the examiner's tablet.
  fixture("skip", data.session, String(into(5, 1_000)));
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "5", { timeout: 15_000 });
  await expect(phone.getByTestId("my-station")).toContainText(`${airway} (carry-over)`, { timeout: 15_000 });
  await expect(phone.getByText(`Describe ${airway}.`)).toBeVisible({ timeout: 15_000 });
  await phone.getByTestId("step-0").getByLabel("Your answer").fill("Head tilt, chin lift");
  await expect(phone.getByTestId("save-indicator")).toHaveAttribute("data-waiting", "0", { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", cas.participant, {
    timeout: 15_000,
  });
  const panel = tablet.getByTestId("mark-panel");
  await expect(panel).toContainText(cas.name);
  await panel.getByTestId("tick-0").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "0");
  // Two taps: "Incident", then its category.
  await panel.getByTestId("incident-open").click();
  await panel.getByTestId("incident-ILLNESS").click();
  await expect(panel.getByTestId("incident-recorded")).toContainText(cas.name);

  // The dashboard: the incident, and the examiner's tablet at Airway, heard from just now.
  const incident = page.getByTestId("incident-list").getByTestId("incident");
  await expect(incident).toHaveCount(1, { timeout: 20_000 });
  await expect(incident).toContainText("Illness");
  await expect(incident).toContainText(cas.name);
  await expect(incident).toContainText(airway);
  await expect(incident).toContainText("Eve Examiner");
  // The dashboard's circuit: the same clock, and where each participant is this round.
  await expect(page.getByTestId("dashboard-circuit").getByTestId("circuit-clock")).toHaveAttribute("data-round", "5");
  const placeOf = (who: { name: string }) =>
    page.getByTestId("live-row").filter({ hasText: who.name }).getByTestId("circuit-place");
  await expect(placeOf(cas)).toHaveText(`${airway} (carry-over)`);
  await expect(placeOf(dee)).toHaveText("Rest");
  const device = page.getByTestId("examiner-device").filter({ hasText: "Eve Examiner" });
  await expect(device).toContainText(airway, { timeout: 30_000 });
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "false");
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "0");

  // The tablet's network turns flaky: its ticks do not get through, its reports do. The tick waits
  // on the tablet, and the dashboard says so.
  await tablet.route("**/api/admin/corrections/*/tick", (route) => route.abort());
  await panel.getByTestId("tick-1").check();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "1");
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "1", { timeout: 30_000 });
  await expect(device.getByTestId("device-waiting")).toHaveText("· 1 tick waiting on the tablet");

  // Five seconds before round 6, the tablet goes offline; the examiner still ticks.
  fixture("skip", data.session, String(into(5, 35_000)));
  await expect(tablet.getByTestId("circuit-clock")).toHaveAttribute("data-phase", "CHANGEOVER", { timeout: 15_000 });
  await tabletContext.setOffline(true);
  await panel.getByTestId("tick-0").uncheck();
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "1");
  // A minute without a word from it (the fixture moves its last contact back): flagged silent,
  // with the tick it last said was waiting.
  fixture("quiet", data.session, "61000");
  await page.reload();
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "true");
  await expect(device.getByTestId("device-silent")).toHaveText("Silent");
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "1");
  await shoot(page, "dashboard-tablet-silent-1280");
  // The round moves on while the tablet is offline: its clock follows on its own; Cas's sheet stays
  // open (the next one cannot load) and the tablet says so.
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "6", { timeout: 15_000 });
  await expect(tablet.getByTestId("circuit-clock")).toHaveAttribute("data-round", "6", { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit-who")).toHaveText("Nobody at this station this round.");
  await expect(tablet.getByTestId("station-circuit-offline")).toContainText("opens when the tablet is back online");
  await expect(panel).toContainText(cas.name);
  await expect(panel.getByTestId("tick-status")).toHaveAttribute("data-waiting", "1");
  await expect(phone.getByTestId("my-station")).toContainText(`${bandage} (carry-over)`, { timeout: 15_000 });

  // Back online: the round's page opens (nobody here), the tick arrives, the dashboard's count drops
  // to 0 and the tablet is heard from again.
  await tablet.unroute("**/api/admin/corrections/*/tick");
  await tabletContext.setOffline(false);
  await expect(tablet).toHaveURL(/round=6/, { timeout: 15_000 });
  await expect(tablet.getByTestId("mark-panel")).toHaveCount(0);
  await expect(tablet.getByTestId("station-circuit-offline")).toHaveCount(0);
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-waiting", "0", { timeout: 40_000 });
  await expect(device.getByTestId("device-contact")).toHaveAttribute("data-silent", "false", { timeout: 20_000 });

  // Cas's correction page: the ticks as the tablet left them, the incident, and the timeline.
  await page.goto(`${session}/participant/${cas.participant}`);
  const checklist = page.getByTestId("correction-step").filter({ hasText: `Show ${airway}.` });
  await expect(checklist.getByTestId("tick-0")).not.toBeChecked();
  await expect(checklist.getByTestId("tick-1")).toBeChecked();
  await expect(page.getByTestId("incident-list").getByTestId("incident")).toHaveCount(1);
  const timeline = page.getByTestId("audit-timeline");
  const entries = timeline.getByTestId("timeline-entry");
  const action = (name: string) => entries.and(page.locator(`[data-action="${name}"]`));
  await expect(action("replan.absent")).toHaveCount(1);
  await expect(action("replan.absent")).toContainText("Marked absent (re-planned)");
  await expect(action("replan.admitted")).toContainText("Admitted late (re-planned)");
  await expect(action("replan.station-closed")).toContainText("Station closed (re-planned)");
  await expect(action("replan.station-reopened")).toContainText("Station reopened (re-planned)");
  await expect(action("incident.recorded")).toHaveCount(1);
  await expect(action("incident.recorded")).toContainText("Eve Examiner");
  await expect(action("answer.saved")).toHaveCount(2);
  await expect(action("answer.saved").first()).toContainText("Splint above and below the joint");
  await expect(action("answer.saved").last()).toContainText("Head tilt, chin lift");
  // Two ticks reached the server: [true, false] online, then [false, true] after the tablet came back.
  await expect(action("tick")).toHaveCount(2);
  await expect(action("tick").first()).toContainText("ticks: [true,false]");
  await expect(action("tick").last()).toContainText("ticks: [false,true]");
  await expect(action("tick").last()).toContainText("Eve Examiner");
  await noAxeViolations(page);

  for (const c of [tabletContext, phoneContext, deskContext]) await c.close();

  // The clock board, the order grid and the dashboard in three languages: axe in each; with
  // CIRCUIT_SCREENSHOTS=1, a screenshot at projector, desktop and tablet width.
  const screens = [
    ["clock-board", `${session}/clock`, "circuit-clock"],
    ["order-grid", `/admin/scheduledsessions/order/${data.session}`, "circuit-grid"],
    ["dashboard", session, "live-row"],
  ] as const;
  for (const { locale } of SCREENSHOT_LOCALES)
    for (const [name, url, testId] of screens) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`${url}?lng=${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.getByTestId(testId).first()).toBeVisible();
      await noAxeViolations(page);
      // Loaded at each width, as a projector, a desktop or a tablet would open it.
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 800 },
        { width: 820, height: 1180 },
      ]) {
        if (!process.env.CIRCUIT_SCREENSHOTS) break;
        await page.setViewportSize(viewport);
        await page.goto(`${url}?lng=${locale}`);
        await expect(page.getByTestId(testId).first()).toBeVisible();
        await shoot(page, `${name}-${locale}-${viewport.width}`);
      }
    }
  // A tablet opens the order grid on the round under way, the actions in view beside it.
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto(`/admin/scheduledsessions/order/${data.session}?lng=en-us`);
  await expect(page.locator("th[data-now=true]")).toBeInViewport({ ratio: 0.9 });
  await expect(row(ada).getByTestId("mark-absent")).toBeInViewport({ ratio: 0.9 });
  await boardContext.close();
});
