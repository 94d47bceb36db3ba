/**
 * A big exam day: `npm run bench:live` (BENCH_PARTICIPANTS, default 1,000; BENCH_SECONDS, default 60).
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
 * be 0). Baseline in the same run: the raw single-row insert rate of a libSQL file (WAL).
 *
 * `--smoke` (CI): 50 participants for 15 s; exits non-zero on a lost answer, an error or a staff
 * event that does not reach its sockets. It asserts no timings.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { Pool } from "undici";
import WebSocket from "ws";
import {
  applyLivePatch,
  livePatchOfEvent,
  reloadDelayOfEvent,
  type LivePatch,
} from "../../app/modules/live/live-patch";
import { rawInsertRate } from "./bench-support";
import { prepareLiveBench } from "./live-setup";

const smoke = process.argv.includes("--smoke");
const N = Number(process.env.BENCH_PARTICIPANTS ?? (smoke ? 50 : 1000));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (smoke ? 15 : 60));
const SATURATE_SECONDS = Number(process.env.BENCH_SATURATE_SECONDS ?? (smoke ? 3 : 8));
const PORT = Number(process.env.BENCH_PORT ?? 3334);
/** Staff dashboards open during the paced run (each reloads its data like the screen does). */
const DASHBOARDS = Number(process.env.BENCH_DASHBOARDS ?? 1);
/** The earlier participant model: every room event ends every participant's think time (see Participant.run). */
const WAKE_ON_EVENTS = process.env.BENCH_WAKE_ON_EVENTS === "1";
const PARTY_PORT = PORT + 1;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "live-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

// ---- HTTP: one keep-alive pool (a browser per participant would be 1,000 connections; 64 suffice).
const pool = new Pool(`http://127.0.0.1:${PORT}`, { connections: smoke ? 16 : 64, pipelining: 1 });

/** Requests sent, by kind: what the app serves besides saves (state reloads, moving on, staff). */
/** Bytes received, by kind (uncompressed: the pool does not ask for gzip). */
const bytesOf = { save: 0, state: 0, participantGraphQL: 0, staffGraphQL: 0, dashboard: 0 };
const sent = { save: 0, state: 0, participantGraphQL: 0, staffGraphQL: 0, dashboard: 0 };
const kindOf = (url: string): keyof typeof sent =>
  url.endsWith("/answer")
    ? "save"
    : url.includes("/live-state/")
      ? "state"
      : url.includes("/api/user/")
        ? "participantGraphQL"
        : url.includes("/dashboard/")
          ? "dashboard"
          : "staffGraphQL";

async function call(
  method: "GET" | "POST",
  url: string,
  cookie: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  sent[kindOf(url)]++;
  const res = await pool.request({
    method,
    path: url,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  bytesOf[kindOf(url)] += text.length;
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text.slice(0, 200) };
  }
  return { status: res.statusCode, json };
}

async function gql(area: "admin" | "user", cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const { status, json } = await call("POST", `/api/${area}/graphql`, cookie, { query, variables });
  if (status !== 200 || json?.errors)
    throw new Error(`${area} GraphQL ${status}: ${JSON.stringify(json).slice(0, 300)}`);
  return json.data;
}

// ---- What each simulated participant knows and saw acknowledged.
type Step = { index: number; type: string; options: string[] };
/** The part of the screen's state a simulated participant uses: the clock and status, and where it is. */
type Live = LivePatch & {
  evaluation: { _id: string } | null;
  currentQuestion: string | null;
  questions: Array<{ _id: string; steps: Step[] }>;
};
type Acked = { revision: number; answer: unknown };

const errors: string[] = [];
const saveLatencies: number[] = [];
/** Each save's latency with when it was sent, to tell the unlock bursts' tail from the rest. */
const timedSaves: { sentAt: number; ms: number }[] = [];
/** When staff unlocked waiting participants (each unlock starts a burst of new questions). */
const unlockTimes: number[] = [];
let saves = 0;
/** Saves the app answered 429 (faster than a participant may save): waited for and sent again, as the browser's queue does. */
let throttled = 0;
/** Staff events a participant applied from the event itself, without reloading its state. */
let patched = 0;
let stopping = false;

function answerFor(step: Step, revision: number): Record<string, unknown> {
  switch (step.type) {
    case "MULTIPLE_CHOICE":
      return { textlistValue: [step.options[revision % step.options.length]!] };
    case "NUMERIC":
      return { numericValue: revision };
    case "TEXT":
      return { textValue: `answer ${revision}` };
    case "HOTZONE":
      return { numericlistValue: [(revision % 100) / 100, 0.5] };
    default:
      return { booleanValue: revision % 2 === 0 };
  }
}

class Participant {
  live: Live | null = null;
  revision = 0;
  readonly acked = new Map<string, Acked>();
  socket: WebSocket | null = null;
  /** Resolved when a room event may have changed what this participant should do. */
  private wake: (() => void) | null = null;
  readonly received = new Map<string, number>(); // staff action id → arrival time

  constructor(
    readonly id: string,
    readonly cookie: string,
    readonly session: string,
  ) {}

  async connect(): Promise<void> {
    const data = await gql(
      "user",
      this.cookie,
      `mutation($s: ID!) { getRealtimeToken(scheduledSession: $s) { token host party room } }`,
      { s: this.session },
    );
    const t = data.getRealtimeToken as { token: string; party: string; room: string };
    const socket = new WebSocket(
      `ws://127.0.0.1:${PARTY_PORT}/parties/${t.party}/${t.room}?token=${encodeURIComponent(t.token)}`,
    );
    this.socket = socket;
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
    if (event.type !== "entry.changed") return;
    staffEvent(event.payload?.reason ?? "", arrived);
    // As the screen does: a pause, resume or extension carries the new clock; anything else means reload.
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
    const { status, json } = await call("GET", `/api/user/live-state/${this.session}`, this.cookie);
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
    try {
      let { status, json } = await call("POST", `/api/user/live/${this.session}/answer`, this.cookie, {
        evaluation,
        question,
        stepIndex: step.index,
        answer,
        revision,
      });
      while (status === 429 && !stopping) {
        throttled++;
        await new Promise((r) => setTimeout(r, Number(json?.retryAfterMs ?? 1000)));
        ({ status, json } = await call("POST", `/api/user/live/${this.session}/answer`, this.cookie, {
          evaluation,
          question,
          stepIndex: step.index,
          answer,
          revision,
        }));
      }
      saveLatencies.push(performance.now() - started);
      timedSaves.push({ sentAt: started, ms: performance.now() - started });
      if (status !== 200 || !json?.ok) {
        errors.push(`save ${status}: ${JSON.stringify(json).slice(0, 200)}`);
        return;
      }
      saves++;
      const key = `${evaluation}|${question}|${step.index}`;
      const before = this.acked.get(key);
      if (!before || before.revision < json.revision)
        this.acked.set(key, { revision: json.revision, answer: json.revision === revision ? answer : before?.answer });
    } catch (e) {
      errors.push(`save failed: ${e instanceof Error ? e.message : String(e)}`);
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
        await this.waitForEvent(15_000);
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
        const data = await gql(
          "user",
          this.cookie,
          `mutation($s: ID!, $e: ID!, $q: ID) { finishQuestion(scheduledSession: $s, evaluation: $e, question: $q) { revision status paused helpRequested remainingSeconds deadline serverTime evaluation { _id } currentQuestion questions { _id steps { index type options } } } }`,
          { s: this.session, e: now.evaluation, q: now.question._id },
        ).catch((e: Error) => (errors.push(e.message), null));
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

const dashboardLatencies: number[] = [];

/**
 * A staff member's live dashboard, open during the session: the screen reloads its data (one
 * single-fetch request for the page's loaders) after room events, at most once a second and never
 * more than half the time, up to 5 s apart (use-live-room.ts). With answers arriving several
 * times a second, that is a reload every max(1 s, twice the last reload's time).
 */
async function dashboardLoop(staffCookie: string, session: string, until: number): Promise<void> {
  while (performance.now() < until && !stopping) {
    const start = performance.now();
    const { status, json } = await call("GET", `/admin/scheduledsessions/dashboard/${session}.data`, staffCookie);
    const took = performance.now() - start;
    if (status !== 200) errors.push(`dashboard reload: ${status} ${JSON.stringify(json).slice(0, 120)}`);
    else dashboardLatencies.push(took);
    await sleep(Math.max(150, Math.min(5000, Math.max(1000, 2 * took)) - took));
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
  const client = createClient({ url: databaseUrl });
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

async function main() {
  if (!fs.existsSync(path.join(root, "build/server/index.js")))
    throw new Error("No build/: run `npm run build` first.");
  console.log(`Preparing ${N} participants in ${dir} ...`);
  const data = await prepareLiveBench(N);
  const rawInserts = await rawInsertRate(dir);

  // BENCH_CPU_PROF=<dir>: the app process writes a CPU profile there when it stops.
  const profile = process.env.BENCH_CPU_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.BENCH_CPU_PROF)]
    : [];
  const server = spawn(process.execPath, [...profile, "--import", "tsx", "app/server/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      PARTYKIT_PORT: String(PARTY_PORT),
      HOST: "127.0.0.1",
      POSTMARK_SERVER_TOKEN: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  server.stdout.on("data", (chunk) => (log += chunk));
  server.stderr.on("data", (chunk) => (log += chunk));
  let failure: string | null = null;
  const everyone = data.participants.map((p) => new Participant(p.id, p.cookie, data.session));
  const memory = { app: 0, room: 0 };
  const sampler = setInterval(() => {
    memory.app = Math.max(memory.app, rssMb(server.pid!));
    memory.room = Math.max(
      memory.room,
      descendants(server.pid!).reduce((sum, pid) => sum + rssMb(pid), 0),
    );
  }, 1000);
  try {
    for (let tries = 0; ; tries++) {
      const app = await fetch(`http://127.0.0.1:${PORT}/`).then(
        (r) => r.ok,
        () => false,
      );
      const room = await fetch(`http://127.0.0.1:${PARTY_PORT}/`).then(
        () => true,
        () => false,
      );
      if (app && room) break;
      if (tries > 1200) throw new Error(`server did not start:\n${log}`);
      await sleep(100);
    }
    await gql("admin", data.staffCookie, `mutation($s: ID!) { startScheduledSession(id: $s) { _id } }`, {
      s: data.session,
    });
    console.log(`Connecting ${N} sockets ...`);
    for (let i = 0; i < everyone.length; i += 50) await Promise.all(everyone.slice(i, i + 50).map((p) => p.connect()));

    console.log(`Running for ${SECONDS} s ...`);
    const started = performance.now();
    const until = started + SECONDS * 1000;
    const savesBefore = saves;
    const sentBefore = { ...sent };
    const cpu = () => ({
      app: cpuSeconds(server.pid!),
      room: descendants(server.pid!).reduce((sum, pid) => sum + cpuSeconds(pid), 0),
      bench: process.cpuUsage(),
    });
    const cpuBefore = cpu();
    const patchedBefore = patched;
    await Promise.all([
      ...everyone.map((p) => sleep(Math.random() * 2000).then(() => p.run(until))),
      staffLoop(data.staffCookie, data.session, everyone, until),
      ...Array.from({ length: DASHBOARDS }, () => dashboardLoop(data.staffCookie, data.session, until)),
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
          saves: pacedTimed,
          actions: actions.map((x) => ({ name: x.name, sentAt: x.sentAt, answered: x.answered })),
        }),
      );
    const pacedRate = (kind: keyof typeof sent) => (sent[kind] - sentBefore[kind]) / pacedSeconds;
    const pacedRequests = (["save", "state", "participantGraphQL", "staffGraphQL", "dashboard"] as const)
      .map((k) => pacedRate(k).toFixed(1))
      .join(" / ");
    const pacedPatches = (patched - patchedBefore) / pacedSeconds;
    const cpuAfter = cpu();
    const share = (seconds: number) => `${Math.round((seconds / pacedSeconds) * 100)} %`;
    const pacedCpu = [
      share(cpuAfter.app - cpuBefore.app),
      share(cpuAfter.room - cpuBefore.room),
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
    stopping = true;

    const load = os.loadavg();
    const fanout = (a: Action[]) => a.filter((x) => x.arrivals.length > 0).map((x) => Math.max(...x.arrivals));
    const all = fanout(actions);
    const { checked, lost } = await lostAnswers(data.databaseUrl, data.session, everyone);

    const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
    const f = (n: number) => n.toFixed(1);
    console.log(`\n| measure | value |\n|---|---:|`);
    row("participants (sockets)", `${N}`);
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
    row("paced run: CPU of one core: app / room / this benchmark's clients", pacedCpu);
    row("back-to-back: saves/s", `${f(satSaves / satSeconds)} (${satSaves} in ${f(satSeconds)} s)`);
    row(
      "back-to-back: save latency p50 / p95 / p99",
      `${f(percentile(satLatencies, 50))} / ${f(percentile(satLatencies, 95))} / ${f(percentile(satLatencies, 99))} ms`,
    );
    row("raw single-row inserts (WAL, one transaction each)", `${f(rawInserts)}/s`);
    row("ratio back-to-back saves/s ÷ raw inserts/s", `${(satSaves / satSeconds / rawInserts).toFixed(2)}`);
    row("saves answered 429 (too fast for one participant), sent again after the wait", `${throttled}`);
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
    for (const name of [...new Set(actions.map((a) => a.name))]) {
      const these = actions.filter((a) => a.name === name);
      row(
        `  ${name}: sockets reached, → last socket (max)`,
        `${Math.max(...these.map((a) => a.arrivals.length))}, ${f(Math.max(...fanout(these), 0))} ms`,
      );
    }
    row(
      "memory (RSS, peak): app / room (partykit + workerd)",
      `${memory.app.toFixed(0)} MB / ${memory.room.toFixed(0)} MB`,
    );
    row("acknowledged answers checked / lost", `${checked} / ${lost.length}`);
    row("load average (1 / 5 min)", `${load[0]!.toFixed(2)} / ${load[1]!.toFixed(2)} on ${os.cpus().length} cores`);
    if (errors.length) console.log(`\nFirst errors:\n  ${[...new Set(errors)].slice(0, 10).join("\n  ")}`);
    if (lost.length) console.log(`\nLost:\n  ${lost.slice(0, 10).join("\n  ")}`);
    if (lost.length) failure = `${lost.length} acknowledged answers are not in the database`;
    else if (errors.length) failure = `${errors.length} errors`;
    else if (saves === 0) failure = "no answer was saved";
  } catch (e) {
    failure = e instanceof Error ? e.message : String(e);
  } finally {
    stopping = true;
    clearInterval(sampler);
    for (const p of everyone) p.socket?.terminate();
    await pool.close();
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (failure) {
    console.error(`\nbench:live failed: ${failure}`);
    if (process.env.BENCH_LOG) console.error(log);
    process.exit(1);
  }
}

await main();
