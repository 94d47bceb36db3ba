import * as doubleM from "~/modules/corrections/index.server";
import { ctxOf, type Args, type SchemaPiece } from "./types";

// Double marking over GraphQL (ADR 0036). Scores here are points of the station, like the
// corrections' step scores; the percentages say the same of the station's maximum. Thin: the
// rules are in app/modules/corrections/double-marking*.ts.

type DoubleMark = doubleM.DoubleMark;
const percent = (points: number, max: number) => (max > 0 ? (points / max) * 100 : null);

export const doubleMarkingPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum DiscrepancyMethod {
      AGREED
      MEAN
      THIRD_EXAMINER
    }
    "pending: an examiner has not finished; agreed: within the threshold; discrepancy: above it, unresolved; resolved: staff decided."
    enum DoubleMarkStatus {
      pending
      agreed
      discrepancy
      resolved
    }
    "One examiner's mark of a participant at a station."
    type ExaminerMark {
      "The station's points this examiner gave."
      score: Float!
      percent: Float
      markedBy: ID
      markedByName: String
      "Set when the examiner finished (done)."
      markedAt: DateTime
      globalRating: GlobalRating
      comment: String
    }
    type DiscrepancyResolution {
      method: DiscrepancyMethod!
      "The station's points that count."
      score: Float!
      resolvedBy: ID
      resolvedByName: String
      resolvedAt: DateTime!
      note: String
    }
    "A participant marked by two examiners at one station (evaluation)."
    type DoubleMark {
      scheduledSession: ID!
      participant: ID!
      participantName: String!
      evaluation: ID!
      evaluationName: String!
      maxScore: Float!
      first: ExaminerMark!
      second: ExaminerMark!
      "|first − second| in points."
      difference: Float!
      "The session's discrepancy threshold, % of the station's maximum."
      thresholdPercent: Float!
      status: DoubleMarkStatus!
      resolution: DiscrepancyResolution
      "The points that count: the resolved score, else the first examiner's."
      countedScore: Float!
    }
    input ResolveDiscrepancyInput {
      method: DiscrepancyMethod!
      "AGREED, THIRD_EXAMINER: the station's points (0..maxScore). MEAN: computed, ignored."
      score: Float
      note: String
    }
    extend type Query {
      "The double marks of a scheduled session (or one participant's); onlyDiscrepancies: unresolved ones above the threshold."
      doubleMarks(scheduledSession: ID!, participant: ID, onlyDiscrepancies: Boolean): [DoubleMark!]!
      "The session's discrepancy threshold (% of a station's maximum; 20 unless set)."
      discrepancyThreshold(scheduledSession: ID!): Float!
    }
    extend type Mutation {
      "Decides the station's points of a double-marked participant, recorded with who and when."
      resolveStationDiscrepancy(
        scheduledSession: ID!
        participant: ID!
        evaluation: ID!
        input: ResolveDiscrepancyInput!
      ): DoubleMark!
      setDiscrepancyThreshold(scheduledSession: ID!, percent: Float!): Float!
    }
  `,
  resolvers: {
    DoubleMark: {
      scheduledSession: (m: DoubleMark) => m.scheduledSessionId,
      participant: (m: DoubleMark) => m.participantId,
      evaluation: (m: DoubleMark) => m.evaluationId,
      first: (m: DoubleMark) => ({ ...m.first, percent: percent(m.first.score, m.maxScore) }),
      second: (m: DoubleMark) => ({ ...m.second, percent: percent(m.second.score, m.maxScore) }),
    },
    Query: {
      doubleMarks: async (_p, a: Args, g) => {
        const marks = await doubleM.listDoubleMarks(ctxOf(g), a.scheduledSession, a.participant ?? null);
        return a.onlyDiscrepancies ? marks.filter((m) => m.status === "discrepancy") : marks;
      },
      discrepancyThreshold: (_p, a: Args, g) => doubleM.discrepancyThresholdOf(ctxOf(g), a.scheduledSession),
    },
    Mutation: {
      resolveStationDiscrepancy: (_p, a: Args, g) =>
        doubleM.resolveStationDiscrepancy(ctxOf(g), {
          ...a.input,
          scheduledSession: a.scheduledSession,
          participant: a.participant,
          evaluation: a.evaluation,
        }),
      setDiscrepancyThreshold: (_p, a: Args, g) =>
        doubleM.setDiscrepancyThreshold(ctxOf(g), { scheduledSession: a.scheduledSession, percent: a.percent }),
    },
  },
};
