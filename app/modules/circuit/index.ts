// The circuit domain's browser-safe face: the pure clock every screen runs on the room's schedule.
export {
  CIRCUIT_PHASES,
  circuitClockAt,
  type CircuitClock,
  type CircuitPhase,
  type CircuitSchedule,
  extraStationSeconds,
  personalPhase,
  type SignalKind,
  signalsBetween,
} from "./clock";
