// The corrections domain's browser-safe face: rules and types that components may use too (no server code).
export { RATING_CHOICES } from "./ratings";
export { type ScoredParticipant, type ScoredQuestion } from "./scored-participant";
export { maxScoreOf, practicalScore } from "./scoring";
export { stationListState } from "./station-list";
export {
  DEFAULT_DISCREPANCY_THRESHOLD,
  type DoubleMarkStatus,
  isDiscrepancy,
  type Marker,
  markerOf,
} from "./double-marking";
