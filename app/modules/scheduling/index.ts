// The scheduling domain's browser-safe face: rules and types that components may use too (no server code).
export { MAX_SESSION_PARTICIPANTS } from "./limits";
export { clashesOf, clashLimit, DEFAULT_REFERENCE_PREFIX, STATUSES, swapItems } from "./ordering";
export { planFormInput } from "./session-input";
export { signUpDetailsInput } from "./signup-form";
export { assertStatusTransition, canChangeStatus, nextStatuses } from "./status-transitions";
