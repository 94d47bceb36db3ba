/**
 * A staff dashboard of a big room, in a real browser: `npm run bench:dashboard`
 * (BENCH_PARTICIPANTS, default 1,000; BENCH_PORT, default 3434, the room on the next port).
 *
 * Creates the live bench's organisation and session (live-setup.ts), starts the production server
 * with its room (build/ must exist: `npm run build`), starts the session and opens its dashboard in
 * Chromium as staff. Prints how long the dashboard took to show every row, and how busy the
 * browser's main thread was (Chrome's TaskDuration, with its script and layout parts): for 10 s
 * while only the clocks tick, for 10 s with five reloads in which no row changed (what a room's
 * saves cause: a reload a second, few rows changed), and for 10 s in which staff pause and resume
 * everyone (two reloads in which every row changed). A dashboard that is busy all the time answers
 * clicks late.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { root, sleep, startServer, waitForServer } from "./bench-support";

const N = Number(process.env.BENCH_PARTICIPANTS ?? 1000);
const PORT = Number(process.env.BENCH_PORT ?? 3434);
const PARTY_PORT = PORT + 1;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dashboard-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? "/usr/bin/chromium";
const base = `http://127.0.0.1:${PORT}`;
const OVERRIDE = `mutation($s: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $s, input: { override: $o }) { participantId } }`;

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first.");
  const { prepareLiveBench } = await import("./live-setup");
  console.log(`Preparing ${N} participants in ${dir} ...`);
  const data = await prepareLiveBench(N);
  const gql = async (query: string, variables: object) => {
    const response = await fetch(`${base}/api/admin/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: data.staffCookie, origin: base },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors).slice(0, 300));
  };
  const server = startServer(PORT, { PARTYKIT_PORT: String(PARTY_PORT), HOST: "127.0.0.1" });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ["--no-sandbox"] });
  try {
    await waitForServer(base, PARTY_PORT);
    await gql(`mutation($s: ID!) { startScheduledSession(id: $s) { _id } }`, { s: data.session });

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const [name, ...value] = data.staffCookie.split("=");
    await context.addCookies([{ name: name!, value: value.join("="), url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () =>
      Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value])) as Record<
        string,
        number
      >;

    const opened = performance.now();
    await page.goto(`${base}/admin/scheduledsessions/dashboard/${data.session}`);
    await page
      .getByTestId("live-row")
      .nth(N - 1)
      .waitFor({ timeout: 120_000 });
    const shown = performance.now() - opened;
    await sleep(3000);

    const busy = async (during: () => Promise<void>) => {
      const before = await metrics();
      const start = performance.now();
      await during();
      await sleep(Math.max(0, 10_000 - (performance.now() - start)));
      const after = await metrics();
      const seconds = (performance.now() - start) / 1000;
      const share = (key: string) => `${Math.round((100 * (after[key]! - before[key]!)) / seconds)} %`;
      return `${share("TaskDuration")} (script ${share("ScriptDuration")}, layout ${share("LayoutDuration")})`;
    };
    const ticking = await busy(async () => {});
    // What saves cause in a running room: the dashboard reloads about once a second, and few rows
    // changed. Here nothing did: five reloads through the page's own router.
    const revalidating = await busy(async () => {
      for (let i = 0; i < 5; i++) {
        await page.evaluate(() =>
          (window as unknown as { __remixRouter: { revalidate(): Promise<void> } }).__remixRouter.revalidate(),
        );
        await sleep(1500);
      }
    });
    const reloading = await busy(async () => {
      await gql(OVERRIDE, { s: data.session, o: { overrideType: "SESSION_PAUSE" } });
      await sleep(4000);
      await gql(OVERRIDE, { s: data.session, o: { overrideType: "SESSION_RESUME" } });
    });

    console.log(
      `\n| measure (${N} participants, load average ${os.loadavg()[0]!.toFixed(2)} on ${os.cpus().length} cores) | value |\n|---|---:|`,
    );
    console.log(`| dashboard opened until every row shows | ${Math.round(shown)} ms |`);
    console.log(`| browser main thread busy, clocks ticking (10 s) | ${ticking} |`);
    console.log(`| browser main thread busy, five reloads in which no row changed (10 s) | ${revalidating} |`);
    console.log(`| browser main thread busy, pause all and resume all (10 s) | ${reloading} |`);
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
