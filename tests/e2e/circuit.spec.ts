import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./support/fixtures";
import { demoStaffAccount } from "./support/accounts";
import { loginAsParticipant, loginAsStaff } from "./support/login";

// A circuit through the screens (issue 32): three stations and four participants (one on a phone),
// an examiner on a tablet and the clock board open. The bell moves everyone; one participant is
// marked absent and admitted late with a carry-over round; a station is closed for a round and
// reopened; a change that cannot be made is refused with its code. The clock runs for real: the
// fixture only moves its start into the past (circuit-fixture.ts skip), as time passing would.

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
  fs.mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
};

/** axe on the page, or on the part of it this issue added (`include`: a selector). */
const noAxeViolations = async (page: Page, include?: string) => {
  const axe = new AxeBuilder({ page });
  const { violations } = await (include ? axe.include(include) : axe).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
};

test("a circuit of three stations and four participants runs on one clock and is re-planned while it runs", async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const tag = `c${Date.now().toString(36)}`;
  const data = fixture<Setup>("setup", tag);
  const [ada, , cas, dee] = data.people as [
    Setup["people"][0],
    Setup["people"][0],
    Setup["people"][0],
    Setup["people"][0],
  ];
  const [airway, bandage] = data.names as [string, string, string];
  const session = `/admin/scheduledsessions/dashboard/${data.session}`;

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
  await page.getByTestId("circuit-settings").scrollIntoViewIfNeeded();
  await shoot(page, "plan-screen-desktop");
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

  // An examiner's tablet at the first station.
  const tabletContext = await browser.newContext({ viewport: { width: 820, height: 1180 } });
  const tablet = await tabletContext.newPage();
  await loginAsStaff(
    tablet,
    await demoStaffAccount("circuit-examiner@demo.test", "Eve Examiner", "ORGANIZATION_REALTIME_USER"),
  );
  await tablet.goto(`${session}/stations/${data.stations[0]}`);
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", ada.participant);

  // Ada on a phone, Dee (resting in round 1) on a desktop.
  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await loginAsParticipant(phone, { tenant: "demo", email: ada.email });
  await phone.goto(`/user/session/${data.session}`);
  await expect(phone.getByTestId("my-station")).toContainText(airway);
  await expect(phone.getByText(`Describe ${airway}.`)).toBeVisible();
  const deskContext = await browser.newContext();
  const desk = await deskContext.newPage();
  await loginAsParticipant(desk, { tenant: "demo", email: dee.email });
  await desk.goto(`/user/session/${data.session}`);
  await expect(desk.getByTestId("my-station")).toContainText("Rest round");
  await expect(desk.getByTestId("my-circuit")).toHaveAttribute("data-working", "false");

  // Four seconds before "move on" of round 1: the signal reaches every screen at the same moment.
  fixture("skip", data.session, String(into(1, 31_000)));
  for (const screen of [board, tablet, phone, desk])
    await expect(screen.getByTestId("circuit-signal")).toHaveAttribute("data-kind", "MOVE_ON", { timeout: 15_000 });
  await shoot(board, "clock-board-move-on-1920");

  // Round 2: the server moved everyone; the tablet opened Dee's mark sheet.
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "2", { timeout: 15_000 });
  await expect(phone.getByTestId("my-station")).toContainText(bandage);
  await expect(phone.getByText(`Describe ${bandage}.`)).toBeVisible({ timeout: 15_000 });
  await expect(desk.getByTestId("my-station")).toContainText(airway);
  await expect(desk.getByText(`Describe ${airway}.`)).toBeVisible({ timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", dee.participant, {
    timeout: 15_000,
  });
  await expect(tablet).toHaveURL(new RegExp(`participant=${dee.participant}`));

  // Back to the start of round 2 (a slow machine must not reach round 3 while staff re-plan).
  fixture("skip", data.session, String(into(2, 2_000)));
  // The order grid: Cas is absent from round 3, the Splint station is closed from round 3.
  await page.goto(`/admin/scheduledsessions/order/${data.session}`);
  await expect(page.getByTestId("circuit-next-round")).toContainText("round 3");
  const row = (who: { participant: string }) =>
    page.locator(`[data-testid=circuit-row][data-participant="${who.participant}"]`);
  const cell = (who: { participant: string }, round: number) => row(who).locator(`[data-round="${round}"]`);
  await row(cas).getByTestId("mark-absent").click();
  await expect(cell(cas, 3)).toHaveAttribute("data-why", "absent");
  await page.locator(`[data-testid=station-toggle][data-station="${data.stations[2]}"]`).click();
  await expect(cell(ada, 3)).toHaveAttribute("data-why", "closed");
  // One person twice would be at two places at once: refused, with its code.
  await page.getByLabel("First participant").selectOption(ada.participant);
  await page.getByLabel("Second participant").selectOption(ada.participant);
  await page.getByRole("button", { name: "Swap from the next round" }).click();
  await expect(page.getByTestId("circuit-error")).toHaveAttribute("data-code", "circuit_two_stations_at_once");
  await expect(page.getByTestId("circuit-error")).toContainText("one participant at two stations at once");

  // Round 3: Cas's station (the first) has nobody; the tablet opens no mark sheet and says why.
  fixture("skip", data.session, String(into(3, 1_000)));
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-round", "3", { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit-who")).toContainText(`${cas.name} is absent`, { timeout: 15_000 });
  await expect(tablet.getByTestId("station-circuit")).toHaveAttribute("data-participant", "");
  await expect(phone.getByTestId("my-station")).toContainText("Your station is closed", { timeout: 15_000 });
  await expect(phone.getByTestId("my-circuit")).toHaveAttribute("data-working", "false");

  // Cas arrives: admitted into round 4, the first station missed in round 3 comes back as a
  // carry-over round; the Splint station reopens and Ada gets it in the carry-over round too.
  fixture("skip", data.session, String(into(3, 2_000)));
  await page.reload();
  await expect(page.getByTestId("circuit-next-round")).toContainText("round 4");
  await row(cas).getByTestId("admit-late").click();
  await expect(cell(cas, 5)).toHaveAttribute("data-evaluation", data.stations[0]!);
  await page.locator(`[data-testid=station-toggle][data-station="${data.stations[2]}"]`).click();
  await expect(cell(ada, 5)).toHaveAttribute("data-evaluation", data.stations[2]!);
  await expect(page.getByRole("columnheader", { name: "Round 5 (carry-over)" })).toBeVisible();
  // Nothing of round 3 changed: Cas absent, Ada's station closed.
  await expect(cell(cas, 3)).toHaveAttribute("data-why", "absent");
  await expect(cell(ada, 3)).toHaveAttribute("data-why", "closed");
  await noAxeViolations(page);
  // Every screen follows: the board counts five rounds, Ada's phone names her carry-over.
  await expect(board.getByTestId("circuit-round")).toContainText("of 5");
  await expect(phone.getByTestId("my-circuit")).toBeVisible();

  // Pause all pauses the circuit on the board; resume continues the round.
  await page.goto(session);
  await page.getByTestId("pause-all").click();
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-paused", "true", { timeout: 15_000 });
  await expect(board.getByTestId("circuit-paused")).toBeVisible();
  await noAxeViolations(board);
  await shoot(board, "clock-board-paused-1920");
  await page.getByTestId("resume-all").click();
  await expect(board.getByTestId("circuit-clock")).toHaveAttribute("data-paused", "false", { timeout: 15_000 });

  // Cas's timeline on the correction page says how the day was re-planned around them.
  await page.goto(`${session}/participant/${cas.participant}`);
  const timeline = page.getByTestId("audit-timeline");
  await expect(timeline).toContainText("Marked absent (re-planned)");
  await expect(timeline).toContainText("Admitted late (re-planned)");

  // Screenshots looked at: the clock board at desktop and tablet widths, the order grid in three languages.
  for (const [name, viewport] of [
    ["clock-board-desktop", { width: 1280, height: 800 }],
    ["clock-board-tablet", { width: 820, height: 1180 }],
  ] as const) {
    await board.setViewportSize(viewport);
    await shoot(board, name);
  }
  await shoot(tablet, "station-tablet");
  await shoot(phone, "participant-phone");
  // The language switch in the header, as staff change it.
  await page.goto(`/admin/scheduledsessions/order/${data.session}`);
  for (const [locale, heading] of [
    ["en-us", "Circuit"],
    ["nl-nl", "Circuit"],
    ["fr-fr", "Circuit"],
  ] as const) {
    if (locale !== "en-us") {
      await page.locator("#language-select").selectOption(locale);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
    }
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
    await expect(page.getByTestId("circuit-grid")).toBeVisible();
    await noAxeViolations(page);
    await shoot(page, `order-grid-${locale}`);
    // The clock board on a projector, in the same language.
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${session}/clock`);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
    await expect(page.getByTestId("circuit-clock")).toBeVisible();
    await noAxeViolations(page);
    await shoot(page, `clock-board-${locale}-1920`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/scheduledsessions/order/${data.session}`);
  }
  for (const c of [boardContext, tabletContext, phoneContext, deskContext]) await c.close();
});
