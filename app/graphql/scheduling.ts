import { getSession } from "~/modules/assessments/index.server";
import { getLocation } from "~/modules/databases/index.server";
import type { Participant } from "~/modules/databases/index.server";
import * as entriesM from "~/modules/scheduling/index.server";
import {
  addAndInviteParticipants,
  cancelAndNotify,
  myScheduledSessions,
  signUpForScheduledSession,
  type SessionSummary,
} from "~/modules/scheduling/index.server";
import * as scheduledM from "~/modules/scheduling/index.server";
import type { ParticipantEntry, ParticipantEntrySummary, ScheduledSession } from "~/modules/scheduling/index.server";
import type { LiveData } from "~/modules/live/index.server";
import { connection, DOC_FIELDS } from "./sdl";
import { ctxOf, orNull, type GqlContext, type SchemaPiece, type Args } from "./types";

/** Scheduled sessions, their participant entries and orders (admin API). */
export const schedulingPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum ScheduledSessionOrderBy {
      DATETIME
    }
    enum AutomaticOrderingType {
      NON_OVERLAPPING
    }
    "UPCOMING: from today on; PAST: before today (days in the organisation's time zone)."
    enum ScheduledSessionWhen {
      UPCOMING
      PAST
    }
    input ScheduledSessionFilter {
      behavior: FilterBehavior
      id: ID
      session: ID
      status: ScheduledSessionStatus
      when: ScheduledSessionWhen
    }
    type ScheduledSessionOptions {
      allQuestionsInEvaluationShownByDefault: Boolean!
      enableAutoPauseOnHelpRequest: Boolean!
    }
    input ScheduledSessionOptionsInput {
      allQuestionsInEvaluationShownByDefault: Boolean
      enableAutoPauseOnHelpRequest: Boolean
    }
    type AssignedUser {
      _id: ID!
      name: String!
    }
    type ScheduledSession {
      ${DOC_FIELDS}
      datetime: DateTime!
      "The session template (null when the caller may not see it)."
      session: Session
      sessionId: ID!
      sessionName: String!
      location: Location
      reference: String!
      status: ScheduledSessionStatus!
      assignedUser: AssignedUser
      loginCode: String!
      options: ScheduledSessionOptions!
      "Run as a circuit with one clock; null: each participant at their own pace."
      circuit: CircuitSettings
      participants: [Participant!]!
      participantCount: Int!
      "The template's evaluation ids, in the template's order."
      evaluations: [ID!]!
    }
    ${connection("ScheduledSession")}
    type ScheduledSessionParticipantEntry {
      _id: ID!
      _createdAt: DateTime!
      _updatedAt: DateTime!
      _rev: Int!
      _type: String!
      scheduledSession: ID!
      participant: Participant
      participantId: ID!
      ready: Boolean!
      sessionStart: DateTime
      "Evaluation ids in the order this participant takes them."
      sessionOrder: [ID!]!
      "The answer store's rows of this participant."
      sessionAnswers: [SessionAnswer!]!
      "The live events of this participant, in the order they happened."
      sessionOverrides: [Override!]!
      sessionProgress: [SessionProgress!]!
    }
    ${connection("ScheduledSessionParticipantEntry")}
    "What a reference blocking a removal is; id is that object's _id."
    enum RemovableReferenceType {
      ScheduledSessionParticipantEntry
      ScheduledSessionParticipantCorrection
      SessionReport
    }
    type RemovableReference {
      id: ID!
      title: String!
      type: RemovableReferenceType!
      canBeSafelyRemoved: Boolean!
    }
    type RemoveConfirmation {
      references: [RemovableReference!]!
    }
    union RemoveScheduledSessionResult = RemoveResult | RemoveConfirmation

    "Fields are checked by the server (session and datetime are required on add)."
    input ScheduledSessionInput {
      session: ID
      datetime: DateTime
      location: ID
      assignedUser: ID
      "The initial (or new) status; SCHEDULED when absent on add."
      status: ScheduledSessionStatus
      options: ScheduledSessionOptionsInput
      "Run as a circuit (null: not). Left out on add: the template's defaults. Only while SCHEDULED."
      circuit: CircuitSettingsInput
      "Participant ids: on add the first participants; on update, when given, the new list."
      participants: [ID!]
    }
    input ScheduledSessionParticipantEntryInput {
      ready: Boolean
      sessionStart: DateTime
      sessionOrder: [ID!]
      "A live override (needs the right to run sessions); the other fields need the right to schedule."
      override: OverrideInput
    }

    extend type Query {
      allScheduledSessions(
        filter: ScheduledSessionFilter
        order: SortOrder
        orderBy: ScheduledSessionOrderBy
        after: String
        first: Int
      ): ScheduledSessionConnection!
      "Sessions with start <= datetime < end (calendar views)."
      allScheduledSessionsBetween(start: DateTime!, end: DateTime!): [ScheduledSession!]!
      scheduledSessionById(id: ID!): ScheduledSession!
      scheduledSessionParticipantEntries(
        scheduledSessionId: ID!
        first: Int
        after: String
      ): ScheduledSessionParticipantEntryConnection!
      scheduledSessionParticipantEntry(scheduledSessionId: ID!, participantId: ID!): ScheduledSessionParticipantEntry!
    }
    extend type Mutation {
      addScheduledSession(input: ScheduledSessionInput!): ScheduledSession!
      updateScheduledSession(id: ID!, input: ScheduledSessionInput!): ScheduledSession!
      "Sets the status to CANCELED."
      cancelScheduledSession(id: ID!): ScheduledSession!
      "With participant entries, corrections or session reports on it: a RemoveConfirmation, until every listed id is passed in removeReferences."
      removeScheduledSession(id: ID!, removeReferences: [ID!]): RemoveScheduledSessionResult!
      "Adds participants (one entry each); invite e-mails the newly added ones."
      addParticipantsToScheduledSession(id: ID!, participants: [ID!]!, invite: Boolean): ScheduledSession!
      removeParticipantFromScheduledSession(id: ID!, participant: ID!): RemoveResult!
      automaticallyAssignScheduledSessionOrder(
        scheduledSessionId: ID!
        orderingType: AutomaticOrderingType!
      ): [ScheduledSessionParticipantEntry!]!
      "Puts the evaluation at the 0-based position; the evaluation there takes its old place."
      manuallyAssignEvaluationToParticipant(
        scheduledSessionId: ID!
        participantId: ID!
        evaluation: ID!
        position: Int!
      ): ScheduledSessionParticipantEntry!
      saveScheduledSessionOrder(
        participantId: ID!
        scheduledSessionId: ID!
        sessionOrder: [ID!]!
      ): ScheduledSessionParticipantEntry!
      overrideScheduledSessionParticipantEntry(
        scheduledSessionId: ID!
        participantId: ID!
        input: ScheduledSessionParticipantEntryInput!
      ): ScheduledSessionParticipantEntry!
      overrideScheduledSessionParticipantEntries(
        scheduledSessionId: ID!
        input: ScheduledSessionParticipantEntryInput!
      ): [ScheduledSessionParticipantEntry!]!
    }
  `,
  resolvers: {
    ScheduledSession: {
      session: (s: ScheduledSession, _a, g) => orNull(() => getSession(ctxOf(g), s.session)),
      sessionId: (s: ScheduledSession) => s.session,
      location: (s: ScheduledSession, _a, g) => (s.location ? orNull(() => getLocation(ctxOf(g), s.location!)) : null),
      assignedUser: (s: ScheduledSession) =>
        s.assignedUser ? { _id: s.assignedUser, name: s.assignedUserName ?? "" } : null,
      // One query for the participants of every session in the answer (loaders.ts); gone ones are left out.
      participants: async (s: ScheduledSession, _a, g) =>
        (await Promise.all(s.participants.map((id) => g.loaders.participant.load(id)))).filter(
          (p): p is Participant => p !== null,
        ),
      participantCount: (s: ScheduledSession) => s.participants.length,
    },
    ScheduledSessionParticipantEntry: {
      participant: (e: ParticipantEntry, _a, g) => g.loaders.participant.load(e.participant),
      participantId: (e: ParticipantEntry) => e.participant,
      sessionAnswers: async (e: EntryAnswer, _a, g) => (await liveOf(e, g)).answers,
      sessionOverrides: async (e: EntryAnswer, _a, g) => (await liveOf(e, g)).overrides,
      sessionProgress: async (e: EntryAnswer, _a, g) => (await liveOf(e, g)).progress,
    },
    RemoveScheduledSessionResult: {
      __resolveType: (r: { __typename: string }) => r.__typename,
    },
    Query: {
      allScheduledSessions: (_p, a: Args, g) => scheduledM.listScheduledSessions(ctxOf(g), a),
      allScheduledSessionsBetween: (_p, a: Args, g) =>
        scheduledM.listScheduledSessionsBetween(ctxOf(g), a.start, a.end),
      scheduledSessionById: (_p, a: Args, g) => scheduledM.getScheduledSession(ctxOf(g), a.id),
      scheduledSessionParticipantEntries: (_p, a: Args, g) =>
        entriesM.listParticipantEntries(ctxOf(g), a.scheduledSessionId, a),
      scheduledSessionParticipantEntry: (_p, a: Args, g) =>
        entriesM.getParticipantEntry(ctxOf(g), a.scheduledSessionId, a.participantId),
    },
    Mutation: {
      addScheduledSession: (_p, a: Args, g) => scheduledM.addScheduledSession(ctxOf(g), a.input),
      updateScheduledSession: (_p, a: Args, g) => scheduledM.updateScheduledSession(ctxOf(g), a.id, a.input),
      cancelScheduledSession: async (_p, a: Args, g) => (await cancelAndNotify(ctxOf(g), a.id)).session,
      removeScheduledSession: (_p, a: Args, g) =>
        scheduledM.removeScheduledSession(ctxOf(g), a.id, a.removeReferences ?? []),
      addParticipantsToScheduledSession: async (_p, a: Args, g: GqlContext) => {
        const ctx = ctxOf(g);
        await addAndInviteParticipants(ctx, a.id, a.participants, Boolean(a.invite));
        return scheduledM.getScheduledSession(ctx, a.id);
      },
      removeParticipantFromScheduledSession: (_p, a: Args, g) =>
        entriesM.removeParticipantFromScheduledSession(ctxOf(g), a.id, a.participant),
      automaticallyAssignScheduledSessionOrder: (_p, a: Args, g) =>
        entriesM.automaticallyAssignScheduledSessionOrder(ctxOf(g), a.scheduledSessionId, a.orderingType),
      manuallyAssignEvaluationToParticipant: (_p, a: Args, g) =>
        entriesM.manuallyAssignEvaluationToParticipant(
          ctxOf(g),
          a.scheduledSessionId,
          a.participantId,
          a.evaluation,
          a.position,
        ),
      saveScheduledSessionOrder: (_p, a: Args, g) =>
        entriesM.saveScheduledSessionOrder(ctxOf(g), a.participantId, a.scheduledSessionId, a.sessionOrder),
      overrideScheduledSessionParticipantEntry: (_p, a: Args, g) =>
        entriesM.overrideScheduledSessionParticipantEntry(ctxOf(g), a.scheduledSessionId, a.participantId, a.input),
      overrideScheduledSessionParticipantEntries: (_p, a: Args, g) =>
        entriesM.overrideScheduledSessionParticipantEntries(ctxOf(g), a.scheduledSessionId, a.input),
    },
  },
};

const summary = (s: SessionSummary) => ({ _id: s.id, ...s });

/**
 * An entry as the operations answer it: with its live data (one entry, a page of them) or as a
 * summary (every entry of a session, after "pause all"), whose live fields are read only when
 * asked for, for all the entries of the answer together.
 */
type EntryAnswer = ParticipantEntry | ParticipantEntrySummary;
const liveOf = (e: EntryAnswer, g: GqlContext): Promise<LiveData> =>
  "sessionAnswers" in e
    ? Promise.resolve({ answers: e.sessionAnswers, overrides: e.sessionOverrides, progress: e.sessionProgress })
    : g.loaders.entryLive.load(e._id);

/** The participant's side: sign up with a code, and their own sessions (user API). */
export const userSchedulingPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    type MyScheduledSessionPlace {
      name: String!
      line1: String
      city: String
      postal: String
      country: String
    }
    type MyScheduledSession {
      _id: ID!
      reference: String!
      sessionName: String!
      datetime: DateTime!
      status: ScheduledSessionStatus!
      location: MyScheduledSessionPlace
    }
    type MyScheduledSessions {
      upcoming: [MyScheduledSession!]!
      past: [MyScheduledSession!]!
      "The organisation's IANA time zone, in which its people read the sessions' dates."
      timeZone: String!
    }
    extend type Query {
      "The signed-in participant's own scheduled sessions."
      myScheduledSessions: MyScheduledSessions!
    }
    extend type Mutation {
      "Signs the signed-in participant up with the session's login code (case-insensitive); twice is a no-op."
      signUpForScheduledSession(code: String!): MyScheduledSession!
    }
  `,
  resolvers: {
    MyScheduledSession: {
      location: (s: SessionSummary) => (s.locationName ? { name: s.locationName, ...(s.locationAddress ?? {}) } : null),
    },
    Query: {
      myScheduledSessions: async (_p, _a, g) => {
        const mine = await myScheduledSessions(ctxOf(g));
        return { upcoming: mine.upcoming.map(summary), past: mine.past.map(summary), timeZone: mine.timeZone };
      },
    },
    Mutation: {
      signUpForScheduledSession: async (_p, a: Args, g) => summary(await signUpForScheduledSession(ctxOf(g), a.code)),
    },
  },
};
