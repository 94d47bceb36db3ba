// The live domain's browser-safe face: rules and types that components may use too (no server code).
export { type ParticipantStep, type StepLike } from "./answers";
export { EXTEND_MINUTES, extendMinutesProblem, extendSecondsOf } from "./extend-minutes";
export {
  applyLivePatch,
  applyLoaderView,
  applyScreenView,
  type LivePatch,
  livePatchOfEvent,
  reloadDelayOfEvent,
  screenViewOfEvent,
  type ScreenViewOfEvent,
} from "./live-patch";
export { isEvaluationDone } from "./status";
export { countUnanswered } from "./unanswered";
