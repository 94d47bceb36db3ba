import type { ParticipantEntry } from "~/modules/scheduling/index.server";
import { completeScheduledSession } from "~/modules/scheduling/index.server";
import { startSession } from "~/modules/circuit/index.server";
import * as participantM from "~/modules/live/index.server";
import { withinSaveLimits } from "~/modules/live/index.server";
import * as runM from "~/modules/live/index.server";
import type { EntryState } from "~/modules/live/index.server";
import { compositeId } from "~/lib/global-id";
import { ctxOf, type GqlContext, type SchemaPiece, type Args } from "./types";

// The live run over GraphQL. Thin: every rule is in app/modules/live.

/** Types both areas use: the participant's answer fields and the realtime token. */
/** A stored answer's fields as staff (SessionAnswer) and the participant (MySavedAnswer) read them. */
const SAVED_ANSWER_FIELDS = `evaluation: ID!
      question: ID!
      stepIndex: Int!
      answer: Answer!
      revision: Int!
      savedAt: DateTime!
      "Received after the deadline: kept, but it counts only when staff accept it."
      late: Boolean!`;

const sharedTypeDefs = /* GraphQL */ `
  type RealtimeToken {
    token: String!
    capability: String!
    clientId: String!
    issued: Float!
    expires: Float!
    "Where to connect: the PartyKit host, party and URL-encoded room."
    host: String!
    party: String!
    room: String!
  }
  enum ParticipantStatus {
    ready
    started
    help_requested
    waiting
    time_up
    finished
    assessment_complete
  }
`;

/** Per-request cache of the live states of a session's entries (status and remainingSeconds of many entries). */
const statesCache = new WeakMap<GqlContext, Map<string, Promise<Map<string, EntryState>>>>();
function liveStateOf(g: GqlContext, entry: ParticipantEntry): Promise<EntryState | undefined> {
  let perSession = statesCache.get(g);
  if (!perSession) statesCache.set(g, (perSession = new Map()));
  let states = perSession.get(entry.scheduledSession);
  if (!states) perSession.set(entry.scheduledSession, (states = runM.liveStatesOf(ctxOf(g), entry.scheduledSession)));
  return states.then((m) => m.get(entry.participant));
}

/** Staff: start, complete, unlock, tokens, the dashboard, and the entry's live fields. */
export const adminLivePiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    ${sharedTypeDefs}
    enum OverrideType {
      EXTEND_TIME
      HELP_REQUEST
      HELP_REQUEST_RESOLVED
      OPEN_EVALUATION
      SESSION_PAUSE
      SESSION_RESUME
    }
    type OverrideValue {
      numericValue: Float
      textValue: String
    }
    "One live event of an entry (appended, never edited)."
    type Override {
      overrideType: OverrideType!
      datetime: DateTime!
      evaluation: ID
      question: ID
      value: OverrideValue!
    }
    input OverrideValueInput {
      "EXTEND_TIME: whole seconds, 1 to 86400."
      numericValue: Float
      textValue: String
    }
    "A live override. EXTEND_TIME (value.numericValue seconds; evaluation/question default to the participant's current ones), SESSION_PAUSE, SESSION_RESUME, HELP_REQUEST_RESOLVED, OPEN_EVALUATION (evaluation required)."
    input OverrideInput {
      overrideType: OverrideType!
      evaluation: ID
      question: ID
      value: OverrideValueInput
    }
    "A section the participant entered: a question, or (question null) a whole evaluation."
    type SessionProgress {
      evaluation: ID!
      question: ID
      sectionStart: DateTime!
      sectionEnd: DateTime
    }
    "One stored answer (the answer store's row)."
    type SessionAnswer {
      ${SAVED_ANSWER_FIELDS}
      receivedAt: DateTime
      "The last answer given in time, when a late one replaced it."
      inTimeAnswer: Answer
      inTimeRevision: Int
    }
    type NamedRef {
      id: ID!
      name: String!
    }
    type LiveDashboardRow {
      participantId: ID!
      name: String!
      email: String!
      status: ParticipantStatus
      ready: Boolean!
      currentEvaluation: NamedRef
      currentQuestion: NamedRef
      remainingSeconds: Int
      deadline: DateTime
      paused: Boolean!
      helpRequested: Boolean!
      "From room presence; null when the room cannot be reached."
      connected: Boolean
      lateSaves: Int!
      answersSaved: Int!
      evaluationsDone: Int!
      evaluationsTotal: Int!
      extraTimePercent: Int!
      "In a section of an evaluation without time limits: no deadline, and EXTEND_TIME is refused (live_no_time_limit)."
      untimed: Boolean!
      revision: Int!
      "The server's time of the last request of the participant's device (its saves, state reads and reports, every 20 s); null before any."
      lastContactAt: DateTime
      "How many answers the device said were still waiting on it (not yet acknowledged by the server), at its last report."
      waitingOnDevice: Int!
      "Not heard of for more than a minute while the session runs and the participant is not done."
      silent: Boolean!
    }
    "An examiner's tablet that reported during the session (the station view reports every 20 s)."
    type ExaminerDevice {
      "The session, the examiner and the tablet's own id."
      id: ID!
      userId: ID
      name: String!
      "The station it was marking at its last report."
      station: NamedRef
      lastContactAt: DateTime!
      "Checklist ticks still waiting on the tablet, at its last report."
      waitingOnDevice: Int!
      silent: Boolean!
    }
    "A question to prepare for in one scheduled session."
    type PreparationQuestion {
      "scheduledSession:evaluation:question, unique for this session's preparation."
      id: ID!
      questionId: ID!
      name: String!
      preparationInfo: [RichBlock!]!
      supplies: [String!]!
    }
    type PreparationEvaluation {
      evaluation: ID!
      name: String!
      "Its questions' time limits run (the evaluation's enableTimer); false: no countdown and no deadline."
      timed: Boolean!
      questions: [PreparationQuestion!]!
    }
    "A time the server could not serve the session, given back to the participants whose clock ran then."
    type OutageGivenBack {
      "When it was given back (the server's return)."
      at: DateTime!
      "The most seconds any participant got back."
      seconds: Int!
      participants: Int!
    }
    type LiveDashboard {
      scheduledSession: ID!
      status: ScheduledSessionStatus!
      revision: Int!
      serverTime: DateTime!
      presenceKnown: Boolean!
      rows: [LiveDashboardRow!]!
      preparation: [PreparationEvaluation!]!
      outagesGivenBack: [OutageGivenBack!]!
      "Examiners' tablets, with their last contact and waiting ticks."
      devices: [ExaminerDevice!]!
    }
    extend type ScheduledSessionParticipantEntry {
      "Computed from the entry: null before the start when not ready."
      status: ParticipantStatus
      "Seconds left on the current question or evaluation; null without a timer or outside a section."
      remainingSeconds: Int
      deadline: DateTime
    }
    extend type Query {
      "The staff dashboard's read model of a scheduled session."
      liveDashboard(scheduledSessionId: ID!): LiveDashboard!
    }
    extend type Mutation {
      "SCHEDULED → ONGOING: every participant's clock starts on their first evaluation."
      startScheduledSession(id: ID!): ScheduledSession!
      "ONGOING → COMPLETED: open questions end now; answers stay."
      completeScheduledSession(id: ID!): ScheduledSession!
      getRealtimeToken(scheduledSession: ID!): RealtimeToken!
      "Opens the next evaluation for each listed participant who is waiting; returns those unlocked."
      unlockWaitingParticipants(participants: [ID!]!, scheduledSessionId: ID!): [ID!]!
    }
  `,
  resolvers: {
    LiveDashboard: {
      preparation: (d: runM.Dashboard) =>
        d.preparation.map((p) => ({
          ...p,
          questions: p.questions.map((q) => ({
            ...q,
            id: compositeId(d.scheduledSession, p.evaluation, q.id),
            questionId: q.id,
          })),
        })),
    },
    ScheduledSessionParticipantEntry: {
      status: async (e: ParticipantEntry, _a, g) => (await liveStateOf(g, e))?.status ?? null,
      remainingSeconds: async (e: ParticipantEntry, _a, g) =>
        (await liveStateOf(g, e))?.clock?.remainingSeconds ?? null,
      deadline: async (e: ParticipantEntry, _a, g) => (await liveStateOf(g, e))?.clock?.deadline ?? null,
    },
    Query: {
      liveDashboard: (_p, a: Args, g) => runM.liveDashboard(ctxOf(g), a.scheduledSessionId),
    },
    Mutation: {
      // A circuit also starts its clock (app/modules/circuit).
      startScheduledSession: (_p, a: Args, g) => startSession(ctxOf(g), a.id),
      completeScheduledSession: (_p, a: Args, g) => completeScheduledSession(ctxOf(g), a.id),
      getRealtimeToken: (_p, a: Args, g) => runM.staffRealtimeToken(ctxOf(g), a.scheduledSession),
      unlockWaitingParticipants: (_p, a: Args, g) =>
        runM.unlockWaitingParticipants(ctxOf(g), a.participants, a.scheduledSessionId),
    },
  },
};

/** Participants: their own live session only. */
export const userLivePiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    ${sharedTypeDefs}
    input SaveAnswerInput {
      scheduledSession: ID!
      evaluation: ID!
      question: ID!
      stepIndex: Int!
      answer: AnswerInput!
      "The client's revision of this answer; only a higher one replaces what is stored."
      revision: Int!
    }
    type SaveAnswerResult {
      "The revision stored now (higher than the one sent when a newer one was already there)."
      revision: Int!
      late: Boolean!
      savedAt: DateTime!
    }
    "The evaluation the participant is in, as placed in this scheduled session's order."
    type MyLiveEvaluation {
      "scheduledSession:evaluation: its position and count belong to this session."
      _id: ID!
      "The evaluation (finishQuestion takes it)."
      evaluationId: ID!
      name: String!
      "1-based place in the participant's order."
      position: Int!
      count: Int!
      enableTimer: Boolean!
    }
    "A step as the participant sees it: never the correct answer, option validity, zones or checklist."
    type MyLiveStep {
      index: Int!
      type: StepType!
      question: [RichBlock!]!
      "MULTIPLE_CHOICE: the option texts."
      options: [String!]!
      "HOTZONE: the image to point at."
      imageUrl: String
    }
    type MyLiveQuestion {
      _id: ID!
      name: String!
      maxTime: Int!
      preparationInfo: [RichBlock!]!
      steps: [MyLiveStep!]!
    }
    type MySavedAnswer {
      ${SAVED_ANSWER_FIELDS}
    }
    type MyLiveSession {
      scheduledSession: ID!
      reference: String!
      sessionName: String!
      sessionStatus: ScheduledSessionStatus!
      sessionRevision: Int!
      status: ParticipantStatus
      ready: Boolean!
      paused: Boolean!
      helpRequested: Boolean!
      allQuestionsInEvaluationShownByDefault: Boolean!
      evaluation: MyLiveEvaluation
      "The question the clock runs on; null when the whole evaluation is on one page."
      currentQuestion: ID
      questions: [MyLiveQuestion!]!
      remainingSeconds: Int
      deadline: DateTime
      "The server's clock, to correct the countdown for the device's clock."
      serverTime: DateTime!
      answers: [MySavedAnswer!]!
      "The entry's revision: an event with a higher one means reload."
      revision: Int!
    }
    extend type Query {
      myLiveSession(scheduledSession: ID!): MyLiveSession!
    }
    extend type Mutation {
      getRealtimeToken(scheduledSession: ID!): RealtimeToken!
      setReady(scheduledSession: ID!, ready: Boolean!): MyLiveSession!
      saveAnswer(input: SaveAnswerInput!): SaveAnswerResult!
      "Ends the current question (question null: the whole evaluation) and opens the next one."
      finishQuestion(scheduledSession: ID!, evaluation: ID!, question: ID): MyLiveSession!
      requestHelp(scheduledSession: ID!): MyLiveSession!
    }
  `,
  resolvers: {
    MyLiveSession: {
      evaluation: (l: participantM.MyLiveSession) =>
        l.evaluation && {
          ...l.evaluation,
          _id: compositeId(l.scheduledSession, l.evaluation._id),
          evaluationId: l.evaluation._id,
        },
    },
    Query: {
      myLiveSession: (_p, a: Args, g) => participantM.myLiveSession(ctxOf(g), a.scheduledSession),
    },
    Mutation: {
      getRealtimeToken: (_p, a: Args, g) => participantM.participantRealtimeToken(ctxOf(g), a.scheduledSession),
      setReady: (_p, a: Args, g) => participantM.setReady(ctxOf(g), a.scheduledSession, a.ready),
      saveAnswer: (_p, a: Args, g) => withinSaveLimits(ctxOf(g), () => participantM.saveAnswer(ctxOf(g), a.input)),
      finishQuestion: (_p, a: Args, g) =>
        participantM.finishQuestion(ctxOf(g), a.scheduledSession, a.evaluation, a.question ?? null),
      requestHelp: (_p, a: Args, g) => participantM.requestHelp(ctxOf(g), a.scheduledSession),
    },
  },
};
