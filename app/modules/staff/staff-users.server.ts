import { asc, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { TenantDb } from "~db/tenant/client";
import { preparedRead } from "~db/tenant/prepared";
import { staffUserRoles, staffUsers, workspaces, ORGANIZATION_ROLES } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { nameText, zodFieldErrors } from "~/lib/validation";
import type { Role } from "~/lib/permissions";

export const staffUserInput = z.object({
  email: z.string().trim().toLowerCase().email(),
  name: nameText(200),
  phone: z.string().trim().max(40).optional().nullable(),
  roles: z.array(z.enum(ORGANIZATION_ROLES)).min(1),
});
export type StaffUserInput = z.input<typeof staffUserInput>;

/** Creates a staff user with roles and a PRIVATE workspace. Used by tenant creation and user management. */
export async function createStaffUserInTenant(tdb: TenantDb, input: StaffUserInput) {
  const parsed = staffUserInput.safeParse(input);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: zodFieldErrors(parsed.error) });
  const data = parsed.data;
  const now = new Date();
  const id = newId();
  await tdb.write(async (tx) => {
    const existing = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, data.email))
      .get();
    if (existing)
      throw new AppError("BAD_REQUEST", "user_creation_failed", {
        fieldErrors: { email: { key: "validation:email-taken" } },
      });
    await tx.insert(staffUsers).values({
      id,
      email: data.email,
      name: data.name,
      phone: data.phone ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(staffUserRoles).values(data.roles.map((role) => ({ userId: id, role })));
    await tx.insert(workspaces).values({
      id: newId(),
      name: data.name,
      workspaceType: "PRIVATE",
      ownerUserId: id,
      createdAt: now,
      updatedAt: now,
    });
  });
  return (await findStaffUser(tdb, id))!;
}

// Read by user management and tenant set-up; a request reads its account with its login session (auth/sessions.server.ts).
const staffUserById = preparedRead((db) =>
  db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.id, sql.placeholder("id")))
    .prepare(),
);
const rolesByUserId = preparedRead((db) =>
  db
    .select({ role: staffUserRoles.role })
    .from(staffUserRoles)
    .where(eq(staffUserRoles.userId, sql.placeholder("userId")))
    .prepare(),
);

export async function findStaffUser(tdb: TenantDb, id: string) {
  const user = await staffUserById(tdb).get({ id });
  if (!user) return null;
  return { ...user, roles: await rolesOf(tdb, id) };
}

/**
 * The tenant's staff users to choose from (assigned user of a session, people to share with), by
 * name then e-mail, optionally without one user. Capped: pickers list a few hundred at most.
 */
export async function staffDirectory(tdb: TenantDb, opts: { except?: string; limit?: number } = {}) {
  return tdb.db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(opts.except ? ne(staffUsers.id, opts.except) : undefined)
    .orderBy(asc(sql`lower(${staffUsers.name})`), asc(staffUsers.email))
    .limit(opts.limit ?? 1000)
    .all();
}

export async function rolesOf(tdb: TenantDb, userId: string): Promise<Role[]> {
  const rows = await rolesByUserId(tdb).all({ userId });
  return rows.map((r) => r.role).sort();
}

/** `rolesForUserId(id)`: your own roles, or anyone's with manage:users. */
export async function rolesForUserId(ctx: Ctx, id: string): Promise<Role[]> {
  requirePermission(ctx, "read:admin");
  if (ctx.actor.userId !== id) requirePermission(ctx, "manage:users");
  const user = await ctx.tdb.db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, id)).get();
  if (!user) throw new AppError("NOT_FOUND", "user_not_found");
  return rolesOf(ctx.tdb, id);
}
