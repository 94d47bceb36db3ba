import type { RichBlock } from "~/modules/assessments";
import { participantStep, type ParticipantStep } from "./answers";
import { screenClockOf } from "./live-patch";
import type { EntryState, RunPlan, SessionRow } from "./plan.server";
import { isFinished, type ParticipantStatus } from "./status";
import type { SavedAnswer } from "./store.server";

// The participant's screen's state: what myLiveSession answers (participant.server.ts) and what an
// unlock's room event carries (gateway.server.ts), built in one place so the two cannot differ.

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

/**
 * What the participant's screen shows for `state` at `now`: the state read by myLiveSession, or, for
 * an unlock, the state the gateway just wrote (its room event carries it, so the screen does not
 * reload; ADR 0048).
 */
export function screenView(plan: RunPlan, state: EntryState, now: Date): MyLiveSession {
  const sessionName = plan.templateName;
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
