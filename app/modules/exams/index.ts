// The exams domain's browser-safe face: rules and types that components may use too (no server code).
export { type AppliedStandardRef, type ReportStandard, reportStandardDecision } from "./report-decision";
export { type ExamWarning } from "./warnings";
export { formatStat, warningText } from "./board-format";
export { STANDARD_METHODS, type StandardMethod, type ExamStandard } from "./standard-setting";
export type { ExamAnalysis, StationAnalysis } from "./analysis";
export { DEFAULT_HAWK_DOVE_THRESHOLD } from "./examiners";
export { examQualityTable, stationQualityTable, standardWorkingTable } from "./quality-tables";
export { regressionSegment, type Segment } from "./chart-line";
