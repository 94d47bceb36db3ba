import { redirect } from "@remix-run/node";
import type { AccountType } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { readFormData } from "~/lib/form-data.server";
import { completeLinkLogin, describeLoginLink } from "./login.server";
import { serializeCookie } from "./sessions.server";
import { clientAddressOf, secureCookiesFor } from "./request-context.server";

const AREA: Record<AccountType, "/admin" | "/user"> = { ADMIN: "/admin", USER: "/user" };

/**
 * The token is a secret in the address: it must not leak to other sites or into caches. Not
 * `no-referrer`: with it the browser sends `Origin: null` on the page's own POST, which the
 * cross-site check refuses.
 */
export const SIGN_IN_LINK_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" } as const;

export type SignInLinkPage = { tenant: string; token: string; organization: string; name: string; email: string };

const linkParams = (source: URLSearchParams | FormData) => ({
  tenant: String(source.get("tenant") ?? "")
    .trim()
    .toLowerCase(),
  token: String(source.get("token") ?? "").trim(),
});

function refusedLink(area: string, tenant: string, error: unknown): Response {
  if (error !== null && !isAppError(error)) throw error;
  const reason = isAppError(error) && error.reason === "tenant_disabled" ? "disabled" : "invalid";
  return redirect(`${area}?tenant=${encodeURIComponent(tenant)}&signin=${reason}`, { headers: SIGN_IN_LINK_HEADERS });
}

/**
 * GET `/api/auth/callback` (staff) and `/api/user/auth/callback` (participants) with `tenant` and
 * `token` from a code mail: shows whose account the link opens and asks to continue, leaving the
 * link unused. Signing in takes the POST of that page (handleSignInLink), which the cross-site
 * check only lets this site's own pages send: a link sent by someone else cannot sign a browser
 * into their account without the person seeing it. A used, replaced or expired link lands on the
 * login page of the same organisation with a message (`?signin=invalid`), thrown as a redirect.
 */
export async function signInLinkPage(request: Request, accountType: AccountType): Promise<SignInLinkPage> {
  const { tenant, token } = linkParams(new URL(request.url).searchParams);
  const area = AREA[accountType];
  let found: Awaited<ReturnType<typeof describeLoginLink>>;
  try {
    found = await describeLoginLink({ tenant, token, accountType });
  } catch (error) {
    throw refusedLink(area, tenant, error);
  }
  if (!found) throw refusedLink(area, tenant, null);
  return { tenant, token, ...found };
}

/** POST from that page: uses the link up, signs this browser in and opens the area. */
export async function handleSignInLink(
  request: Request,
  loadContext: unknown,
  accountType: AccountType,
): Promise<Response> {
  // An unreadable form carries no token: the same answer as a used link.
  const form = await readFormData(request).catch(() => new FormData());
  const { tenant, token } = linkParams(form);
  const area = AREA[accountType];
  try {
    const { cookie } = await completeLinkLogin({
      tenant,
      token,
      accountType,
      secure: secureCookiesFor(request),
      clientAddress: clientAddressOf(loadContext),
    });
    return redirect(area, { headers: { "Set-Cookie": serializeCookie(cookie), ...SIGN_IN_LINK_HEADERS } });
  } catch (error) {
    return refusedLink(area, tenant, error);
  }
}
