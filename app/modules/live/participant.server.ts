import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { requireParticipant, type Ctx, type ParticipantCtx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { publishLive } from "./events.server";
import { writeAnswer, writeFinishSection, writeHelpRequest, writeReady, type SaveAnswerResult } from "./gateway.server";
import { findEntryOf, findSession, type EntryRow, type SessionRow } from "./plan.server";
import { liveEntryState } from "./live-state.server";
import { entryRevisionOf, loadLiveData } from "./store.server";
import { screenView, type MyLiveSession } from "./screen-view.server";
import type { RealtimeConnection } from "~/modules/realtime/index.server";
import { realtimeTokenFor } from "~/modules/realtime/index.server";
import { auditOrigin } from "~/modules/audit/index.server";

// The participant's side of the live run. Everything is scoped to the signed-in participant's own
// entry: another participant's id never comes from the request. Writes go through the gateway.

export { LATE_GRACE_MS, type SaveAnswerResult } from "./gateway.server";
export type { MyAnswer, MyLiveSession, ParticipantQuestion } from "./screen-view.server";

async function myEntry(ctx: ParticipantCtx, sessionId: string): Promise<{ session: SessionRow; entry: EntryRow }> {
  const session = await findSession(ctx.tdb.db, sessionId);
  const entry = await findEntryOf(ctx.tdb.db, session.id, ctx.actor.participantId);
  return { session, entry };
}

/** `myLiveSession(scheduledSession)`: the signed-in participant's live state, without anything secret. */
export async function myLiveSession(ctx: Ctx, sessionId: string): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const now = new Date();
  const { plan, state } = await liveEntryState(ctx.tdb, ctx.tdb.db, sessionId, ctx.actor.participantId, now);
  // Answers and the entry's revision move with every save: read now, not kept.
  const [live, revision] = await Promise.all([
    loadLiveData(ctx.tdb.db, [state.entry.id], { clock: false }),
    entryRevisionOf(ctx.tdb.db, state.entry.id),
  ]);
  const answers = live.get(state.entry.id)?.answers ?? [];
  return screenView(
    plan,
    { ...state, entry: { ...state.entry, rev: revision }, live: { ...state.live, answers } },
    now,
  );
}

/** `getRealtimeToken(scheduledSession)` for a participant of the session: a participant socket. */
export async function participantRealtimeToken(ctx: Ctx, sessionId: string): Promise<RealtimeConnection> {
  requireParticipant(ctx);
  const { session } = await myEntry(ctx, sessionId);
  // The room of a session that is over or cancelled is closed to its participants.
  if (session.status === "COMPLETED" || session.status === "CANCELED")
    throw new AppError("FORBIDDEN", "realtime_auth_failed");
  return realtimeTokenFor(ctx, session.id, "participant", ctx.actor.participantId);
}

/** `setReady(scheduledSession, ready)`: before and during the session; not once it is over. */
export async function setReady(ctx: Ctx, sessionId: string, ready: boolean): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const value = parseInput(z.boolean({ required_error: "validation:required" }), ready);
  const event = await writeReady(ctx.tdb, sessionId, ctx.actor.participantId, value);
  if (event) await publishLive(ctx, sessionId, [event]);
  return myLiveSession(ctx, sessionId);
}

export const saveAnswerInput = z.object({
  scheduledSession: z.string({ required_error: "validation:required" }).trim().min(1).max(100),
  evaluation: z.string({ required_error: "validation:required" }).trim().min(1).max(100),
  question: z.string({ required_error: "validation:required" }).trim().min(1).max(100),
  stepIndex: z.number({ required_error: "validation:required" }).int().min(0).max(99),
  answer: z.record(z.unknown(), { required_error: "validation:required", invalid_type_error: "validation:invalid" }),
  revision: z.number({ required_error: "validation:required" }).int().min(0).max(Number.MAX_SAFE_INTEGER),
});

/**
 * `saveAnswer(input)`: an idempotent upsert of one step's answer. A higher revision replaces the
 * stored one; an equal or lower one is acknowledged with what is stored (a retry is harmless).
 * After the deadline (plus LATE_GRACE_MS) it is stored with late=true and receivedAt, never discarded.
 */
export async function saveAnswer(ctx: Ctx, input: unknown): Promise<SaveAnswerResult> {
  requireParticipant(ctx);
  const data = parseInput(saveAnswerInput, input);
  const participantId = ctx.actor.participantId;
  const result = await writeAnswer(ctx.tdb, participantId, data, auditOrigin(ctx));
  if (result.stored) {
    await publishLive(
      ctx,
      data.scheduledSession,
      [
        {
          type: "answer.saved",
          participantId,
          staffOnly: true,
          payload: {
            participantId,
            evaluation: data.evaluation,
            question: data.question,
            stepIndex: data.stepIndex,
            revision: result.revision,
            late: result.late,
            entryRevision: result.entryRevision,
          },
        },
      ],
      { waitForRoom: false },
    );
  }
  return result;
}

/**
 * `finishQuestion(scheduledSession, evaluation, question)`: ends the participant's current section
 * and opens the next one of the evaluation; after the last they wait until staff unlock the next.
 * Finishing a section that is already finished is acknowledged without change (a retry).
 */
export async function finishQuestion(
  ctx: Ctx,
  sessionId: string,
  evaluationId: string,
  questionId: string | null,
): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const event = await writeFinishSection(
    ctx.tdb,
    sessionId,
    ctx.actor.participantId,
    evaluationId,
    questionId,
    auditOrigin(ctx),
  );
  if (event) await publishLive(ctx, sessionId, [event]);
  return myLiveSession(ctx, sessionId);
}

/** `requestHelp(scheduledSession)`: a HELP_REQUEST override (auto-pauses the clock when the session says so). */
export async function requestHelp(ctx: Ctx, sessionId: string): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const events = await writeHelpRequest(ctx.tdb, sessionId, ctx.actor.participantId, auditOrigin(ctx));
  await publishLive(ctx, sessionId, events);
  return myLiveSession(ctx, sessionId);
}
