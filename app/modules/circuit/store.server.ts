import { and, asc, eq, inArray, lt } from "drizzle-orm";
import type { Reader, TenantTx } from "~db/tenant/client";
import {
  circuitRuns,
  evaluations,
  participants,
  scheduledSessionParticipantEntries as entries,
  sessionTemplates,
  type CircuitGrid,
  type CircuitPause,
} from "~db/tenant/schema";
import type { SessionRow } from "~/modules/live/index.server";
import type { CircuitSchedule } from "./clock";
import { initialGrid, withParticipant } from "./grid";

// Reading and writing a circuit's run (circuit_runs) and what it is about: its stations and people.

export type RunRow = typeof circuitRuns.$inferSelect;
export type Station = { id: string; name: string };
export type CircuitPerson = { id: string; name: string; extraTimePercent: number };

export function readRun(db: Reader, sessionId: string): Promise<RunRow | undefined> {
  return db.select().from(circuitRuns).where(eq(circuitRuns.scheduledSessionId, sessionId)).get();
}

/** The template's evaluations that still exist, in the template's order: the circuit's stations. */
export async function stationsOf(db: Reader, session: SessionRow): Promise<Station[]> {
  const template = await db
    .select({ evaluationIds: sessionTemplates.evaluationIds })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, session.sessionTemplateId))
    .get();
  const ids = template?.evaluationIds ?? [];
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: evaluations.id, name: evaluations.name })
    .from(evaluations)
    .where(inArray(evaluations.id, ids))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((s): s is Station => !!s);
}

/** The session's participants in the order they were added (the rotation's order). */
export async function peopleOf(db: Reader, sessionId: string): Promise<CircuitPerson[]> {
  const rows = await db
    .select({ id: entries.participantId, name: participants.name, extra: participants.extraTimePercent })
    .from(entries)
    .leftJoin(participants, eq(participants.id, entries.participantId))
    .where(eq(entries.scheduledSessionId, sessionId))
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .all();
  return rows.map((r) => ({ id: r.id, name: r.name ?? "", extraTimePercent: r.extra ?? 0 }));
}

/** The grid of a run, or the first plan of a circuit not started yet; people added since rest until placed. */
export function gridOf(
  session: SessionRow,
  run: RunRow | undefined,
  people: readonly CircuitPerson[],
  stations: readonly Station[],
): CircuitGrid {
  const base =
    run?.grid ??
    initialGrid(
      people.map((p) => p.id),
      stations.map((s) => s.id),
      session.circuit?.restStations ?? 0,
    );
  return people.reduce((g, p) => withParticipant(g, p.id), base);
}

export function scheduleOf(session: SessionRow, run: RunRow | undefined, grid: CircuitGrid): CircuitSchedule | null {
  if (!run || !session.circuit) return null;
  return { settings: session.circuit, rounds: grid.rounds, startedAt: run.startedAt.getTime(), pauses: run.pauses };
}

export async function insertRun(tx: TenantTx, sessionId: string, grid: CircuitGrid, at: Date): Promise<void> {
  await tx
    .insert(circuitRuns)
    .values({ scheduledSessionId: sessionId, startedAt: at, pauses: [], grid, movedRound: 0, updatedAt: at })
    .onConflictDoNothing();
}

export async function updateRun(
  tx: TenantTx,
  run: RunRow,
  change: { grid?: CircuitGrid; pauses?: CircuitPause[] },
  at: Date,
): Promise<number> {
  const rev = run.rev + 1;
  await tx
    .update(circuitRuns)
    .set({ ...change, rev, updatedAt: at })
    .where(eq(circuitRuns.scheduledSessionId, run.scheduledSessionId));
  return rev;
}

/** Takes the moves of `round` for this process: true for exactly one caller, whatever the number of processes. */
export async function claimRound(tx: TenantTx, sessionId: string, round: number): Promise<boolean> {
  const rows = await tx
    .update(circuitRuns)
    .set({ movedRound: round })
    .where(and(eq(circuitRuns.scheduledSessionId, sessionId), lt(circuitRuns.movedRound, round)))
    .returning({ round: circuitRuns.movedRound });
  return rows.length > 0;
}

/** Each participant's entry order becomes their circuit order, so the start opens their first station. */
export async function writeOrders(
  tx: TenantTx,
  sessionId: string,
  orders: Map<string, string[]>,
  at: Date,
): Promise<void> {
  for (const [participantId, order] of orders)
    await tx
      .update(entries)
      .set({ sessionOrder: order, updatedAt: at })
      .where(and(eq(entries.scheduledSessionId, sessionId), eq(entries.participantId, participantId)));
}
