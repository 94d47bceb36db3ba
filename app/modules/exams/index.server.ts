// The exams domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { listAngoffJudgements, setAngoffJudgements } from "./angoff-judgements.server";
export {
  appliedExamStandard,
  type AppliedStandardRow,
  applyExamStandard,
  listExamStandardHistory,
  removeExam,
  removeExamStandard,
  type StandardHistoryRow,
} from "./applied-standard.server";
export { addExam, type Exam, getExam, listExams, updateExam } from "./exams.server";
export { evaluationRatingScale, setEvaluationRatingScale } from "./rating-scales.server";
export { examAnalysis, examStandard } from "./standards.server";
