// The circuit domain's public face on the server (issue 32): a scheduled session run as a circuit
// with one clock, and re-planning while it runs. Browser-safe rules and types: ./index.ts.
import { onAnswerTime, onSessionPauseChange } from "~/modules/live/index.server";
import { outsideStationTime } from "./answer-time.server";
import { circuitPauseChanged } from "./run.server";

export {
  addCarryOverRound,
  admitLateParticipant,
  circuitClock,
  circuitView,
  type CircuitView,
  closeStation,
  myCircuit,
  type MyCircuit,
  setParticipantAbsent,
  startSession,
  stationCircuit,
  type StationCircuit,
  swapParticipants,
} from "./run.server";

/**
 * "Pause all" and "resume all" pause and continue circuits; an answer outside its station's time is
 * kept as late (called once at start-up).
 */
export function registerCircuitListeners(): void {
  onSessionPauseChange(circuitPauseChanged);
  onAnswerTime(outsideStationTime);
}
