import { and, eq } from "drizzle-orm";
import {
  correctionEntries,
  scheduledSessionParticipantCorrections,
  scheduledSessionParticipantEntries,
  scheduledSessions,
} from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { makeLiveSession, type LiveFixture } from "../live/fixtures";

/**
 * A completed live session (tests/unit/live/fixtures.ts: Station one = "All types" 5 steps +
 * "Second" 1 step; Station two = 1 step; every step max 1) where the first participant's steps
 * are scored from `scores` (in step order, null = not scored). Correction rows are written
 * directly: the corrections module is another branch's work.
 */
export async function scoredSession(
  ctx: Ctx,
  scores: Array<number | null> = [1, 0, 0.5, 1, 1, 1, 0],
): Promise<LiveFixture> {
  const live = await makeLiveSession(ctx, { participants: 2 });
  await ctx.tdb.write((tx) =>
    tx.update(scheduledSessions).set({ status: "COMPLETED" }).where(eq(scheduledSessions.id, live.sessionId)),
  );
  await scoreParticipant(ctx, live, live.people[0]!, scores);
  return live;
}

export async function scoreParticipant(
  ctx: Ctx,
  live: LiveFixture,
  participantId: string,
  scores: Array<number | null>,
): Promise<void> {
  const entry = await ctx.tdb.db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(
      and(
        eq(scheduledSessionParticipantEntries.scheduledSessionId, live.sessionId),
        eq(scheduledSessionParticipantEntries.participantId, participantId),
      ),
    )
    .get();
  const steps: Array<[string, string, number]> = [
    ...[0, 1, 2, 3, 4].map((i) => [live.evaluations[0]!, live.questions[0]![0]!, i] as [string, string, number]),
    [live.evaluations[0]!, live.questions[0]![1]!, 0],
    [live.evaluations[1]!, live.questions[1]![0]!, 0],
  ];
  const correctionId = newId();
  const now = new Date();
  await ctx.tdb.write(async (tx) => {
    await tx.insert(scheduledSessionParticipantCorrections).values({
      id: correctionId,
      createdAt: now,
      updatedAt: now,
      rev: 1,
      scheduledSessionId: live.sessionId,
      entryId: entry!.id,
      participantId,
      comment: [{ type: "text", html: "<p>Good work</p>" }],
      completedAt: scores.every((s) => s !== null) ? now : null,
    });
    for (const [i, [evaluationId, questionId, stepIndex]] of steps.entries()) {
      if (scores[i] === null || scores[i] === undefined) continue;
      await tx.insert(correctionEntries).values({
        correctionId,
        evaluationId,
        questionId,
        stepIndex,
        score: scores[i]!,
        comment: i === 2 ? "Half of it" : null,
        scoredAt: now,
      });
    }
  });
}
