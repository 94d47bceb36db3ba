// The API-tokens domain's public face on the server (ADR 0042). Browser-safe types: ./index.ts.
export { API_TOKEN_RATE_LIMIT, apiTokenOf, authenticateApiToken, recordApiTokenUse } from "./authenticate.server";
export { createApiToken, listApiTokens, MAX_TOKEN_LIFETIME_MS, revokeApiToken } from "./tokens.server";
export { apiTokenFormHandlers, apiTokensScreen, type ApiTokenFormResult, type ApiTokensScreen } from "./screens.server";
