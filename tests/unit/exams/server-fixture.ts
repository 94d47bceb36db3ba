import { and, eq } from "drizzle-orm";
import {
  correctionStationMarks,
  scheduledSessionParticipantCorrections,
  scheduledSessions,
  type GlobalRating,
} from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { makeLiveSession, type LiveFixture } from "../live/fixtures";
import { scoreParticipant } from "../reports/support";

/**
 * A completed session of four participants (tests/unit/live/fixtures.ts: Station one = 6 steps,
 * Station two = 1 step, every step max 1), each scored and rated at both stations:
 *
 *              Station one      Station two   exam total %   report points (60 % pass)
 *   p0  6/6 100 EXCELLENT     1/1 100 CLEAR_PASS     100           7/7 PASSED
 *   p1  4/6 66.7 BORDERLINE   0/1 0   CLEAR_FAIL     33.3          4/7 NOT_PASSED
 *   p2  5/6 83.3 GOOD         1/1 100 GOOD           91.7          6/7 PASSED
 *   p3  4.5/6 75 BORDERLINE   0/1 0   BORDERLINE     37.5          4.5/7 PASSED
 */
export const SCORES: Array<Array<number | null>> = [
  [1, 1, 1, 1, 1, 1, 1],
  [1, 1, 1, 0, 0, 1, 0],
  [1, 1, 1, 1, 0, 1, 1],
  [1, 0, 0.5, 1, 1, 1, 0],
];
export const RATINGS: Array<[GlobalRating, GlobalRating]> = [
  ["EXCELLENT", "CLEAR_PASS"],
  ["BORDERLINE", "CLEAR_FAIL"],
  ["GOOD", "GOOD"],
  ["BORDERLINE", "BORDERLINE"],
];

export async function markedSession(ctx: Ctx): Promise<LiveFixture> {
  const live = await makeLiveSession(ctx, { participants: 4 });
  await ctx.tdb.write((tx) =>
    tx.update(scheduledSessions).set({ status: "COMPLETED" }).where(eq(scheduledSessions.id, live.sessionId)),
  );
  for (const [i, person] of live.people.entries()) {
    await scoreParticipant(ctx, live, person, SCORES[i]!);
    const correction = await ctx.tdb.db
      .select()
      .from(scheduledSessionParticipantCorrections)
      .where(
        and(
          eq(scheduledSessionParticipantCorrections.scheduledSessionId, live.sessionId),
          eq(scheduledSessionParticipantCorrections.participantId, person),
        ),
      )
      .get();
    await ctx.tdb.write(async (tx) => {
      for (const [j, evaluationId] of live.evaluations.entries())
        await tx.insert(correctionStationMarks).values({
          correctionId: correction!.id,
          evaluationId,
          globalRating: RATINGS[i]![j]!,
          markedAt: new Date(),
          markedBy: (ctx.actor as { userId: string }).userId,
        });
    });
  }
  return live;
}
