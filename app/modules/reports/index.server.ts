// The reports domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { listCompletedScheduledSessions } from "./completed-sessions.server";
export {
  addSessionReportLayout,
  defaultSessionReportLayout,
  listSessionReportLayouts,
  removeSessionReportLayout,
  updateDefaultSessionReportLayout,
  updateSessionReportLayout,
} from "./layouts.server";
export { renderReportsPdf, reportFileName } from "./pdf/render.server";
export { reportReader, requestedReports } from "./reader.server";
export {
  createSessionReport,
  getSessionReport,
  listSessionReports,
  myReleasedReports,
  readableReport,
  saveParticipantReport,
  type SessionReport,
  sessionReportFor,
  getSessionReportFor,
} from "./reports.server";
export {
  BUILDER_INTENTS,
  builderAction,
  type BuilderInput,
  builderScreen,
  bulkSendReports,
  completedSessionsScreen,
  reportsEntryScreen,
  reportsListScreen,
} from "./screens.server";
export { reportDeliveries, sendParticipantReport } from "./send.server";
export { appliedStandardOfSession } from "./standard-of-session.server";
