// The live gateway: the only code that writes live rows (answers, progress, overrides, entries'
// live fields, a session's start and end), and the owner of the live state kept in memory
// (live-state.server.ts). Callers (participant.server.ts, run.server.ts, outage.server.ts) check
// permissions and inputs, and publish the events. Its parts, in gateway/:
// - write.server.ts: liveWrite, how every write runs and carries the kept state forward;
// - answers.server.ts: a participant's answer saves (planned in time, ADR 0046) and ready;
// - moves.server.ts: a participant's move to the next section (planned, ADR 0049) and help request;
// - staff.server.ts: a session's start and end, staff overrides, unlocks, time given back;
// - planned-sql.server.ts: what the planned writes' statements are built from.

export {
  LATE_GRACE_MS,
  writeAnswer,
  writeReady,
  type AnswerInput,
  type SaveAnswerResult,
} from "./gateway/answers.server";
export { writeFinishSection, writeHelpRequest } from "./gateway/moves.server";
export {
  LIVE_OVERRIDE_TYPES,
  MAX_EXTEND_SECONDS,
  writeOverride,
  writeSessionComplete,
  writeSessionStart,
  writeTimeGivenBack,
  writeUnlock,
  type StaffOverride,
} from "./gateway/staff.server";
