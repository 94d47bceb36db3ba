import type { Ctx } from "~/lib/context.server";
import { finishQuestion, saveAnswer } from "~/modules/live/participant.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeLiveSession, participantCtx, rewindOpenSection, type LiveFixture } from "../live/fixtures";

// A live session (tests/unit/live/fixtures.ts: question 0 has the five step types, question 1 a
// numeric step, evaluation 2 a text step) in which participant 0 answered through the real answer
// store, and participant 1 gave a text answer in time and a different one late.

export type AnsweredSession = LiveFixture & { answered: string; late: string };

export async function makeAnsweredSession(manager: Ctx, participants = 2): Promise<AnsweredSession> {
  const f = await makeLiveSession(manager, { participants });
  await startScheduledSession(manager, f.sessionId);
  const [e0] = f.evaluations;
  const [q0] = f.questions[0]!;
  const answered = f.people[0]!;
  const late = f.people[1]!;
  const p = participantCtx(manager, answered);
  const save = (ctx: Ctx, stepIndex: number, answer: unknown, revision = 1) =>
    saveAnswer(ctx, { scheduledSession: f.sessionId, evaluation: e0, question: q0, stepIndex, answer, revision });
  await save(p, 0, { textlistValue: ["Green"] });
  await save(p, 1, { numericValue: 424242.4343 }); // on the tolerance's bound
  await save(p, 2, { textValue: "  secret-text-model " });
  await save(p, 3, { numericlistValue: [0.15, 0.5] });
  await finishQuestion(p, f.sessionId, e0!, q0!);

  const l = participantCtx(manager, late);
  await save(l, 2, { textValue: "in time" });
  await rewindOpenSection(manager, f.sessionId, late, 700); // the 600 s question is over
  await save(l, 2, { textValue: "SECRET-TEXT-MODEL" }, 2);
  return { ...f, answered, late };
}
