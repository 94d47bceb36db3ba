// The assessments domain's browser-safe face: rules and types that components may use too (no server code).
export {
  CIRCUIT_SETTINGS_FIELDS,
  circuitSettingsInput,
  type CircuitSettingsInput,
  DEFAULT_CIRCUIT_SETTINGS,
} from "./circuit-settings";
export { standingErrors } from "./question-check";
export {
  pointInZone,
  PRACTICAL_MIN_TOTAL,
  practicalTotal,
  type RichBlock,
  richContent,
  STEP_TYPES,
  type StepType,
  type Zone,
} from "./steps";
