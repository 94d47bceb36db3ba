// The API-tokens domain's browser-safe face: what the settings screen shows.
export { API_TOKEN_LIFETIMES, type ApiToken, type ApiTokenStatus } from "./types";
