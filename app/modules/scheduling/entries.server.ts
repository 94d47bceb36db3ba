import type { Reader } from "~db/tenant/client";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { participants, scheduledSessionParticipantEntries as entries, sessionTemplates } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { badRequest } from "~/lib/app-error";
import { fieldError, parseInput } from "~/lib/parse-input";
import {
  applyLiveOverride,
  RUN as RUN_SESSIONS,
  loadLiveData,
  type LiveData,
  type Override,
  type Progress,
  type SavedAnswer,
} from "~/modules/live/index.server";
import { requireParticipants } from "~/modules/databases/index.server";
import { revokeParticipantTokens } from "~/modules/realtime/index.server";
import { mapNodes, paginateSelect, type Connection, type PageArgs } from "~/lib/paging.server";
import { isPermutationOf, nonOverlappingOrders, type OrderingType } from "./ordering";
import {
  addEntries,
  entriesOf,
  entriesWithData,
  findScheduledRow,
  READ,
  WRITE,
  type EntryRow,
} from "./scheduled-sessions.server";

/** An entry without its live data: what the screens that list a session's people need. */
export type ParticipantEntrySummary = Omit<ParticipantEntry, "sessionAnswers" | "sessionOverrides" | "sessionProgress">;

export type ParticipantEntry = {
  _id: string;
  _createdAt: Date;
  _updatedAt: Date;
  _rev: number;
  _type: "ScheduledSessionParticipantEntry";
  scheduledSession: string;
  participant: string;
  participantName: string;
  participantEmail: string;
  ready: boolean;
  sessionStart: Date | null;
  sessionOrder: string[];
  /** The answer store's rows of this entry (ADR 0012). */
  sessionAnswers: SavedAnswer[];
  sessionOverrides: Override[];
  sessionProgress: Progress[];
};

export async function entryDocs(db: Reader, rows: EntryRow[]): Promise<ParticipantEntry[]> {
  const [summaries, live] = await Promise.all([
    entrySummaries(db, rows),
    loadLiveData(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return summaries.map((summary) =>
    Object.assign(summary, {
      sessionAnswers: live.get(summary._id)?.answers ?? [],
      sessionOverrides: live.get(summary._id)?.overrides ?? [],
      sessionProgress: live.get(summary._id)?.progress ?? [],
    }),
  );
}

async function entrySummaries(db: Reader, rows: EntryRow[]): Promise<ParticipantEntrySummary[]> {
  const ids = [...new Set(rows.map((r) => r.participantId))];
  const people = ids.length
    ? await db
        .select({ id: participants.id, name: participants.name, email: participants.email })
        .from(participants)
        .where(inArray(participants.id, ids))
        .all()
    : [];
  const byId = new Map(people.map((p) => [p.id, p]));
  return rows.map((r) => ({
    _id: r.id,
    _createdAt: r.createdAt,
    _updatedAt: r.updatedAt,
    _rev: r.rev,
    _type: "ScheduledSessionParticipantEntry",
    scheduledSession: r.scheduledSessionId,
    participant: r.participantId,
    participantName: byId.get(r.participantId)?.name ?? "",
    participantEmail: byId.get(r.participantId)?.email ?? "",
    ready: r.ready,
    sessionStart: r.sessionStart,
    sessionOrder: r.sessionOrder,
  }));
}

async function findEntry(db: Reader, scheduledSessionId: string, participantId: string): Promise<EntryRow> {
  const row = await db
    .select()
    .from(entries)
    .where(and(eq(entries.scheduledSessionId, scheduledSessionId), eq(entries.participantId, participantId)))
    .get();
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  return row;
}

async function evaluationsOf(db: Reader, sessionTemplateId: string): Promise<string[]> {
  const t = await db
    .select({ evaluationIds: sessionTemplates.evaluationIds })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, sessionTemplateId))
    .get();
  return t?.evaluationIds ?? [];
}

/** `scheduledSessionParticipantEntries(scheduledSessionId, first, after)`, in the adding order. */
export async function listParticipantEntries(
  ctx: Ctx,
  scheduledSessionId: string,
  args: PageArgs = {},
): Promise<Connection<ParticipantEntry>> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  await findScheduledRow(db, scheduledSessionId);
  const where = eq(entries.scheduledSessionId, scheduledSessionId);
  const page = await paginateSelect(
    args,
    db.select({ n: count() }).from(entries).where(where),
    db.select().from(entries).where(where).orderBy(asc(entries.createdAt), asc(entries.id)),
    (r: EntryRow) => r,
  );
  return mapNodes(page, (rows) => entryDocs(db, rows));
}

/**
 * Every entry of a session, without its live data: for the screens (the order grid, the overview)
 * and for the operations that answer a whole session (GraphQL reads the live fields only when they
 * are asked for, `entriesLiveData`). An ongoing session's answers can run to megabytes.
 */
export async function participantEntrySummaries(
  ctx: Ctx,
  scheduledSessionId: string,
): Promise<ParticipantEntrySummary[]> {
  requirePermission(ctx, READ);
  await findScheduledRow(ctx.tdb.db, scheduledSessionId);
  return entrySummaries(ctx.tdb.db, await entriesOf(ctx.tdb.db, [scheduledSessionId]));
}

export async function getParticipantEntry(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<ParticipantEntry> {
  requirePermission(ctx, READ);
  await findScheduledRow(ctx.tdb.db, scheduledSessionId);
  return (await entryDocs(ctx.tdb.db, [await findEntry(ctx.tdb.db, scheduledSessionId, participantId)]))[0]!;
}

/** Adds participants (one entry each; ones already in the session are kept). Returns the added ids. */
export async function addParticipantsToScheduledSession(
  ctx: Ctx,
  scheduledSessionId: string,
  participantIds: string[],
): Promise<string[]> {
  requirePermission(ctx, WRITE);
  return ctx.tdb.write(async (tx) => {
    const row = await findScheduledRow(tx, scheduledSessionId);
    const unique = [...new Set(participantIds)];
    await requireParticipants(tx, unique);
    return addEntries(tx, row, unique);
  });
}

/**
 * `removeParticipantFromScheduledSession(id, participant)`: removes the participant and their
 * entry, unless they have started (or hold answers, progress or overrides): like
 * updateScheduledSession, that is refused so that nothing they did is lost.
 */
export async function removeParticipantFromScheduledSession(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<{ id: string }> {
  requirePermission(ctx, WRITE);
  await ctx.tdb.write(async (tx) => {
    await findScheduledRow(tx, scheduledSessionId);
    const entry = await findEntry(tx, scheduledSessionId, participantId);
    if ((await entriesWithData(tx, [entry])).has(entry.id)) {
      const person = await tx
        .select({ name: participants.name })
        .from(participants)
        .where(eq(participants.id, participantId))
        .get();
      throw new AppError("BAD_REQUEST", "participant_started", { values: { name: person?.name ?? participantId } });
    }
    await tx.delete(entries).where(eq(entries.id, entry.id));
  });
  // Off the session, off its room: open sockets close and the tokens held are refused (ADR 0030).
  await revokeParticipantTokens(ctx.tdb, scheduledSessionId, [participantId]);
  return { id: participantId };
}

/** `automaticallyAssignScheduledSessionOrder(scheduledSessionId, orderingType)`. */
export async function automaticallyAssignScheduledSessionOrder(
  ctx: Ctx,
  scheduledSessionId: string,
  orderingType: OrderingType = "NON_OVERLAPPING",
): Promise<ParticipantEntrySummary[]> {
  requirePermission(ctx, WRITE);
  if (orderingType !== "NON_OVERLAPPING") throw fieldError("orderingType", "validation:invalid-choice");
  await ctx.tdb.write(async (tx) => {
    const row = await findScheduledRow(tx, scheduledSessionId);
    const evals = await evaluationsOf(tx, row.sessionTemplateId);
    const list = await entriesOf(tx, [scheduledSessionId]);
    const orders = nonOverlappingOrders(list.length, evals);
    const now = new Date();
    for (const [i, e] of list.entries()) {
      await tx
        .update(entries)
        .set({ sessionOrder: orders[i]!, updatedAt: now, rev: e.rev + 1 })
        .where(eq(entries.id, e.id));
    }
  });
  return participantEntrySummaries(ctx, scheduledSessionId);
}

async function writeOrder(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
  change: (order: string[], evals: string[]) => string[],
): Promise<ParticipantEntry> {
  requirePermission(ctx, WRITE);
  await ctx.tdb.write(async (tx) => {
    const row = await findScheduledRow(tx, scheduledSessionId);
    const entry = await findEntry(tx, scheduledSessionId, participantId);
    const evals = await evaluationsOf(tx, row.sessionTemplateId);
    const current = isPermutationOf(entry.sessionOrder, evals) ? entry.sessionOrder : [...evals];
    const next = change(current, evals);
    if (!isPermutationOf(next, evals)) throw fieldError("sessionOrder", "scheduling:validation.order-not-permutation");
    await tx
      .update(entries)
      .set({ sessionOrder: next, updatedAt: new Date(), rev: entry.rev + 1 })
      .where(eq(entries.id, entry.id));
  });
  return getParticipantEntry(ctx, scheduledSessionId, participantId);
}

/** `saveScheduledSessionOrder(participantId, scheduledSessionId, sessionOrder)`: a permutation of the session's evaluations. */
export function saveScheduledSessionOrder(
  ctx: Ctx,
  participantId: string,
  scheduledSessionId: string,
  sessionOrder: string[],
): Promise<ParticipantEntry> {
  return writeOrder(ctx, scheduledSessionId, participantId, () => [...(sessionOrder ?? [])]);
}

/**
 * `manuallyAssignEvaluationToParticipant(scheduledSessionId, participantId, evaluation, position)`:
 * puts the evaluation at the (0-based) position; the evaluation that was there takes its old place.
 */
export function manuallyAssignEvaluationToParticipant(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
  evaluation: string,
  position: number,
): Promise<ParticipantEntry> {
  return writeOrder(ctx, scheduledSessionId, participantId, (order) => {
    const from = order.indexOf(evaluation);
    if (from < 0) throw fieldError("evaluation", "scheduling:validation.unknown-evaluation");
    if (!Number.isInteger(position) || position < 0 || position >= order.length) {
      throw badRequest({ position: { key: "validation:position-range", values: { max: order.length - 1 } } });
    }
    const next = [...order];
    [next[from], next[position]] = [next[position]!, next[from]!];
    return next;
  });
}

export const entryOverrideInput = z.object({
  ready: z.boolean().nullish(),
  sessionStart: z.coerce.date().nullish(),
  sessionOrder: z.array(z.string().min(1).max(100)).max(200).nullish(),
  /** A live override (EXTEND_TIME, SESSION_PAUSE, …): validated and applied by the live module. */
  override: z.unknown().optional(),
});

const hasEntryFields = (d: z.infer<typeof entryOverrideInput>) =>
  d.ready != null || d.sessionStart !== undefined || d.sessionOrder != null;

/** Live overrides need run:sessions; changing the entry's fields needs write:scheduling. */
function requireOverridePermissions(ctx: Ctx, data: z.infer<typeof entryOverrideInput>): void {
  if (data.override != null) requirePermission(ctx, RUN_SESSIONS);
  if (hasEntryFields(data) || data.override == null) requirePermission(ctx, WRITE);
}

/** `overrideScheduledSessionParticipantEntry(scheduledSessionId, participantId, input)`: sets the given fields and/or applies `input.override`. */
export async function overrideScheduledSessionParticipantEntry(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
  input: unknown,
): Promise<ParticipantEntry> {
  const data = parseInput(entryOverrideInput, input);
  requireOverridePermissions(ctx, data);
  if (hasEntryFields(data)) {
    await ctx.tdb.write(async (tx) => {
      const row = await findScheduledRow(tx, scheduledSessionId);
      const entry = await findEntry(tx, scheduledSessionId, participantId);
      await applyOverride(tx, entry, data, await evaluationsOf(tx, row.sessionTemplateId));
    });
  }
  if (data.override != null) await applyLiveOverride(ctx, scheduledSessionId, [participantId], data.override);
  return getParticipantEntry(ctx, scheduledSessionId, participantId);
}

/**
 * `overrideScheduledSessionParticipantEntries(scheduledSessionId, input)`: the same for every
 * participant ("pause all"). Answers every entry without its live data: at 1,000 participants
 * reading every answer took the event loop for about 100 ms after each "pause all"; the API reads
 * the live fields only when they are asked for (`entriesLiveData`).
 */
export async function overrideScheduledSessionParticipantEntries(
  ctx: Ctx,
  scheduledSessionId: string,
  input: unknown,
): Promise<ParticipantEntrySummary[]> {
  const data = parseInput(entryOverrideInput, input);
  requireOverridePermissions(ctx, data);
  if (hasEntryFields(data)) {
    await ctx.tdb.write(async (tx) => {
      const row = await findScheduledRow(tx, scheduledSessionId);
      const evals = await evaluationsOf(tx, row.sessionTemplateId);
      for (const entry of await entriesOf(tx, [scheduledSessionId])) await applyOverride(tx, entry, data, evals);
    });
  }
  if (data.override != null) await applyLiveOverride(ctx, scheduledSessionId, null, data.override);
  return participantEntrySummaries(ctx, scheduledSessionId);
}

/** The live data (answers, overrides, sections) of entries, by entry id: an entry summary's live fields, read together. */
export async function entriesLiveData(ctx: Ctx, entryIds: readonly string[]): Promise<Map<string, LiveData>> {
  requirePermission(ctx, READ);
  return loadLiveData(ctx.tdb.db, [...new Set(entryIds)]);
}

async function applyOverride(
  tx: Reader,
  entry: EntryRow,
  data: z.infer<typeof entryOverrideInput>,
  evals: string[],
): Promise<void> {
  const set: Partial<EntryRow> = { updatedAt: new Date(), rev: entry.rev + 1 };
  if (data.ready !== undefined && data.ready !== null) set.ready = data.ready;
  if (data.sessionStart !== undefined) set.sessionStart = data.sessionStart;
  if (data.sessionOrder) {
    if (!isPermutationOf(data.sessionOrder, evals))
      throw fieldError("sessionOrder", "scheduling:validation.order-not-permutation");
    set.sessionOrder = data.sessionOrder;
  }
  await tx.update(entries).set(set).where(eq(entries.id, entry.id));
}
