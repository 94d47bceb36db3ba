// The assessments domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export {
  addEvaluation,
  type Evaluation,
  getEvaluation,
  listEvaluations,
  registerEvaluationReferenceFinders,
  removeEvaluation,
  updateEvaluation,
  withQuestions,
} from "./evaluations.server";
export {
  addQuestion,
  getQuestion,
  listQuestions,
  registerQuestionReferenceFinders,
  removeQuestion,
  updateQuestion,
} from "./questions.server";
export { sanitizeRichContent } from "./rich-content.server";
export {
  evaluationEditorData,
  listScreen,
  loadOrFail,
  questionEditorData,
  removeFromList,
  saveEvaluationFromForm,
  saveQuestionFromForm,
  saveSessionFromForm,
  sessionEditorData,
} from "./screens.server";
export {
  addSession,
  getSession,
  listSessions,
  removeSession,
  type Session,
  sessionEntity,
  updateSession,
  withEvaluations,
} from "./sessions.server";
