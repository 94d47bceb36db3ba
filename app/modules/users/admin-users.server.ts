import { timingSafeEqual } from "node:crypto";
import { AppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { normalizeSlug, openTenant, requireTenant } from "~/modules/tenants/index.server";
import { assertCanGrantRoles } from "./roles";
import { createStaffUserInTenant } from "~/modules/staff/index.server";
import { settings } from "~settings/settings.server";

const nameFromEmail = (email: string) => email.split("@")[0] ?? email;

/**
 * `createAdminUser(email, tenant)` by a signed-in staff member: only for their own organisation,
 * and only when they may grant ORGANIZATION_MANAGER (assertCanGrantRoles).
 */
export async function createAdminUser(ctx: Ctx, input: { email: string; tenant: string }) {
  assertCanGrantRoles(ctx, ["ORGANIZATION_MANAGER"]);
  if (normalizeSlug(input.tenant) !== ctx.tenant.slug) throw new AppError("FORBIDDEN", "forbidden");
  return createStaffUserInTenant(ctx.tdb, {
    email: input.email,
    name: nameFromEmail(input.email),
    roles: ["ORGANIZATION_MANAGER"],
  });
}

/** True when the request carries the operator's bearer token (OPERATOR_API_TOKEN), compared in constant time. */
export function operatorTokenMatches(request: Request): boolean {
  const expected = settings().OPERATOR_API_TOKEN;
  const header = request.headers.get("Authorization");
  if (!expected || !header?.startsWith("Bearer ")) return false;
  const given = Buffer.from(header.slice("Bearer ".length));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** `createAdminUser` by the operator (token checked by the caller): creates a manager in any organisation, e.g. its first. */
export async function createAdminUserAsOperator(input: { email: string; tenant: string }) {
  const tenant = await requireTenant(input.tenant);
  return createStaffUserInTenant(await openTenant(tenant), {
    email: input.email,
    name: nameFromEmail(input.email),
    roles: ["ORGANIZATION_MANAGER"],
  });
}

/**
 * `createAdminUser(email, tenant)` as the API receives it: a request with the operator's bearer
 * token may add a manager to any organisation; any other caller must be signed in, and then the
 * staff rule above applies.
 */
export async function createAdminUserFor(
  caller: { request: Request; session: Ctx | null },
  input: { email: string; tenant: string },
) {
  if (operatorTokenMatches(caller.request)) return createAdminUserAsOperator(input);
  if (!caller.session) throw new AppError("UNAUTHORIZED", "unauthorized");
  return createAdminUser(caller.session, input);
}
