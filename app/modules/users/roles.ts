import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { permissionsForRoles, ROLE_PERMISSIONS, type Role } from "~/lib/permissions";

/**
 * The one rule against privilege escalation: nobody grants (or takes away) a role they do not
 * hold, where holding a role means having every permission it gives. So a manager (who has all
 * permissions) grants any role, and a user manager only user manager and reader. Pure, so the
 * user-management screen uses it to show the choices.
 */
export function rolesGrantableBy(actorRoles: readonly Role[]): Role[] {
  const held = new Set(permissionsForRoles(actorRoles));
  return (Object.keys(ROLE_PERMISSIONS) as Role[])
    .filter((role) => ROLE_PERMISSIONS[role].every((p) => held.has(p)))
    .sort();
}

/**
 * Every place that creates staff users or changes their roles calls this first: the actor needs
 * manage:users, and FORBIDDEN unless they hold every one of `roles`.
 */
export function assertCanGrantRoles(ctx: Ctx, roles: readonly Role[]): void {
  requirePermission(ctx, "manage:users");
  const grantable = ctx.actor.type === "ADMIN" ? rolesGrantableBy(ctx.actor.roles) : [];
  const missing = [...new Set(roles)].filter((role) => !grantable.includes(role));
  if (missing.length > 0)
    throw new AppError("FORBIDDEN", "role_not_grantable", { values: { roles: missing.join(", ") } });
}
