/**
 * What a user waits for on the screens issue 34 found slow: `npm run bench:pages` (BENCH_RUNS,
 * default 5; BENCH_PORT, default 3534, the room on the next port).
 *
 * Builds nothing: build/ must exist (`npm run build`). Starts the built server as `npm run serve`
 * does, on a fresh DATA_DIR with the demo organisation, and sets up what the e2e specs set up
 * (tests/e2e/support/live-fixture.ts: a running session, one candidate with answers, categories for
 * the report's radar). Then drives Chromium through each flow BENCH_RUNS times, after one warm-up
 * run that is not counted but shown as "first run" (the server's first request of a route loads its
 * modules; the first PDF starts the PDF worker):
 *
 *   user home       /user in a fresh browser (empty cache), signed in as the candidate
 *   report link     /sessionreport/… from the report e-mail, in a fresh browser
 *   report build    "Build the report" / "Rebuild with this layout" on the participant's page
 *   report send     "Send the report" there, 2 s after the build (BENCH_READ_MS: reading the preview)
 *   practical tick  one tick of a practical checklist in the station view
 *
 * A flow's time runs from the click (or the address typed) until the page is hydrated, what it
 * shows has appeared, and the network has been quiet for QUIET ms: the time of the last request's
 * end, so the quiet window itself is not counted. "main request" is the document's or the action's
 * own request (time to its last byte). Prints p50 and max per flow and the load average.
 * BENCH_WATERFALL=1 also prints each run's requests (start and end after the click or the address),
 * to see what waits for what.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page, type Request } from "@playwright/test";
import { nearestRankPercentile, root, sleep, startServer, waitForServer } from "./bench-support";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3534);
const PARTY_PORT = PORT + 1;
const QUIET = 300;
/** How long the organiser reads a built report before sending it (BENCH_READ_MS). */
const READ_MS = Number(process.env.BENCH_READ_MS ?? 2000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pages-bench-"));
// The e2e helpers (sign-in cookies, fixtures, outbox) read the server's DATA_DIR from here.
process.env.DATA_DIR = dir;
process.env.E2E_DATA_DIR = dir;
const base = `http://localhost:${PORT}`;
process.env.E2E_BASE_URL = base;
const chromiumPath = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE ?? "/usr/bin/chromium";
const percentile = nearestRankPercentile;

/** A flow's time, its main request's, and the script a fresh page downloaded (bytes on the wire). */
type Sample = { total: number; main: number; script?: number };

/** Requests of a page in flight and the time the last one ended. */
function watchNetwork(page: Page) {
  const inFlight = new Set<Request>();
  const seen: Request[] = [];
  let last = performance.now();
  const done = (request: Request) => {
    inFlight.delete(request);
    last = performance.now();
  };
  const started = (request: Request) => {
    inFlight.add(request);
    seen.push(request);
    last = performance.now();
  };
  page.on("request", started);
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return {
    /** Bytes of script received so far (compressed, as sent). */
    async scriptBytes(): Promise<number> {
      let bytes = 0;
      for (const request of seen)
        if (request.resourceType() === "script") bytes += (await request.sizes()).responseBodySize;
      return bytes;
    },
    /** Each request: when it started and ended (ms after `since`), its type, size and address. */
    async waterfall(since: number): Promise<string> {
      const lines = [];
      for (const request of seen) {
        const timing = request.timing();
        const start = timing.startTime - performance.timeOrigin - since;
        const size = request.failure() ? 0 : (await request.sizes()).responseBodySize;
        lines.push(
          `${String(Math.round(start)).padStart(6)} ${String(Math.round(start + timing.responseEnd)).padStart(6)} ms  ${request.resourceType().padEnd(10)} ${String(Math.round(size / 1024)).padStart(4)} kB  ${request.url().replace(base, "").slice(0, 90)}`,
        );
      }
      return lines.join("\n");
    },
    stop() {
      page.off("request", started);
      page.off("requestfinished", done);
      page.off("requestfailed", done);
    },
    /** Waits until nothing was in flight for QUIET ms; returns when the network went quiet. */
    async quiet(): Promise<number> {
      for (;;) {
        if (inFlight.size === 0 && performance.now() - last >= QUIET) return last;
        await sleep(20);
      }
    },
  };
}

async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber$")));
}

/** Time of a finished request from its start to its last byte (Chromium's resource timing). */
function durationOf(request: Request): number {
  const timing = request.timing();
  return timing.responseEnd > 0 ? timing.responseEnd : NaN;
}

/** A fresh browser context (no cache, no storage) opening `url`, signed in by `signIn` if given. */
async function freshLoad(
  browser: Browser,
  url: string,
  shown: (page: Page) => Promise<unknown>,
  signIn?: (context: BrowserContext) => Promise<void>,
): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "en-US" });
  try {
    if (signIn) await signIn(context);
    const page = await context.newPage();
    const network = watchNetwork(page);
    const started = performance.now();
    const response = await page.goto(url, { waitUntil: "commit" });
    await hydrated(page);
    await shown(page);
    const end = Math.max(performance.now(), await network.quiet());
    if (process.env.BENCH_WATERFALL) console.error(`${url}\n${await network.waterfall(started)}`);
    return { total: end - started, main: durationOf(response!.request()), script: await network.scriptBytes() };
  } finally {
    await context.close();
  }
}

/** A click on an open page until `shown` and a quiet network; `main` is the first request matching `isMain`. */
async function click(
  page: Page,
  act: () => Promise<void>,
  isMain: (request: Request) => boolean,
  shown: () => Promise<unknown>,
): Promise<Sample> {
  const network = watchNetwork(page);
  const started = performance.now();
  const [request] = await Promise.all([page.waitForRequest(isMain), act()]);
  await shown();
  const end = Math.max(performance.now(), await network.quiet());
  if (process.env.BENCH_WATERFALL)
    console.error(`${request.method()} ${request.url()}\n${await network.waterfall(started)}`);
  network.stop();
  return { total: end - started, main: durationOf(request) };
}

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first (this benchmark builds nothing).");
  const load = [os.loadavg()];
  const server = startServer(PORT, {
    PARTYKIT_PORT: String(PARTY_PORT),
    PUBLIC_URL: base,
    // The set-up writes from a second process (the e2e fixture), as in playwright.config.ts.
    LIVE_STATE_CACHE_MS: "0",
    LIST_CACHE_MS: "0",
  });
  // Whatever happens, the server (and its room, which goes down with it) does not outlive the benchmark.
  process.on("exit", () => server.kill("SIGTERM"));
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  try {
    await waitForServer(base, PARTY_PORT);

    // What the e2e specs set up, through the same fixture and helpers.
    const { liveFixture } = await import("../e2e/support/live");
    const { signIn } = await import("../e2e/support/session");
    const { mailsTo } = await import("../e2e/support/outbox");
    console.error("Setting up the session ...");
    const fixture = <T>(...args: string[]) => liveFixture<T>({ dataDir: dir, partykitPort: PARTY_PORT }, ...args);
    const tag = `bench${Date.now()}`;
    const data = fixture<{
      session: string;
      participant: string;
      email: string;
      evaluations: string[];
      questions: string[];
    }>("setup", `${base}/favicon.svg`, tag);
    fixture("categorise", tag, JSON.stringify(data.questions));
    fixture("start", data.session);
    const [evalA] = data.evaluations;
    const [q1] = data.questions;
    fixture(
      "answer",
      data.session,
      data.participant,
      JSON.stringify([
        { evaluation: evalA, question: q1, stepIndex: 0, answer: { textlistValue: ["S3 boots", "S1P shoes"] } },
        { evaluation: evalA, question: q1, stepIndex: 1, answer: { numericValue: 2 } },
        { evaluation: evalA, question: q1, stepIndex: 2, answer: { textValue: "I test the oxygen level" } },
      ]),
    );
    const candidate = { tenant: "demo", email: data.email };
    const staff = { tenant: "demo", email: "admin@demo.test" };

    const results = new Map<string, Sample[]>();
    const firsts = new Map<string, number>();
    const record = (flow: string, sample: Sample, warmUp: boolean) => {
      console.error(`${flow}${warmUp ? " (warm-up)" : ""}: ${Math.round(sample.total)} ms`);
      if (warmUp) firsts.set(flow, sample.total);
      else results.set(flow, [...(results.get(flow) ?? []), sample]);
    };

    // 1. The candidate's home in a fresh browser.
    for (let i = 0; i <= RUNS; i++)
      record(
        "user home (fresh browser)",
        await freshLoad(
          browser,
          `${base}/user`,
          (page) => page.getByTestId("participant-welcome").waitFor(),
          (context) => signIn(context, "user", candidate),
        ),
        i === 0,
      );

    // 2 and 3. The report builder on the participant's page: build, then send.
    const staffContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
    await signIn(staffContext, "admin", staff);
    const page = await staffContext.newPage();
    await page.goto(`${base}/admin/scheduledsessions/dashboard/${data.session}/participant/${data.participant}`);
    await hydrated(page);
    const builder = page.getByTestId("report-builder");
    const isAction = (request: Request) => request.method() === "POST";
    const sentBefore = Date.now() - 1000;
    for (let i = 0; i <= RUNS; i++) {
      const state = builder.getByTestId("report-state");
      record(
        "report build",
        await click(
          page,
          () => builder.getByRole("button", { name: /^(Build the report|Rebuild with this layout)$/ }).click(),
          isAction,
          () => state.waitFor(),
        ),
        i === 0,
      );
      // Nobody sends a report the instant it is built: they read its preview first.
      await sleep(READ_MS);
      record(
        "report send",
        await click(
          page,
          () => builder.getByTestId("report-send").click(),
          isAction,
          () => builder.getByText("The report is sent.").waitFor(),
        ),
        i === 0,
      );
    }

    // 4. The e-mail's link in a fresh browser.
    const [mail] = await mailsTo(data.email, sentBefore);
    const link = /(https?:\/\/\S+\/sessionreport\/\S+\?tenant=\S+&code=[\w-]+)/.exec(mail?.textBody ?? "")?.[1];
    if (!link) throw new Error("no report link in the outbox");
    for (let i = 0; i <= RUNS; i++)
      record(
        "report link (fresh browser)",
        await freshLoad(browser, link, (p) => p.getByTestId("report-total").waitFor()),
        i === 0,
      );

    // 5. A practical tick in the station view: on, off, on … (each one saved and the page reloaded).
    await page.goto(`${base}/admin/scheduledsessions/dashboard/${data.session}/stations/${evalA}`);
    await hydrated(page);
    const panel = page.getByTestId("mark-panel");
    const tick = panel.getByTestId("tick-0");
    await tick.waitFor();
    for (let i = 0; i <= RUNS; i++) {
      const checked = await tick.isChecked();
      record(
        "practical tick (station view)",
        await click(
          page,
          () => tick.setChecked(!checked),
          (request) => request.method() === "POST" && request.url().endsWith("/tick"),
          () => panel.locator('[data-testid="tick-status"][data-waiting="0"]').waitFor(),
        ),
        i === 0,
      );
    }
    await staffContext.close();

    load.push(os.loadavg());
    const fmt = (ms: number) => `${Math.round(ms)} ms`;
    const avg = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
    console.log(
      `\n${RUNS} runs each after one warm-up; ${os.cpus().length} cores; load average (1/5/15 min) ${avg(load[0]!)} before, ${avg(load[1]!)} after\n`,
    );
    console.log(
      "| flow | p50 | max | main request p50 | first run | script downloaded |\n|---|---:|---:|---:|---:|---:|",
    );
    for (const [flow, samples] of results) {
      const totals = samples.map((s) => s.total);
      const main = percentile(
        samples.map((s) => s.main),
        50,
      );
      const script = samples[0]!.script === undefined ? "" : `${Math.round(samples[0]!.script / 1024)} kB`;
      console.log(
        `| ${flow} | ${fmt(percentile(totals, 50))} | ${fmt(Math.max(...totals))} | ${fmt(main)} | ${fmt(firsts.get(flow)!)} | ${script} |`,
      );
    }
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
