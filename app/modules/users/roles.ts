import { AppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { type Role } from "~/modules/permissions/permissions";

/**
 * The one rule against privilege escalation: a staff member grants (or takes away) only roles
 * they hold themselves. Pure, so the user-management screen can use it to show the choices.
 */
export function rolesGrantableBy(actorRoles: readonly Role[]): Role[] {
  return [...new Set(actorRoles)].sort();
}

/** FORBIDDEN unless the acting staff member holds every one of `roles`. */
export function assertCanGrantRoles(ctx: Ctx, roles: readonly Role[]): void {
  const held = ctx.actor.type === "ADMIN" ? rolesGrantableBy(ctx.actor.roles) : [];
  const missing = roles.filter((role) => !held.includes(role));
  if (missing.length > 0) throw new AppError("FORBIDDEN", "role_not_grantable", { values: { roles: missing.join(", ") } });
}
