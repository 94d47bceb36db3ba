import { AppError } from "~/lib/app-error";
import type { StaffCtx } from "~/lib/context.server";
import * as evaluationsM from "~/modules/assessments/index.server";
import * as questionsM from "~/modules/assessments/index.server";
import * as sessionsM from "~/modules/assessments/index.server";
import type { Evaluation, Session } from "~/modules/assessments/index.server";
import { editMutations, editResolvers } from "./edit-mutations";
import { connection, DOC_FIELDS } from "./sdl";
import { ctxOf, type GqlContext, type SchemaPiece, type Args } from "./types";

const OWNED = `${DOC_FIELDS}
    owner: Owner!
    visibility: Visibility!
    shares: [ObjectShare!]!
    canEdit: Boolean!
    canManageSharing: Boolean!`;

const OWNERSHIP_INPUT = `visibility: Visibility
    objectOwnerType: ObjectOwnerType
    "Replaces the shares when given (owner only)."
    shares: [ShareInput!]`;

const accessFields = {
  canEdit: (d: { access: { canEdit: boolean } }) => d.access.canEdit,
  canManageSharing: (d: { access: { canManageSharing: boolean } }) => d.access.canManageSharing,
};

/** Questions, evaluations and session templates ("Session"). */
export const assessmentsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum ObjectOwnerType {
      ORGANIZATION
      USER
    }
    enum Visibility {
      ORGANIZATION
      PRIVATE
    }
    enum ShareLevel {
      EDITOR
      VIEWER
    }
    enum AssessmentSortField {
      DATE
      NAME
      OWNER_NAME
    }
    "Layout of a filtered list (not applied by the server)."
    enum FilterBehavior {
      NARROW
      WIDE
    }
    type Owner {
      name: String!
      objectOwnerType: ObjectOwnerType!
      organization: String
      uid: ID
    }
    type ShareUser {
      _id: ID!
      name: String!
      email: String!
    }
    type ObjectShare {
      user: ShareUser!
      level: ShareLevel!
    }
    input ShareInput {
      user: ID!
      level: ShareLevel!
    }
    type NamedRef {
      _id: ID!
      name: String!
    }
    "One step (an embedded value: no id). answer: the correct answer."
    type Step {
      key: String!
      type: StepType!
      question: [RichBlock!]!
      answer: Answer!
      score: Float!
    }
    input StepInput {
      key: String
      type: StepType!
      question: [RichBlockInput!]
      answer: AnswerInput
      score: Float!
    }
    type Question {
      ${OWNED}
      name: String!
      maxTime: Int!
      categories: [ID!]!
      supplies: [ID!]!
      resolvedCategories: [NamedRef!]!
      resolvedSupplies: [NamedRef!]!
      preparationInfo: [RichBlock!]!
      steps: [Step!]!
      stepTypes: [StepType!]!
      totalScore: Float!
    }
    type EvaluationOptions {
      "The questions' time limits run: countdown and deadline in a live session. False: no deadline at all."
      enableTimer: Boolean!
    }
    type Evaluation {
      ${OWNED}
      name: String!
      description: String
      categories: [ID!]!
      questions: [ID!]!
      options: EvaluationOptions!
      resolvedCategories: [NamedRef!]!
      "Null in a summary list."
      resolvedQuestions: [Question!]
      questionCount: Int!
    }
    type Session {
      ${OWNED}
      name: String!
      categories: [ID!]!
      evaluations: [ID!]!
      passPercentage: Int!
      referenceFormat: String!
      "Defaults of a session planned from it as a circuit; null: none."
      circuit: CircuitSettings
      resolvedCategories: [NamedRef!]!
      resolvedEvaluations: [Evaluation!]
    }
    "A circuit's timing (issue 32): every round is reading, station and changeover time; rest posts join the rotation."
    type CircuitSettings {
      readingSeconds: Int!
      stationSeconds: Int!
      changeoverSeconds: Int!
      restStations: Int!
    }
    input CircuitSettingsInput {
      "0 to 3600."
      readingSeconds: Int!
      "30 to 7200."
      stationSeconds: Int!
      "0 to 3600."
      changeoverSeconds: Int!
      "Rest posts added to the rotation, 0 to 20."
      restStations: Int!
    }
    ${connection("Question")}
    ${connection("Evaluation")}
    ${connection("Session")}
    input QuestionFilter {
      behavior: FilterBehavior
      categories: [ID!]
      id: ID
      name: String
      "Questions having a step of any of these types."
      steps: [StepType!]
    }
    input EvaluationFilter {
      behavior: FilterBehavior
      categories: [ID!]
      id: ID
      name: String
    }
    input SessionFilter {
      behavior: FilterBehavior
      categories: [ID!]
      id: ID
      name: String
    }
    input QuestionInput {
      name: String!
      "Seconds, > 0."
      maxTime: Int!
      categories: [ID!]
      supplies: [ID!]
      preparationInfo: [RichBlockInput!]
      steps: [StepInput!]
      ${OWNERSHIP_INPUT}
    }
    input EvaluationOptionsInput {
      "Default true (ADR 0031): the questions' time limits run. false: no countdown and no deadline. On update, left out keeps it; null sets the default."
      enableTimer: Boolean
    }
    input EvaluationInput {
      name: String!
      description: String
      categories: [ID!]
      "Ordered question ids."
      questions: [ID!]
      options: EvaluationOptionsInput
      ${OWNERSHIP_INPUT}
    }
    input SessionInput {
      name: String!
      categories: [ID!]
      "Ordered evaluation ids."
      evaluations: [ID!]
      "0-100."
      passPercentage: Int!
      referenceFormat: String
      "Defaults for circuits planned from it; null: none."
      circuit: CircuitSettingsInput
      ${OWNERSHIP_INPUT}
    }
    extend type Query {
      allQuestions(after: String, first: Int, filter: QuestionFilter, order: SortOrder, orderBy: AssessmentSortField): QuestionConnection!
      allEvaluations(after: String, first: Int, asSummary: Boolean, filter: EvaluationFilter, order: SortOrder, orderBy: AssessmentSortField): EvaluationConnection!
      allSessions(after: String, first: Int, filter: SessionFilter, order: SortOrder, orderBy: AssessmentSortField): SessionConnection!
      questionById(id: ID!): Question!
      evaluationById(id: ID!): Evaluation!
      sessionById(id: ID!): Session!
    }
    extend type Mutation {
      ${editMutations("Question")}
      ${editMutations("Evaluation")}
      ${editMutations("Session")}
    }
  `,
  resolvers: {
    Question: accessFields,
    Evaluation: accessFields,
    Session: accessFields,
    Query: {
      allQuestions: (_p, a: Args, g) => questionsM.listQuestions(ctxOf(g), a),
      allEvaluations: (_p, a: Args, g) => evaluationsM.listEvaluations(ctxOf(g), a),
      allSessions: (_p, a: Args, g) => sessionsM.listSessions(ctxOf(g), a),
      questionById: (_p, a: { id: string }, g) => questionsM.getQuestion(ctxOf(g), a.id),
      evaluationById: (_p, a: { id: string }, g) => evaluationsM.getEvaluation(ctxOf(g), a.id),
      sessionById: (_p, a: { id: string }, g) => sessionsM.getSession(ctxOf(g), a.id),
    },
    Mutation: {
      ...editResolvers("Question", questionsM),
      addEvaluation: async (_p, a: Args, g: GqlContext) =>
        withResolved(g, await evaluationsM.addEvaluation(ctxOf(g), a.input)),
      updateEvaluation: async (_p, a: Args, g: GqlContext) =>
        withResolved(g, await evaluationsM.updateEvaluation(ctxOf(g), a.id, a.input)),
      removeEvaluation: (_p, a: Args, g) => evaluationsM.removeEvaluation(ctxOf(g), a.id),
      addSession: async (_p, a: Args, g: GqlContext) => withResolved(g, await sessionsM.addSession(ctxOf(g), a.input)),
      updateSession: async (_p, a: Args, g: GqlContext) =>
        withResolved(g, await sessionsM.updateSession(ctxOf(g), a.id, a.input)),
      removeSession: (_p, a: Args, g) => sessionsM.removeSession(ctxOf(g), a.id),
    },
  },
};

/** Saved evaluations and sessions are returned with their references resolved. */
function withResolved<T extends Evaluation | Session>(g: GqlContext, doc: T): Promise<T> {
  const ctx = ctxOf(g);
  if (ctx.actor.type !== "ADMIN") throw new AppError("FORBIDDEN", "forbidden");
  const staff = ctx as StaffCtx;
  return (
    doc._type === "Evaluation"
      ? evaluationsM.withQuestions(staff, doc as Evaluation)
      : sessionsM.withEvaluations(staff, doc as Session)
  ) as Promise<T>;
}
