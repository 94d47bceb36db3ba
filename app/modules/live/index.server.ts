// The live domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { publishLive } from "./events.server";
export { creditServerOutages, startLiveHeartbeat } from "./outage.server";
export {
  finishQuestion,
  LATE_GRACE_MS,
  myLiveSession,
  type MyLiveSession,
  participantRealtimeToken,
  requestHelp,
  saveAnswer,
  setReady,
} from "./participant.server";
export { onSessionPauseChange } from "./pause-listeners.server";
export { onAnswerTime } from "./answer-time.server";
export { announcePlanChange } from "./plan-change.server";
export { reportDevice } from "./devices.server";
export {
  entriesOfSession,
  type EntryRow,
  type EntryState,
  entryStates,
  findEntryOf,
  findSession,
  loadPlan,
  orderOf,
  type RunPlan,
  type SessionRow,
} from "./plan.server";
export {
  applyLiveOverride,
  completeSessionRun,
  type Dashboard,
  type DashboardRow,
  liveDashboard,
  liveStatesOf,
  RUN,
  staffRealtimeToken,
  startSessionRun,
  unlockWaitingParticipants,
} from "./run.server";
export { withinSaveLimits } from "./save-limit.server";
export { type LiveData, loadLiveData, type Override, type Progress, type SavedAnswer } from "./store.server";
