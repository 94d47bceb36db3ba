// The assessments domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export {
  addEvaluation,
  type Evaluation,
  getEvaluation,
  listEvaluations,
  removeEvaluation,
  updateEvaluation,
  withQuestions,
} from "./evaluations.server";
export { SORT_FIELDS, type SortField } from "./owned-documents.server";
export { addQuestion, getQuestion, listQuestions, removeQuestion, updateQuestion } from "./questions.server";
export { registerAssessmentReferenceFinders } from "./reference-finders.server";
export { sanitizeRichContent } from "./rich-content.server";
export {
  canWriteAssessments,
  categoryFilter,
  type EditorMode,
  evaluationEditorData,
  loadOrFail,
  questionEditorData,
  runSave,
  saveEvaluation,
  saveQuestion,
  type SaveResult,
  saveSession,
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
