// The exams domain's browser-safe face: rules and types that components may use too (no server code).
export { type AppliedStandardRef, type ReportStandard, reportStandardDecision } from "./report-decision";
export { type ExamWarning } from "./warnings";
