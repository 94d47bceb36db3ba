import { z } from "zod";
import type { CircuitGrid, CircuitPause, CircuitSettings } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requireParticipant, requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { auditOrigin, recordAudit } from "~/modules/audit/index.server";
import { findSession, publishLive, type SessionRow } from "~/modules/live/index.server";
import { startScheduledSession, type ScheduledSession } from "~/modules/scheduling/index.server";
import {
  circuitClockAt,
  nextRoundAt,
  nextRoundIndex,
  roundSeconds,
  type CircuitClock,
  type CircuitSchedule,
} from "./clock";
import * as plan from "./grid";
import { moveCircuit } from "./moves.server";
import {
  gridOf,
  insertRun,
  peopleOf,
  readRun,
  scheduleOf,
  stationsOf,
  updateRun,
  writeOrders,
  type CircuitPerson,
  type RunRow,
  type Station,
} from "./store.server";
import { armCircuit, disarmCircuit } from "./ticker.server";

// A scheduled session run as a circuit (issue 32, ADR 0044): its start, its clock, pause and
// resume, and re-planning while it runs. The clock is pure (clock.ts), re-planning too (grid.ts);
// this file reads, checks permissions, writes circuit_runs and tells the room.

const RUN = "run:sessions" as const;
const READ = "read:admin" as const;

export type CircuitView = {
  scheduledSession: string;
  status: SessionRow["status"];
  settings: CircuitSettings | null;
  /** Null until the circuit starts. */
  schedule: CircuitSchedule | null;
  rev: number;
  serverTime: number;
  clock: CircuitClock | null;
  /** The first round (from 0) nobody has begun: re-planning changes it and those after it. */
  nextRound: number;
  grid: CircuitGrid | null;
  stations: Station[];
  people: CircuitPerson[];
};

async function viewOf(ctx: Ctx, session: SessionRow, run: RunRow | undefined, now: number): Promise<CircuitView> {
  const db = ctx.tdb.db;
  const [people, stations] = await Promise.all([peopleOf(db, session.id), stationsOf(db, session)]);
  const grid = session.circuit ? gridOf(session, run, people, stations) : null;
  const schedule = grid ? scheduleOf(session, run, grid) : null;
  const clock = schedule ? circuitClockAt(schedule, now) : null;
  return {
    scheduledSession: session.id,
    status: session.status,
    settings: session.circuit ?? null,
    schedule,
    rev: run?.rev ?? 0,
    serverTime: now,
    clock,
    nextRound: schedule && clock?.phase === "DONE" ? schedule.rounds : nextRoundIndex(schedule, now),
    grid,
    stations,
    people,
  };
}

/** Makes the moves that are due (a restart forgot its timers) before a screen reads the circuit. */
async function catchUp(ctx: Ctx, session: SessionRow, run: RunRow | undefined): Promise<void> {
  if (!run || session.status !== "ONGOING" || !session.circuit) return;
  await moveCircuit(ctx.tenant, ctx.tdb, session.id).catch((error: unknown) =>
    console.error(`[circuit] could not catch up ${session.id}`, error),
  );
}

/** The circuit of a session as staff see it (plan screen, order grid, clock board, dashboard). */
export async function circuitView(ctx: Ctx, sessionId: string): Promise<CircuitView> {
  requirePermission(ctx, READ);
  const session = await findSession(ctx.tdb.db, sessionId);
  await catchUp(ctx, session, await readRun(ctx.tdb.db, sessionId));
  return viewOf(ctx, session, await readRun(ctx.tdb.db, sessionId), Date.now());
}

/** `circuitClock(scheduledSession)`: `{ round phase remainingSeconds paused }`; null before the start. */
export async function circuitClock(ctx: Ctx, sessionId: string): Promise<CircuitClock | null> {
  const view = await circuitView(ctx, sessionId);
  if (!view.settings) throw new AppError("BAD_REQUEST", "circuit_not_set");
  return view.clock;
}

/** What a participant's screen needs: the schedule and their own places, nobody else's. */
export type MyCircuit = {
  schedule: CircuitSchedule;
  rev: number;
  serverTime: number;
  extraTimePercent: number;
  places: Array<{ evaluation: string | null; name: string | null; why: string | null; carry: boolean }>;
};

export async function myCircuit(ctx: Ctx, sessionId: string): Promise<MyCircuit | null> {
  requireParticipant(ctx);
  const session = await findSession(ctx.tdb.db, sessionId);
  const run = await readRun(ctx.tdb.db, sessionId);
  if (!session.circuit || !run) return null;
  await catchUp(ctx, session, run);
  const view = await viewOf(ctx, session, await readRun(ctx.tdb.db, sessionId), Date.now());
  const me = view.people.find((p) => p.id === ctx.actor.participantId);
  const row = view.grid?.cells[ctx.actor.participantId];
  if (!me || !row || !view.schedule) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  const names = new Map(view.stations.map((s) => [s.id, s.name]));
  return {
    schedule: view.schedule,
    rev: view.rev,
    serverTime: view.serverTime,
    extraTimePercent: me.extraTimePercent,
    places: row.map((c) => ({
      evaluation: c.evaluation,
      name: c.evaluation ? (names.get(c.evaluation) ?? null) : null,
      why: c.why ?? null,
      carry: !!c.carry,
    })),
  };
}

/** What an examiner's tablet at one station needs: who is there in each round. */
export type StationCircuit = {
  schedule: CircuitSchedule;
  rev: number;
  serverTime: number;
  rounds: Array<{ participant: string | null; absent: string | null; closed: boolean }>;
};

export async function stationCircuit(
  ctx: Ctx,
  sessionId: string,
  evaluationId: string,
): Promise<StationCircuit | null> {
  const view = await circuitView(ctx, sessionId);
  if (!view.schedule || !view.grid) return null;
  const grid = view.grid;
  return {
    schedule: view.schedule,
    rev: view.rev,
    serverTime: view.serverTime,
    rounds: Array.from({ length: grid.rounds }, (_, r) => {
      const cells = Object.entries(grid.cells);
      const at = cells.find(([, row]) => row[r]!.evaluation === evaluationId);
      const absent = cells.find(([, row]) => row[r]!.why === "absent" && row[r]!.planned === evaluationId);
      const closed = cells.some(([, row]) => row[r]!.why === "closed" && row[r]!.planned === evaluationId);
      return { participant: at?.[0] ?? null, absent: at ? null : (absent?.[0] ?? null), closed };
    }),
  };
}

function publishSchedule(ctx: Ctx, session: SessionRow, run: RunRow, grid: CircuitGrid, rev: number, reason: string) {
  const schedule = scheduleOf(session, run, grid)!;
  return publishLive(ctx, session.id, [
    { type: "circuit.changed", payload: { reason, rev, schedule, serverTime: Date.now() } },
  ]);
}

/**
 * Starts a scheduled session; a circuit also gets its clock and its first plan, and each
 * participant's order becomes their circuit order so the start opens their first station.
 */
export async function startSession(ctx: Ctx, sessionId: string): Promise<ScheduledSession> {
  requirePermission(ctx, RUN);
  const session = await findSession(ctx.tdb.db, sessionId);
  if (!session.circuit || session.status !== "SCHEDULED") return startScheduledSession(ctx, sessionId);
  const [people, stations] = await Promise.all([peopleOf(ctx.tdb.db, sessionId), stationsOf(ctx.tdb.db, session)]);
  const grid = gridOf(session, undefined, people, stations);
  const stationIds = stations.map((s) => s.id);
  const orders = new Map(people.map((p) => [p.id, plan.stationOrderOf(grid, p.id, stationIds)]));
  await ctx.tdb.write((tx) => writeOrders(tx, sessionId, orders, new Date()));
  const started = await startScheduledSession(ctx, sessionId);
  const at = new Date();
  await ctx.tdb.write((tx) => insertRun(tx, sessionId, grid, at));
  const run = (await readRun(ctx.tdb.db, sessionId))!;
  const ongoing = { ...session, status: "ONGOING" as const };
  await publishSchedule(ctx, ongoing, run, grid, run.rev, "started");
  armCircuit(ctx.tenant.slug, sessionId, nextRoundAt(scheduleOf(ongoing, run, grid)!, Date.now()), async () =>
    moveCircuit(ctx.tenant, ctx.tdb, sessionId),
  );
  await moveCircuit(ctx.tenant, ctx.tdb, sessionId);
  return started;
}

/** "Pause all" and "resume all" stop and continue the circuit (registered with the live run). */
export async function circuitPauseChanged(ctx: Ctx, sessionId: string, paused: boolean): Promise<void> {
  const session = await findSession(ctx.tdb.db, sessionId);
  if (!session.circuit) return;
  const now = Date.now();
  const changed = await ctx.tdb.write(async (tx) => {
    const run = await readRun(tx, sessionId);
    if (!run) return null;
    const open = run.pauses.some((p) => p.end === null);
    if (paused === open) return null;
    const pauses: CircuitPause[] = paused
      ? [...run.pauses, { start: now, end: null }]
      : run.pauses.map((p) => (p.end === null ? { ...p, end: now } : p));
    const rev = await updateRun(tx, run, { pauses }, new Date(now));
    return { run: { ...run, pauses, rev }, rev };
  });
  if (!changed) return;
  const people = await peopleOf(ctx.tdb.db, sessionId);
  const grid = gridOf(session, changed.run, people, await stationsOf(ctx.tdb.db, session));
  await publishSchedule(ctx, session, changed.run, grid, changed.rev, paused ? "paused" : "resumed");
  if (paused) disarmCircuit(ctx.tenant.slug, sessionId);
  else await moveCircuit(ctx.tenant, ctx.tdb, sessionId);
}

// ---- Re-planning while the circuit runs ----

const id = z.string().trim().min(1).max(100);

/**
 * One re-planning change: applied to the grid from the first round nobody has begun, checked
 * (grid.ts), stored, and told to every screen. Refused changes change nothing. A change that adds
 * rounds to a circuit already done starts them now: the time since it ended counts as paused.
 */
async function replan(
  ctx: Ctx,
  sessionId: string,
  reason: string,
  change: (grid: CircuitGrid, from: number) => CircuitGrid,
): Promise<CircuitView> {
  requirePermission(ctx, RUN);
  const result = await ctx.tdb.write(async (tx) => {
    const session = await findSession(tx, sessionId);
    if (!session.circuit) throw new AppError("BAD_REQUEST", "circuit_not_set");
    const run = await readRun(tx, sessionId);
    if (!run || session.status !== "ONGOING") throw new AppError("BAD_REQUEST", "circuit_not_running");
    const now = Date.now();
    const [people, stations] = await Promise.all([peopleOf(tx, sessionId), stationsOf(tx, session)]);
    const grid = gridOf(session, run, people, stations);
    const schedule = scheduleOf(session, run, grid)!;
    const clock = circuitClockAt(schedule, now);
    const done = clock.phase === "DONE";
    const from = done ? grid.rounds : nextRoundIndex(schedule, now);
    const next = change(grid, from);
    let pauses = run.pauses;
    if (done && next.rounds > grid.rounds) {
      const endedAt = now - (clock.runningMs - grid.rounds * roundSeconds(schedule.settings) * 1000);
      pauses = [...pauses, { start: endedAt, end: now }];
    }
    const rev = await updateRun(tx, run, { grid: next, pauses }, new Date(now));
    // The trail of each participant whose rounds changed: their row of the grid before and after.
    const changed = Object.keys(next.cells).filter(
      (p) => JSON.stringify(grid.cells[p] ?? null) !== JSON.stringify(next.cells[p]),
    );
    await recordAudit(
      tx,
      auditOrigin(ctx),
      changed.map((p) => ({
        scheduledSession: sessionId,
        participant: p,
        kind: "REPLAN" as const,
        action: `replan.${reason}`,
        at: new Date(now),
        before: grid.cells[p] ?? null,
        after: next.cells[p],
      })),
    );
    return { session, run: { ...run, grid: next, pauses, rev }, grid: next, rev };
  });
  await publishSchedule(ctx, result.session, result.run, result.grid, result.rev, reason);
  await moveCircuit(ctx.tenant, ctx.tdb, sessionId);
  return viewOf(ctx, result.session, result.run, Date.now());
}

/** `setParticipantAbsent(scheduledSession, participant, absent)`: their stations stay empty from the next round. */
export function setParticipantAbsent(ctx: Ctx, sessionId: string, participant: unknown, absent: unknown) {
  const p = parseInput(id, participant);
  const a = parseInput(z.boolean(), absent);
  return replan(ctx, sessionId, a ? "absent" : "present", (g, from) => plan.setAbsent(g, p, a, from));
}

/** `admitLateParticipant(scheduledSession, participant)`: into the next round; missed stations as carry-over rounds. */
export function admitLateParticipant(ctx: Ctx, sessionId: string, participant: unknown) {
  const p = parseInput(id, participant);
  return replan(ctx, sessionId, "admitted", (g, from) => plan.admitLate(g, p, from));
}

/** `closeStation(scheduledSession, evaluation, closed)`: closed from the next round; reopened, who missed it gets a carry-over round. */
export function closeStation(ctx: Ctx, sessionId: string, evaluation: unknown, closed: unknown) {
  const e = parseInput(id, evaluation);
  const c = parseInput(z.boolean(), closed);
  return replan(ctx, sessionId, c ? "station-closed" : "station-reopened", (g, from) => {
    if (!Object.values(g.cells).some((row) => row.some((cell) => cell.evaluation === e || cell.planned === e)))
      throw new AppError("NOT_FOUND", "evaluation_not_found");
    return plan.setClosed(g, e, c, from);
  });
}

/** `swapParticipants(scheduledSession, participants)`: two participants trade places from the next round. */
export function swapParticipants(ctx: Ctx, sessionId: string, participants: unknown) {
  const list = parseInput(z.array(id).max(10), participants);
  return replan(ctx, sessionId, "swapped", (g, from) => plan.swap(g, list, from));
}

/** `addCarryOverRound(scheduledSession)`: one more round at the end. */
export function addCarryOverRound(ctx: Ctx, sessionId: string) {
  return replan(ctx, sessionId, "carry-over", (g) => plan.addCarryOverRound(g));
}
