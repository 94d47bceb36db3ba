import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import {
  correctionEntries,
  scheduledSessionParticipantCorrections as corrections,
  scheduledSessionParticipantEntries as entries,
} from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { paginate, type Connection, type PageArgs } from "~/lib/paging.server";
import { entryStates, findSession, loadPlan, orderOf, type RunPlan } from "~/modules/live/index.server";
import type { Reader } from "~db/tenant/client";
import { loadCorrectionData, participantNames } from "./correction-data.server";
import { toParticipantCorrection, type ParticipantCorrection } from "./participant-correction.server";
import { READ } from "./scored-participant.server";

// Correction progress of a session's participants (active, completed, correction_complete),
// for the completed-sessions report and the live dashboard, and the paged list of corrections.

export const CORRECTION_PROGRESS = ["active", "completed", "correction_complete"] as const;
export type CorrectionProgressStatus = (typeof CORRECTION_PROGRESS)[number];

export type ParticipantCorrectionProgress = {
  participantId: string;
  name: string;
  /** active: still taking the session; completed: done, not yet fully scored; correction_complete: every step scored. */
  status: CorrectionProgressStatus;
  scored: number;
  total: number;
  completedAt: Date | null;
};

/** Steps per evaluation of the plan (what a participant taking it must have scored). */
export function stepsPerEvaluation(plan: RunPlan): Map<string, number> {
  return new Map(
    [...plan.evaluations.values()].map((e) => [
      e.id,
      e.questionIds.reduce((sum, q) => sum + (plan.questions.get(q)?.steps.length ?? 0), 0),
    ]),
  );
}

/** Scored steps per correction id. */
async function scoredCounts(db: Reader, correctionIds: string[]): Promise<Map<string, number>> {
  if (correctionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: correctionEntries.correctionId, n: count() })
    .from(correctionEntries)
    .where(and(inArray(correctionEntries.correctionId, correctionIds), isNotNull(correctionEntries.score)))
    .groupBy(correctionEntries.correctionId)
    .all();
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** Per participant of the session, in the order they were added. */
export async function correctionProgress(
  ctx: Ctx,
  scheduledSessionId: string,
): Promise<ParticipantCorrectionProgress[]> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const session = await findSession(db, String(scheduledSessionId ?? ""));
  const plan = await loadPlan(db, session);
  const rows = await db
    .select()
    .from(entries)
    .where(eq(entries.scheduledSessionId, session.id))
    .orderBy(asc(entries.createdAt), asc(entries.id))
    .all();
  const ids = rows.map((r) => r.participantId);
  const [states, names, correctionRows] = await Promise.all([
    entryStates(db, plan, rows, new Date(), { answers: false }),
    participantNames(db, ids),
    db.select().from(corrections).where(eq(corrections.scheduledSessionId, session.id)).all(),
  ]);
  const byParticipant = new Map(correctionRows.map((c) => [c.participantId, c]));
  const scored = await scoredCounts(
    db,
    correctionRows.map((c) => c.id),
  );
  const perEvaluation = stepsPerEvaluation(plan);
  return states.map((s) => {
    const correction = byParticipant.get(s.entry.participantId);
    const done = session.status === "COMPLETED" || s.status === "finished" || s.status === "assessment_complete";
    return {
      participantId: s.entry.participantId,
      name: names.get(s.entry.participantId) ?? "",
      status: correction?.completedAt ? "correction_complete" : done ? "completed" : "active",
      scored: correction ? (scored.get(correction.id) ?? 0) : 0,
      total: orderOf(plan, s.entry).reduce((sum, e) => sum + (perEvaluation.get(e) ?? 0), 0),
      completedAt: correction?.completedAt ?? null,
    };
  });
}

/** The corrections of a session's participants, paged with `after` and `first`. */
export async function listCorrections(
  ctx: Ctx,
  scheduledSessionId: string,
  args: PageArgs = {},
): Promise<Connection<ParticipantCorrection>> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const session = await findSession(db, String(scheduledSessionId ?? ""));
  const where = eq(entries.scheduledSessionId, session.id);
  return paginate(
    args,
    async () => (await db.select({ n: count() }).from(entries).where(where).get())?.n ?? 0,
    async (limit, offset) => {
      const page = await db
        .select({ participantId: entries.participantId })
        .from(entries)
        .where(where)
        .orderBy(asc(entries.createdAt), asc(entries.id))
        .limit(limit)
        .offset(offset)
        .all();
      return Promise.all(
        page.map(async (r) =>
          toParticipantCorrection(await loadCorrectionData(db, ctx.tenant, session.id, r.participantId)),
        ),
      );
    },
    (c) => c,
  );
}
