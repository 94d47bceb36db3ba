import { z } from "zod";
import { AppError } from "~/lib/app-error";
import { requireParticipant, type Ctx, type ParticipantCtx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import type { RichBlock } from "~/modules/assessments";
import { participantStep, type ParticipantStep } from "./answers";
import { screenClockOf } from "./live-patch";
import { publishLive } from "./events.server";
import { writeAnswer, writeFinishSection, writeHelpRequest, writeReady, type SaveAnswerResult } from "./gateway.server";
import { findEntryOf, findSession, type EntryRow, type EntryState, type RunPlan, type SessionRow } from "./plan.server";
import { liveEntryState } from "./live-state.server";
import { entryRevisionOf, loadLiveData, type SavedAnswer } from "./store.server";
import type { RealtimeConnection } from "~/modules/realtime/index.server";
import { realtimeTokenFor } from "~/modules/realtime/index.server";
import { isFinished, type ParticipantStatus } from "./status";
import { auditOrigin } from "~/modules/audit/index.server";

// The participant's side of the live run. Everything is scoped to the signed-in participant's own
// entry: another participant's id never comes from the request. Writes go through the gateway.

export { LATE_GRACE_MS, type SaveAnswerResult } from "./gateway.server";

export type ParticipantQuestion = {
  _id: string;
  name: string;
  maxTime: number;
  preparationInfo: RichBlock[];
  steps: ParticipantStep[];
};
/** A saved answer as the participant sees it: without the late-answer bookkeeping staff decide on. */
export type MyAnswer = Pick<
  SavedAnswer,
  "evaluation" | "question" | "stepIndex" | "answer" | "revision" | "savedAt" | "late"
>;

export type MyLiveSession = {
  scheduledSession: string;
  reference: string;
  sessionName: string;
  sessionStatus: SessionRow["status"];
  /** Staff completed the session before this participant had finished every evaluation. */
  endedByStaff: boolean;
  sessionRevision: number;
  status: ParticipantStatus | null;
  ready: boolean;
  paused: boolean;
  helpRequested: boolean;
  allQuestionsInEvaluationShownByDefault: boolean;
  evaluation: {
    _id: string;
    name: string;
    position: number;
    count: number;
    enableTimer: boolean;
    questionPosition: number | null;
    questionCount: number;
  } | null;
  /** The question the clock runs on (null with all questions of the evaluation on one page). */
  currentQuestion: string | null;
  /** What the participant may see now: the current question, or every question of the evaluation. */
  questions: ParticipantQuestion[];
  remainingSeconds: number | null;
  deadline: Date | null;
  serverTime: Date;
  answers: MyAnswer[];
  revision: number;
};

async function myEntry(ctx: ParticipantCtx, sessionId: string): Promise<{ session: SessionRow; entry: EntryRow }> {
  const session = await findSession(ctx.tdb.db, sessionId);
  const entry = await findEntryOf(ctx.tdb.db, session.id, ctx.actor.participantId);
  return { session, entry };
}

function questionView(plan: RunPlan, id: string): ParticipantQuestion | null {
  const q = plan.questions.get(id);
  if (!q) return null;
  return {
    _id: q.id,
    name: q.name,
    maxTime: q.maxTime,
    preparationInfo: q.preparationInfo,
    steps: q.steps.map(participantStep),
  };
}

function view(plan: RunPlan, state: EntryState, sessionName: string, now: Date): MyLiveSession {
  const { session } = plan;
  const evaluation = state.current ? plan.evaluations.get(state.current.evaluation) : undefined;
  // Questions only while answering: not before the start, not while waiting, not after the end.
  const showing =
    session.status === "ONGOING" && evaluation && state.current
      ? state.current.question
        ? [state.current.question]
        : evaluation.questionIds
      : [];
  return {
    scheduledSession: session.id,
    reference: session.reference,
    sessionName,
    sessionStatus: session.status,
    endedByStaff: session.status === "COMPLETED" && !isFinished(state.facts),
    sessionRevision: session.rev,
    ...screenClockOf(state, now),
    ready: state.entry.ready,
    allQuestionsInEvaluationShownByDefault: plan.options.allQuestionsInEvaluationShownByDefault,
    evaluation: evaluation
      ? {
          _id: evaluation.id,
          name: evaluation.name,
          position: state.facts.sessionOrder.indexOf(evaluation.id) + 1,
          count: state.facts.sessionOrder.length,
          enableTimer: evaluation.enableTimer,
          // Where the current question is in the evaluation, so the screen can say "last question".
          questionPosition: state.current?.question ? evaluation.questionIds.indexOf(state.current.question) + 1 : null,
          questionCount: evaluation.questionIds.length,
        }
      : null,
    currentQuestion: state.current?.question ?? null,
    questions: showing.map((q) => questionView(plan, q)).filter((q): q is ParticipantQuestion => !!q),
    answers: state.live.answers.map((a) => ({
      evaluation: a.evaluation,
      question: a.question,
      stepIndex: a.stepIndex,
      answer: a.answer,
      revision: a.revision,
      savedAt: a.savedAt,
      late: a.late,
    })),
    revision: state.entry.rev,
  };
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
  return view(
    plan,
    { ...state, entry: { ...state.entry, rev: revision }, live: { ...state.live, answers } },
    plan.templateName,
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
