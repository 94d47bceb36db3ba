import { eq, lt } from "drizzle-orm";
import * as client from "openid-client";
import { z } from "zod";
import type { TenantDb } from "~db/tenant/client";
import { oidcLoginRequests, staffUsers } from "~db/tenant/schema";
import { AppError, type ServerReason } from "~/lib/app-error";
import { sha256 } from "~/lib/ids.server";
import { openTenant, requireTenant } from "~/modules/tenants/index.server";
import { allowsHttpIssuer, oidcRedirectUri, readOidcSettings, type OidcSettingsRow } from "./oidc-settings.server";
import { hitRateLimits } from "./rate-limit.server";
import { createLoginSession, type SessionCookie } from "./sessions.server";

// Staff sign-in through the organisation's OpenID Connect provider: the authorization code flow
// with PKCE (ADR 0040). The state, nonce and PKCE verifier stay on the server (oidc_login_requests,
// ten minutes); the state also rides in a cookie of the browser that started, so a callback
// works only once and only in that browser. openid-client checks the ID token (signature, issuer,
// audience, expiry, nonce); the e-mail claim then names the staff member, whose login session is
// made as the one-time code makes it. Nobody is created here.

/** Why a sign-in through the provider was refused; each is `errors:<reason>` and shown with its code. */
export const OIDC_FAILURES = [
  "oidc_not_configured",
  "oidc_discovery_failed",
  "oidc_state_invalid",
  "oidc_code_rejected",
  "oidc_id_token_invalid",
  "oidc_email_missing",
  "oidc_no_matching_staff",
  "oidc_provider_error",
  "rate_limited",
] as const satisfies readonly ServerReason[];
export type OidcFailure = (typeof OIDC_FAILURES)[number];
export const isOidcFailure = (value: unknown): value is OidcFailure =>
  (OIDC_FAILURES as readonly unknown[]).includes(value);

const REQUEST_TTL_MS = 10 * 60 * 1000;
/** Presses of the button per client address: each writes a row until it comes back or expires. */
const STARTS_PER_ADDRESS = { max: 30, windowMs: 15 * 60 * 1000 };
const HTTP_TIMEOUT_S = 10;

const refuse = (reason: OidcFailure) =>
  new AppError(reason === "rate_limited" ? "AUTH_REQUEST_FAILED" : "UNAUTHORIZED", reason);

const tenantInput = z.string().trim().toLowerCase().min(1).max(40);

async function enabledProvider(tenantSlug: string): Promise<{ tdb: TenantDb; row: OidcSettingsRow; slug: string }> {
  const slug = tenantInput.safeParse(tenantSlug);
  if (!slug.success) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  const tenant = await requireTenant(slug.data);
  const tdb = await openTenant(tenant);
  const row = await readOidcSettings(tdb);
  if (!row?.enabled) throw refuse("oidc_not_configured");
  return { tdb, row, slug: tenant.slug };
}

/** The provider's configuration from its discovery document; any failure is the issuer's fault. */
async function discover(row: OidcSettingsRow): Promise<client.Configuration> {
  const issuer = new URL(row.issuer);
  const insecure = issuer.protocol === "http:";
  if (insecure && !allowsHttpIssuer()) throw refuse("oidc_discovery_failed");
  try {
    const config = await client.discovery(issuer, row.clientId, undefined, undefined, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: HTTP_TIMEOUT_S,
    });
    // A secret goes the way the provider says it takes one (POST body unless it only takes Basic);
    // without one the client is public and PKCE alone binds the code.
    const methods = config.serverMetadata().token_endpoint_auth_methods_supported;
    const auth = !row.clientSecret
      ? client.None()
      : methods && !methods.includes("client_secret_post") && methods.includes("client_secret_basic")
        ? client.ClientSecretBasic(row.clientSecret)
        : client.ClientSecretPost(row.clientSecret);
    const configured = new client.Configuration(config.serverMetadata(), row.clientId, undefined, auth);
    if (insecure) client.allowInsecureRequests(configured);
    configured.timeout = HTTP_TIMEOUT_S;
    return configured;
  } catch (error) {
    console.warn(`[oidc] discovery of ${row.issuer} failed: ${describe(error)}`);
    throw refuse("oidc_discovery_failed");
  }
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * The button: records a new sign-in request and answers the provider's authorization address and
 * the state for the browser's cookie.
 */
export async function startOidcLogin(args: {
  tenant: string;
  clientAddress: string;
  redirectTo?: string | null;
}): Promise<{ url: string; state: string; tenant: string }> {
  const { tdb, row, slug } = await enabledProvider(args.tenant);
  const refused = await hitRateLimits(tdb, [{ bucket: `oidc:addr:${args.clientAddress}`, ...STARTS_PER_ADDRESS }]);
  if (refused) throw refuse("rate_limited");
  const config = await discover(row);
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const now = Date.now();
  await tdb.write(async (tx) => {
    await tx.delete(oidcLoginRequests).where(lt(oidcLoginRequests.expiresAt, new Date(now)));
    await tx.insert(oidcLoginRequests).values({
      stateHash: sha256(state),
      codeVerifier,
      nonce,
      redirectTo: args.redirectTo ?? null,
      createdAt: new Date(now),
      expiresAt: new Date(now + REQUEST_TTL_MS),
    });
  });
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: oidcRedirectUri(slug),
    scope: "openid email",
    response_type: "code",
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
  });
  return { url: url.href, state, tenant: slug };
}

/**
 * The callback: `query` is what the provider sent the browser back with, `browserState` the state
 * cookie of the browser. Uses the request up (a second callback with the same state is refused),
 * redeems the code, checks the ID token and signs in the staff member with the e-mail it names.
 */
export async function completeOidcLogin(args: {
  tenant: string;
  query: URLSearchParams;
  browserState: string | undefined;
  secure: boolean;
  clientAddress: string;
}): Promise<{ cookie: SessionCookie; subjectId: string; redirectTo: string | null }> {
  const { tdb, row, slug } = await enabledProvider(args.tenant);
  const state = args.query.get("state") ?? "";
  // Only the browser that pressed the button may come back with its state (no login forced on
  // someone else by sending them a callback address).
  if (!state || state !== args.browserState) throw refuse("oidc_state_invalid");
  const now = Date.now();
  const request = await tdb.write(async (tx) => {
    const found = await tx
      .delete(oidcLoginRequests)
      .where(eq(oidcLoginRequests.stateHash, sha256(state)))
      .returning()
      .get();
    return found && found.expiresAt.getTime() > now ? found : null;
  });
  if (!request) throw refuse("oidc_state_invalid");
  const providerError = args.query.get("error");
  if (providerError) {
    console.warn(
      `[oidc] ${slug}: the provider answered ${providerError}: ${args.query.get("error_description") ?? ""}`,
    );
    throw refuse("oidc_provider_error");
  }

  const config = await discover(row);
  const callback = new URL(oidcRedirectUri(slug));
  for (const [key, value] of args.query) callback.searchParams.append(key, value);
  let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
  try {
    tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.codeVerifier,
      expectedState: state,
      expectedNonce: request.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    console.warn(`[oidc] ${slug}: the code was not accepted: ${describe(error)}`);
    // The token endpoint's refusal (an expired, used or unknown code) is the code's fault; any other
    // failure here is the answer's: the ID token's signature, issuer, audience, nonce or times.
    if (error instanceof client.ResponseBodyError) throw refuse("oidc_code_rejected");
    throw refuse("oidc_id_token_invalid");
  }

  const email = await emailOf(config, tokens, row.emailClaim);
  if (!email) {
    console.warn(`[oidc] ${slug}: no verified e-mail in the claim ${row.emailClaim}`);
    throw refuse("oidc_email_missing");
  }
  const staff = await tdb.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email.toLowerCase()))
    .get();
  if (!staff) {
    console.warn(`[oidc] ${slug}: ${email} matches no staff member`);
    throw refuse("oidc_no_matching_staff");
  }
  const cookie = await createLoginSession(tdb, "ADMIN", staff.id, args.secure, args.clientAddress);
  return { cookie, subjectId: staff.id, redirectTo: request.redirectTo };
}

/**
 * The e-mail claim of the ID token, else of the userinfo answer (providers that keep profile
 * claims out of ID tokens, as OpenID Connect allows). A claim marked unverified counts as none.
 */
async function emailOf(
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
  claim: string,
): Promise<string | null> {
  const idToken = tokens.claims();
  const pick = (claims: Record<string, unknown> | undefined) => {
    const value = claims?.[claim];
    if (typeof value !== "string" || !value.includes("@")) return null;
    return claim === "email" && claims?.email_verified === false ? null : value.trim();
  };
  const fromToken = pick(idToken);
  if (fromToken || !idToken || !tokens.access_token) return fromToken;
  try {
    return pick(await client.fetchUserInfo(config, tokens.access_token, idToken.sub));
  } catch (error) {
    console.warn(`[oidc] userinfo failed: ${describe(error)}`);
    return null;
  }
}
