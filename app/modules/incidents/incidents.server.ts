import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Reader } from "~db/tenant/client";
import { incidents, INCIDENT_CATEGORIES, type IncidentCategory } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { parseInput } from "~/lib/parse-input";
import { can } from "~/lib/permissions";
import { auditOrigin, recordAudit } from "~/modules/audit/index.server";
import { findEntryOf, findSession, loadPlan, publishLive } from "~/modules/live/index.server";

// Incidents and causes for comment (issue 32): staff running a session and examiners marking it
// record one on a participant, a station (an evaluation of the session) or the whole session.
// Staff read them (dashboard, correction page, the exam board's exports); a participant never
// does: every function here is for staff, and participants' sockets never get the event.

/** Read: every staff member who may see the session's dashboard. */
export const INCIDENTS_READ = "read:admin" as const;

export type Incident = {
  _id: string;
  scheduledSession: string;
  participant: string | null;
  evaluation: string | null;
  category: IncidentCategory;
  text: string;
  at: Date;
  recordedBy: string;
  recordedByName: string;
};

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const recordInput = z.object({
  scheduledSession: id,
  participant: id.nullish(),
  evaluation: id.nullish(),
  category: z.enum(INCIDENT_CATEGORIES, {
    required_error: "validation:required",
    invalid_type_error: "validation:invalid-choice",
  }),
  /** Optional: an examiner records one in two taps (the category), a note when there is time. */
  text: z
    .string({ invalid_type_error: "validation:invalid" })
    .trim()
    .max(5000, "validation:too-long")
    .nullish()
    .transform((v) => v ?? ""),
});

/** Recording: staff who run sessions or mark them (examiners). */
function requireRecorder(ctx: Ctx): asserts ctx is StaffCtx {
  requirePermission(ctx, INCIDENTS_READ);
  if (!can(ctx.permissions, "run:sessions") && !can(ctx.permissions, "correct:sessions"))
    throw new AppError("FORBIDDEN", "forbidden", { values: { permission: "run:sessions" } });
}

const toIncident = (r: typeof incidents.$inferSelect): Incident => ({
  _id: r.id,
  scheduledSession: r.scheduledSessionId,
  participant: r.participantId,
  evaluation: r.evaluationId,
  category: r.category,
  text: r.text,
  at: r.at,
  recordedBy: r.recordedBy,
  recordedByName: r.recordedByName,
});

/**
 * `recordIncident(input: { scheduledSession, participant, evaluation, category, text })`: the
 * participant must be in the session and the evaluation one of its stations; both may be left out
 * (the whole session). Recorded with its time and who recorded it, and in the audit trail.
 */
export async function recordIncident(ctx: Ctx, input: unknown): Promise<Incident> {
  requireRecorder(ctx);
  const data = parseInput(recordInput, input);
  const db = ctx.tdb.db;
  const session = await findSession(db, data.scheduledSession);
  if (data.participant) await findEntryOf(db, session.id, data.participant);
  if (data.evaluation && !(await loadPlan(db, session)).evaluations.has(data.evaluation))
    throw new AppError("NOT_FOUND", "evaluation_not_found");
  const row = {
    id: newId(),
    scheduledSessionId: session.id,
    participantId: data.participant ?? null,
    evaluationId: data.evaluation ?? null,
    category: data.category,
    text: data.text,
    at: new Date(),
    recordedBy: ctx.actor.userId,
    recordedByName: ctx.actor.name,
  };
  await ctx.tdb.write(async (tx) => {
    await tx.insert(incidents).values(row);
    await recordAudit(tx, auditOrigin(ctx), {
      scheduledSession: row.scheduledSessionId,
      participant: row.participantId,
      evaluation: row.evaluationId,
      kind: "INCIDENT",
      action: "incident.recorded",
      at: row.at,
      before: null,
      after: { incident: row.id, category: row.category, text: row.text },
    });
  });
  // Staff dashboards reload; participants' sockets never receive it.
  await publishLive(ctx, session.id, [
    { type: "incident.recorded", staffOnly: true, payload: { incident: row.id, participantId: row.participantId } },
  ]);
  return toIncident(row);
}

const listInput = z.object({ scheduledSession: id, participant: id.nullish() });

/**
 * `incidents(scheduledSession, participant)`: the session's incidents, oldest first; with a
 * participant, theirs and those about the whole session or a station (which may concern them too).
 */
export async function listIncidents(ctx: Ctx, input: unknown): Promise<Incident[]> {
  requirePermission(ctx, INCIDENTS_READ);
  const data = parseInput(listInput, input);
  const session = await findSession(ctx.tdb.db, data.scheduledSession);
  const rows = await ctx.tdb.db
    .select()
    .from(incidents)
    .where(eq(incidents.scheduledSessionId, session.id))
    .orderBy(asc(incidents.at), asc(incidents.id))
    .all();
  return rows
    .filter((r) => !data.participant || r.participantId === null || r.participantId === data.participant)
    .map(toIncident);
}

/** The incidents of several sessions (an exam's), for its board's exports; the caller checked its permission. */
export async function incidentsOfSessions(db: Reader, sessionIds: readonly string[]): Promise<Incident[]> {
  if (sessionIds.length === 0) return [];
  const rows = await db
    .select()
    .from(incidents)
    .where(and(inArray(incidents.scheduledSessionId, [...sessionIds])))
    .orderBy(asc(incidents.at), asc(incidents.id))
    .all();
  return rows.map(toIncident);
}
