import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import path from "node:path";
import { type APIRequestContext, type Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { SCREENSHOT_LOCALES, SCREENSHOT_VIEWPORTS } from "./support/screenshots";
import { demoDatabase, demoStaffAccount } from "./support/accounts";
import { loginAsParticipant, loginAsStaff } from "./support/login";

// The staff dashboard through the real screen: start with a confirmation, a help request pushed
// through the room without reload, pause all, extend one participant, resolve, complete.

async function seed(): Promise<{
  templateId: string;
  people: Array<{ id: string; email: string; name: string }>;
}> {
  const db = demoDatabase();
  await db.execute("PRAGMA busy_timeout = 5000");
  const owner = (await db.execute("SELECT id FROM staff_users WHERE email = 'admin@demo.test'")).rows[0]!.id as string;
  const ws = (await db.execute("SELECT id FROM workspaces WHERE workspace_type = 'ORGANIZATION'")).rows[0]!
    .id as string;
  const now = Date.now();
  const q = randomUUID();
  const e = randomUUID();
  const templateId = randomUUID();
  const steps = [
    {
      key: "t",
      type: "TEXT",
      question: [{ type: "text", html: "<p>Explain the knot</p>" }],
      answer: { textValue: "model" },
      score: 1,
    },
  ];
  const people = ["Lia Live", "Max Live"].map((name) => ({
    id: randomUUID(),
    name,
    email: `${name.split(" ")[0]!.toLowerCase()}-${now}@live.test`,
  }));
  await db.batch([
    {
      sql: `INSERT INTO questions (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, max_time, category_ids, supply_ids, preparation_info, steps, step_types)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', 'Knots E2E', 'knots e2e', 600, '[]', '[]', '[]', ?, ',TEXT,')`,
      args: [q, now, now, ws, owner, JSON.stringify(steps)],
    },
    {
      sql: `INSERT INTO evaluations (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, category_ids, question_ids, enable_timer)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', 'Rope station E2E', 'rope station e2e', '[]', ?, 1)`,
      args: [e, now, now, ws, owner, JSON.stringify([q])],
    },
    {
      sql: `INSERT INTO session_templates (id, created_at, updated_at, rev, workspace_id, owner_type, owner_user_id, visibility, name, name_lower, category_ids, evaluation_ids, pass_percentage, reference_format)
            VALUES (?, ?, ?, 1, ?, 'ORGANIZATION', ?, 'ORGANIZATION', 'Live E2E', 'live e2e', '[]', ?, 70, 'LIVE')`,
      args: [templateId, now, now, ws, owner, JSON.stringify([e])],
    },
    ...people.map((p) => ({
      sql: `INSERT INTO participants (id, created_at, updated_at, rev, workspace_id, name, email, name_lower, email_lower) VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?)`,
      args: [p.id, now, now, ws, p.name, p.email, p.name.toLowerCase(), p.email],
    })),
  ]);
  db.close();
  return { templateId, people };
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
