import * as autoM from "~/modules/corrections/index.server";
import * as correctionM from "~/modules/corrections/index.server";
import * as progressM from "~/modules/corrections/index.server";
import * as stationsM from "~/modules/corrections/index.server";
import * as submitM from "~/modules/corrections/index.server";
import { compositeId, correctionId } from "~/lib/global-id";
import { ctxOf, type Args, type SchemaPiece } from "./types";

// Corrections over GraphQL. Thin: every rule is in app/modules/corrections.

type Correction = correctionM.ParticipantCorrection;

export const correctionsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    "A station examiner's overall judgement, kept for standard setting."
    enum GlobalRating {
      CLEAR_PASS
      BORDERLINE
      CLEAR_FAIL
      GOOD
      EXCELLENT
    }
    "active: still taking the session; completed: done, not yet fully scored; correction_complete: every step scored."
    enum CorrectionProgressStatus {
      active
      completed
      correction_complete
    }
    type PracticalCriterion {
      label: String!
      weight: Float!
    }
    "One step of a question the participant took, with its answer, the correct answer and its score."
    type CorrectionEntry {
      evaluation: ID!
      question: ID!
      stepIndex: Int!
      type: StepType!
      "The step's question."
      questionContent: [RichBlock!]!
      "The author's correct answer."
      correctAnswer: Answer
      "The answer that counts: the in-time one, or the late one once accepted."
      answer: Answer
      "A late answer, shown apart; it counts only when lateAccepted."
      lateAnswer: Answer
      lateReceivedAt: DateTime
      lateAccepted: Boolean!
      "PRACTICAL: the checklist's criteria and weights."
      criteria: [PracticalCriterion!]!
      "PRACTICAL: the ticked criteria (booleanlistValue)."
      ticks: [Boolean!]
      "Null while the step awaits scoring."
      score: Float
      maxScore: Float!
      comment: String
      autoScored: Boolean!
      "What the auto-score rules give now; null when an assessor must decide."
      suggestedScore: Float
      revision: Int!
      "HOTZONE: the image and its height / width."
      imageUrl: String
      aspect: Float!
    }
    "A question of one participant's correction."
    type CorrectionQuestion {
      "scheduledSession:participant:evaluation:question, unique for this participant's correction."
      id: ID!
      questionId: ID!
      name: String!
      steps: [CorrectionEntry!]!
    }
    "An evaluation of one participant's correction."
    type CorrectionEvaluation {
      "scheduledSession:participant:evaluation, unique for this participant's correction."
      id: ID!
      evaluationId: ID!
      name: String!
      globalRating: GlobalRating
      "The station examiner's comment."
      markComment: String
      markedAt: DateTime
      questions: [CorrectionQuestion!]!
    }
    type ScheduledSessionParticipantCorrection {
      "scheduledSession:participant: the same before and after the first score or comment."
      _id: ID!
      "Null until something was scored or commented."
      _updatedAt: DateTime
      scheduledSession: ID!
      sessionName: String!
      participant: ID!
      participantName: String!
      "The whole-participant comment."
      comment: [RichBlock!]!
      completedAt: DateTime
      complete: Boolean!
      scored: Int!
      total: Int!
      "Every step taken, in the participant's order."
      corrections: [CorrectionEntry!]!
      evaluations: [CorrectionEvaluation!]!
    }
    type ScheduledSessionParticipantCorrectionEdge {
      cursor: String!
      node: ScheduledSessionParticipantCorrection!
    }
    type ScheduledSessionParticipantCorrectionConnection {
      edges: [ScheduledSessionParticipantCorrectionEdge!]!
      pageInfo: PageInfo!
    }
    "A score the auto-score rules would save."
    type AutoScoreEntry {
      evaluation: ID!
      question: ID!
      stepIndex: Int!
      autoScore: Float!
      maxScore: Float!
      "The score it replaces (an earlier automatic one), if any."
      previous: Float
    }
    type CorrectionProgress {
      participantId: ID!
      name: String!
      status: CorrectionProgressStatus!
      scored: Int!
      total: Int!
      completedAt: DateTime
    }
    type StationProgress {
      evaluationId: ID!
      name: String!
      marked: Int!
      total: Int!
      practicalSteps: Int!
    }
    "here: at the station now; due: still to come; done: past it."
    enum StationLiveState {
      here
      due
      done
    }
    type StationParticipant {
      participantId: ID!
      name: String!
      "1-based place of the station in the participant's rotation."
      position: Int!
      live: StationLiveState!
      markedAt: DateTime
      globalRating: GlobalRating
    }
    type StationParticipants {
      station: StationProgress!
      participants: [StationParticipant!]!
    }
    "A step to auto-score; the saved score is always the rules' own, computed on the server."
    input AutoScoreEntryInput {
      autoScore: Float
      evaluation: ID!
      question: ID!
      stepIndex: Int!
    }
    input CorrectionEntryInput {
      evaluation: ID!
      question: ID!
      stepIndex: Int!
      "0..the step's score; null clears it. Ignored when ticks are given."
      score: Float
      comment: String
      "PRACTICAL: the ticked criteria; the score follows score × min(100, ticked weights) / 100."
      ticks: [Boolean!]
      "The marking client's revision: an equal or older one changes nothing (a safe retry)."
      revision: Int
      "Double marking: 2 = the second examiner's ticks (PRACTICAL only), kept apart from the first's."
      marker: Int
    }
    input StationMarkInput {
      evaluation: ID!
      globalRating: GlobalRating
      comment: String
      "true: done with this participant at this station; false: reopened."
      done: Boolean
      revision: Int
      "Double marking: 2 = the second examiner's rating, comment and done, kept apart from the first's."
      marker: Int
    }
    extend type Query {
      "The correction of one participant of a scheduled session."
      scheduledSessionParticipantCorrection(
        scheduledSessionId: ID!
        participantId: ID!
      ): ScheduledSessionParticipantCorrection!
      "The corrections of a scheduled session's participants, paged."
      scheduledSessionParticipantCorrections(
        scheduledSessionId: ID!
        first: Int
        after: String
      ): ScheduledSessionParticipantCorrectionConnection!
      "What submitAutoScoreEntries would save now (never a step an assessor scored)."
      autoScorePreview(scheduledSessionId: ID!, participantId: ID!): [AutoScoreEntry!]!
      correctionProgress(scheduledSessionId: ID!): [CorrectionProgress!]!
      stationProgress(scheduledSessionId: ID!): [StationProgress!]!
      "The participants taking a station (an evaluation), in rotation order; marker 2: as the second examiner sees them."
      stationParticipants(scheduledSessionId: ID!, evaluationId: ID!, marker: Int): StationParticipants!
    }
    extend type Mutation {
      "Saves the auto-score rules' scores (all the rules can score, or the listed steps); never overwrites a manual score."
      submitAutoScoreEntries(
        scheduledSession: ID!
        participant: ID!
        entries: [AutoScoreEntryInput!]
      ): ScheduledSessionParticipantCorrection!
      submitCorrectionEntry(
        scheduledSession: ID!
        participant: ID!
        input: CorrectionEntryInput!
      ): ScheduledSessionParticipantCorrection!
      "The whole-participant comment (rich content blocks, sanitised)."
      submitCorrectionComment(
        scheduledSession: ID!
        participant: ID!
        comment: [RichBlockInput!]!
      ): ScheduledSessionParticipantCorrection!
      "Accepts (or refuses again) a late answer: only an accepted one counts."
      acceptLateAnswer(
        scheduledSession: ID!
        participant: ID!
        evaluation: ID!
        question: ID!
        stepIndex: Int!
        accept: Boolean!
      ): ScheduledSessionParticipantCorrection!
      markStation(
        scheduledSession: ID!
        participant: ID!
        input: StationMarkInput!
      ): ScheduledSessionParticipantCorrection!
    }
  `,
  resolvers: {
    ScheduledSessionParticipantCorrection: {
      _id: (c: Correction) => correctionId(c.scheduledSessionId, c.participantId),
      _updatedAt: (c: Correction) => c.updatedAt,
      scheduledSession: (c: Correction) => c.scheduledSessionId,
      participant: (c: Correction) => c.participantId,
      corrections: (c: Correction) => c.evaluations.flatMap((e) => e.questions.flatMap((q) => q.steps)),
      evaluations: (c: Correction) => {
        const owner = correctionId(c.scheduledSessionId, c.participantId);
        return c.evaluations.map((e) => ({
          ...e,
          id: compositeId(owner, e.id),
          evaluationId: e.id,
          questions: e.questions.map((q) => ({ ...q, id: compositeId(owner, e.id, q.id), questionId: q.id })),
        }));
      },
    },
    CorrectionEntry: {
      evaluation: (s: correctionM.CorrectionStep) => s.evaluationId,
      question: (s: correctionM.CorrectionStep) => s.questionId,
      questionContent: (s: correctionM.CorrectionStep) => s.question,
    },
    Query: {
      scheduledSessionParticipantCorrection: (_p, a: Args, g) =>
        correctionM.getParticipantCorrection(ctxOf(g), a.scheduledSessionId, a.participantId),
      scheduledSessionParticipantCorrections: (_p, a: Args, g) =>
        progressM.listCorrections(ctxOf(g), a.scheduledSessionId, a),
      autoScorePreview: (_p, a: Args, g) =>
        autoM.previewAutoScoreEntries(ctxOf(g), a.scheduledSessionId, a.participantId),
      correctionProgress: (_p, a: Args, g) => progressM.correctionProgress(ctxOf(g), a.scheduledSessionId),
      stationProgress: (_p, a: Args, g) => stationsM.stationProgress(ctxOf(g), a.scheduledSessionId),
      stationParticipants: (_p, a: Args, g) =>
        stationsM.stationParticipants(ctxOf(g), a.scheduledSessionId, a.evaluationId, a.marker === 2 ? 2 : 1),
    },
    Mutation: {
      submitAutoScoreEntries: (_p, a: Args, g) =>
        autoM.submitAutoScoreEntries(ctxOf(g), {
          scheduledSession: a.scheduledSession,
          participant: a.participant,
          entries: a.entries,
        }),
      submitCorrectionEntry: (_p, a: Args, g) =>
        submitM.submitCorrectionEntry(ctxOf(g), {
          ...a.input,
          scheduledSession: a.scheduledSession,
          participant: a.participant,
        }),
      submitCorrectionComment: (_p, a: Args, g) =>
        submitM.submitCorrectionComment(ctxOf(g), {
          scheduledSession: a.scheduledSession,
          participant: a.participant,
          comment: a.comment,
        }),
      acceptLateAnswer: (_p, a: Args, g) => submitM.setLateAnswerAccepted(ctxOf(g), a),
      markStation: (_p, a: Args, g) =>
        stationsM.markStation(ctxOf(g), {
          ...a.input,
          scheduledSession: a.scheduledSession,
          participant: a.participant,
        }),
    },
  },
};
