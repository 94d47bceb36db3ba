import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { demoStaffAccount } from "./support/accounts";
import { staffCtx } from "./support/seed";
import { loginAsParticipant, loginAsStaff } from "./support/login";

// The staff dashboard through the real screen: start with a confirmation, a help request pushed
// through the room without reload, pause all, extend one participant, resolve, complete.

async function seed(): Promise<{
  templateId: string;
  people: Array<{ id: string; email: string; name: string }>;
}> {
  const ctx = await staffCtx();
  const now = Date.now();
  const steps = [
    {
      key: "t",
      type: "TEXT",
      question: [{ type: "text", html: "<p>Explain the knot</p>" }],
      answer: { textValue: "model" },
      score: 1,
    },
  ];
  const question = await addQuestion(ctx, { name: "Knots E2E", maxTime: 600, steps });
  const evaluation = await addEvaluation(ctx, { name: "Rope station E2E", questions: [question._id] });
  const template = await addSession(ctx, {
    name: "Live E2E",
    evaluations: [evaluation._id],
    passPercentage: 70,
    referenceFormat: "LIVE",
  });
  const people = [];
  for (const name of ["Lia Live", "Max Live"]) {
    const email = `${name.split(" ")[0]!.toLowerCase()}-${now}@live.test`;
    people.push({ id: (await addParticipant(ctx, { name, email }))._id, name, email });
  }
  return { templateId: template._id, people };
}

async function graphql(
  request: APIRequestContext,
  area: "admin" | "user",
  query: string,
  variables: Record<string, unknown>,
) {
  const res = await request.post(`/api/${area}/graphql`, {
    data: { query, variables },
    headers: { "content-type": "application/json", accept: "application/json" },
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** LIVE_SCREENSHOTS=1: the dashboard in every language at desktop and phone width, for review. */
async function screenshots(page: Page, name: string) {
  if (!process.env.LIVE_SCREENSHOTS) return;
  const url = page.url();
  for (const { locale } of SCREENSHOT_LOCALES) {
    for (const viewport of SCREENSHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto(`${url}?lng=${locale}`);
      await page.getByTestId("live-dashboard").waitFor();
      await page.screenshot({
        path: path.resolve("tests/.tmp/live-screens", locale, `${viewport.width}-${name}.png`),
        fullPage: true,
      });
    }
  }
  await page.setViewportSize(SCREENSHOT_VIEWPORTS[0]!);
  await page.goto(`${url}?lng=en-us`);
}

test("runs a session from the dashboard: start, live help request, pause all, extend, resolve, complete", async ({
  page,
  browser,
}) => {
  const { templateId, people } = await seed();
  // A console error or a hydration warning is a bug.
  const problems: string[] = [];
  page.on("console", (m) => (m.type() === "error" || /hydrat/i.test(m.text())) && problems.push(m.text()));
  page.on("pageerror", (e) => problems.push(e.message));
  await loginAsStaff(page, await demoStaffAccount("live-runner@demo.test", "Rita Runner", "ORGANIZATION_WRITER"));
  const planned = await graphql(
    page.request,
    "admin",
    `
      mutation ($i: ScheduledSessionInput!) {
        addScheduledSession(input: $i) {
          _id
          reference
        }
      }
    `,
    {
      i: {
        session: templateId,
        datetime: new Date(Date.now() + 3600_000).toISOString(),
        participants: people.map((p) => p.id),
        options: { enableAutoPauseOnHelpRequest: true },
      },
    },
  );
  const sessionId = planned.addScheduledSession._id as string;

  // Counts the page's running quarter-second timers (the countdowns' clock).
  await page.addInitScript(() => {
    const running = new Set<unknown>();
    const [set, clear] = [window.setInterval.bind(window), window.clearInterval.bind(window)];
    window.setInterval = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
      const id = set(handler, ms, ...rest);
      if (ms === 250) running.add(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      running.delete(id);
      clear(id);
    }) as typeof window.clearInterval;
    (window as unknown as { liveClockTimers: () => number }).liveClockTimers = () => running.size;
  });
  // Reached from the list.
  await page.goto("/admin/scheduledsessions");
  await page.locator(`a[data-testid="live-link"][href$="/dashboard/${sessionId}"]:visible`).click();
  await expect(page).toHaveURL(new RegExp(`/admin/scheduledsessions/dashboard/${sessionId}$`));
  const board = page.getByTestId("live-dashboard");
  await expect(board.getByRole("heading", { level: 1 })).toContainText(planned.addScheduledSession.reference);
  const rows = page.getByTestId("live-row");
  await expect(rows).toHaveCount(2);
  await expect(page.getByTestId("session-status")).toHaveText("Scheduled");

  // Start, after confirming.
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  await expect(rows.first()).toHaveAttribute("data-status", "started");
  await expect(rows.first().getByTestId("time-left")).toHaveText(/^(10:00|9:\d\d)$/);
  // Every row's clock ticks, from one timer for the whole page (a room of 1,000 had 1,000 timers).
  const shown = await rows.nth(1).getByTestId("time-left").textContent();
  await expect(rows.nth(1).getByTestId("time-left")).not.toHaveText(shown!, { timeout: 3_000 });
  expect(await page.evaluate(() => (window as unknown as { liveClockTimers: () => number }).liveClockTimers())).toBe(1);

  // A participant asks for help (their screen comes later: through the user API with their login).
  const participantContext = await browser.newContext();
  const participant = await participantContext.newPage();
  await loginAsParticipant(participant, {
    tenant: "demo",
    email: people[1]!.email,
  });
  await graphql(
    participant.request,
    "user",
    `
      mutation ($s: ID!) {
        requestHelp(scheduledSession: $s) {
          status
        }
      }
    `,
    { s: sessionId },
  );
  // No reload: the room pushes it (the fallback poll is 15 s, longer than this wait).
  const max = rows.filter({ hasText: people[1]!.name });
  await expect(max).toHaveAttribute("data-status", "help_requested", {
    timeout: 5_000,
  });
  await expect(page.getByTestId("help-badge")).toBeVisible();
  await expect(max).toContainText("paused"); // auto-pause on help
  await screenshots(page, "help");
  // axe on the grid with a help request: its badge used to pulse below readable contrast, grey
  // text on the red row was too faint, and "+ min" was not in its button's name.
  const axe = await new AxeBuilder({ page }).include("[data-testid=live-dashboard]").analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

  // Pause all: every clock stops; resume all.
  await page.getByTestId("pause-all").click();
  await expect(rows.first()).toContainText("paused");
  await page.getByTestId("resume-all").click();
  await expect(rows.first()).not.toContainText("paused");

  // Extend Lia by 5 minutes.
  const lia = rows.filter({ hasText: people[0]!.name });
  const seconds = (text: string) => Number(text.split(":")[0]) * 60 + Number(text.split(":")[1]);
  const before = seconds((await lia.getByTestId("time-left").textContent())!);
  await lia.getByTestId("extend").click();
  await expect
    .poll(async () => seconds((await lia.getByTestId("time-left").textContent())!))
    .toBeGreaterThan(before + 200);

  // Resolve the help request.
  await max.getByTestId("resolve-help").click();
  await expect(max).toHaveAttribute("data-status", "started");
  await expect(page.getByTestId("help-badge")).toHaveCount(0);

  // Complete, after confirming.
  await page.getByTestId("complete-session").click();
  await page.getByTestId("complete-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Completed");
  await participantContext.close();
  expect(problems).toEqual([]);
});
