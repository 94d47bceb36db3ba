import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { ROLE_PERMISSIONS, type Role } from "~/lib/permissions";

/**
 * The one rule for giving roles to staff: the giver needs manage:users, and every role given must
 * carry only permissions the giver holds. So nobody can lift anyone (themselves included) above
 * their own rights: a user manager cannot make a manager, a manager can give any role.
 * Every place that creates staff users or changes their roles calls this first.
 */
export function assertCanGrantRoles(ctx: Ctx, roles: readonly Role[]): void {
  requirePermission(ctx, "manage:users");
  const held = new Set(ctx.permissions);
  const beyond = roles.filter((role) => !ROLE_PERMISSIONS[role].every((p) => held.has(p)));
  if (beyond.length > 0) throw new AppError("FORBIDDEN", "role_not_grantable", { values: { roles: beyond.join(", ") } });
}
