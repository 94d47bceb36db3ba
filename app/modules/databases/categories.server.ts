import { eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { type z } from "zod";
import { categories } from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { defineEntity, READ, WRITE } from "./entities.server";
import { containsCI } from "~/lib/text-match.server";
import { documentOf, type Doc } from "~/lib/document-rows.server";
import { refuseIfReferenced } from "~/lib/references.server";
import { type ListArgs } from "~/lib/list-args";
import type { Connection } from "~/lib/paging.server";
import type { NameFilter } from "./supplies.server";

export type Category = Doc & { name: string; parentId: string | null };

export { categoryInput } from "./entity-inputs";
import { categoryInput } from "./entity-inputs";
type CategoryInput = z.infer<typeof categoryInput>;

async function parentOf(tx: TenantTx, id: string): Promise<string | null | undefined> {
  const row = await tx.select({ parentId: categories.parentId }).from(categories).where(eq(categories.id, id)).get();
  return row ? row.parentId : undefined;
}

/** The parent exists, and moving `id` under it would not make `id` its own ancestor. */
async function checkParent(tx: TenantTx, input: CategoryInput, id: string | null): Promise<void> {
  if (!input.parent) return;
  if ((await parentOf(tx, input.parent)) === undefined) throw new AppError("NOT_FOUND", "category_not_found");
  if (!id) return;
  const seen = new Set<string>();
  for (let cursor: string | null | undefined = input.parent; cursor; cursor = await parentOf(tx, cursor)) {
    if (cursor === id || seen.has(cursor)) throw new AppError("INVALID_CATEGORY_PARENT", "invalid_category_parent");
    seen.add(cursor);
  }
}

export const categoryEntity = defineEntity({
  type: "Category",
  table: categories,
  notFound: "category_not_found",
  schema: categoryInput,
  sortColumns: { NAME: categories.nameLower },
  defaultSort: "NAME",
  filters: (f: NameFilter) => [f.name ? containsCI(categories.name, f.name) : undefined],
  values: (i) => ({
    name: i.name,
    nameLower: i.name.toLowerCase(),
    ...(i.parent !== undefined ? { parentId: i.parent } : {}),
  }),
  inputOf: (r: typeof categories.$inferSelect) => ({ name: r.name, parent: r.parentId }),
  toDoc: (r: typeof categories.$inferSelect): Category =>
    documentOf(r, "Category", { name: r.name, parentId: r.parentId }),
  check: checkParent,
});

export const { get: getCategory, add: addCategory, update: updateCategory, count: countCategories } = categoryEntity;

/**
 * Categories. `parent` undefined lists all of them, null the roots, an id the children of that
 * category (which must exist).
 */
export async function listCategories(
  ctx: Ctx,
  args: ListArgs<NameFilter, "NAME"> & { parent?: string | null } = {},
): Promise<Connection<Category>> {
  requirePermission(ctx, READ);
  const extra: SQL[] = [];
  if (args.parent === null) extra.push(isNull(categories.parentId));
  else if (args.parent !== undefined) {
    await categoryEntity.findRow(ctx.tdb.db, args.parent);
    extra.push(eq(categories.parentId, args.parent));
  }
  return categoryEntity.list(ctx, args, extra);
}

/** How many direct children each of the given categories has. */
export async function childCounts(ctx: Ctx, ids: string[]): Promise<Map<string, number>> {
  requirePermission(ctx, READ);
  if (ids.length === 0) return new Map();
  const rows = await ctx.tdb.db
    .select({ parentId: categories.parentId, n: sql<number>`count(*)` })
    .from(categories)
    .where(inArray(categories.parentId, ids))
    .groupBy(categories.parentId)
    .all();
  return new Map(rows.map((r) => [r.parentId!, r.n]));
}

async function subtreeIds(db: Pick<TenantTx, "select">, id: string): Promise<string[]> {
  const ids = [id];
  for (let frontier = [id]; frontier.length > 0;) {
    const children = await db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.parentId, frontier))
      .all();
    frontier = children.map((c) => c.id).filter((c) => !ids.includes(c));
    ids.push(...frontier);
  }
  return ids;
}

/** The category and its whole subtree (what a removal would remove). */
export async function categorySubtree(ctx: Ctx, id: string): Promise<string[]> {
  requirePermission(ctx, READ);
  await categoryEntity.findRow(ctx.tdb.db, id);
  return subtreeIds(ctx.tdb.db, id);
}

/**
 * For each given category, the names of everything below it (what a removal takes along), sorted
 * by name; one recursive query for the whole page.
 */
export async function descendantsOf(ctx: Ctx, ids: string[]): Promise<Map<string, string[]>> {
  requirePermission(ctx, READ);
  const result = new Map<string, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return result;
  const rows = await ctx.tdb.db.all<{ root: string; name: string }>(sql`
    WITH RECURSIVE sub(root, id) AS (
      SELECT parent_id, id FROM categories WHERE parent_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      UNION ALL
      SELECT sub.root, c.id FROM categories c JOIN sub ON c.parent_id = sub.id
    )
    SELECT sub.root AS root, c.name AS name FROM sub JOIN categories c ON c.id = sub.id ORDER BY c.name_lower`);
  for (const r of rows) result.get(r.root)?.push(r.name);
  return result;
}

/** Removes a category and its whole subtree; refused when anything uses one of them. */
export async function removeCategory(ctx: Ctx, id: string): Promise<string[]> {
  requirePermission(ctx, WRITE);
  return ctx.tdb.write(async (tx) => {
    await categoryEntity.findRow(tx, id);
    const ids = await subtreeIds(tx, id);
    await refuseIfReferenced(tx, "Category", ids);
    await tx.delete(categories).where(inArray(categories.id, ids));
    return ids;
  });
}

/**
 * The chain of categories of a nested path `/categories/a/b/c`: each must be a child of the one
 * before, the first a root. Any break answers NOT_FOUND.
 */
export async function categoryPath(ctx: Ctx, ids: string[]): Promise<Category[]> {
  requirePermission(ctx, READ);
  const rows = ids.length ? await ctx.tdb.db.select().from(categories).where(inArray(categories.id, ids)).all() : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  let parent: string | null = null;
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row || row.parentId !== parent) throw new AppError("NOT_FOUND", "category_not_found");
    parent = id;
    return categoryEntity.toDoc(row);
  });
}

/** Every category as a flat list (for choosing a new parent), sorted by name. */
export async function allCategoryOptions(
  ctx: Ctx,
): Promise<Array<{ id: string; name: string; parentId: string | null }>> {
  requirePermission(ctx, READ);
  return ctx.tdb.db
    .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
    .from(categories)
    .orderBy(categories.nameLower)
    .all();
}
