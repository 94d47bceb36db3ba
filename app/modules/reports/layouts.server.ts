// Session report layouts: named layouts and the organisation's
// default. A layout is an ordered list of blocks; reports copy it when they are built.
import { asc, eq } from "drizzle-orm";
import { sessionReportLayouts, type SessionReportLayoutBlock } from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { newDocumentRow, resolveWorkspace } from "~/lib/document-rows.server";
import { compositeId } from "~/lib/global-id";
import { BUILT_IN_LAYOUT, layoutInput } from "./layout-schema";

export const READ = "read:admin" as const;
export const WRITE = "write:reports" as const;

export type SessionReportLayout = {
  /** The default layout's id stays the same from the built-in one (nothing saved yet) to the first save. */
  _id: string;
  /** null for the built-in layout (nothing saved yet). */
  _createdAt: Date | null;
  _updatedAt: Date | null;
  _rev: number;
  _type: "SessionReportLayout";
  workspace: string | null;
  owner: string | null;
  name: string;
  isDefaultLayout: boolean;
  layout: SessionReportLayoutBlock[];
};

type Row = typeof sessionReportLayouts.$inferSelect;
const toDoc = (r: Row): SessionReportLayout => ({
  _id: r.id,
  _createdAt: r.createdAt,
  _updatedAt: r.updatedAt,
  _rev: r.rev,
  _type: "SessionReportLayout",
  workspace: r.workspaceId,
  owner: r.ownerId,
  name: r.name,
  isDefaultLayout: r.isDefaultLayout,
  layout: r.layout,
});

/**
 * The id of the organisation's default layout while none is saved, and of the row its first save
 * makes: a client that cached the built-in layout sees its save arrive on the same object.
 */
export const defaultLayoutId = (ctx: Ctx): string => compositeId(ctx.tenant.slug, "default-layout");

export const builtInLayout = (ctx: Ctx): SessionReportLayout => ({
  _id: defaultLayoutId(ctx),
  _createdAt: null,
  _updatedAt: null,
  _rev: 0,
  _type: "SessionReportLayout",
  workspace: null,
  owner: null,
  name: ctx.t("reports:layouts.built-in"),
  isDefaultLayout: true,
  layout: BUILT_IN_LAYOUT,
});

/** Every saved layout, the default first, then by name. */
export async function listSessionReportLayouts(ctx: Ctx): Promise<SessionReportLayout[]> {
  requirePermission(ctx, READ);
  const rows = await ctx.tdb.db.select().from(sessionReportLayouts).orderBy(asc(sessionReportLayouts.name)).all();
  return rows.sort((a, b) => Number(b.isDefaultLayout) - Number(a.isDefaultLayout)).map(toDoc);
}

export async function getSessionReportLayout(ctx: Ctx, id: string): Promise<SessionReportLayout> {
  requirePermission(ctx, READ);
  const row = await ctx.tdb.db.select().from(sessionReportLayouts).where(eq(sessionReportLayouts.id, id)).get();
  if (row) return toDoc(row);
  if (id === defaultLayoutId(ctx)) return defaultSessionReportLayout(ctx);
  throw new AppError("NOT_FOUND", "not_found");
}

/** The organisation's default layout, or the built-in one when none is saved. */
export async function defaultSessionReportLayout(ctx: Ctx): Promise<SessionReportLayout> {
  requirePermission(ctx, READ);
  const row = await ctx.tdb.db
    .select()
    .from(sessionReportLayouts)
    .where(eq(sessionReportLayouts.isDefaultLayout, true))
    .get();
  return row ? toDoc(row) : builtInLayout(ctx);
}

export async function addSessionReportLayout(ctx: Ctx, input: unknown): Promise<SessionReportLayout> {
  requirePermission(ctx, WRITE);
  const data = parseInput(layoutInput, input);
  return ctx.tdb.write((tx) => insertLayout(tx, ctx.actor.userId, data, false, new Date()));
}

/** Gives a stored layout a new name and blocks, as its next revision. */
async function replaceLayout(
  tx: TenantTx,
  current: Row,
  data: { name: string; layout: Row["layout"] },
  now: Date,
): Promise<SessionReportLayout> {
  const next = { ...current, name: data.name, layout: data.layout, updatedAt: now, rev: current.rev + 1 };
  await tx.update(sessionReportLayouts).set(next).where(eq(sessionReportLayouts.id, current.id));
  return toDoc(next);
}

/** Stores a new layout, owned by `ownerId`, in the organisation's workspace. */
async function insertLayout(
  tx: TenantTx,
  ownerId: string,
  data: { name: string; layout: Row["layout"] },
  isDefaultLayout: boolean,
  now: Date,
  id?: string,
): Promise<SessionReportLayout> {
  const document = newDocumentRow(now);
  const row: Row = {
    ...document,
    id: id ?? document.id,
    workspaceId: await resolveWorkspace(tx),
    ownerId,
    name: data.name,
    isDefaultLayout,
    layout: data.layout,
  };
  await tx.insert(sessionReportLayouts).values(row);
  return toDoc(row);
}

export async function updateSessionReportLayout(ctx: Ctx, id: string, input: unknown): Promise<SessionReportLayout> {
  requirePermission(ctx, WRITE);
  return ctx.tdb.write(async (tx) => {
    const current = await tx.select().from(sessionReportLayouts).where(eq(sessionReportLayouts.id, id)).get();
    if (!current) throw new AppError("NOT_FOUND", "not_found");
    const data = parseInput(layoutInput, { name: current.name, layout: current.layout, ...(input as object) });
    return replaceLayout(tx, current, data, new Date());
  });
}

export async function removeSessionReportLayout(ctx: Ctx, id: string): Promise<{ id: string }> {
  requirePermission(ctx, WRITE);
  return ctx.tdb.write(async (tx) => {
    const current = await tx
      .select({ id: sessionReportLayouts.id })
      .from(sessionReportLayouts)
      .where(eq(sessionReportLayouts.id, id))
      .get();
    if (!current) throw new AppError("NOT_FOUND", "not_found");
    // Reports keep their own copy of the blocks, so removing a layout changes no report.
    await tx.delete(sessionReportLayouts).where(eq(sessionReportLayouts.id, id));
    return { id };
  });
}

/** Saves the organisation's default layout (the one row flagged isDefaultLayout). */
export async function updateDefaultSessionReportLayout(ctx: Ctx, input: unknown): Promise<SessionReportLayout> {
  requirePermission(ctx, WRITE);
  const data = parseInput(layoutInput, { name: ctx.t("reports:layouts.default-name"), ...(input as object) });
  return ctx.tdb.write(async (tx) => {
    const current = await tx
      .select()
      .from(sessionReportLayouts)
      .where(eq(sessionReportLayouts.isDefaultLayout, true))
      .get();
    const now = new Date();
    if (current) return replaceLayout(tx, current, data, now);
    return insertLayout(tx, ctx.actor.userId, data, true, now, defaultLayoutId(ctx));
  });
}

/** The blocks a report is built with: the given layout, else the default, else the built-in one. */
export async function layoutForReport(
  ctx: Ctx,
  layoutId: string | null | undefined,
): Promise<{ id: string | null; layout: SessionReportLayoutBlock[] }> {
  const chosen = layoutId ? await getSessionReportLayout(ctx, layoutId) : await defaultSessionReportLayout(ctx);
  // The built-in layout is no row: a report built with it names no layout.
  return { id: chosen._createdAt ? chosen._id : null, layout: chosen.layout };
}
