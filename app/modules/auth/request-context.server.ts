import { redirect } from "@remix-run/node";
import type { AccountType } from "~db/tenant/schema";
import type { Ctx, ParticipantCtx, StaffCtx } from "~/lib/context.server";
import { getLocale, getT } from "~/i18n/i18n.server";
import { permissionsForRoles } from "~/lib/permissions";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { findLoginSession, parseSessionCookieValue, readCookie, SESSION_COOKIE } from "./sessions.server";
import { settings } from "~settings/settings.server";
import { DEVICE_HEADER, deviceIdOf } from "~/lib/device-id";

export type LoadContext = { clientAddress?: string };

export function clientAddressOf(context: unknown): string {
  const address = (context as LoadContext | undefined)?.clientAddress;
  return address && address.length > 0 ? address : "unknown";
}

/** Secure cookies over https (or when COOKIE_SECURE=true); plain http on localhost keeps working. */
export function secureCookiesFor(request: Request): boolean {
  return settings().COOKIE_SECURE ?? new URL(request.url).protocol === "https:";
}

/**
 * The request context of a signed-in account of the given type, or null. The tenant comes from
 * the server-side session only, never from a request parameter.
 */
export function contextFromSession(
  request: Request,
  accountType: AccountType,
  loadContext?: unknown,
): Promise<Ctx | null> {
  // A page's layout and route loaders (and a GraphQL request's resolvers) share one lookup.
  let perRequest = resolvedContexts.get(request);
  if (!perRequest) resolvedContexts.set(request, (perRequest = new Map()));
  let ctx = perRequest.get(accountType);
  if (!ctx) perRequest.set(accountType, (ctx = lookUpContext(request, accountType, loadContext)));
  return ctx;
}

const resolvedContexts = new WeakMap<Request, Map<AccountType, Promise<Ctx | null>>>();

async function lookUpContext(request: Request, accountType: AccountType, loadContext?: unknown): Promise<Ctx | null> {
  const cookie = parseSessionCookieValue(readCookie(request, SESSION_COOKIE[accountType]));
  if (!cookie) return null;
  const tenant = await findTenant(cookie.tenant);
  if (!tenant || tenant.status !== "ACTIVE") return null;
  const tdb = await openTenant(tenant);
  const found = await findLoginSession(tdb, accountType, cookie.token);
  if (!found) return null;
  const { session, account } = found;
  const locale = await getLocale(request);
  return {
    tenant,
    tdb,
    locale,
    t: await getT(locale),
    clientAddress: clientAddressOf(loadContext),
    loginSession: session.idHash,
    device: deviceIdOf(request.headers.get(DEVICE_HEADER)),
    actor: account,
    permissions: account.type === "ADMIN" ? permissionsForRoles(account.roles) : [],
  };
}

/** The slug of the disabled organisation the request's session cookie belongs to, if it is one. */
export async function disabledTenantOfSession(request: Request, accountType: AccountType): Promise<string | null> {
  const cookie = parseSessionCookieValue(readCookie(request, SESSION_COOKIE[accountType]));
  if (!cookie) return null;
  const tenant = await findTenant(cookie.tenant);
  return tenant && tenant.status !== "ACTIVE" ? tenant.slug : null;
}

async function loginRedirect(request: Request, area: "/admin" | "/user"): Promise<Response> {
  // Staff of a disabled organisation are told so instead of just seeing the login form again.
  const disabled = await disabledTenantOfSession(request, area === "/admin" ? "ADMIN" : "USER");
  if (disabled) return redirect(`${area}?tenant=${encodeURIComponent(disabled)}&signin=disabled`);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  return redirect(back === area ? area : `${area}?redirectTo=${encodeURIComponent(back)}`);
}

/** For admin screens: the staff context, or a redirect to the /admin login that comes back here. */
export async function requireStaffContext(request: Request, loadContext?: unknown): Promise<StaffCtx> {
  const ctx = await contextFromSession(request, "ADMIN", loadContext);
  if (!ctx || ctx.actor.type !== "ADMIN") throw await loginRedirect(request, "/admin");
  return ctx as StaffCtx;
}

export async function requireParticipantContext(request: Request, loadContext?: unknown): Promise<ParticipantCtx> {
  const ctx = await contextFromSession(request, "USER", loadContext);
  if (!ctx || ctx.actor.type !== "USER") throw await loginRedirect(request, "/user");
  return ctx as ParticipantCtx;
}

/** Only same-site relative paths inside the area are followed after login. */
export function safeRedirect(target: unknown, area: "/admin" | "/user"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return area;
  return target.toLowerCase().startsWith(area) ? target : area;
}
