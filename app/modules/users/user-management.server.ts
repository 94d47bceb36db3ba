import { and, asc, count, eq, inArray, like, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import {
  authSessions,
  evaluations,
  oneTimeCodes,
  objectShares,
  questions,
  scheduledSessions,
  sessionTemplates,
  staffUserRoles,
  staffUsers,
  workspaces,
  ORGANIZATION_ROLES,
} from "~db/tenant/schema";
import { AppError, type Reference } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { nameText, zodFieldErrors } from "~/lib/validation";
import { paginate, type PageArgs } from "~/lib/paging.server";
import type { Role } from "~/lib/permissions";
import { assertCanGrantRoles } from "./roles";
import { sendStaffInvitation } from "./invitation.server";
import { createStaffUserInTenant, findStaffUser, rolesOf } from "~/modules/staff/index.server";
import { revokeStaffTokens } from "~/modules/realtime/index.server";

export type ManagedUser = NonNullable<Awaited<ReturnType<typeof findStaffUser>>>;

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
/** `addUser` / `updateUser` input: email, name and roles required, phone optional. */
export const managedUserInput = z.object({
  email: z.string().trim().toLowerCase().email().max(200),
  name: nameText(200),
  phone_number: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(40)
      .regex(/^\+?[0-9 ()./-]{4,}$/)
      .nullable()
      .optional(),
  ),
  roles: z.array(z.enum(ORGANIZATION_ROLES)).min(1),
});
export type ManagedUserInput = z.input<typeof managedUserInput>;

function parseInput(input: unknown) {
  const parsed = managedUserInput.safeParse(input);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: zodFieldErrors(parsed.error) });
  return parsed.data;
}

async function requireUser(ctx: Ctx, id: string): Promise<ManagedUser> {
  const user = await findStaffUser(ctx.tdb, id);
  if (!user) throw new AppError("NOT_FOUND", "user_not_found");
  return user;
}

/** `allUsers(after, first)`: the organisation's staff, by name, optionally searched by name or e-mail. */
export async function listUsers(ctx: Ctx, args: PageArgs & { q?: string | null } = {}) {
  requirePermission(ctx, "manage:users");
  const q = args.q?.trim().toLowerCase();
  const where = q
    ? or(like(sql`lower(${staffUsers.name})`, `%${escapeLike(q)}%`), like(staffUsers.email, `%${escapeLike(q)}%`))
    : undefined;
  const db = ctx.tdb.db;
  return paginate(
    args,
    async () => (await db.select({ n: count() }).from(staffUsers).where(where).get())?.n ?? 0,
    async (limit, offset) => {
      const rows = await db
        .select()
        .from(staffUsers)
        .where(where)
        .orderBy(asc(sql`lower(${staffUsers.name})`), asc(staffUsers.email))
        .limit(limit)
        .offset(offset)
        .all();
      const roles = rows.length
        ? await db
            .select()
            .from(staffUserRoles)
            .where(
              inArray(
                staffUserRoles.userId,
                rows.map((r) => r.id),
              ),
            )
            .all()
        : [];
      return rows.map((r) => ({
        ...r,
        roles: roles
          .filter((x) => x.userId === r.id)
          .map((x) => x.role as Role)
          .sort(),
      }));
    },
    (row) => row,
  );
}

const escapeLike = (value: string) => value.replace(/[%_]/g, "");

/** Refuses taking the manager role away from the organisation's last manager. */
async function assertKeepsAManager(ctx: Ctx, userId: string, rolesAfter: readonly Role[]) {
  if (rolesAfter.includes("ORGANIZATION_MANAGER")) return;
  const roles = await rolesOf(ctx.tdb, userId);
  if (!roles.includes("ORGANIZATION_MANAGER")) return;
  const others = await ctx.tdb.db
    .select({ n: count() })
    .from(staffUserRoles)
    .where(and(eq(staffUserRoles.role, "ORGANIZATION_MANAGER"), ne(staffUserRoles.userId, userId)))
    .get();
  if (!others?.n) throw new AppError("BAD_REQUEST", "last_manager");
}

/**
 * `addUser(input)`: a staff member with roles the actor holds themselves, and an invitation mail
 * with a one-click sign-in link on the public origin.
 */
export async function addUser(ctx: Ctx, input: unknown): Promise<ManagedUser> {
  requirePermission(ctx, "manage:users");
  const data = parseInput(input);
  assertCanGrantRoles(ctx, data.roles);
  const user = await createStaffUserInTenant(ctx.tdb, {
    email: data.email,
    name: data.name,
    phone: data.phone_number ?? null,
    roles: data.roles,
  });
  await sendStaffInvitation(ctx as StaffCtx, user);
  return user;
}

/**
 * `updateUser(id, input)`. Only someone holding every role the user has and gets may change them
 * (else a user manager could take over a manager's account by changing its e-mail).
 */
export async function updateUser(ctx: Ctx, id: string, input: unknown): Promise<ManagedUser> {
  requirePermission(ctx, "manage:users");
  const before = await requireUser(ctx, id);
  const data = parseInput(input);
  assertCanGrantRoles(ctx, [...before.roles, ...data.roles]);
  await assertKeepsAManager(ctx, id, data.roles);
  await ctx.tdb.write(async (tx) => {
    const taken = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(and(eq(staffUsers.email, data.email), ne(staffUsers.id, id)))
      .get();
    if (taken)
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { email: { key: "validation:email-taken" } },
      });
    const emailChanged = data.email !== before.email;
    await tx
      .update(staffUsers)
      .set({
        email: data.email,
        name: data.name,
        phone: data.phone_number ?? null,
        updatedAt: new Date(),
        rev: before.rev + 1,
        ...(emailChanged ? { emailVerified: false } : {}),
      })
      .where(eq(staffUsers.id, id));
    await tx.delete(staffUserRoles).where(eq(staffUserRoles.userId, id));
    await tx.insert(staffUserRoles).values(data.roles.map((role) => ({ userId: id, role })));
  });
  return requireUser(ctx, id);
}

/** What still points at a staff member: content they own and scheduled sessions they run. */
export async function userReferences(ctx: Ctx, id: string): Promise<Reference[]> {
  requirePermission(ctx, "manage:users");
  const db = ctx.tdb.db;
  const owned = async (table: typeof questions | typeof evaluations | typeof sessionTemplates, type: string) =>
    (
      await db
        .select({ id: table.id, title: table.name })
        .from(table)
        .where(eq(table.ownerUserId, id))
        .orderBy(table.nameLower)
        .all()
    ).map((r) => ({ ...r, type }));
  const sessions = await db
    .select({ id: scheduledSessions.id, title: scheduledSessions.reference })
    .from(scheduledSessions)
    .where(and(eq(scheduledSessions.assignedUserId, id), inArray(scheduledSessions.status, ["SCHEDULED", "ONGOING"])))
    .orderBy(scheduledSessions.datetime)
    .all();
  return [
    ...(await owned(questions, "Question")),
    ...(await owned(evaluations, "Evaluation")),
    ...(await owned(sessionTemplates, "Session")),
    ...sessions.map((s) => ({ ...s, type: "ScheduledSession" })),
  ];
}

/**
 * `removeUser(id, handOverTo?)`. A user who still owns content or runs scheduled sessions is only
 * removed with `handOverTo` (another staff member, who then owns and runs them); without it the
 * call fails with OBJECT_REFERENCED listing those references. The last manager stays.
 */
export async function removeUser(ctx: Ctx, id: string, handOverTo?: string | null): Promise<{ id: string }> {
  requirePermission(ctx, "manage:users");
  const user = await requireUser(ctx, id);
  assertCanGrantRoles(ctx, user.roles);
  await assertKeepsAManager(ctx, id, []);
  const references = await userReferences(ctx, id);
  const heir = handOverTo ? await findStaffUser(ctx.tdb, handOverTo) : null;
  if (handOverTo && (!heir || heir.id === id)) {
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { handOverTo: { key: "users:errors.hand-over-invalid" } },
    });
  }
  if (references.length > 0 && !heir)
    throw new AppError("OBJECT_REFERENCED", "hand_over_required", {
      references: references.slice(0, 50),
      values: { count: references.length },
    });
  await ctx.tdb.write(async (tx) => {
    if (heir) {
      const heirSpace = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.workspaceType, "PRIVATE"), eq(workspaces.ownerUserId, heir.id)))
        .get();
      const ownSpace = await tx
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.workspaceType, "PRIVATE"), eq(workspaces.ownerUserId, id)))
        .get();
      for (const table of [questions, evaluations, sessionTemplates]) {
        await tx.update(table).set({ ownerUserId: heir.id }).where(eq(table.ownerUserId, id));
        // Private items move into the heir's own workspace with them.
        if (ownSpace && heirSpace)
          await tx.update(table).set({ workspaceId: heirSpace.id }).where(eq(table.workspaceId, ownSpace.id));
      }
      await tx
        .update(scheduledSessions)
        .set({ assignedUserId: heir.id })
        .where(eq(scheduledSessions.assignedUserId, id));
      // Shares with the heir become pointless once they own the item.
      await tx
        .delete(objectShares)
        .where(
          and(
            eq(objectShares.userId, heir.id),
            inArray(objectShares.objectId, references.map((r) => r.id).concat([""])),
          ),
        );
    }
    // Past (completed or canceled) sessions keep their history without a name to show.
    await tx.update(scheduledSessions).set({ assignedUserId: null }).where(eq(scheduledSessions.assignedUserId, id));
    await tx.delete(objectShares).where(eq(objectShares.userId, id));
    await tx.delete(authSessions).where(and(eq(authSessions.accountType, "ADMIN"), eq(authSessions.subjectId, id)));
    await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.accountType, "ADMIN"), eq(oneTimeCodes.subjectId, id)));
    await tx.delete(staffUsers).where(eq(staffUsers.id, id));
  });
  // The live-room sockets the account has open close, and its tokens are refused (ADR 0030).
  await revokeStaffTokens(ctx.tdb, id);
  return { id };
}
