import { ANSWERS_ONLY_WRITE, type TenantDb, type TenantTx } from "~db/tenant/client";
import { compileStatement, runCompiled, type CompiledStatement } from "~db/tenant/compiled";
import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { liveAnswers, scheduledSessionParticipantEntries as entries, type StoredAnswer } from "~db/tenant/schema";
import { AppError, badRequest, type FieldErrors } from "~/lib/app-error";
import { requireParticipant, type Ctx, type ParticipantCtx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import type { RichBlock } from "~/modules/assessments";
import { parseParticipantAnswer, participantStep, type ParticipantStep } from "./answers";
import { isHelpRequested } from "./clock";
import { screenClockOf } from "./live-patch";
import { publishLive, type LiveEvent } from "./events.server";
import { findEntryOf, findSession, type EntryRow, type EntryState, type RunPlan, type SessionRow } from "./plan.server";
import { liveEntryState, writeOwnEntry } from "./live-entry.server";
import { loadLiveData, type SavedAnswer } from "./store.server";
import { appendOverride, bumpEntry, closeOpenSections, entryRevisionOf, openSectionRows } from "./progress.server";
import type { RealtimeConnection } from "~/modules/realtime/index.server";
import { realtimeTokenFor } from "~/modules/realtime/index.server";
import { isFinished, nextSectionIn, openSection, type ParticipantStatus } from "./status";

// The participant's side of the live run. Everything is scoped to the signed-in participant's own
// entry: another participant's id never comes from the request.

/** A save this long after the deadline still counts as in time: the client submits at time-up and the network takes a moment. */
export const LATE_GRACE_MS = 5_000;

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
  return realtimeTokenFor(ctx, session.id, "participant", ctx.actor.participantId);
}

const entryEvent = (entry: EntryRow, revision: number, reason: string): LiveEvent => ({
  type: "entry.changed",
  participantId: entry.participantId,
  payload: { participantId: entry.participantId, revision, reason },
});

/** `setReady(scheduledSession, ready)`: before and during the session; not once it is over. */
export async function setReady(ctx: Ctx, sessionId: string, ready: boolean): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const value = parseInput(z.boolean({ required_error: "validation:required" }), ready);
  const participantId = ctx.actor.participantId;
  const event = await writeOwnEntry(ctx.tdb, sessionId, participantId, async (tx) => {
    const session = await findSession(tx, sessionId);
    const entry = await findEntryOf(tx, session.id, participantId);
    if (session.status === "COMPLETED" || session.status === "CANCELED")
      throw new AppError("BAD_REQUEST", "live_session_over");
    if (entry.ready === value) return null;
    await tx.update(entries).set({ ready: value }).where(eq(entries.id, entry.id));
    return entryEvent(entry, await bumpEntry(tx, entry, new Date()), value ? "ready" : "not-ready");
  });
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

export type SaveAnswerResult = {
  revision: number;
  late: boolean;
  savedAt: Date;
  receivedAt: Date | null;
  stored: boolean;
  entryRevision: number;
};

type AnswerKey = "entryId" | "evaluationId" | "questionId" | "stepIndex";
type AnswerRef = Pick<typeof liveAnswers.$inferInsert, AnswerKey>;
type AnswerWrite = Omit<typeof liveAnswers.$inferInsert, AnswerKey>;

/**
 * The one upsert of an answer, in time or late: the columns in `row` are written, and only a higher
 * revision replaces what is stored (else no row is returned, and what is stored answers).
 */
function answerUpsert(tx: TenantTx, ref: AnswerRef, row: AnswerWrite) {
  const set = Object.fromEntries(
    Object.keys(row).map((key) => [key, sql`excluded.${sql.identifier(liveAnswers[key as keyof AnswerWrite].name)}`]),
  );
  return tx
    .insert(liveAnswers)
    .values({ ...ref, ...row })
    .onConflictDoUpdate({
      target: [liveAnswers.entryId, liveAnswers.evaluationId, liveAnswers.questionId, liveAnswers.stepIndex],
      set,
      setWhere: sql`${liveAnswers.revision} < excluded.revision`,
    })
    .returning({ revision: liveAnswers.revision });
}

let inTimeUpsert: CompiledStatement | null = null;

/**
 * The upsert of an answer in time, the statement a full room runs most: compiled once (ADR 0024).
 * An answer in time keeps no in-time copy beside it.
 */
function inTimeUpsertOf(tx: TenantTx): CompiledStatement {
  const value = <T>(name: string) => sql.placeholder(name) as unknown as T;
  return (inTimeUpsert ??= compileStatement(
    answerUpsert(
      tx,
      {
        entryId: value("entryId"),
        evaluationId: value("evaluationId"),
        questionId: value("questionId"),
        stepIndex: value("stepIndex"),
      },
      {
        answer: value("answer"),
        revision: value("revision"),
        savedAt: value("savedAt"),
        late: false,
        receivedAt: null,
        inTimeAnswer: null,
        inTimeRevision: null,
      },
    ),
  ));
}

/**
 * `saveAnswer(input)`: an idempotent upsert of one step's answer. A higher revision replaces the
 * stored one; an equal or lower one is acknowledged with what is stored (a retry is harmless).
 * After the deadline (plus LATE_GRACE_MS) it is stored with late=true and receivedAt, never discarded.
 */
export async function saveAnswer(ctx: Ctx, input: unknown): Promise<SaveAnswerResult> {
  requireParticipant(ctx);
  const data = parseInput(saveAnswerInput, input);
  const participantId = ctx.actor.participantId;
  const result = await ctx.tdb.write(async (tx) => {
    const now = new Date();
    // Kept between saves (live-entry.server.ts): a save reads only the answer it replaces.
    // Not in the session: NOT_FOUND, before anything else is looked at or stored.
    const { plan, state } = await liveEntryState(ctx.tdb, tx, data.scheduledSession, participantId, now);
    const { session } = plan;
    const { entry } = state;
    if (session.status !== "ONGOING")
      throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
    const storedNow = () =>
      tx
        .select()
        .from(liveAnswers)
        .where(
          and(
            eq(liveAnswers.entryId, entry.id),
            eq(liveAnswers.evaluationId, data.evaluation),
            eq(liveAnswers.questionId, data.question),
            eq(liveAnswers.stepIndex, data.stepIndex),
          ),
        )
        .get();
    // What is stored already answers a retry of an equal or older revision, whatever else changed
    // since (the question may have closed): an acknowledged answer is never refused on a retry.
    const acknowledge = async (existing: Awaited<ReturnType<typeof storedNow>>) =>
      existing && existing.revision >= data.revision
        ? {
            revision: existing.revision,
            late: existing.late,
            savedAt: existing.savedAt,
            receivedAt: existing.receivedAt,
            stored: false,
            entryRevision: await entryRevisionOf(tx, entry.id),
          }
        : null;
    const section = openSection(state.live.progress);
    const evaluation = plan.evaluations.get(data.evaluation);
    const onSection =
      !!section &&
      !!evaluation &&
      section.evaluation === data.evaluation &&
      (section.question === null ? evaluation.questionIds.includes(data.question) : section.question === data.question);
    const step = plan.questions.get(data.question)?.steps[data.stepIndex];
    const checked = step ? parseParticipantAnswer(step, data.answer) : null;
    if (!onSection || !step || !checked?.success) {
      const retry = await acknowledge(await storedNow());
      if (retry) return retry;
      if (!onSection) throw new AppError("BAD_REQUEST", "live_question_not_current");
      if (!step || !checked) throw badRequest({ stepIndex: { key: "validation:invalid" } });
      const fieldErrors: FieldErrors = {};
      if (!checked.success)
        for (const issue of checked.issues)
          fieldErrors[issue.path ? `answer.${issue.path}` : "answer"] ??= { key: issue.message };
      throw badRequest(fieldErrors);
    }
    const clock = state.clock;
    const late = !!clock && clock.remainingMs !== null && clock.remainingMs < -LATE_GRACE_MS;
    // The first late revision over an in-time answer keeps that answer: only it counts unless staff accept the late one.
    // An answer in time (e.g. after staff extended the time) is itself what counts: nothing to keep beside it.
    // Only a late save reads what it replaces first; an answer in time is written straight away.
    let inTime: { inTimeAnswer?: StoredAnswer | null; inTimeRevision?: number | null } = {
      inTimeAnswer: null,
      inTimeRevision: null,
    };
    if (late) {
      const existing = await storedNow();
      const retry = await acknowledge(existing);
      if (retry) return retry;
      inTime = existing && !existing.late ? { inTimeAnswer: existing.answer, inTimeRevision: existing.revision } : {};
    }
    const row = {
      answer: checked.data,
      revision: data.revision,
      savedAt: now,
      late,
      receivedAt: late ? now : null,
      ...inTime,
    };
    const ref = {
      entryId: entry.id,
      evaluationId: data.evaluation,
      questionId: data.question,
      stepIndex: data.stepIndex,
    };
    const written = !late
      ? (
          await runCompiled(tx, inTimeUpsertOf(tx), {
            ...ref,
            answer: checked.data,
            revision: data.revision,
            savedAt: now,
          })
        )[0]
      : await answerUpsert(tx, ref, row).get();
    if (!written) return (await acknowledge(await storedNow()))!;
    const entryRevision = await bumpEntry(tx, entry, now);
    return { revision: data.revision, late, savedAt: now, receivedAt: row.receivedAt, stored: true, entryRevision };
  }, ANSWERS_ONLY_WRITE);
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

/** The participant's entry in a running session, with the session's plan and the entry's live state (without answers). */
async function ongoingStateOf(tdb: TenantDb, tx: TenantTx, sessionId: string, participantId: string, now: Date) {
  const { plan, state } = await liveEntryState(tdb, tx, sessionId, participantId, now);
  const { session } = plan;
  if (session.status !== "ONGOING")
    throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
  return { session, entry: state.entry, plan, state };
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
  const participantId = ctx.actor.participantId;
  const event = await writeOwnEntry(ctx.tdb, sessionId, participantId, async (tx) => {
    const now = new Date();
    const { entry, plan, state } = await ongoingStateOf(ctx.tdb, tx, sessionId, participantId, now);
    const section = openSection(state.live.progress);
    const whole = plan.options.allQuestionsInEvaluationShownByDefault;
    const wanted = whole ? null : (questionId ?? null);
    const matches = !!section && section.evaluation === evaluationId && section.question === wanted;
    if (!matches) {
      const done = state.live.progress.some(
        (p) => p.evaluation === evaluationId && p.question === wanted && p.sectionEnd !== null,
      );
      if (done) return null;
      throw new AppError("BAD_REQUEST", "live_question_not_current");
    }
    const after = {
      ...state.facts,
      progress: state.live.progress.map((p) => (p === section ? { ...p, sectionEnd: now } : p)),
    };
    const next = nextSectionIn(after, evaluationId);
    if (next !== undefined)
      await openSectionRows(tx, [{ entryId: entry.id, evaluation: evaluationId, question: next }], now);
    else await closeOpenSections(tx, [entry.id], now);
    return entryEvent(
      entry,
      await bumpEntry(tx, entry, now),
      next !== undefined ? "next-question" : "evaluation-finished",
    );
  });
  if (event) await publishLive(ctx, sessionId, [event]);
  return myLiveSession(ctx, sessionId);
}

/** `requestHelp(scheduledSession)`: a HELP_REQUEST override (auto-pauses the clock when the session says so). */
export async function requestHelp(ctx: Ctx, sessionId: string): Promise<MyLiveSession> {
  requireParticipant(ctx);
  const participantId = ctx.actor.participantId;
  const events = await writeOwnEntry(ctx.tdb, sessionId, participantId, async (tx) => {
    const now = new Date();
    const { entry, state } = await ongoingStateOf(ctx.tdb, tx, sessionId, participantId, now);
    if (isHelpRequested(state.live.overrides, now)) return [];
    await appendOverride(tx, entry.id, {
      overrideType: "HELP_REQUEST",
      datetime: now,
      evaluation: state.current?.evaluation,
      question: state.current?.question,
    });
    const revision = await bumpEntry(tx, entry, now);
    return [
      {
        type: "help.requested",
        participantId,
        payload: {
          participantId,
          revision,
          evaluation: state.current?.evaluation ?? null,
          question: state.current?.question ?? null,
        },
      },
    ] satisfies LiveEvent[];
  });
  await publishLive(ctx, sessionId, events);
  return myLiveSession(ctx, sessionId);
}
