import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./support/fixtures";
import {
  answerOn,
  dashboardWithTwoCandidates,
  expectAllSaved,
  liveFixture,
  saveIndicator,
  type LiveSetup,
  type SavedAnswer,
} from "./support/live";
import { loginAsParticipant } from "./support/login";
import { startStack, type Stack } from "../support/app-stack";

// The product scaled out (issue 30): one sqld with namespaces, one room server and two app
// processes from the last build on that sqld, as `npm run start:scaled` runs them, but each on a
// port of its own so that a test can say which process serves what. No cache setting is changed.
// Staff act through process A's screens, the candidates' screens are served by process B; then
// sqld is stopped for ten seconds under a candidate who keeps answering.

const base = Number(process.env.E2E_PORT ?? 3210);
const ports = { a: base + 6, b: base + 7, room: base + 8 };

let stack: Stack;
/** process.env as it was before this file pointed the seeding code (support/seed.ts) at the stack. */
let saved: NodeJS.ProcessEnv;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const dataDir = fs.mkdtempSync(path.join(path.resolve("tests/.tmp/e2e-data"), "scale-"));
  stack = await startStack({
    processes: 2,
    database: "sqld",
    ports: [ports.a, ports.b],
    roomPort: ports.room,
    dataDir,
    env: { SEED_DEMO: "false" },
    // The catalog and the demo organisation once, before the app processes (as scaled.ts does).
    prepare: async () => {
      const seeded = spawnSync(
        path.resolve("node_modules/.bin/tsx"),
        [path.resolve("tests/e2e/support/bootstrap-stack.ts")],
        {
          encoding: "utf8",
          env: { ...process.env, NODE_ENV: "test", SEED_DEMO: "true" },
        },
      );
      if (seeded.status !== 0 || !seeded.stdout.includes('"demo"'))
        throw new Error(`The stack's catalog was not prepared: ${seeded.stderr || seeded.stdout}`);
    },
  });
  // The seeding code, the fixtures' child processes and the outbox read the stack's databases.
  saved = { ...process.env };
  Object.assign(process.env, stack.env, { SEED_DEMO: "false", E2E_DATA_DIR: dataDir });
});

test.afterAll(async () => {
  if (saved) {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
  await stack?.stop();
  if (stack) fs.rmSync(stack.dataDir, { recursive: true, force: true });
});

const where = () => ({ dataDir: stack.dataDir, partykitPort: ports.room });
const remaining = async (page: Page) => Number(await page.getByTestId("countdown").getAttribute("data-remaining"));

test("staff on one app process, two candidates on another, one sqld: pause all, extra time and logouts cross over", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [a, b] = stack.apps as [Stack["apps"][0], Stack["apps"][0]];
  const tag = `scale${Date.now()}`;
  const staffContext = await browser.newContext({ baseURL: a.url, locale: "en-US" });
  const page = await staffContext.newPage();
  const { data, candidates } = await dashboardWithTwoCandidates(
    page,
    browser,
    a.url,
    tag,
    { email: `scale-${tag}@demo.test`, name: "Sam Scale" },
    { where: where(), candidatesAt: b.url },
  );
  const [first, other] = candidates;
  for (const candidate of [first, other]) expect(new URL(candidate.url()).port).toBe(String(ports.b));

  // Started on A: both screens served by B open the first question.
  await page.getByTestId("start-session").click();
  await page.getByTestId("start-session-confirm").click();
  await expect(page.getByTestId("session-status")).toHaveText("Ongoing");
  for (const candidate of [first, other])
    await expect(candidate.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!, {
      timeout: 15_000,
    });
  await first.getByTestId("step-2").getByLabel("Your answer").fill("oxygen");
  await expectAllSaved(first);

  // Pause all on A: both countdowns on B stand still, and B's next answer of the state says paused.
  await page.getByTestId("pause-all").click();
  for (const candidate of [first, other]) await expect(candidate.getByTestId("pause-overlay")).toBeVisible();
  const frozen = await Promise.all([remaining(first), remaining(other)]);
  await first.waitForTimeout(2_500);
  expect(await Promise.all([remaining(first), remaining(other)])).toEqual(frozen);
  const state = await first.request.get(`/api/user/live-state/${data.session}`);
  expect((await state.json()).live.paused).toBe(true);
  await page.getByTestId("resume-all").click();
  for (const candidate of [first, other]) await expect(candidate.getByTestId("pause-overlay")).toBeHidden();

  // Extra time for Lea on A: her clock on B jumps, Noor's does not.
  const leaRow = page.getByTestId("live-row").filter({ hasText: "Lea Live" });
  const beforeLea = await remaining(first);
  const beforeNoor = await remaining(other);
  await leaRow.getByTestId("extend").click();
  await expect.poll(() => remaining(first), { timeout: 10_000 }).toBeGreaterThan(beforeLea + 200);
  expect(await remaining(other)).toBeLessThanOrEqual(beforeNoor);

  // The answer saved through B is in sqld as A's dashboard and the fixture read it.
  const leaSaved = liveFixture<SavedAnswer[]>(where(), "answers", data.session, data.participant);
  expect(answerOn(leaSaved, data.questions[0]!, 2)).toEqual({ textValue: "oxygen" });

  // Staff sign out on A; the same browser on B is signed out at its next request. (Cookies belong
  // to the host, not the port: one context reaches both processes with the same session.)
  const staffOnB = await staffContext.newPage();
  await staffOnB.goto(`${b.url}/admin`);
  await expect(staffOnB.getByTestId("organization-name")).toBeVisible();
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page.getByTestId("admin-login-form")).toBeVisible();
  await staffOnB.goto(`${b.url}/admin`);
  await expect(staffOnB.getByTestId("admin-login-form")).toBeVisible();

  // Noor signs out on B; her device's request to A finds no session either.
  const noorOnA = await other.context().newPage();
  await noorOnA.goto(`${a.url}/user`);
  await expect(noorOnA.getByTestId("participant-welcome")).toBeVisible();
  await other.locator("[data-testid=sign-out]:visible").click();
  await other.getByTestId("sign-out-confirm").click();
  await expect(other.getByTestId("user-login-form")).toBeVisible();
  await noorOnA.goto(`${a.url}/user`);
  await expect(noorOnA.getByTestId("user-login-form")).toBeVisible();
  console.log(
    `[scale-out] staff on :${ports.a}, candidates on :${ports.b}, one sqld and room: start, pause all (both clocks stood still), extra time (${beforeLea} → ${await remaining(first)} s), staff and candidate logouts crossed over`,
  );
  await staffContext.close();
});

test.describe("sqld stopped for ten seconds", () => {
  // The refused saves are logged by the browser as failed resources.
  test.use({ expectedConsoleErrors: [/Failed to load resource: the server responded with a status of 503/] });

  test("a candidate keeps answering: the app refuses clearly, the screen keeps what is unsent, then saves it; no app process restarts", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const sqld = stack.sqld!;
    const pids = stack.apps.map((app) => app.pid);
    const [, b] = stack.apps as [Stack["apps"][0], Stack["apps"][0]];
    const tag = `sqld${Date.now()}`;
    const data = liveFixture<LiveSetup>(where(), "setup", `${b.url}/favicon.svg`, tag);
    liveFixture(where(), "start", data.session);
    const context = await browser.newContext({ baseURL: b.url, locale: "en-US" });
    const page = await context.newPage();
    await loginAsParticipant(page, { tenant: "demo", email: data.email });
    await page.goto(`/user/session/${data.session}`);
    await expect(page.getByTestId("live-question")).toHaveAttribute("data-question", data.questions[0]!);
    const text = page.getByTestId("step-2").getByLabel("Your answer");
    await text.fill("before");
    await expectAllSaved(page);

    // sqld goes down (a clean stop, then ten seconds without it).
    const outage = sqld.restart({ downMs: 10_000 });
    await expect.poll(() => sqld.gone(), { timeout: 15_000 }).toBe(true);
    const refused = page.waitForResponse((r) => r.url().endsWith("/answer") && r.request().method() === "POST");
    await text.fill("while sqld was down");
    const response = await refused;
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status()).toBe(503);
    expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
    expect(body).toMatchObject({ ok: false, code: "INTERNAL_SERVER_ERROR", reason: "database_unavailable" });
    expect(String(body.message)).not.toMatch(/at .*\.(ts|js):\d+/);
    // The screen keeps the answer and says it is waiting; what it shows stays.
    await expect(saveIndicator(page)).toHaveAttribute("data-waiting", "1");
    await expect(saveIndicator(page)).toContainText("waiting");
    await expect(text).toHaveValue("while sqld was down");
    expect(sqld.running()).toBe(false);

    // sqld is back: the screen sends what it kept, and the database has it.
    await outage;
    await expectAllSaved(page, 60_000);
    const stored = liveFixture<SavedAnswer[]>(where(), "answers", data.session, data.participant);
    expect(answerOn(stored, data.questions[0]!, 2)).toEqual({ textValue: "while sqld was down" });
    // The same processes serve on: none exited or was started again.
    expect(stack.apps.map((app) => app.alive())).toEqual([true, true]);
    expect(stack.apps.map((app) => app.pid)).toEqual(pids);
    for (const app of stack.apps) {
      const state = await context.request.get(`${app.url}/api/user/live-state/${data.session}`);
      expect(state.status()).toBe(200);
    }
    console.log(
      `[scale-out] sqld down 10 s: the save was answered ${response.status()} ${String(body.reason)} (Retry-After ${response.headers()["retry-after"]} s), kept on the screen and saved after sqld returned; app processes ${pids.join(", ")} served throughout`,
    );
    await context.close();
  });
});
