import { and, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  evaluations,
  scheduledSessionParticipantEntries as entries,
  scheduledSessions,
  sessionTemplates,
} from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { publishLive, type LiveEvent } from "./events.server";

// A running session's questions and clocks come from its template's evaluations and questions,
// read afresh whenever they change (plan.server.ts). An edit of an evaluation (its "time limits
// apply" option, its questions) or of a question (its time limit, its steps) while a session using
// it runs must reach the open screens at once, not at their next reload (ADR 0031): each
// participant of such a session gets an event without a patch, so their screen reloads its state,
// which the server computes with the new plan (a deadline appears, moves or goes).

/**
 * The screens of a big room reload spread out, as after an unlock (run.server.ts): two
 * milliseconds apart per participant, at most two seconds after the change.
 */
const RELOAD_SPACING_MS = 2;
const RELOAD_SPREAD_MAX_MS = 2_000;

const containsAny = (column: SQLiteColumn, ids: string[]): SQL =>
  sql`exists (select 1 from json_each(${column}) where json_each.value in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}))`;

/** The ONGOING sessions whose template runs any of these evaluations, or an evaluation holding any of these questions. */
export async function runningSessionsUsing(
  ctx: Ctx,
  changed: { evaluations?: string[]; questions?: string[] },
): Promise<string[]> {
  const db = ctx.tdb.db;
  const ids = new Set(changed.evaluations ?? []);
  if (changed.questions?.length) {
    const holding = await db
      .select({ id: evaluations.id })
      .from(evaluations)
      .where(containsAny(evaluations.questionIds, changed.questions))
      .all();
    for (const e of holding) ids.add(e.id);
  }
  if (ids.size === 0) return [];
  const rows = await db
    .select({ id: scheduledSessions.id })
    .from(scheduledSessions)
    .innerJoin(sessionTemplates, eq(sessionTemplates.id, scheduledSessions.sessionTemplateId))
    .where(and(eq(scheduledSessions.status, "ONGOING"), containsAny(sessionTemplates.evaluationIds, [...ids])))
    .all();
  return rows.map((r) => r.id);
}

/**
 * After an edit of evaluations or questions has committed: tells every running session that uses
 * them. Best effort like every room event; answers the sessions told (tests).
 */
export async function announcePlanChange(
  ctx: Ctx,
  changed: { evaluations?: string[]; questions?: string[] },
): Promise<string[]> {
  const sessions = await runningSessionsUsing(ctx, changed);
  for (const sessionId of sessions) {
    const people = await ctx.tdb.db
      .select({ participantId: entries.participantId, rev: entries.rev })
      .from(entries)
      .where(eq(entries.scheduledSessionId, sessionId))
      .orderBy(entries.createdAt, entries.id)
      .all();
    const events: LiveEvent[] = [
      // The dashboards reload even in a session without participants (its notice of untimed evaluations).
      { type: "plan.changed", staffOnly: true, payload: { reason: "plan-changed" } },
      ...people.map((p, i): LiveEvent => ({
        type: "plan.changed",
        participantId: p.participantId,
        payload: {
          participantId: p.participantId,
          revision: p.rev,
          reason: "plan-changed",
          reloadInMs: Math.min(i * RELOAD_SPACING_MS, RELOAD_SPREAD_MAX_MS),
        },
      })),
    ];
    await publishLive(ctx, sessionId, events);
  }
  return sessions;
}
