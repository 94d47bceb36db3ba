import { redirect } from "@remix-run/node";
import type { AccountType } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { readActionForm } from "~/lib/form-data.server";
import { parseForm } from "~/lib/form-schema";
import { getLocale, getT, localeCookie } from "~/i18n/i18n.server";
import { openTenant, organizationPublicInfo, requireTenant } from "~/modules/tenants/index.server";
import { loginRequestInput } from "./login-input";
import { completeOtpLogin, logout, requestLogin } from "./login.server";
import { identifierFromText } from "./otp.server";
import { isOidcFailure, type OidcFailure } from "./oidc.server";
import { oidcStartUrl } from "./oidc-links";
import { oidcButtonOf } from "./oidc-settings.server";
import { clearedCookie, parseSessionCookieValue, readCookie, serializeCookie, SESSION_COOKIE } from "./sessions.server";
import { clientAddressOf, disabledTenantOfSession, safeRedirect, secureCookiesFor } from "./request-context.server";

export type LoginFormState =
  | { step: "identify"; error?: string; tenant?: string; identifier?: string }
  | { step: "code"; tenant: string; identifier: string; error?: string; resent?: boolean; usedUp?: boolean };

const AREA: Record<AccountType, "/admin" | "/user"> = { ADMIN: "/admin", USER: "/user" };

/**
 * The one-time-code login form of /admin and /user: `intent` = request-code, verify-code or
 * logout. Returns the form's next state, or a redirect with the session cookie.
 */
export async function handleLoginForm(
  request: Request,
  loadContext: unknown,
  accountType: AccountType,
): Promise<LoginFormState | Response> {
  const locale = await getLocale(request);
  const t = await getT(locale);
  const form = await readActionForm({ t }, request);
  const intent = String(form.get("intent") ?? "");
  const area = AREA[accountType];
  const secure = secureCookiesFor(request);

  if (intent === "logout") {
    const session = readCookie(request, SESSION_COOKIE[accountType]);
    await logout(accountType, session);
    // Back on the same organisation's sign-in page: its logo, and its identity provider's button.
    const tenant = parseSessionCookieValue(session)?.tenant;
    const to = tenant ? `${area}?tenant=${encodeURIComponent(tenant)}` : area;
    return redirect(to, { headers: { "Set-Cookie": clearedCookie(accountType, secure) } });
  }

  const tenant = String(form.get("tenant") ?? "")
    .trim()
    .toLowerCase();
  const identifierText = String(form.get("identifier") ?? "").trim();
  const clientAddress = clientAddressOf(loadContext);

  if (intent === "request-code" || intent === "resend-code") {
    // The same rules the page checks while typing; a post without them gets the one message.
    if (!parseForm(form, loginRequestInput).ok) {
      return { step: "identify", tenant, identifier: identifierText, error: t("auth:errors.missing-fields") };
    }
    try {
      await requestLogin({
        tenant,
        identifier: identifierFromText(identifierText),
        accountType,
        clientAddress,
        locale,
      });
    } catch (error) {
      if (!isAppError(error)) throw error;
      return { step: "identify", tenant, identifier: identifierText, error: t(error.messageKey, error.values ?? {}) };
    }
    return { step: "code", tenant, identifier: identifierText, resent: intent === "resend-code" };
  }

  if (intent === "verify-code") {
    const code = String(form.get("code") ?? "");
    try {
      const { cookie, language } = await completeOtpLogin({
        tenant,
        identifier: identifierFromText(identifierText),
        otp: code,
        accountType,
        secure,
        clientAddress,
      });
      const headers = new Headers({ "Set-Cookie": serializeCookie(cookie) });
      if (language) headers.append("Set-Cookie", await localeCookie.serialize(language));
      return redirect(safeRedirect(form.get("redirectTo"), area), { headers });
    } catch (error) {
      if (!isAppError(error)) throw error;
      // A used-up code cannot work any more: the screen offers a new one instead of another try.
      return {
        step: "code",
        tenant,
        identifier: identifierText,
        error: t(error.messageKey, error.values ?? {}),
        usedUp: error.reason === "auth_code_used_up",
      };
    }
  }

  return { step: "identify", error: t("errors:validation_failed") };
}

/** The tenant to prefill: `?tenant=`, else the `{tenant}.` subdomain of the host. */
export function prefilledTenant(request: Request): string {
  const url = new URL(request.url);
  const fromQuery = url.searchParams.get("tenant");
  if (fromQuery) return fromQuery;
  const parts = url.hostname.split(".");
  return parts.length > 2 && !/^\d+$/.test(parts[0]!) ? parts[0]! : "";
}

export type LoginPageInfo = {
  defaultTenant: string;
  /** Name and logo of the prefilled organisation (organizationPublicInfo), shown above the form. */
  organization: { name: string; logoUrl: string | null } | null;
  /** Why a sign-in link brought the user here: it was used or expired, or the organisation is disabled. */
  signinNotice: "invalid" | "disabled" | null;
  /** Staff: the organisation's identity provider when sign-in through it is on (its button). */
  oidc: { name: string; startUrl: string } | null;
  /** Staff: why the last sign-in through the identity provider was refused (`?oidc=<reason>`), translated. */
  oidcError: { code: OidcFailure; message: string } | null;
};

/** What the /admin and /user login pages show before sign-in. */
export async function loginPageInfo(request: Request, accountType: AccountType): Promise<LoginPageInfo> {
  const disabled = await disabledTenantOfSession(request, accountType);
  const defaultTenant = prefilledTenant(request) || (disabled ?? "");
  const notice = disabled ? "disabled" : new URL(request.url).searchParams.get("signin");
  let organization: LoginPageInfo["organization"] = null;
  let oidc: LoginPageInfo["oidc"] = null;
  if (defaultTenant) {
    try {
      const info = await organizationPublicInfo(defaultTenant);
      organization = { name: info.name, logoUrl: info.logo };
      if (accountType === "ADMIN") {
        const button = await oidcButtonOf(await openTenant(await requireTenant(info.tenant)));
        const redirectTo = new URL(request.url).searchParams.get("redirectTo");
        if (button) oidc = { ...button, startUrl: oidcStartUrl(info.tenant, redirectTo) };
      }
    } catch (error) {
      if (!isAppError(error)) throw error;
    }
  }
  const failure = accountType === "ADMIN" ? new URL(request.url).searchParams.get("oidc") : null;
  let oidcError: LoginPageInfo["oidcError"] = null;
  if (isOidcFailure(failure)) {
    // The address carries only the reason, never details anyone could write into it: the server
    // log has the provider's own words.
    const t = await getT(await getLocale(request));
    oidcError = { code: failure, message: t(`errors:${failure}`) };
  }
  return {
    defaultTenant,
    organization,
    signinNotice: notice === "invalid" || notice === "disabled" ? notice : null,
    oidc,
    oidcError,
  };
}
