import { eq } from "drizzle-orm";
import { z } from "zod";
import { scheduledSessionParticipantCorrections as corrections } from "~db/tenant/schema";
import { badRequest } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { richContent } from "~/modules/assessments";
import { sanitizeRichContent } from "~/modules/assessments/index.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import { loadCorrectionData, type TakenStep } from "./correction-data.server";
import { saveSecondTicks } from "./double-marking.server";
import { toParticipantCorrection, type ParticipantCorrection } from "./participant-correction.server";
import { autoScore, practicalScore, roundScore } from "./scoring";
import { changeCorrection, CORRECT, entryOf, findStep, upsertEntry } from "./write.server";

// Manual corrections: a score and comment per step (ticks for a practical step), the comment for
// the whole participant, accepting or refusing a late answer.

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const stepRef = {
  scheduledSession: id,
  participant: id,
  evaluation: id,
  question: id,
  stepIndex: z.number().int().min(0).max(1000),
};

const entryInput = z.object({
  ...stepRef,
  /** null clears the score (the step awaits an assessor again). */
  score: z.number({ invalid_type_error: "validation:invalid" }).finite().nullish(),
  comment: z.string().max(5000).nullish(),
  /** PRACTICAL: the ticked criteria; the score then follows the rule. */
  ticks: z.array(z.boolean()).max(100).nullish(),
  /** The marking client's revision: a re-sent, older or equal one changes nothing. */
  revision: z.number().int().min(0).nullish(),
  /** The station examiner's slot: 2 = the second examiner's ticks, kept apart (ADR 0036). */
  marker: z.union([z.literal(1), z.literal(2)]).nullish(),
});

/** The ticks as many as the step has criteria. */
function ticksOf(step: TakenStep, ticks: boolean[]): boolean[] {
  return step.step.answer && Array.isArray((step.step.answer as { textlistValue?: unknown[] }).textlistValue)
    ? (step.step.answer as { textlistValue: unknown[] }).textlistValue.map((_, i) => ticks[i] === true)
    : [];
}

async function reload(ctx: Ctx, sessionId: string, participantId: string): Promise<ParticipantCorrection> {
  return toParticipantCorrection(await loadCorrectionData(ctx.tdb.db, ctx.tenant, sessionId, participantId));
}

/** `submitCorrectionEntry`: a manual score (0..the step's score), a comment, or a practical step's ticks. */
export async function submitCorrectionEntry(ctx: Ctx, input: unknown): Promise<ParticipantCorrection> {
  requirePermission(ctx, CORRECT);
  const data = parseInput(entryInput, input);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, current, correctionId, now) => {
    const step = findStep(current, data);
    if (data.marker === 2) {
      if (step.step.type !== "PRACTICAL" || !data.ticks)
        throw fieldError("ticks", "corrections:validation.ticks-not-practical");
      const ticks = ticksOf(step, data.ticks);
      return saveSecondTicks(ctx, tx, current, correctionId, step, data, ticks, data.revision, now);
    }
    const row = entryOf(step, correctionId, ctx, now);
    if (data.revision !== null && data.revision !== undefined && step.entry && data.revision <= step.entry.revision)
      return; // a retry: already applied
    const next = { ...row, revision: data.revision ?? row.revision + 1, scoredBy: ctx.actor.userId, scoredAt: now };
    if (data.ticks !== undefined && data.ticks !== null) {
      if (step.step.type !== "PRACTICAL") throw fieldError("ticks", "corrections:validation.ticks-not-practical");
      const ticks = ticksOf(step, data.ticks);
      next.ticks = ticks;
      next.score = practicalScore(step.step, ticks);
      next.autoScored = false;
    } else if (data.score !== undefined) {
      if (data.score !== null && (data.score < 0 || data.score > step.maxScore)) {
        throw badRequest({
          score: { key: "corrections:validation.score-out-of-range", values: { max: step.maxScore } },
        });
      }
      next.score = data.score === null ? null : roundScore(data.score);
      next.autoScored = false;
    }
    if (data.comment !== undefined) next.comment = data.comment?.trim() ? data.comment.trim() : null;
    await upsertEntry(tx, next);
  });
  return reload(ctx, data.scheduledSession, data.participant);
}

/**
 * One queued tick of a station tablet (the tick endpoint): saved like submitCorrectionEntry, for
 * the first or the second examiner; answers the revision and score now stored for that slot.
 */
export async function submitStationTick(ctx: Ctx, input: unknown): Promise<{ revision: number; score: number | null }> {
  const saved = await submitCorrectionEntry(ctx, input);
  const ref = parseInput(entryInput, input);
  if (ref.marker === 2) {
    const data = await loadCorrectionData(ctx.tdb.db, ctx.tenant, ref.scheduledSession, ref.participant);
    const own = data.secondEntries.find(
      (e) => e.evaluationId === ref.evaluation && e.questionId === ref.question && e.stepIndex === ref.stepIndex,
    );
    return { revision: own?.revision ?? 0, score: own?.score ?? null };
  }
  const step = saved.evaluations
    .flatMap((e) => e.questions.flatMap((q) => q.steps))
    .find((s) => s.evaluationId === ref.evaluation && s.questionId === ref.question && s.stepIndex === ref.stepIndex);
  return { revision: step?.revision ?? 0, score: step?.score ?? null };
}

const commentInput = z.object({ scheduledSession: id, participant: id, comment: richContent });

/** `submitCorrectionComment`: the comment for the whole participant (rich content, sanitised). */
export async function submitCorrectionComment(ctx: Ctx, input: unknown): Promise<ParticipantCorrection> {
  requirePermission(ctx, CORRECT);
  const data = parseInput(commentInput, input);
  const comment = sanitizeRichContent(data.comment, ctx.tenant.slug);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, _current, correctionId) => {
    await tx
      .update(corrections)
      .set({ comment: comment.length ? (comment as Array<Record<string, unknown>>) : null })
      .where(eq(corrections.id, correctionId));
  });
  return reload(ctx, data.scheduledSession, data.participant);
}

const lateInput = z.object({ ...stepRef, accept: z.boolean({ required_error: "validation:required" }) });

/**
 * Accepts or refuses a late answer (ADR 0017): only an accepted one counts. A score the rules
 * gave follows the answer that now counts; a score an assessor gave stays theirs.
 */
export async function setLateAnswerAccepted(ctx: Ctx, input: unknown): Promise<ParticipantCorrection> {
  requirePermission(ctx, CORRECT);
  const data = parseInput(lateInput, input);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, current, correctionId, now) => {
    const step = findStep(current, data);
    if (!step.lateAnswer) throw fieldError("stepIndex", "corrections:validation.no-late-answer");
    const row = entryOf(step, correctionId, ctx, now);
    const next = { ...row, lateAccepted: data.accept, revision: row.revision + 1, scoredAt: now };
    if (row.autoScored) {
      const answer = data.accept ? step.lateAnswer : (step.saved?.inTimeAnswer ?? null);
      next.score = autoScore(step.step, answer, { ticks: row.ticks, aspect: step.aspect });
      next.autoScored = next.score !== null;
    }
    await upsertEntry(tx, next);
  });
  return reload(ctx, data.scheduledSession, data.participant);
}
