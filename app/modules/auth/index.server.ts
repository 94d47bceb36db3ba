// The auth domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { anySignedIn, formFile, handleUpload } from "./asset-http.server";
export {
  handleLoginForm,
  type LoginFormState,
  type LoginPageInfo,
  loginPageInfo,
  prefilledTenant,
} from "./login-form.server";
export { completeOtpLogin, logout, requestLogin, validateSessionCookieValue } from "./login.server";
export { handleOidcButton, handleOidcCallback, handleOidcStart } from "./oidc-http.server";
export { OIDC_FAILURES, type OidcFailure } from "./oidc.server";
export {
  oidcSettingsOf,
  type OidcSettingsView,
  saveOidcSettingsForm,
  updateOidcSettings,
} from "./oidc-settings.server";
export { issueLoginCode, OTP_TTL_MS, signInLinkUrl, userIdentifierInput } from "./otp.server";
export { hitRateLimits, type RateLimit, rateLimitsFull } from "./rate-limit.server";
export {
  clientAddressOf,
  contextFromSession,
  requireParticipantContext,
  requireStaffContext,
  secureCookiesFor,
} from "./request-context.server";
export { clearedCookie, readCookie, serializeCookie, SESSION_COOKIE } from "./sessions.server";
export { handleSignInLink, SIGN_IN_LINK_HEADERS, signInLinkPage, type SignInLinkPage } from "./sign-in-link.server";
export { requestUploadSignature } from "./upload-ticket.server";
