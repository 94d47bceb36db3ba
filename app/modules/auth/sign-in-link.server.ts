import { redirect } from "@remix-run/node";
import type { AccountType } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { completeLinkLogin } from "./login.server";
import { serializeCookie } from "./sessions.server";
import { clientAddressOf, secureCookiesFor } from "./request-context.server";

const AREA: Record<AccountType, "/admin" | "/user"> = { ADMIN: "/admin", USER: "/user" };

/**
 * GET `/api/auth/callback` (staff) and `/api/user/auth/callback` (participants) with `tenant` and
 * `token` from a code mail: signs this browser in and opens the area. A used, replaced or expired
 * link lands on the login page of the same organisation with a message (`?signin=invalid`).
 */
export async function handleSignInLink(request: Request, loadContext: unknown, accountType: AccountType): Promise<Response> {
  const url = new URL(request.url);
  const tenant = (url.searchParams.get("tenant") ?? "").trim().toLowerCase();
  const token = url.searchParams.get("token") ?? "";
  const area = AREA[accountType];
  try {
    const { cookie } = await completeLinkLogin({
      tenant,
      token,
      accountType,
      secure: secureCookiesFor(request),
      clientAddress: clientAddressOf(loadContext),
    });
    return redirect(area, { headers: { "Set-Cookie": serializeCookie(cookie), "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  } catch (error) {
    if (!isAppError(error)) throw error;
    const reason = error.reason === "tenant_disabled" ? "disabled" : "invalid";
    return redirect(`${area}?tenant=${encodeURIComponent(tenant)}&signin=${reason}`, { headers: { "Cache-Control": "no-store" } });
  }
}
