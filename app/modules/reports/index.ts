// The reports domain's browser-safe face: rules and types that components may use too (no server code).
export { chartChoices, effectiveChartOptions, planChart } from "./chart-plan";
export { REPORT_OPTION_FLAGS } from "./layout-schema";
export { computeReportData, type SessionReportData } from "./report-data";
export {
  answerLabels,
  answerText,
  type ChartPoint,
  correctAnswerText,
  formatNumber,
  formatPercent,
  formatScore,
  formatScoreAndPercent,
  richText,
  visibleBlocks,
} from "./report-view";
export { stepLines } from "./step-lines";
