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
export {
  type ExamDiscrepancyThreshold,
  examDiscrepancyThreshold,
  setExamDiscrepancyThreshold,
} from "./double-marking.server";
export { evaluationRatingScale, setEvaluationRatingScale } from "./rating-scales.server";
export { examAnalysis, examStandard } from "./standards.server";
export {
  type ExamBoard,
  examBoard,
  type ExamResults,
  examResults,
  examResultsCsv,
  type ExamsOverview,
  examsOverview,
} from "./board.server";
export { examBoardPdf } from "./pdf/render-board.server";
export { examFileName } from "./results-csv";
export { clearAngoffJudgements } from "./angoff-judgements.server";
