// The auth domain's browser-safe face: rules and types that components may use too (no server code).
export { loginRequestInput } from "./login-input";
export { oidcButtonUrl, oidcStartUrl } from "./oidc-links";
