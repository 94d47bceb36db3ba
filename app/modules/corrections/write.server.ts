import { eq } from "drizzle-orm";
import { correctionEntries, scheduledSessionParticipantCorrections as corrections } from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import type { Ctx, StaffCtx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { publishLive } from "~/modules/live/index.server";
import {
  loadCorrectionData,
  type CorrectionData,
  type CorrectionEntryRow,
  type TakenStep,
} from "./correction-data.server";
import { isComplete } from "./scored-participant.server";
import { fieldError } from "~/lib/parse-input";
import { auditOrigin } from "~/modules/audit/index.server";
import { auditCorrection } from "./audit-trail.server";

// The one way a correction changes: load the participant's data in the write transaction, make
// sure the correction row exists, apply the change, then keep completedAt true to the scores
// (assessment_complete). The live dashboard hears about it afterwards.

export const CORRECT = "correct:sessions" as const;

export type StepRef = { evaluation: string; question: string; stepIndex: number };

export function findStep(data: CorrectionData, ref: StepRef): TakenStep {
  const step = data.steps.find(
    (s) => s.evaluationId === ref.evaluation && s.questionId === ref.question && s.stepIndex === ref.stepIndex,
  );
  if (!step) throw fieldError("stepIndex", "corrections:validation.step-not-taken");
  return step;
}

/** Inserts or replaces the scored step (one small row). */
export async function upsertEntry(tx: TenantTx, row: CorrectionEntryRow): Promise<void> {
  const { score, comment, ticks, autoScored, lateAccepted, revision, scoredBy, scoredAt } = row;
  await tx
    .insert(correctionEntries)
    .values(row)
    .onConflictDoUpdate({
      target: [
        correctionEntries.correctionId,
        correctionEntries.evaluationId,
        correctionEntries.questionId,
        correctionEntries.stepIndex,
      ],
      set: { score, comment, ticks, autoScored, lateAccepted, revision, scoredBy, scoredAt },
    });
}

/** A fresh entry row for a step, or the stored one, ready to be changed. */
export function entryOf(step: TakenStep, correctionId: string, ctx: StaffCtx, now: Date): CorrectionEntryRow {
  return (
    step.entry ?? {
      correctionId,
      evaluationId: step.evaluationId,
      questionId: step.questionId,
      stepIndex: step.stepIndex,
      score: null,
      comment: null,
      ticks: null,
      autoScored: false,
      lateAccepted: false,
      revision: 0,
      scoredBy: ctx.actor.userId,
      scoredAt: now,
    }
  );
}

export type Change<T> = (tx: TenantTx, data: CorrectionData, correctionId: string, now: Date) => Promise<T>;

export async function changeCorrection<T>(
  ctx: StaffCtx,
  sessionId: string,
  participantId: string,
  change: Change<T>,
): Promise<T> {
  const { result, changed } = await ctx.tdb.write(async (tx) => {
    const now = new Date();
    const before = await loadCorrectionData(tx, ctx.tenant, String(sessionId ?? ""), String(participantId ?? ""));
    let correctionId = before.correction?.id;
    if (!correctionId) {
      correctionId = newId();
      await tx.insert(corrections).values({
        id: correctionId,
        createdAt: now,
        updatedAt: now,
        rev: 1,
        scheduledSessionId: before.session.id,
        entryId: before.entry.id,
        participantId: before.entry.participantId,
        comment: null,
        completedAt: null,
      });
    }
    const result = await change(tx, before, correctionId, now);
    const after = await loadCorrectionData(tx, ctx.tenant, before.session.id, before.entry.participantId);
    await auditCorrection(tx, auditOrigin(ctx), before, after);
    const complete = isComplete(after);
    const wasComplete = !!before.correction?.completedAt;
    await tx
      .update(corrections)
      .set({
        updatedAt: now,
        rev: (after.correction?.rev ?? 1) + 1,
        completedAt: complete ? (after.correction?.completedAt ?? now) : null,
      })
      .where(eq(corrections.id, correctionId));
    return {
      result,
      changed: {
        session: before.session.id,
        participant: before.entry.participantId,
        statusChanged: complete !== wasComplete,
      },
    };
  });
  await publishLive(ctx as Ctx, changed.session, [
    {
      type: "correction.changed",
      participantId: changed.participant,
      payload: { participantId: changed.participant, completed: changed.statusChanged },
    },
  ]);
  return result;
}
