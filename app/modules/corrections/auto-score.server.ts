import { z } from "zod";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { correctionDataFor, stepKey, type CorrectionData, type TakenStep } from "./correction-data.server";
import { toParticipantCorrection, type ParticipantCorrection } from "./participant-correction.server";
import { READ } from "./scored-participant.server";
import { autoScore } from "./scoring";
import { changeCorrection, CORRECT, entryOf, upsertEntry } from "./write.server";

// Auto-scoring (submitAutoScoreEntries): the preview lists what the rules would score, the submit
// saves it. A score an assessor gave is never overwritten; one the rules gave earlier is refreshed.

export type AutoScoreEntry = {
  evaluation: string;
  question: string;
  stepIndex: number;
  autoScore: number;
  maxScore: number;
  previous: number | null;
};

const manuallyScored = (s: TakenStep) => s.entry !== null && s.entry.score !== null && !s.entry.autoScored;

function autoScoresOf(data: CorrectionData): AutoScoreEntry[] {
  const out: AutoScoreEntry[] = [];
  for (const s of data.steps) {
    if (manuallyScored(s)) continue;
    const score = autoScore(s.step, s.answer, { ticks: s.entry?.ticks, aspect: s.aspect });
    if (score === null || score === s.entry?.score) continue;
    out.push({
      evaluation: s.evaluationId,
      question: s.questionId,
      stepIndex: s.stepIndex,
      autoScore: score,
      maxScore: s.maxScore,
      previous: s.entry?.score ?? null,
    });
  }
  return out;
}

/** What submitting auto-scores would save now (for the "auto-submit corrections" dialog). */
export async function previewAutoScoreEntries(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<AutoScoreEntry[]> {
  requirePermission(ctx, READ);
  return autoScoresOf(await correctionDataFor(ctx, scheduledSessionId, participantId));
}

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const input = z.object({
  scheduledSession: id,
  participant: id,
  /**
   * The previewed entries to save (spec: autoScore, evaluation, question, stepIndex). The score
   * saved is always the rules' own, computed again here; omitted: every step the rules can score.
   */
  entries: z
    .array(
      z.object({
        evaluation: id,
        question: id,
        stepIndex: z.number().int().min(0),
        autoScore: z.number().finite().nullish(),
      }),
    )
    .max(5000)
    .nullish(),
});

/** `submitAutoScoreEntries`: saves the rules' scores; never overwrites a manual score. */
export async function submitAutoScoreEntries(ctx: Ctx, raw: unknown): Promise<ParticipantCorrection> {
  requirePermission(ctx, CORRECT);
  const data = parseInput(input, raw);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, current, correctionId, now) => {
    const wanted = data.entries
      ? new Set(
          data.entries.map((e) =>
            stepKey({ evaluationId: e.evaluation, questionId: e.question, stepIndex: e.stepIndex }),
          ),
        )
      : null;
    const byKey = new Map(current.steps.map((s) => [stepKey(s), s]));
    for (const entry of autoScoresOf(current)) {
      const key = stepKey({ evaluationId: entry.evaluation, questionId: entry.question, stepIndex: entry.stepIndex });
      if (wanted && !wanted.has(key)) continue;
      const row = entryOf(byKey.get(key)!, correctionId, ctx, now);
      await upsertEntry(tx, {
        ...row,
        score: entry.autoScore,
        autoScored: true,
        revision: row.revision + 1,
        scoredBy: ctx.actor.userId,
        scoredAt: now,
      });
    }
  });
  return toParticipantCorrection(await correctionDataFor(ctx, data.scheduledSession, data.participant));
}
