import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { z } from "zod";
import { auditEntries, AUDIT_KINDS, scheduledSessions, type AuditActorType, type AuditKind } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";

// Reading the trail: a participant's timeline in one session, with the session-wide entries
// (start, completion, re-planning) among it, for staff who correct (they answer an appeal).

/** Who may read a participant's audit trail: those who correct sessions. */
export const AUDIT_READ = "correct:sessions" as const;

export type AuditRow = {
  id: number;
  scheduledSession: string;
  participant: string | null;
  evaluation: string | null;
  question: string | null;
  stepIndex: number | null;
  kind: AuditKind;
  action: string;
  at: Date;
  actorType: AuditActorType;
  actorId: string | null;
  actorName: string | null;
  device: string | null;
  process: string | null;
  before: unknown;
  after: unknown;
};

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const trailInput = z.object({
  scheduledSession: id,
  participant: id,
  kinds: z
    .array(z.enum(AUDIT_KINDS, { invalid_type_error: "validation:invalid-choice" }))
    .max(20)
    .nullish(),
});

/** The most entries one timeline answers (a long day of saves stays well below). */
export const MAX_TRAIL_ROWS = 20_000;

/**
 * `auditTrail(scheduledSession, participant, kinds?)`: every entry about the participant in the
 * session and every session-wide one, oldest first, optionally of some kinds only.
 */
export async function auditTrail(ctx: Ctx, input: unknown): Promise<AuditRow[]> {
  requirePermission(ctx, AUDIT_READ);
  const { scheduledSession, participant, kinds } = parseInput(trailInput, input);
  const db = ctx.tdb.db;
  const session = await db
    .select({ id: scheduledSessions.id })
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, scheduledSession))
    .get();
  if (!session) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  const rows = await db
    .select()
    .from(auditEntries)
    .where(
      and(
        eq(auditEntries.scheduledSessionId, session.id),
        or(eq(auditEntries.participantId, participant), isNull(auditEntries.participantId)),
        kinds?.length ? inArray(auditEntries.kind, kinds) : undefined,
      ),
    )
    .orderBy(asc(auditEntries.id))
    .limit(MAX_TRAIL_ROWS)
    .all();
  // The stored row, its ids named as the API names them.
  return rows.map(({ scheduledSessionId, participantId, evaluationId, questionId, before, after, ...row }) => ({
    ...row,
    scheduledSession: scheduledSessionId,
    participant: participantId,
    evaluation: evaluationId,
    question: questionId,
    before: before ?? null,
    after: after ?? null,
  }));
}
