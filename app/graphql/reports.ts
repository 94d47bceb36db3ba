import type { SessionReportLayoutBlock } from "~db/tenant/schema/reports";
import { participantById } from "~/modules/databases/index.server";
import {
  listCompletedScheduledSessions,
  reportDeliveries,
  sendParticipantReport,
} from "~/modules/reports/index.server";
import * as layoutsM from "~/modules/reports/index.server";
import * as reportsM from "~/modules/reports/index.server";
import { getScheduledSession } from "~/modules/scheduling/index.server";
import type { SessionReportData } from "~/modules/reports/index";
import { compositeId } from "~/lib/global-id";
import { DOC_FIELDS } from "./sdl";
import { ctxOf, orNull, type Args, type SchemaPiece } from "./types";

/** A report's options: the same fields as its output type and as its input. */
const REPORT_OPTION_FIELDS = `chartType: ChartType!
    onlyEvaluations: [ID!]!
    showCategoryComments: Boolean!
    showChart: Boolean!
    showCorrectAnswers: Boolean!
    showEvaluationComments: Boolean!
    showQuestionComments: Boolean!
    showSessionComments: Boolean!`;

/** Types both APIs share: the report's data, options and layout blocks. */
const reportDataTypes = /* GraphQL */ `
  enum PassedStatus {
    PASSED
    NOT_PASSED
    DELIBERATED
    TRAINING_REQUIRED
  }
  enum ChartType {
    BAR
    RADAR
  }
  "What a chart shows."
  enum ChartSource {
    ALL_CATEGORIES
    EVALUATIONS
    PRIMARY_CATEGORIES
  }
  "Which comments a comments block shows."
  enum CommentSource {
    CATEGORY
    SESSION
  }
  """
  The source of a layout block: a chart's (ALL_CATEGORIES, EVALUATIONS, PRIMARY_CATEGORIES) or a
  comments block's (CATEGORY, SESSION). One type for both, so that a client may select source on
  both blocks of the union in one query; the inputs take ChartSource and CommentSource.
  """
  enum LayoutBlockSource {
    ALL_CATEGORIES
    EVALUATIONS
    PRIMARY_CATEGORIES
    CATEGORY
    SESSION
  }
  type Score {
    score: Float!
    maxScore: Float!
  }
  "A category's or an evaluation's score in one report."
  type NamedScore {
    "report:list:subject (list: perCategory, perPrimaryCategory or perEvaluation), unique for this report."
    id: ID!
    "The category or evaluation scored."
    subjectId: ID!
    name: String!
    score: Score!
  }
  "A step of a report (an embedded value: no id)."
  type SessionReportStep {
    type: StepType!
    question: [RichBlock!]!
    answer: Answer
    correctAnswer: Answer
    "An unscored step counts 0 of its maximum (scored: false)."
    score: Score!
    scored: Boolean!
    comment: String
  }
  type SessionReportQuestion {
    "report:evaluation:question, unique for this report."
    id: ID!
    questionId: ID!
    name: String!
    score: Score!
    steps: [SessionReportStep!]!
  }
  type SessionReportEvaluation {
    "report:evaluation, unique for this report."
    id: ID!
    evaluationId: ID!
    name: String!
    comment: String
    score: Score!
    questions: [SessionReportQuestion!]!
  }
  type CategoryComment {
    category: ID!
    name: String!
    comment: String!
  }
  type SummaryInfo {
    perCategory: [NamedScore!]!
    "Root categories, each over its whole subtree."
    perPrimaryCategory: [NamedScore!]!
    perEvaluation: [NamedScore!]!
  }
  type SessionReportData {
    participantName: String!
    sessionName: String!
    sessionDatetime: DateTime!
    passPercentage: Float!
    "Staff's decision when made, else PASSED iff totalScore reaches passPercentage (inclusive)."
    passedStatus: PassedStatus!
    computedPassedStatus: PassedStatus!
    passedStatusReason: String
    sessionComment: [RichBlock!]
    categoryComments: [CategoryComment!]!
    evaluations: [SessionReportEvaluation!]!
    summaryInfo: SummaryInfo!
    totalScore: Score!
    unscoredSteps: Int!
  }
  type SessionReportOptions {
    ${REPORT_OPTION_FIELDS}
  }
  "A layout block (an embedded value: no id)."
  type ChartBlock {
    chartType: ChartType!
    "ALL_CATEGORIES, EVALUATIONS or PRIMARY_CATEGORIES."
    source: LayoutBlockSource!
  }
  type CommentsBlock {
    "CATEGORY or SESSION."
    source: LayoutBlockSource!
  }
  type EvaluationDetailsBlock {
    displayNumericScore: Boolean!
    showEvaluationComments: Boolean!
    showQuestionComments: Boolean!
    showQuestions: Boolean!
  }
  type SummaryBlock {
    displayNumericScore: Boolean!
  }
  union SessionReportLayoutBlock = ChartBlock | CommentsBlock | EvaluationDetailsBlock | SummaryBlock
`;

const blockResolvers = {
  SessionReportLayoutBlock: {
    __resolveType: (b: SessionReportLayoutBlock) =>
      ({
        chart: "ChartBlock",
        comments: "CommentsBlock",
        evaluationDetails: "EvaluationDetailsBlock",
        summary: "SummaryBlock",
      })[b.type],
  },
  CategoryComment: { category: (c: { categoryId: string }) => c.categoryId },
};

/**
 * The report's parts with ids that name the report too: the same evaluation, question or category
 * in two participants' reports are two objects in a client's cache, not one overwritten by the other.
 */
function withPartIds(report: { _id: string; data: SessionReportData }) {
  const { _id: reportId, data } = report;
  const named = (list: string) => (s: { id: string; name: string; score: unknown }) => ({
    ...s,
    id: compositeId(reportId, list, s.id),
    subjectId: s.id,
  });
  return {
    ...data,
    evaluations: data.evaluations.map((e) => ({
      ...e,
      id: compositeId(reportId, e.id),
      evaluationId: e.id,
      questions: e.questions.map((q) => ({ ...q, id: compositeId(reportId, e.id, q.id), questionId: q.id })),
    })),
    summaryInfo: {
      perCategory: data.summaryInfo.perCategory.map(named("perCategory")),
      perPrimaryCategory: (data.summaryInfo.perPrimaryCategory ?? []).map(named("perPrimaryCategory")),
      perEvaluation: data.summaryInfo.perEvaluation.map(named("perEvaluation")),
    },
  };
}

type BlockInput = { chart?: object; comments?: object; evaluationDetails?: object; summary?: object };
/** GraphQL has no input unions: each block input sets exactly one of its fields (checked by Zod). */
const blocksOf = (input: { layout?: BlockInput[] } | undefined) =>
  input?.layout === undefined
    ? input
    : {
        ...input,
        layout: input.layout.map((b) => {
          const kinds = Object.entries(b).filter(([, v]) => v);
          return kinds.length === 1 ? { type: kinds[0]![0], ...(kinds[0]![1] as object) } : { type: "invalid" };
        }),
      };

/** Session reports and their layouts (admin API). */
export const reportsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    ${reportDataTypes}
    enum SessionReportStatus {
      DRAFT
      RELEASED
    }
    enum SessionReportOrderBy {
      "Last change."
      DATE
      "Participant name."
      NAME
      SESSION_DATE
    }
    input SessionReportFilter {
      scheduledSession: ID
      participant: ID
      "Case-insensitive substring of the participant's name."
      name: String
      status: SessionReportStatus
      passedStatus: PassedStatus
    }
    type SessionReportDelivery {
      recipients: [String!]!
      language: String!
      sentAt: DateTime!
    }
    type SessionReportLayout {
      "The organisation's default layout keeps its _id from the built-in one (none saved yet) on."
      _id: ID!
      "Null for the built-in layout (none saved yet)."
      _createdAt: DateTime
      _updatedAt: DateTime
      _rev: Int!
      _type: String!
      workspace: ID
      owner: ID
      name: String!
      isDefaultLayout: Boolean!
      layout: [SessionReportLayoutBlock!]!
    }
    type SessionReport {
      ${DOC_FIELDS}
      owner: ID
      participantId: ID!
      participant: Participant
      scheduledSessionId: ID!
      scheduledSession: ScheduledSession
      "The random code of the participant's link /sessionreport/{id}?code=…"
      accessCode: String
      data: SessionReportData!
      draft: Boolean!
      releasedAt: DateTime
      layoutId: ID
      layout: [SessionReportLayoutBlock!]!
      options: SessionReportOptions!
      passedStatus: PassedStatus!
      passedStatusOverride: PassedStatus
      passedStatusReason: String
      "Path of the report's PDF."
      report: String!
      deliveries: [SessionReportDelivery!]!
    }
    type SessionReportEdge {
      cursor: String!
      node: SessionReport!
    }
    type SessionReportConnection {
      edges: [SessionReportEdge!]!
      pageInfo: PageInfo!
    }
    "A participant's progress in a completed session: active, completed or correction_complete."
    enum ReportCorrectionProgress {
      active
      completed
      correction_complete
    }
    type CompletedSessionParticipant {
      participantId: ID!
      name: String!
      progress: ReportCorrectionProgress!
      reportId: ID
      draft: Boolean
      passedStatus: PassedStatus
    }
    type CompletedScheduledSession {
      _id: ID!
      reference: String!
      sessionName: String!
      datetime: DateTime!
      participantCount: Int!
      correctionComplete: Int!
      reportCount: Int!
      releasedCount: Int!
      passedCount: Int!
      "Passed (PASSED or DELIBERATED) share of the participants with a report, 0..1."
      passRate: Float
      participants: [CompletedSessionParticipant!]!
    }
    type CompletedScheduledSessionEdge {
      cursor: String!
      node: CompletedScheduledSession!
    }
    type CompletedScheduledSessionConnection {
      edges: [CompletedScheduledSessionEdge!]!
      pageInfo: PageInfo!
    }
    input ChartBlockInput {
      chartType: ChartType!
      source: ChartSource!
    }
    input CommentsBlockInput {
      source: CommentSource!
    }
    input EvaluationDetailsBlockInput {
      displayNumericScore: Boolean!
      showEvaluationComments: Boolean!
      showQuestionComments: Boolean!
      showQuestions: Boolean!
    }
    input SummaryBlockInput {
      displayNumericScore: Boolean!
    }
    "Exactly one of the fields."
    input SessionReportLayoutBlockInput {
      chart: ChartBlockInput
      comments: CommentsBlockInput
      evaluationDetails: EvaluationDetailsBlockInput
      summary: SummaryBlockInput
    }
    input SessionReportLayoutInput {
      name: String
      layout: [SessionReportLayoutBlockInput!]
    }
    input SessionReportOptionsInput {
      ${REPORT_OPTION_FIELDS}
    }
    input CategoryCommentInput {
      category: ID!
      comment: String!
    }
    input SaveParticipantReportInput {
      options: SessionReportOptionsInput
      "Another layout's blocks (null: the organisation's default)."
      layout: ID
      "Replaces every category comment."
      categoryComments: [CategoryCommentInput!]
      "DELIBERATED or TRAINING_REQUIRED (with a reason); null returns to the computed status."
      passedStatusOverride: PassedStatus
      passedStatusReason: String
      "false releases the report to the participant."
      draft: Boolean
    }

    extend type Query {
      allSessionReports(
        filter: SessionReportFilter
        order: SortOrder
        orderBy: SessionReportOrderBy
        after: String
        first: Int
      ): SessionReportConnection!
      allCompletedScheduledSessions(
        filter: NameFilter
        order: SortOrder
        orderBy: ScheduledSessionOrderBy
        after: String
        first: Int
      ): CompletedScheduledSessionConnection!
      sessionReportById(id: ID!): SessionReport!
      "The participant's report in the scheduled session; NOT_FOUND (session_report_not_found) when none was built yet."
      scheduledSessionReport(scheduledSessionId: ID!, participantId: ID!): SessionReport!
      scheduledSessionReports(scheduledSessionId: ID!, after: String, first: Int): SessionReportConnection!
      defaultSessionReportLayout: SessionReportLayout!
      allSessionReportLayouts: [SessionReportLayout!]!
    }
    extend type Mutation {
      "Builds (or rebuilds) the participant's report as a draft from the current corrections."
      createSessionReport(layout: ID, participant: ID!, scheduledSession: ID!): SessionReport!
      saveParticipantReport(id: ID!, input: SaveParticipantReportInput!): SessionReport!
      "E-mails the report (PDF attached, link with its access code); a draft is released first."
      sendParticipantReport(emails: [String!]!, participant: ID!, scheduledSession: ID!): SessionReport!
      addSessionReportLayout(input: SessionReportLayoutInput!): SessionReportLayout!
      updateSessionReportLayout(id: ID!, input: SessionReportLayoutInput!): SessionReportLayout!
      removeSessionReportLayout(id: ID!): RemoveResult!
      updateDefaultSessionReportLayout(input: SessionReportLayoutInput!): SessionReportLayout!
    }
  `,
  resolvers: {
    ...blockResolvers,
    SessionReport: {
      data: withPartIds,
      participantId: (r: reportsM.SessionReport) => r.participant,
      participant: (r: reportsM.SessionReport, _a, g) => orNull(() => participantById(ctxOf(g), r.participant)),
      scheduledSessionId: (r: reportsM.SessionReport) => r.scheduledSession,
      scheduledSession: (r: reportsM.SessionReport, _a, g) =>
        orNull(() => getScheduledSession(ctxOf(g), r.scheduledSession)),
      report: (r: reportsM.SessionReport) => `/api/pdf/generate/session-report?id=${encodeURIComponent(r._id)}`,
      deliveries: (r: reportsM.SessionReport, _a, g) => reportDeliveries(ctxOf(g), r._id),
    },
    CompletedSessionParticipant: {
      participantId: (p: { participant: string }) => p.participant,
      reportId: (p: { report: string | null }) => p.report,
    },
    Query: {
      allSessionReports: (_p, a: Args, g) => reportsM.listSessionReports(ctxOf(g), a),
      allCompletedScheduledSessions: (_p, a: Args, g) => listCompletedScheduledSessions(ctxOf(g), a),
      sessionReportById: (_p, a: Args, g) => reportsM.getSessionReport(ctxOf(g), a.id),
      scheduledSessionReport: (_p, a: Args, g) =>
        reportsM.getSessionReportFor(ctxOf(g), a.scheduledSessionId, a.participantId),
      scheduledSessionReports: (_p, a: Args, g) =>
        reportsM.listSessionReports(ctxOf(g), {
          ...a,
          filter: { scheduledSession: a.scheduledSessionId },
          orderBy: "NAME",
          order: "ASC",
        }),
      defaultSessionReportLayout: (_p, _a, g) => layoutsM.defaultSessionReportLayout(ctxOf(g)),
      allSessionReportLayouts: (_p, _a, g) => layoutsM.listSessionReportLayouts(ctxOf(g)),
    },
    Mutation: {
      createSessionReport: (_p, a: Args, g) => reportsM.createSessionReport(ctxOf(g), a),
      saveParticipantReport: (_p, a: Args, g) => reportsM.saveParticipantReport(ctxOf(g), a.id, a.input),
      sendParticipantReport: (_p, a: Args, g) => sendParticipantReport(ctxOf(g), a),
      addSessionReportLayout: (_p, a: Args, g) => layoutsM.addSessionReportLayout(ctxOf(g), blocksOf(a.input)),
      updateSessionReportLayout: (_p, a: Args, g) =>
        layoutsM.updateSessionReportLayout(ctxOf(g), a.id, blocksOf(a.input)),
      removeSessionReportLayout: (_p, a: Args, g) => layoutsM.removeSessionReportLayout(ctxOf(g), a.id),
      updateDefaultSessionReportLayout: (_p, a: Args, g) =>
        layoutsM.updateDefaultSessionReportLayout(ctxOf(g), blocksOf(a.input)),
    },
  },
};

/** The participant's own released reports (user API); never an access code, never a draft. */
export const userReportsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    ${reportDataTypes}
    type MySessionReport {
      _id: ID!
      releasedAt: DateTime
      data: SessionReportData!
      layout: [SessionReportLayoutBlock!]!
      options: SessionReportOptions!
      passedStatus: PassedStatus!
      "Path of the report's PDF."
      report: String!
    }
    extend type Query {
      mySessionReports: [MySessionReport!]!
    }
  `,
  resolvers: {
    ...blockResolvers,
    MySessionReport: {
      data: withPartIds,
      report: (r: reportsM.SessionReport) => `/api/pdf/generate/session-report?id=${encodeURIComponent(r._id)}`,
    },
    Query: { mySessionReports: (_p, _a, g) => reportsM.myReleasedReports(ctxOf(g)) },
  },
};
