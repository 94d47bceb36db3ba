// Ownership and sharing of questions, evaluations and session templates (ADR 0004):
// - visibility ORGANIZATION: every staff member who may read the admin area sees it;
//   PRIVATE: only its owner and the users it is shared with see it.
// - changing needs "write:assessments" and one of: being the owner user, an EDITOR share, or the
//   object being owned by the ORGANIZATION (and visible to the organisation). A VIEWER only reads.
// - visibility, owner type and shares are changed only by the owner user (or, for an
//   organisation-owned object, by anyone who may change it).
// - an object the actor may not see answers NOT_FOUND (its existence is not revealed).
import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  objectShares,
  staffUsers,
  type ObjectOwnerType,
  type ShareableType,
  type ShareLevel,
  type Visibility,
} from "~db/tenant/schema";
import type { TenantTx, Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import type { Ctx, StaffCtx } from "~/lib/context.server";

export type OwnedRow = { id: string; ownerType: ObjectOwnerType; ownerUserId: string; visibility: Visibility };
export type Owner = { name: string; objectOwnerType: ObjectOwnerType; organization: string; uid: string | null };
export type Share = { user: { _id: string; name: string; email: string }; level: ShareLevel };
export type Access = "OWNER" | "EDITOR" | "VIEWER" | "ORGANIZATION" | null;

/** The WHERE part that limits a list to what the actor may see. */
export function visibleWhere(
  ctx: StaffCtx,
  cols: { id: SQLiteColumn; visibility: SQLiteColumn; ownerUserId: SQLiteColumn },
): SQL {
  const me = ctx.actor.userId;
  return or(
    eq(cols.visibility, "ORGANIZATION"),
    eq(cols.ownerUserId, me),
    sql`${cols.id} in (select ${objectShares.objectId} from ${objectShares} where ${objectShares.userId} = ${me})`,
  )!;
}

/** How the actor relates to an object: owner, share level, organisation-wide, or not at all. */
export async function accessOf(db: Reader, ctx: StaffCtx, row: OwnedRow): Promise<Access> {
  if (row.ownerUserId === ctx.actor.userId) return "OWNER";
  const share = await db
    .select({ level: objectShares.level })
    .from(objectShares)
    .where(and(eq(objectShares.objectId, row.id), eq(objectShares.userId, ctx.actor.userId)))
    .get();
  if (share) return share.level;
  return row.visibility === "ORGANIZATION" ? "ORGANIZATION" : null;
}

export const canChange = (access: Access, row: OwnedRow): boolean =>
  access === "OWNER" || access === "EDITOR" || (access === "ORGANIZATION" && row.ownerType === "ORGANIZATION");

export const canManageSharing = (access: Access, row: OwnedRow): boolean =>
  access === "OWNER" || (row.ownerType === "ORGANIZATION" && canChange(access, row));

export async function requireReadable(
  db: Reader,
  ctx: StaffCtx,
  row: OwnedRow,
  notFound: AppError["reason"],
): Promise<Access> {
  const access = await accessOf(db, ctx, row);
  if (!access) throw new AppError("NOT_FOUND", notFound);
  return access;
}

export async function requireChangeable(
  db: Reader,
  ctx: StaffCtx,
  row: OwnedRow,
  notFound: AppError["reason"],
): Promise<Access> {
  const access = await requireReadable(db, ctx, row, notFound);
  if (!canChange(access, row)) throw new AppError("FORBIDDEN", "forbidden");
  return access;
}

export function ownerOf(ctx: Ctx, row: OwnedRow, names: Map<string, string>): Owner {
  return row.ownerType === "ORGANIZATION"
    ? { name: ctx.tenant.name, objectOwnerType: "ORGANIZATION", organization: ctx.tenant.slug, uid: null }
    : {
        name: names.get(row.ownerUserId) ?? "",
        objectOwnerType: "USER",
        organization: ctx.tenant.slug,
        uid: row.ownerUserId,
      };
}

/** Sort expression for OWNER_NAME: the organisation's name or the owner user's name. */
export function ownerNameSql(ctx: Ctx, cols: { ownerType: SQLiteColumn; ownerUserId: SQLiteColumn }): SQL {
  return sql`(case when ${cols.ownerType} = 'ORGANIZATION' then ${ctx.tenant.name.toLowerCase()} else lower(coalesce((select ${staffUsers.name} from ${staffUsers} where ${staffUsers.id} = ${cols.ownerUserId}), '')) end)`;
}

export async function sharesOf(db: Reader, objectIds: string[]): Promise<Map<string, Share[]>> {
  const result = new Map<string, Share[]>();
  if (objectIds.length === 0) return result;
  const rows = await db
    .select({
      objectId: objectShares.objectId,
      level: objectShares.level,
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
    })
    .from(objectShares)
    .innerJoin(staffUsers, eq(staffUsers.id, objectShares.userId))
    .where(inArray(objectShares.objectId, objectIds))
    .all();
  for (const r of rows) {
    const list = result.get(r.objectId) ?? [];
    list.push({ user: { _id: r.id, name: r.name, email: r.email }, level: r.level });
    result.set(r.objectId, list);
  }
  return result;
}

export type ShareInput = { user: string; level: ShareLevel };

/** Replaces an object's shares. Unknown users are refused with a field error. */
export async function replaceShares(
  tx: TenantTx,
  objectId: string,
  objectType: ShareableType,
  shares: ShareInput[],
  ownerUserId: string,
): Promise<void> {
  const wanted = new Map<string, ShareLevel>();
  for (const s of shares) if (s.user !== ownerUserId) wanted.set(s.user, s.level);
  if (wanted.size > 0) {
    const known = await tx
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(inArray(staffUsers.id, [...wanted.keys()]))
      .all();
    if (known.length !== wanted.size) {
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { shares: { key: "assessments:validation.unknown-user" } },
      });
    }
  }
  await tx.delete(objectShares).where(eq(objectShares.objectId, objectId));
  for (const [userId, level] of wanted) await tx.insert(objectShares).values({ objectId, objectType, userId, level });
}

export async function removeShares(tx: TenantTx, objectId: string): Promise<void> {
  await tx.delete(objectShares).where(eq(objectShares.objectId, objectId));
}
