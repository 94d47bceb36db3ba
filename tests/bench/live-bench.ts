/**
 * A big exam day: `npm run bench:live` (BENCH_PARTICIPANTS, default 1,000; BENCH_SECONDS, default 60; BENCH_RUNS, default 3).
 *
 * Starts the production server the way `npm start` does (app + its PartyKit room) on a temporary
 * DATA_DIR with one organisation, a session of three evaluations covering the five step types and
 * N participants, each signed in with a real server-side session. Every participant holds a room
 * socket and saves answers through the real save endpoint: a change every 2–6 s, and a burst of
 * every step when a question opens; they finish questions, wait, and go on when staff unlock them.
 * A staff client pauses all, resumes, extends time and unlocks through GraphQL. A closing phase
 * lets every participant save back-to-back for a few seconds (the capacity figure). A save the app
 * answers 429 (one participant saving faster than allowed) is sent again after the wait it gives,
 * as the browser's answer queue does.
 *
 * Reports saves/s, save latency p50/p95/p99, errors, staff action → last socket p50/p95, memory of
 * the app and room processes, and compares every acknowledged answer with the database (lost must
 * be 0). Baselines in the same run: the raw single-row insert rate of a libSQL file (WAL), and the
 * room alone: the last "pause all"'s events published again straight to the room once the saves are
 * over, timed to the last socket, with the room's CPU per publish (what a staff action costs before
 * the app does anything).
 *
 * `--smoke` (CI): 50 participants for 15 s; exits non-zero on a lost answer, an error or a staff
 * event that does not reach its sockets. It asserts no timings.
 *
 * `--processes N` (default 1) runs N app processes from the build on N ports, with one room server
 * (tests/support/app-stack.ts); participant i is served by process i mod N, staff and their
 * dashboard by the first. `--database file|sqld` (default file): the embedded files in DATA_DIR
 * (shared by every process) or one sqld with namespaces. `--fault kill-app` kills the last app
 * process (SIGKILL) in the middle of the paced run: its participants go on with another process, as
 * behind a load balancer, sending again what was not acknowledged. `--fault stop-sqld` stops sqld
 * for ten seconds and starts it again: saves refused with 503 are sent again after their
 * Retry-After, as the browser's queue does. A fault run prints what it checked ([fault] lines) and
 * fails on a lost acknowledged answer, an unclear failure (a 500, a hang, a 503 without the
 * database_unavailable refusal), an app process that ended or was replaced (but the one killed), or
 * a fault that did not bite.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Pool } from "undici";
import WebSocket from "ws";
import { openClient } from "~db/connection";
import { startStack, type Database, type Stack } from "../support/app-stack";
import {
  applyLivePatch,
  livePatchOfEvent,
  screenViewOfEvent,
  applyScreenView,
  reloadDelayOfEvent,
  type LivePatch,
} from "../../app/modules/live/live-patch";
import { reloadGapMs } from "~/components/live/reload-policy";
import { answerFor, percentile, rawInsertRate, sleep } from "./bench-support";
import { repeatRuns } from "./runs";
import { prepareLiveBench } from "./live-setup";
import { roomFromSegment, SIGNATURE_HEADER } from "../../party/token";
import { publishSignature } from "~/modules/realtime/realtime.server";
import { roomRequest } from "~/modules/realtime/room-http.server";

const smoke = process.argv.includes("--smoke");
const option = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? undefined : process.argv[i + 1];
};
const PROCESSES = Number(option("processes") ?? 1);
const DATABASE = (option("database") ?? "file") as Database;
const FAULT = option("fault") as "kill-app" | "stop-sqld" | undefined;
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error("--processes takes a whole number from 1");
if (DATABASE !== "file" && DATABASE !== "sqld") throw new Error("--database takes file or sqld");
if (FAULT && FAULT !== "kill-app" && FAULT !== "stop-sqld") throw new Error("--fault takes kill-app or stop-sqld");
if (FAULT === "kill-app" && PROCESSES < 2) throw new Error("--fault kill-app needs --processes 2 or more");
if (FAULT === "stop-sqld" && DATABASE !== "sqld") throw new Error("--fault stop-sqld needs --database sqld");
/**
 * A 503 (the database unavailable: down, or another process holding an embedded file's write lock
 * past busy_timeout) is waited for and sent again, as the browser's queue does, in a fault run and
 * with several processes; it is counted apart from errors. With one process and no fault it is an error.
 */
const RETRY_UNAVAILABLE = FAULT !== undefined || PROCESSES > 1;
/**
 * How many times the whole run is made, each in a process of its own (runs.ts prints the figures
 * side by side with their spread and the worst): BENCH_RUNS, 3 by default, 1 for --smoke and faults.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? (smoke || FAULT ? 1 : 3));
if (RUNS > 1) process.exit(await repeatRuns(new URL(import.meta.url).pathname, process.argv.slice(2), RUNS));
const N = Number(process.env.BENCH_PARTICIPANTS ?? (smoke ? 50 : 1000));
// A fault run goes on long enough after the fault (sqld is down ten seconds) to see everyone carry on.
const SECONDS = Number(
  process.env.BENCH_SECONDS ?? (FAULT && smoke ? (FAULT === "kill-app" ? 20 : 30) : smoke ? 15 : 60),
);
const SATURATE_SECONDS = Number(process.env.BENCH_SATURATE_SECONDS ?? (smoke ? 3 : 8));
const PORT = Number(process.env.BENCH_PORT ?? 3334);
/** Staff dashboards open during the paced run (each reloads its data like the screen does). */
const DASHBOARDS = Number(process.env.BENCH_DASHBOARDS ?? 1);
/** The earlier participant model: every room event ends every participant's think time (see Participant.run). */
const WAKE_ON_EVENTS = process.env.BENCH_WAKE_ON_EVENTS === "1";
const PARTY_PORT = PORT + 1;
/** The app processes' ports: PORT, then PORT + 2, PORT + 3, … (PORT + 1 is the room's). */
const APP_PORTS = Array.from({ length: PROCESSES }, (_, i) => (i === 0 ? PORT : PORT + 1 + i));
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "live-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";

const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

// ---- HTTP: one keep-alive pool per app process (a browser per participant would be 1,000
// connections; 64 suffice). A request that waits 30 s for its answer is a hang, and an error.
const pools = APP_PORTS.map(
  (port) =>
    new Pool(`http://127.0.0.1:${port}`, {
      connections: smoke ? 16 : 64,
      pipelining: 1,
      headersTimeout: 30_000,
      bodyTimeout: 30_000,
    }),
);
/** Whether each app process is taken to be up (a refused connection marks it down). */
const up = APP_PORTS.map(() => true);
/** The last connection failure met at each app process. */
const lastFailure: string[] = APP_PORTS.map(() => "none");

/** Requests sent, by kind: what the app serves besides saves (state reloads, moving on, staff). */
/** Bytes received, by kind (uncompressed: the pool does not ask for gzip). */
const bytesOf = { save: 0, state: 0, participantGraphQL: 0, staffGraphQL: 0, dashboard: 0 };
const sent = { save: 0, state: 0, participantGraphQL: 0, staffGraphQL: 0, dashboard: 0 };
const kindOf = (url: string): keyof typeof sent =>
  url.endsWith("/answer")
    ? "save"
    : url.includes("/api/user/live-state/")
      ? "state"
      : url.includes("/api/user/")
        ? "participantGraphQL"
        : url.includes("/dashboard/")
          ? "dashboard"
          : "staffGraphQL";

/** What the faults did to the requests (see --fault). */
const faults = {
  /** Requests whose connection to an app process failed (it was killed), sent again to another. */
  failedOver: 0,
  /** Answers 503 with the database_unavailable refusal and a Retry-After, waited for and sent again. */
  unavailable: 0,
  /** Saves refused so at least once before they were acknowledged. */
  unavailableSaves: 0,
  /** The longest a save took from its first sending until it was acknowledged (ms). */
  longestSaveWait: 0,
};

/** The connection to an app process failed (refused or cut): nothing was answered. */
class Unreachable extends Error {}
const HANG_CODES = new Set(["UND_ERR_HEADERS_TIMEOUT", "UND_ERR_BODY_TIMEOUT"]);

async function call(
  method: "GET" | "POST",
  url: string,
  cookie: string,
  body?: unknown,
  on = 0,
): Promise<{ status: number; json: any; headers: Record<string, unknown> }> {
  sent[kindOf(url)]++;
  let res;
  try {
    res = await pools[on]!.request({
      method,
      path: url,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (e) {
    const code = (e as { code?: string }).code ?? "";
    if (HANG_CODES.has(code)) throw new Error(`no answer within 30 s (${method} ${url.slice(0, 60)})`);
    lastFailure[on] = code || (e as Error).message;
    if (code === "ECONNREFUSED") up[on] = false;
    throw new Unreachable(`${code || (e as Error).message} from app process ${on + 1}`);
  }
  const text = await res.body.text();
  bytesOf[kindOf(url)] += text.length;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text.slice(0, 200) };
  }
  return { status: res.statusCode, json, headers: res.headers };
}

/** The next app process taken to be up after `from` (a participant's failover). */
function another(from: number): number {
  for (let i = 1; i <= APP_PORTS.length; i++) {
    const next = (from + i) % APP_PORTS.length;
    if (up[next]) return next;
  }
  throw new Error(`no app process answers (last connection failures: ${lastFailure.join(", ")})`);
}

/** A 503 answered as the app must answer it while its database is unavailable (else an error). */
function unavailable(status: number, json: any, headers: Record<string, unknown>): number | null {
  if (status !== 503) return null;
  if (json?.ok !== false || json?.reason !== "database_unavailable" || !headers["retry-after"])
    throw new Error(`503 without the database_unavailable refusal: ${JSON.stringify(json).slice(0, 200)}`);
  faults.unavailable++;
  return Number(headers["retry-after"]) * 1000;
}

/**
 * A request as a client that keeps trying does it: sent again to another app process when its own
 * cannot be reached (`onUnreachable` picks it; null gives up), and after the wait a 503 asks for.
 * Without a fault, either is an error.
 */
async function persist(
  send: (on: number) => ReturnType<typeof call>,
  on: number,
  onUnreachable: (on: number) => number | null,
): Promise<{ status: number; json: any; on: number; waits: number }> {
  let waits = 0;
  for (;;) {
    let answer;
    try {
      answer = await send(on);
    } catch (e) {
      if (!(e instanceof Unreachable) || stopping) throw e;
      if (!FAULT) throw e;
      faults.failedOver++;
      const next = onUnreachable(on);
      if (next === null) throw e;
      on = next;
      continue;
    }
    const wait = unavailable(answer.status, answer.json, answer.headers);
    if (wait === null || stopping) return { ...answer, on, waits };
    if (!RETRY_UNAVAILABLE) throw new Error(`503 ${answer.json?.reason}`);
    waits++;
    await sleep(wait);
  }
}

/** GraphQL as the screens send it; with `retry`, sent again while the app cannot be reached or its database is unavailable. */
async function gql(
  area: "admin" | "user",
  cookie: string,
  query: string,
  variables: Record<string, unknown> = {},
  { on = 0, retry = true }: { on?: number; retry?: boolean } = {},
) {
  for (;;) {
    const { status, json } = retry
      ? await persist((at) => call("POST", `/api/${area}/graphql`, cookie, { query, variables }, at), on, another)
      : await call("POST", `/api/${area}/graphql`, cookie, { query, variables }, on);
    const reason = json?.errors?.[0]?.extensions?.reason;
    if (status === 200 && reason === "database_unavailable" && RETRY_UNAVAILABLE && retry && !stopping) {
      faults.unavailable++;
      await sleep(2000);
      continue;
    }
    if (status !== 200 || json?.errors)
      throw new Error(`${area} GraphQL ${status}: ${JSON.stringify(json).slice(0, 300)}`);
    return json.data;
  }
}

// ---- What each simulated participant knows and saw acknowledged.
type Step = { index: number; type: string; options: string[] };
/** The part of the screen's state a simulated participant uses: the clock and status, and where it is. */
type Live = LivePatch & {
  scheduledSession: string;
  evaluation: { _id: string } | null;
  currentQuestion: string | null;
  questions: Array<{ _id: string; steps: Step[] }>;
  answers: unknown;
};
type Acked = { revision: number; answer: unknown };

const errors: string[] = [];
const saveLatencies: number[] = [];
/** Each save's latency with when it was sent, to tell the unlock bursts' tail from the rest. */
const timedSaves: { sentAt: number; ms: number; home: number }[] = [];
/** When staff unlocked waiting participants (each unlock starts a burst of new questions). */
const unlockTimes: number[] = [];
let saves = 0;
/** When each save was acknowledged (what was served before, during and after a fault). */
const savedAt: number[] = [];
/** Saves the app answered 429 (faster than a participant may save): waited for and sent again, as the browser's queue does. */
let throttled = 0;
/** Staff events a participant applied from the event itself, without reloading its state. */
let patched = 0;
let stopping = false;

class Participant {
  live: Live | null = null;
  revision = 0;
  readonly acked = new Map<string, Acked>();
  socket: WebSocket | null = null;
  /** Resolved when a room event may have changed what this participant should do. */
  private wake: (() => void) | null = null;
  readonly received = new Map<string, number>(); // staff action id → arrival time
  /** The room's path segment of this participant's session (from its token). */
  roomSegment = "";
  /** The last "pause all" event this socket got, as sent: the room-alone baseline sends it again. */
  lastPause: Record<string, unknown> | null = null;

  constructor(
    readonly id: string,
    readonly cookie: string,
    readonly session: string,
    /** The app process serving this participant (another after its own was killed). */
    public home: number,
  ) {
    this.origin = home;
  }

  /** The app process that served this participant first. */
  readonly origin: number;

  /** Sends again to another app process when this one's cannot be reached, and follows there. */
  private readonly failover = (from: number) => (this.home = another(from));

  async connect(): Promise<void> {
    const data = await gql(
      "user",
      this.cookie,
      `mutation($s: ID!) { getRealtimeToken(scheduledSession: $s) { token host party room } }`,
      { s: this.session },
      { on: this.home },
    );
    const t = data.getRealtimeToken as { token: string; party: string; room: string };
    const socket = new WebSocket(
      `ws://127.0.0.1:${PARTY_PORT}/parties/${t.party}/${t.room}?token=${encodeURIComponent(t.token)}`,
    );
    this.socket = socket;
    this.roomSegment = t.room;
    await new Promise<void>((resolve, reject) => {
      socket.once("error", reject);
      socket.on("message", (raw) => {
        // When the frame arrived. The 1,000 simulated screens share this process: what the others
        // do with their frames of the same turn must not count as this one's delivery, so each is
        // handled after every frame of the turn has been read.
        const arrived = performance.now();
        setImmediate(() => this.onFrame(String(raw), arrived, resolve));
      });
    });
    socket.on("close", () => {
      if (!stopping) errors.push(`socket of ${this.id} closed`);
    });
    await this.reload();
  }

  private onFrame(raw: string, arrived: number, welcomed: () => void): void {
    const event = JSON.parse(raw) as { type: string; payload?: { reason?: string; actionId?: string } };
    if (event.type === "welcome") return welcomed();
    if (event.type === RELAY_EVENT) return relayArrival(arrived);
    if (event.type !== "entry.changed") return;
    if (event.payload?.reason === "SESSION_PAUSE") this.lastPause = event as Record<string, unknown>;
    staffEvent(event.payload?.reason ?? "", arrived);
    // As the screen does: an unlock carries the new state, a pause, resume or extension the new
    // clock; anything else means reload.
    const view = screenViewOfEvent<Live>(event, this.session);
    if (view && this.live) {
      patched++;
      // Taken up when this screen would have had it from its reload before unlocks carried it
      // (`reloadInMs`): the saves that follow come as they came, without the reloads.
      const show = () => {
        this.live = applyScreenView(this.live!, view);
        this.wakeUp();
      };
      const delay = reloadDelayOfEvent(event);
      if (delay > 0) setTimeout(show, delay);
      else show();
      return;
    }
    const patch = livePatchOfEvent(event);
    if (patch && this.live) {
      this.live = applyLivePatch(this.live, patch);
      patched++;
      this.wakeUp();
      return;
    }
    // As the screen does: reload when the event says (an unlock of many spreads them).
    const delay = reloadDelayOfEvent(event);
    const reload = () => {
      this.dirty = true;
      this.wakeUp();
    };
    if (delay > 0) setTimeout(reload, delay);
    else reload();
  }

  wakeUp() {
    this.wake?.();
    this.wake = null;
  }

  private waitForEvent(ms: number): Promise<void> {
    if (this.dirty) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async reload(): Promise<void> {
    const { status, json } = await persist(
      (on) => call("GET", `/api/user/live-state/${this.session}`, this.cookie, undefined, on),
      this.home,
      this.failover,
    );
    if (status !== 200) throw new Error(`live-state ${status}: ${JSON.stringify(json).slice(0, 200)}`);
    this.live = json.live as Live;
  }

  private current(): { evaluation: string; question: { _id: string; steps: Step[] } } | null {
    const live = this.live;
    if (!live || live.paused || !live.evaluation || !live.currentQuestion) return null;
    const question = live.questions.find((q) => q._id === live.currentQuestion);
    return question ? { evaluation: live.evaluation._id, question } : null;
  }

  private async save(evaluation: string, question: string, step: Step): Promise<void> {
    const revision = ++this.revision;
    const answer = answerFor(step, revision);
    const started = performance.now();
    const body = { evaluation, question, stepIndex: step.index, answer, revision };
    const send = (on: number) => call("POST", `/api/user/live/${this.session}/answer`, this.cookie, body, on);
    try {
      // Sent again, as the browser's queue does: after a 429's wait, a 503's Retry-After, or to
      // another app process when this one cannot be reached.
      let { status, json, waits } = await persist(send, this.home, this.failover);
      let refused = waits;
      while (status === 429 && !stopping) {
        throttled++;
        await new Promise((r) => setTimeout(r, Number(json?.retryAfterMs ?? 1000)));
        ({ status, json, waits } = await persist(send, this.home, this.failover));
        refused += waits;
      }
      if (refused > 0) faults.unavailableSaves++;
      const took = performance.now() - started;
      saveLatencies.push(took);
      timedSaves.push({ sentAt: started, ms: took, home: this.home });
      faults.longestSaveWait = Math.max(faults.longestSaveWait, took);
      if (status !== 200 || !json?.ok) {
        errors.push(`save ${status}: ${JSON.stringify(json).slice(0, 200)}`);
        return;
      }
      saves++;
      savedAt.push(performance.now());
      if (fault.killed && this.origin === fault.killed.index && performance.now() > fault.at) savedByMoved++;
      const key = `${evaluation}|${question}|${step.index}`;
      const before = this.acked.get(key);
      if (!before || before.revision < json.revision)
        this.acked.set(key, { revision: json.revision, answer: json.revision === revision ? answer : before?.answer });
    } catch (e) {
      if (!stopping) errors.push(`save failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /**
   * The realistic pace: a burst over every step when a question opens, then a change every few
   * seconds (think time). A room event during the think time is handled at once (the screen applies
   * or reloads it) but does not cut the think time short: a person does not answer faster because
   * staff extended the time. Back from a pause on the same question, a person takes a moment too.
   * BENCH_WAKE_ON_EVENTS=1 restores the earlier model, where every event ended every participant's
   * think time at once (a burst of one save per participant within milliseconds of each staff action).
   */
  async run(until: number): Promise<void> {
    let opened: string | null = null;
    let changes = 0;
    let resumed = false;
    while (!stopping && performance.now() < until) {
      const now = this.current();
      if (!now) {
        // Paused or waiting: like the screen (connected, it does not poll), reload only when the
        // room says something changed that its event did not carry (a resume carries the clock).
        await this.waitForEvent(Math.max(0, Math.min(15_000, until - performance.now())));
        if (this.dirty) {
          this.dirty = false;
          await this.reload().catch((e: Error) => errors.push(e.message));
        }
        resumed = true;
        continue;
      }
      if (resumed && opened === now.question._id && !WAKE_ON_EVENTS) {
        resumed = false;
        await this.think(between(500, 3000), until);
        continue;
      }
      resumed = false;
      if (opened !== now.question._id) {
        opened = now.question._id;
        changes = 0;
        for (const step of now.question.steps) {
          await this.save(now.evaluation, now.question._id, step);
          await sleep(between(50, 250));
        }
      } else if (changes < 3 + Math.floor(Math.random() * 3)) {
        const step = now.question.steps[Math.floor(Math.random() * now.question.steps.length)]!;
        await this.save(now.evaluation, now.question._id, step);
        changes++;
      } else {
        // Not sent again when it failed (it may have been done): in a fault run the screen reloads its
        // state instead, after a moment, and goes on from what the server says.
        const data = await gql(
          "user",
          this.cookie,
          `mutation($s: ID!, $e: ID!, $q: ID) { finishQuestion(scheduledSession: $s, evaluation: $e, question: $q) { revision status paused helpRequested remainingSeconds deadline serverTime evaluation { _id: evaluationId } currentQuestion questions { _id steps { index type options } } } }`,
          { s: this.session, e: now.evaluation, q: now.question._id },
          { on: this.home, retry: false },
        ).catch((e: Error) => {
          const unavailableNow = RETRY_UNAVAILABLE && /GraphQL 503|database_unavailable/.test(e.message);
          if ((FAULT && e instanceof Unreachable) || unavailableNow) {
            faults.failedOver += e instanceof Unreachable ? 1 : 0;
            if (e instanceof Unreachable) this.failover(this.home);
            return sleep(2000)
              .then(() => this.reload())
              .then(
                () => null,
                (again: Error) => (errors.push(again.message), null),
              );
          }
          errors.push(e.message);
          return null;
        });
        if (data) this.live = data.finishQuestion as Live;
        continue;
      }
      await this.think(between(2000, 6000), until);
    }
  }

  /** Waits `ms` (or until the run ends), handling room events as the screen does meanwhile. */
  private async think(ms: number, until: number): Promise<void> {
    const end = Math.min(performance.now() + ms, until);
    do {
      await this.waitForEvent(end - performance.now());
      // A pause or unlock arrives as an event: reload what changed, as the screen does.
      if (this.dirty) {
        this.dirty = false;
        await this.reload().catch((e: Error) => errors.push(e.message));
      }
    } while (!WAKE_ON_EVENTS && !stopping && performance.now() < end);
  }

  dirty = false;

  /** Capacity: saves back-to-back on the current question, no pause between them. */
  async saturate(until: number): Promise<void> {
    while (performance.now() < until) {
      const now = this.current();
      if (!now) return;
      const step = now.question.steps[this.revision % now.question.steps.length]!;
      await this.save(now.evaluation, now.question._id, step);
    }
  }
}

// ---- Staff actions and their fan-out to the sockets.
/** `answered`: ms until the app answered the staff mutation (written, and handed to the room). */
type Action = { name: string; reason: string; sentAt: number; answered: number; expected: number; arrivals: number[] };
let currentAction: Action | null = null;
const actions: Action[] = [];

/** `arrived`: when the socket's frame was read, before this process handled the turn's frames. */
function staffEvent(reason: string, arrived: number) {
  const action = currentAction;
  if (action && reason === action.reason) action.arrivals.push(arrived - action.sentAt);
}

async function staffAction(name: string, reason: string, run: () => Promise<number>): Promise<void> {
  const action: Action = { name, reason, sentAt: performance.now(), answered: NaN, expected: 0, arrivals: [] };
  currentAction = action;
  action.expected = await run();
  action.answered = performance.now() - action.sentAt;
  // Every socket that should hear of it has 10 s (the smoke run, on a busy CI machine: 30 s; it
  // looks for events that never arrive, not for slow ones).
  const deadline = performance.now() + (smoke ? 30_000 : 10_000);
  while (action.arrivals.length < action.expected && performance.now() < deadline) await sleep(20);
  currentAction = null;
  actions.push(action);
  if (action.arrivals.length < action.expected)
    errors.push(
      `${name}: ${action.arrivals.length} of ${action.expected} sockets got the event within ${smoke ? 30 : 10} s`,
    );
}

// ---- The room alone: the same fan-out without the app (a baseline measured in the same run).
/** An event type no screen knows: the simulated screens only time it. */
const RELAY_EVENT = "bench.relay";
let relayArrivals: number[] = [];
function relayArrival(arrived: number) {
  relayArrivals.push(arrived);
}

/**
 * The last "pause all" as the room relayed it (each participant's own event), published again by
 * this process straight to the room, signed as the app signs, `times` times: from the publish to
 * the last socket, and the room's CPU (`roomCpu`, seconds) per publish. What a staff action costs
 * on this machine before the app does anything.
 */
async function roomAlone(
  everyone: Participant[],
  stack: Pick<Stack, "roomUrl" | "secret">,
  roomCpu: () => number,
  times: number,
): Promise<{ took: number[]; cpuMs: number }> {
  const events = everyone.flatMap((p) => (p.lastPause ? [{ ...p.lastPause, type: RELAY_EVENT }] : []));
  const segment = everyone[0]?.roomSegment ?? "";
  const room = roomFromSegment(segment);
  if (events.length === 0 || !room) return { took: [], cpuMs: NaN };
  const took: number[] = [];
  const cpuBefore = roomCpu();
  for (let i = 0; i < times; i++) {
    relayArrivals = [];
    const sentAt = performance.now();
    const issued = Date.now();
    const body = JSON.stringify(events.map((e) => ({ ...e, issued })));
    const answer = await roomRequest(`${stack.roomUrl}parties/main/${segment}`, {
      method: "POST",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: publishSignature(room, body, stack.secret) },
      body,
      timeoutMs: 10_000,
    });
    if (!answer.ok) throw new Error(`the room refused the baseline's publish: ${answer.status} ${answer.text}`);
    const deadline = sentAt + 10_000;
    while (relayArrivals.length < events.length && performance.now() < deadline) await sleep(5);
    if (relayArrivals.length < events.length)
      throw new Error(`the room alone reached ${relayArrivals.length} of ${events.length} sockets`);
    took.push(Math.max(...relayArrivals) - sentAt);
    await sleep(300);
  }
  return { took, cpuMs: ((roomCpu() - cpuBefore) / times) * 1000 };
}

const dashboardLatencies: number[] = [];

/**
 * A staff member's live dashboard, open during the session: the screen reloads its data (one
 * single-fetch request for the page's loaders) after room events, as use-live-room.ts does with
 * reload-policy.ts's gaps. Answers arrive several times a second, and everything this run sends is
 * progress (no help requests): a reload every reloadGapMs(took, true), at most a tenth of the time.
 */
async function dashboardLoop(staffCookie: string, session: string, until: number): Promise<void> {
  while (performance.now() < until && !stopping) {
    const start = performance.now();
    const { status, json, headers } = await call(
      "GET",
      `/admin/scheduledsessions/dashboard/${session}.data`,
      staffCookie,
    ).catch((e: Error) => ({ status: 0, json: { error: e.message }, headers: {} as Record<string, unknown> }));
    const took = performance.now() - start;
    // A page's data while the database is unavailable: 503 with Retry-After (entry.server.tsx), tried again at the next reload.
    if (RETRY_UNAVAILABLE && status === 503 && headers["retry-after"]) faults.unavailable++;
    else if (status !== 200) errors.push(`dashboard reload: ${status} ${JSON.stringify(json).slice(0, 120)}`);
    else dashboardLatencies.push(took);
    await sleep(Math.max(150, reloadGapMs(took, true) - took));
  }
}

async function staffLoop(staffCookie: string, session: string, everyone: Participant[], until: number): Promise<void> {
  const override = (overrideType: string, value?: { numericValue: number }) => async () => {
    const data = await gql(
      "admin",
      staffCookie,
      `mutation($s: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $s, input: { override: $o }) { participantId } }`,
      { s: session, o: { overrideType, ...(value ? { value } : {}) } },
    );
    return overrideType === "EXTEND_TIME" ? -1 : (data.overrideScheduledSessionParticipantEntries as unknown[]).length;
  };
  const unlock = async () => {
    unlockTimes.push(performance.now());
    const data = await gql(
      "admin",
      staffCookie,
      `mutation($p: [ID!]!, $s: ID!) { unlockWaitingParticipants(participants: $p, scheduledSessionId: $s) }`,
      {
        p: everyone.map((p) => p.id),
        s: session,
      },
    );
    return (data.unlockWaitingParticipants as string[]).length;
  };
  const plan: Array<[string, string, () => Promise<number>]> = [
    ["unlock waiting", "unlocked", unlock],
    ["pause all", "SESSION_PAUSE", override("SESSION_PAUSE")],
    ["resume all", "SESSION_RESUME", override("SESSION_RESUME")],
    ["extend all +60 s", "EXTEND_TIME", override("EXTEND_TIME", { numericValue: 60 })],
  ];
  const act = ([name, reason, run]: (typeof plan)[number]) =>
    staffAction(name, reason, run).catch((e: Error) => errors.push(`${name}: ${e.message}`));
  let i = 0;
  await sleep(smoke ? 3000 : 8000);
  while (performance.now() < until - 3000) {
    const step = plan[i++ % plan.length]!;
    await act(step);
    await sleep(step[0] === "pause all" ? 1500 : smoke ? 1500 : 4000);
  }
  // Nobody stays paused or waiting for the capacity phase.
  if (i > 0 && plan[(i - 1) % plan.length]![0] === "pause all") await act(plan[2]!);
  await act(plan[0]!);
}

// ---- Baseline, processes, memory.

const rssMb = (pid: number) => {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
};

/** CPU seconds (user + system) a process has used so far; 0 once it is gone. */
const cpuSeconds = (pid: number) => {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s on Linux)
  } catch {
    return 0;
  }
};

/** Every process below pid (partykit's node and its workerd). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => (children.get(p) ?? []).forEach((c) => (out.push(c), walk(c)));
  walk(pid);
  return out;
}

/** Every acknowledged answer must be in the database with that revision (or a later one). */
async function lostAnswers(
  databaseUrl: string,
  session: string,
  everyone: Participant[],
): Promise<{ checked: number; lost: string[] }> {
  const client = await openClient(databaseUrl);
  const rows = await client.execute({
    sql: `SELECT e.participant_id AS p, a.evaluation_id AS ev, a.question_id AS q, a.step_index AS s, a.revision AS r, a.answer AS answer
          FROM live_answers a JOIN scheduled_session_participant_entries e ON e.id = a.entry_id WHERE e.scheduled_session_id = ?`,
    args: [session],
  });
  client.close();
  const stored = new Map(
    rows.rows.map((r) => [
      `${r.p}|${r.ev}|${r.q}|${r.s}`,
      { revision: Number(r.r), answer: JSON.parse(String(r.answer)) as unknown },
    ]),
  );
  const lost: string[] = [];
  let checked = 0;
  for (const p of everyone) {
    for (const [key, acked] of p.acked) {
      checked++;
      const row = stored.get(`${p.id}|${key}`);
      if (
        !row ||
        row.revision < acked.revision ||
        (row.revision === acked.revision &&
          acked.answer !== undefined &&
          JSON.stringify(row.answer) !== JSON.stringify(acked.answer))
      ) {
        lost.push(`${p.id} ${key}: acknowledged r${acked.revision}, stored ${row ? `r${row.revision}` : "nothing"}`);
      }
    }
  }
  return { checked, lost };
}

/** sqld's own processes among this one's descendants (started through app/server/keeper.mjs). */
const sqldPids = () =>
  descendants(process.pid).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "sqld";
    } catch {
      return false;
    }
  });

/** What a fault did, for its [fault] lines and checks. */
type FaultRecord = {
  at: number;
  /** kill-app: the process killed. */
  killed?: { index: number; pid: number };
  /** stop-sqld: when it stopped answering and when it answered again. */
  down?: number;
  back?: number;
};
const fault: FaultRecord = { at: Infinity };
/** kill-app: saves acknowledged after the kill for participants the killed process served before. */
let savedByMoved = 0;

/** The [fault] lines: what the fault did and what was checked; a failure's reason, or null. */
function reportFault(stack: Stack, pidsAtStart: number[], answers: { checked: number; lost: number }): string | null {
  const line = (text: string) => console.log(`[fault] ${text}`);
  const problems: string[] = [];
  const after = (t: number | undefined) => (t === undefined ? 0 : savedAt.filter((at) => at > t).length);
  const same = stack.apps.map((app, i) => app.alive() && app.pid === pidsAtStart[i]);
  if (FAULT === "kill-app") {
    const killed = fault.killed;
    if (!killed) return "the app process was not killed";
    const survivors = same.filter((ok, i) => i !== killed.index);
    line(
      `${FAULT}: process ${killed.index + 1} (pid ${killed.pid}) killed; ${faults.failedOver} requests that found it gone were sent again to another process`,
    );
    line(
      `the others served on: ${after(fault.at)} saves acknowledged after the kill, ${savedByMoved} of them for participants of the killed process; processes still running with their first pid: ${survivors.filter(Boolean).length} of ${survivors.length}`,
    );
    if (stack.apps[killed.index]!.alive()) problems.push("the killed process still runs");
    if (!survivors.every(Boolean)) problems.push("another app process ended or was replaced");
    if (faults.failedOver === 0) problems.push("no request met the killed process (the fault did not bite)");
    if (savedByMoved === 0) problems.push("no participant of the killed process saved afterwards");
  } else {
    const down = fault.down;
    const back = fault.back;
    if (down === undefined || back === undefined) return "sqld was not stopped and started again";
    const during = savedAt.filter((at) => at > down && at < back).length;
    line(`${FAULT}: sqld down ${((back - down) / 1000).toFixed(1)} s, then started again on its data`);
    line(
      `refused while it was down: ${faults.unavailable} answers 503 database_unavailable with Retry-After (for ${faults.unavailableSaves} saves), each sent again after the wait; ${during} saves acknowledged while it was down; longest wait of a save until acknowledged ${(faults.longestSaveWait / 1000).toFixed(1)} s`,
    );
    line(
      `after it: ${after(back)} saves acknowledged; app processes running with their first pid: ${same.filter(Boolean).length} of ${same.length} (${pidsAtStart.join(", ")})`,
    );
    if (!same.every(Boolean)) problems.push("an app process ended or was replaced");
    if (faults.unavailable === 0) problems.push("no request was refused while sqld was down (the fault did not bite)");
    if (after(back) === 0) problems.push("no save was acknowledged after sqld came back");
  }
  line(
    `acknowledged answers checked against the database: ${answers.checked}, lost: ${answers.lost}; other errors: ${errors.length}`,
  );
  return problems.length ? problems.join("; ") : null;
}

/**
 * The fault, a third of the way into the paced run (kill-app: 40 %): the last app process killed
 * (SIGKILL), or sqld stopped (SIGTERM), left down ten seconds and started again on its data.
 */
async function injectFault(stack: Stack, started: number, record = fault): Promise<void> {
  await sleep(Math.max(0, started + SECONDS * 1000 * (FAULT === "kill-app" ? 0.4 : 0.3) - performance.now()));
  record.at = performance.now();
  if (FAULT === "kill-app") {
    const index = stack.apps.length - 1;
    const victim = stack.apps[index]!;
    record.killed = { index, pid: victim.pid };
    victim.kill("SIGKILL");
    console.log(`[fault] app process ${index + 1} (pid ${victim.pid}) killed with SIGKILL at ${elapsed(started)} s`);
    return;
  }
  const sqld = stack.sqld!;
  const restarted = sqld.restart({ downMs: 10_000 });
  while (await answersHttp(`http://127.0.0.1:${sqld.httpPort}/health`)) await sleep(50);
  record.down = performance.now();
  console.log(`[fault] sqld stopped at ${elapsed(started)} s; starting it again ten seconds later`);
  await restarted;
  record.back = performance.now();
  console.log(
    `[fault] sqld answers again at ${elapsed(started)} s (down ${((record.back - record.down) / 1000).toFixed(1)} s)`,
  );
}

const elapsed = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
const answersHttp = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    () => true,
    () => false,
  );

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first.");
  console.log(
    `Preparing ${N} participants in ${dir} (${PROCESSES} app process${PROCESSES > 1 ? "es" : ""} on ${DATABASE === "sqld" ? "sqld" : "embedded files"}${FAULT ? `, fault: ${FAULT}` : ""}) ...`,
  );
  let data: Awaited<ReturnType<typeof prepareLiveBench>> | null = null;
  // BENCH_CPU_PROF=<dir>: each app process writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_CPU_PROF)]
    : [];
  const stack = await startStack({
    processes: PROCESSES,
    database: DATABASE,
    ports: APP_PORTS,
    roomPort: PARTY_PORT,
    dataDir: dir,
    env: { HOST: "127.0.0.1", SEED_DEMO: "false" },
    prepare: async () => {
      data = await prepareLiveBench(N);
    },
    nodeOptions: () => profile,
  });
  if (!data) throw new Error("the bench's data was not prepared");
  const { session, staffCookie, participants, databaseUrl } = data as Awaited<ReturnType<typeof prepareLiveBench>>;
  const rawInserts = await rawInsertRate(dir);
  const rawServerInserts = stack.sqld ? await rawInsertRate(dir, 3, stack.sqld) : null;
  const pidsAtStart = stack.apps.map((app) => app.pid);
  const log = () => stack.apps.map((app, i) => `--- app process ${i + 1}\n${app.log()}`).join("\n");

  let failure: string | null = null;
  const everyone = participants.map((p, i) => new Participant(p.id, p.cookie, session, i % PROCESSES));
  const memory = { app: 0, room: 0, sqld: 0 };
  const roomPids = () => [stack.room.child.pid!, ...descendants(stack.room.child.pid!)];
  const sampler = setInterval(() => {
    memory.app = Math.max(
      memory.app,
      stack.apps.reduce((sum, app) => sum + rssMb(app.pid), 0),
    );
    memory.room = Math.max(
      memory.room,
      roomPids().reduce((sum, pid) => sum + rssMb(pid), 0),
    );
    memory.sqld = Math.max(
      memory.sqld,
      sqldPids().reduce((sum, pid) => sum + rssMb(pid), 0),
    );
  }, 1000);
  try {
    await gql("admin", staffCookie, `mutation($s: ID!) { startScheduledSession(id: $s) { _id } }`, {
      s: session,
    });
    console.log(`Connecting ${N} sockets ...`);
    for (let i = 0; i < everyone.length; i += 50) await Promise.all(everyone.slice(i, i + 50).map((p) => p.connect()));

    console.log(`Running for ${SECONDS} s ...`);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    const savesBefore = saves;
    const sentBefore = { ...sent };
    // (A killed process's CPU is no longer counted: a fault run's CPU line is not a figure.)
    const cpu = () => ({
      app: pidsAtStart.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      room: roomPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      sqld: sqldPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      bench: process.cpuUsage(),
    });
    const cpuBefore = cpu();
    const patchedBefore = patched;
    await Promise.all([
      ...everyone.map((p) => sleep(Math.random() * 2000).then(() => p.run(until))),
      staffLoop(staffCookie, session, everyone, until),
      ...Array.from({ length: DASHBOARDS }, () => dashboardLoop(staffCookie, session, until)),
      ...(FAULT ? [injectFault(stack, started, fault)] : []),
    ]);
    const pacedSeconds = (performance.now() - started) / 1000;
    const pacedSaves = saves - savesBefore;
    const pacedLatencies = saveLatencies.splice(0);
    // Saves sent within 3 s after an unlock: the burst of every unlocked participant's new question.
    const afterUnlock = (t: number) => unlockTimes.some((u) => t >= u && t < u + 3000);
    const pacedTimed = timedSaves.splice(0);
    const burst = pacedTimed.filter((x) => afterUnlock(x.sentAt)).map((x) => x.ms);
    const calm = pacedTimed.filter((x) => !afterUnlock(x.sentAt)).map((x) => x.ms);
    if (process.env.BENCH_DUMP)
      fs.writeFileSync(
        process.env.BENCH_DUMP,
        JSON.stringify({
          // performance.now() 0 on the monotonic clock (µs) that CPU profiles' timestamps use.
          monotonicOriginUs: Number(process.hrtime.bigint() / 1000n) - performance.now() * 1000,
          saves: pacedTimed,
          unlocks: unlockTimes,
          actions: actions.map((x) => ({ name: x.name, sentAt: x.sentAt, answered: x.answered })),
        }),
      );
    const pacedRate = (kind: keyof typeof sent) => (sent[kind] - sentBefore[kind]) / pacedSeconds;
    const pacedRequests = (["save", "state", "participantGraphQL", "staffGraphQL", "dashboard"] as const)
      .map((k) => pacedRate(k).toFixed(1))
      .join(" / ");
    const pacedPatches = (patched - patchedBefore) / pacedSeconds;
    const cpuAfter = cpu();
    // (sqld started again in a fault run is a new process: its CPU before is not counted.)
    const share = (seconds: number) => (seconds < 0 ? "–" : `${Math.round((seconds / pacedSeconds) * 100)} %`);
    const pacedCpu = [
      share(cpuAfter.app - cpuBefore.app),
      share(cpuAfter.room - cpuBefore.room),
      ...(stack.sqld ? [share(cpuAfter.sqld - cpuBefore.sqld)] : []),
      share((cpuAfter.bench.user + cpuAfter.bench.system - cpuBefore.bench.user - cpuBefore.bench.system) / 1e6),
    ].join(" / ");

    // Capacity: everyone on a question saves back-to-back.
    await Promise.all(everyone.map((p) => p.reload()));
    const satStart = performance.now();
    const satBefore = saves;
    await Promise.all(everyone.map((p) => p.saturate(satStart + SATURATE_SECONDS * 1000)));
    const satSeconds = (performance.now() - satStart) / 1000;
    const satSaves = saves - satBefore;
    const satLatencies = saveLatencies.splice(0);
    timedSaves.length = 0;
    // Once the saves are over (the machine as quiet as this run gets): the room alone.
    const relayed =
      smoke || FAULT
        ? { took: [], cpuMs: NaN }
        : await roomAlone(everyone, stack, () => roomPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0), 10);
    stopping = true;

    const load = os.loadavg();
    const fanout = (a: Action[]) => a.filter((x) => x.arrivals.length > 0).map((x) => Math.max(...x.arrivals));
    const all = fanout(actions);
    const { checked, lost } = await lostAnswers(databaseUrl, session, everyone);

    const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
    const f = (n: number) => n.toFixed(1);
    console.log(`\n| measure | value |\n|---|---:|`);
    row("participants (sockets)", `${N}`);
    row(
      "app processes, database",
      `${PROCESSES}, ${DATABASE === "sqld" ? "sqld (one namespace per organisation)" : "embedded files"}${FAULT ? `, fault: ${FAULT}` : ""}`,
    );
    row("paced run: saves, saves/s", `${pacedSaves} in ${f(pacedSeconds)} s, ${f(pacedSaves / pacedSeconds)}/s`);
    row(
      "paced run: save latency p50 / p95 / p99",
      `${f(percentile(pacedLatencies, 50))} / ${f(percentile(pacedLatencies, 95))} / ${f(percentile(pacedLatencies, 99))} ms`,
    );
    row(
      "paced run: save latency p50 / p95, saves sent within 3 s after an unlock (share) · all others",
      `${f(percentile(burst, 50))} / ${f(percentile(burst, 95))} ms (${Math.round((burst.length / Math.max(1, pacedTimed.length)) * 100)} %) · ${f(percentile(calm, 50))} / ${f(percentile(calm, 95))} ms`,
    );
    row("paced run: requests/s: saves / state reloads / participant GraphQL / staff / dashboard", pacedRequests);
    const stateReloads = sent.state - sentBefore.state;
    row(
      "paced run: size of a state reload (uncompressed JSON)",
      stateReloads ? `${(bytesOf.state / sent.state / 1024).toFixed(1)} KB` : "none",
    );
    const dashboardReloads = sent.dashboard - sentBefore.dashboard;
    row(
      `paced run: staff dashboards open (${DASHBOARDS}): reload p50 / p95, size`,
      dashboardReloads
        ? `${f(percentile(dashboardLatencies, 50))} / ${f(percentile(dashboardLatencies, 95))} ms, ${(bytesOf.dashboard / dashboardReloads / 1024).toFixed(0)} KB`
        : "none",
    );
    row("paced run: staff events applied without a reload, per s", f(pacedPatches));
    row(
      `paced run: CPU of one core: app${PROCESSES > 1 ? ` (${PROCESSES} processes)` : ""} / room${stack.sqld ? " / sqld" : ""} / this benchmark's clients`,
      pacedCpu,
    );
    row("back-to-back: saves/s", `${f(satSaves / satSeconds)} (${satSaves} in ${f(satSeconds)} s)`);
    row(
      "back-to-back: save latency p50 / p95 / p99",
      `${f(percentile(satLatencies, 50))} / ${f(percentile(satLatencies, 95))} / ${f(percentile(satLatencies, 99))} ms`,
    );
    row("raw single-row inserts (WAL, one transaction each)", `${f(rawInserts)}/s`);
    row("ratio back-to-back saves/s ÷ raw inserts/s", `${(satSaves / satSeconds / rawInserts).toFixed(2)}`);
    if (rawServerInserts !== null) {
      row("raw single-row inserts on sqld (over HTTP, one transaction each)", `${f(rawServerInserts)}/s`);
      row(
        "ratio back-to-back saves/s ÷ raw sqld inserts/s",
        `${(satSaves / satSeconds / rawServerInserts).toFixed(2)}`,
      );
    }
    row("saves answered 429 (too fast for one participant), sent again after the wait", `${throttled}`);
    if (RETRY_UNAVAILABLE)
      row(
        "answers 503 database_unavailable, sent again after Retry-After (saves among them)",
        `${faults.unavailable} (${faults.unavailableSaves})`,
      );
    row("errors", `${errors.length}`);
    row(
      `staff action → last socket p50 / p95 (${all.length} actions)`,
      `${f(percentile(all, 50))} / ${f(percentile(all, 95))} ms`,
    );
    const answered = actions.map((a) => a.answered).filter(Number.isFinite);
    row(
      "  of which until the app answered the mutation (written, handed to the room) p50 / p95",
      `${f(percentile(answered, 50))} / ${f(percentile(answered, 95))} ms`,
    );
    if (relayed.took.length > 0) {
      row(
        `  the room alone, after the run: the last pause all's events sent again → last socket p50 / p95 (${relayed.took.length} times)`,
        `${f(percentile(relayed.took, 50))} / ${f(percentile(relayed.took, 95))} ms`,
      );
      row("  the room alone: the room's CPU per publish", `${f(relayed.cpuMs)} ms`);
      row(
        "  staff action → last socket p95 ÷ the room alone's",
        `${(percentile(all, 95) / percentile(relayed.took, 95)).toFixed(2)}`,
      );
    }
    for (const name of [...new Set(actions.map((a) => a.name))]) {
      const these = actions.filter((a) => a.name === name);
      row(
        `  ${name}: sockets reached, → last socket (max)`,
        `${Math.max(...these.map((a) => a.arrivals.length))}, ${f(Math.max(...fanout(these), 0))} ms`,
      );
    }
    row(
      `memory (RSS, peak): app${PROCESSES > 1 ? " (all processes)" : ""} / room (partykit + workerd)${stack.sqld ? " / sqld" : ""}`,
      `${memory.app.toFixed(0)} MB / ${memory.room.toFixed(0)} MB${stack.sqld ? ` / ${memory.sqld.toFixed(0)} MB` : ""}`,
    );
    row("acknowledged answers checked / lost", `${checked} / ${lost.length}`);
    row("load average (1 / 5 min)", `${load[0]!.toFixed(2)} / ${load[1]!.toFixed(2)} on ${os.cpus().length} cores`);
    if (errors.length) console.log(`\nFirst errors:\n  ${[...new Set(errors)].slice(0, 10).join("\n  ")}`);
    if (lost.length) console.log(`\nLost:\n  ${lost.slice(0, 10).join("\n  ")}`);
    const faultFailure = FAULT ? reportFault(stack, pidsAtStart, { checked, lost: lost.length }) : null;
    if (lost.length) failure = `${lost.length} acknowledged answers are not in the database`;
    else if (errors.length) failure = `${errors.length} errors`;
    else if (saves === 0) failure = "no answer was saved";
    else if (faultFailure) failure = faultFailure;
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  } finally {
    stopping = true;
    clearInterval(sampler);
    for (const p of everyone) p.socket?.terminate();
    await Promise.all(pools.map((pool) => pool.close()));
    await stack.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failure) {
    console.error(`\nbench:live failed: ${failure}`);
    if (process.env.BENCH_LOG) console.error(log());
    process.exit(1);
  }
}

await main();
