// The scheduling domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export {
  automaticallyAssignScheduledSessionOrder,
  entriesLiveData,
  getParticipantEntry,
  listParticipantEntries,
  manuallyAssignEvaluationToParticipant,
  overrideScheduledSessionParticipantEntries,
  overrideScheduledSessionParticipantEntry,
  type ParticipantEntry,
  participantEntrySummaries,
  type ParticipantEntrySummary,
  removeParticipantFromScheduledSession,
  saveScheduledSessionOrder,
} from "./entries.server";
export { addAndInviteParticipants, cancelAndNotify, participantLocale } from "./invitations.server";
export { planFormAction, type PlanFormAnswer, type PlanFormData, planScreen } from "./plan-form.server";
export {
  addScheduledSession,
  getScheduledSession,
  listScheduledSessions,
  listScheduledSessionsBetween,
  registerSchedulingReferenceFinders,
  removeScheduledSession,
  type ScheduledSession,
  updateScheduledSession,
} from "./scheduled-sessions.server";
export {
  canSchedule,
  evaluationsOfSession,
  type Person,
  type ScheduledSessionsQuery,
  scheduledSessionsScreen,
  type ScheduledSessionsView,
  type sessionOverview,
} from "./screens.server";
export { completeScheduledSession, startScheduledSession } from "./session-run.server";
export {
  completeSignUp,
  myScheduledSessions,
  type SessionSummary,
  signUpForScheduledSession,
  signUpInfo,
  startSignUp,
} from "./signup.server";
export { templateOverview, type TemplateOverview } from "./template-overview.server";
