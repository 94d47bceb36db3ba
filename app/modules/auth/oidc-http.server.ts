import { json, redirect } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { completeOidcLogin, isOidcFailure, startOidcLogin } from "./oidc.server";
import { publicOidcButton } from "./oidc-settings.server";
import { clientAddressOf, safeRedirect, secureCookiesFor } from "./request-context.server";
import { readCookie, serializeCookie } from "./sessions.server";

// The two addresses of staff sign-in through the organisation's provider (ADR 0040):
//   GET /api/auth/oidc/:tenant/start     the button: to the provider, with a state cookie
//   GET /api/auth/oidc/:tenant/callback  the provider's answer: signed in, or back to the sign-in
//                                        page with `?oidc=<reason>`, which it shows translated
//   GET /api/auth/oidc/:tenant/button    { ok, oidc: { name } | null }: the button for an
//                                        organisation typed on the sign-in page

const STATE_COOKIE = "oidcState";
const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } as const;

/** The state cookie lives only on the organisation's own OIDC addresses, for the flow's ten minutes. */
function stateCookie(tenant: string, value: string, secure: boolean, maxAgeS: number): string {
  const parts = [
    `${STATE_COOKIE}=${encodeURIComponent(value)}`,
    `Path=/api/auth/oidc/${encodeURIComponent(tenant)}/`,
    `Max-Age=${maxAgeS}`,
    "HttpOnly",
    // Lax: the provider brings the browser back with a top-level GET from its own site.
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

function backToSignIn(tenant: string, error: unknown, setCookie?: string): Response {
  if (!isAppError(error)) throw error;
  const reason = isOidcFailure(error.reason) ? error.reason : error.reason === "tenant_disabled" ? "disabled" : null;
  const query = new URLSearchParams({ tenant });
  if (reason === "disabled") query.set("signin", "disabled");
  else query.set("oidc", reason ?? "oidc_not_configured");
  const headers = new Headers(NO_STORE);
  if (setCookie) headers.set("Set-Cookie", setCookie);
  return redirect(`/admin?${query}`, { headers });
}

const tenantOf = (params: Record<string, string | undefined>) => (params.tenant ?? "").trim().toLowerCase();

export async function handleOidcStart(
  request: Request,
  context: unknown,
  params: Record<string, string | undefined>,
): Promise<Response> {
  const tenant = tenantOf(params);
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  try {
    const started = await startOidcLogin({
      tenant,
      clientAddress: clientAddressOf(context),
      redirectTo: redirectTo ? safeRedirect(redirectTo, "/admin") : null,
    });
    return redirect(started.url, {
      headers: {
        ...NO_STORE,
        "Set-Cookie": stateCookie(started.tenant, started.state, secureCookiesFor(request), 600),
      },
    });
  } catch (error) {
    return backToSignIn(tenant, error);
  }
}

export async function handleOidcCallback(
  request: Request,
  context: unknown,
  params: Record<string, string | undefined>,
): Promise<Response> {
  const tenant = tenantOf(params);
  const secure = secureCookiesFor(request);
  // The state cookie is spent whatever happens next.
  const spent = stateCookie(tenant, "", secure, 0);
  try {
    const { cookie, redirectTo } = await completeOidcLogin({
      tenant,
      query: new URL(request.url).searchParams,
      browserState: readCookie(request, STATE_COOKIE),
      secure,
      clientAddress: clientAddressOf(context),
    });
    const headers = new Headers(NO_STORE);
    headers.append("Set-Cookie", spent);
    headers.append("Set-Cookie", serializeCookie(cookie));
    return redirect(safeRedirect(redirectTo, "/admin"), { headers });
  } catch (error) {
    return backToSignIn(tenant, error, spent);
  }
}

export async function handleOidcButton(params: Record<string, string | undefined>): Promise<Response> {
  const oidc = await publicOidcButton(tenantOf(params));
  return json({ ok: true, oidc }, { headers: { "Cache-Control": "no-store" } });
}
