import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z, type ZodError } from "zod";
import {
  workspaces,
  OBJECT_OWNER_TYPES,
  type categories,
  type evaluations,
  type questions,
  type sessionTemplates,
  type supplyObjects,
  SHARE_LEVELS,
  VISIBILITIES,
  type ShareableType,
} from "~db/tenant/schema";
import type { TenantTx, Reader } from "~db/tenant/client";
import { AppError, type FieldErrors, type Reference, type ServerReason } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { newDocumentRow } from "~/lib/document-rows.server";
import { fieldError, fieldErrorsOf as kernelFieldErrorsOf, parseInput } from "~/lib/parse-input";
import { mergeUpdateInput } from "~/lib/update-input";
import { findReferences } from "~/lib/references.server";
import { staffNames } from "~/lib/staff-names.server";
import type { ListArgs as KernelListArgs } from "~/lib/list-args";
import { mapNodes, paginateSelect, type Connection } from "~/lib/paging.server";
import {
  canChange,
  canManageSharing,
  ownerNameSql,
  ownerOf,
  removeShares,
  replaceShares,
  requireChangeable,
  requireReadable,
  sharesOf,
  visibleWhere,
  type Access,
  type OwnedRow,
  type Owner,
  type Share,
} from "./access.server";

export const READ = "read:admin" as const;
export const WRITE = "write:assessments" as const;

export type SortField = "DATE" | "NAME" | "OWNER_NAME";
export const SORT_FIELDS: readonly SortField[] = ["DATE", "NAME", "OWNER_NAME"];
export type ListArgs<F> = KernelListArgs<F, SortField>;

/** Fields every assessment document exposes. */
export type OwnedDoc = {
  _id: string;
  _createdAt: Date;
  _updatedAt: Date;
  _rev: number;
  _type: string;
  workspace: string;
  owner: Owner;
  visibility: "ORGANIZATION" | "PRIVATE";
  shares: Share[];
  /** What the actor may do with it (for screens). */
  access: { canEdit: boolean; canManageSharing: boolean };
};

type BaseRow = OwnedRow & { createdAt: Date; updatedAt: Date; rev: number; workspaceId: string };

/** Assessment schemas carry their own message keys (`assessments:*`): parsing keeps them. */
const OWN_KEYS = { ownKeyPrefix: "assessments:" } as const;

/** Field errors from Zod: our own `assessments:*` keys are kept, the rest map to `validation:*`. */
export const fieldErrorsOf = (error: ZodError): FieldErrors => kernelFieldErrorsOf(error, OWN_KEYS);

/** A list of ids; left out or null is the empty list (null clears it on update). */
export const idList = z
  .array(z.string().trim().min(1).max(100))
  .max(500)
  .nullish()
  .transform((v) => v ?? []);

/** Ownership fields every assessment input may carry. */
export const ownershipInput = {
  visibility: z.enum(VISIBILITIES).optional(),
  objectOwnerType: z.enum(OBJECT_OWNER_TYPES).optional(),
  shares: z
    .array(z.object({ user: z.string().trim().min(1), level: z.enum(SHARE_LEVELS) }))
    .max(200)
    .optional(),
};
export type OwnershipInput = {
  visibility?: (typeof VISIBILITIES)[number];
  objectOwnerType?: (typeof OBJECT_OWNER_TYPES)[number];
  shares?: Array<{ user: string; level: (typeof SHARE_LEVELS)[number] }>;
};

/** A JSON array column contains any of the ids. */
export const jsonContainsAny = (column: SQLiteColumn, ids: string[]): SQL =>
  sql`exists (select 1 from json_each(${column}) where json_each.value in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}))`;

export const containsCI = (column: SQLiteColumn, value: string): SQL =>
  sql`instr(lower(${column}), ${value.toLowerCase()}) > 0`;

type DocumentTable = typeof questions | typeof evaluations | typeof sessionTemplates;

/** The filters every assessment list offers: one id, a part of the name, any of the categories. */
export type DocumentFilter = {
  id?: string | null;
  name?: string | null;
  categories?: string[] | null;
  behavior?: string | null;
};
export const documentFilters = (table: DocumentTable, f: DocumentFilter): Array<SQL | undefined> => [
  f.id ? sql`${table.id} = ${f.id}` : undefined,
  f.name ? containsCI(table.name, f.name) : undefined,
  f.categories?.length ? jsonContainsAny(table.categoryIds, f.categories) : undefined,
];

/** All ids must exist in the table; else a field error on `field`. */
export async function requireExisting(
  db: Reader,
  table: typeof categories | typeof supplyObjects,
  ids: string[],
  field: string,
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const found = await db.select({ id: table.id }).from(table).where(inArray(table.id, unique)).all();
  if (found.length !== unique.length) throw fieldError(field, "assessments:validation.unknown-reference");
}

export async function organizationWorkspace(db: Reader): Promise<string> {
  const row = await db
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.workspaceType, "ORGANIZATION"))
    .get();
  if (!row) throw new AppError("NOT_FOUND", "workspace_not_found");
  return row.id;
}

/** The workspace of a new object: the organisation's, or for a PRIVATE object the owner's own when it has one. */
async function workspaceFor(db: Reader, ctx: StaffCtx, visibility: string): Promise<string> {
  if (visibility === "PRIVATE") {
    const own = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.workspaceType, "PRIVATE"), eq(workspaces.ownerUserId, ctx.actor.userId)))
      .get();
    if (own) return own.id;
  }
  return organizationWorkspace(db);
}

type OwnedConfig<Row extends BaseRow, Input extends OwnershipInput, D extends OwnedDoc, F, Extra> = {
  type: ShareableType;
  // Drizzle's generic table types do not compose here; each caller passes its own table.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any sqlite table
  table: any;
  notFound: ServerReason;
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  /** Filters besides the ones every assessment list offers (documentFilters). */
  filters?: (filter: F) => Array<SQL | undefined>;
  /** The input fields of a stored row: an update keeps every field its input leaves out. */
  inputOf: (row: Row) => Record<string, unknown>;
  /** Column values from the validated input (not id, timestamps, ownership). */
  values: (input: Input, ctx: StaffCtx) => Record<string, unknown>;
  /** Checks inside the write transaction (referenced objects exist and are visible). */
  check?: (tx: TenantTx, ctx: StaffCtx, input: Input) => Promise<void>;
  /** Loads what the documents of a page need besides the row (e.g. names of referenced objects). */
  extra?: (db: Reader, ctx: StaffCtx, rows: Row[]) => Promise<Extra>;
  toDoc: (row: Row, base: OwnedDoc, extra: Extra | undefined) => D;
  /** Runs once an update is stored (e.g. telling running sessions of the change). */
  afterUpdate?: (ctx: Ctx, doc: D) => Promise<unknown>;
};

/** List, get, add, update, remove for an owned, shareable assessment object. */
export function defineOwned<
  Row extends BaseRow,
  Input extends OwnershipInput,
  D extends OwnedDoc,
  F extends DocumentFilter = DocumentFilter,
  Extra = undefined,
>(cfg: OwnedConfig<Row, Input, D, F, Extra>) {
  const t = cfg.table;

  async function findRow(db: Reader, id: string): Promise<Row> {
    const row = (await db.select().from(t).where(eq(t.id, id)).get()) as Row | undefined;
    if (!row) throw new AppError("NOT_FOUND", cfg.notFound);
    return row;
  }

  async function docs(db: Reader, ctx: StaffCtx, rows: Row[], accessById?: Map<string, Access>): Promise<D[]> {
    const ids = rows.map((r) => r.id);
    const [names, shares, extra] = await Promise.all([
      staffNames(
        db,
        rows.map((r) => r.ownerUserId),
      ),
      sharesOf(db, ids),
      cfg.extra ? cfg.extra(db, ctx, rows) : Promise.resolve(undefined),
    ]);
    const canWrite = ctx.permissions.includes(WRITE);
    return rows.map((row) => {
      const rowShares = shares.get(row.id) ?? [];
      const access: Access =
        accessById?.get(row.id) ??
        (row.ownerUserId === ctx.actor.userId
          ? "OWNER"
          : (rowShares.find((s) => s.user._id === ctx.actor.userId)?.level ??
            (row.visibility === "ORGANIZATION" ? "ORGANIZATION" : null)));
      const base: OwnedDoc = {
        _id: row.id,
        _createdAt: row.createdAt,
        _updatedAt: row.updatedAt,
        _rev: row.rev,
        _type: cfg.type,
        workspace: row.workspaceId,
        owner: ownerOf(ctx, row, names),
        visibility: row.visibility,
        shares: rowShares,
        access: {
          canEdit: canWrite && canChange(access, row),
          canManageSharing: canWrite && canManageSharing(access, row),
        },
      };
      return cfg.toDoc(row, base, extra);
    });
  }

  async function one(db: Reader, ctx: StaffCtx, row: Row): Promise<D> {
    return (await docs(db, ctx, [row]))[0]!;
  }

  /** Visible rows of the given ids, in the given order (unknown or hidden ids are skipped). */
  async function visibleRows(db: Reader, ctx: StaffCtx, ids: string[]): Promise<Row[]> {
    if (ids.length === 0) return [];
    const rows = (await db
      .select()
      .from(t)
      .where(and(inArray(t.id, ids), visibleWhere(ctx, t)))
      .all()) as Row[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  function sortColumn(ctx: Ctx, orderBy: SortField | null | undefined): SQL | SQLiteColumn {
    switch (orderBy) {
      case "NAME":
        return t.nameLower;
      case "OWNER_NAME":
        return ownerNameSql(ctx, t);
      case "DATE":
      default:
        return t.createdAt;
    }
  }

  function sharingChanged(input: Input, row: Row): boolean {
    return (
      (input.visibility !== undefined && input.visibility !== row.visibility) ||
      (input.objectOwnerType !== undefined && input.objectOwnerType !== row.ownerType) ||
      input.shares !== undefined
    );
  }

  return {
    type: cfg.type,
    findRow,
    docs,
    async list(ctx: Ctx, args: ListArgs<F> = {}, extraWhere: SQL[] = []): Promise<Connection<D>> {
      requirePermission(ctx, READ);
      const filters = args.filter ? [...documentFilters(t, args.filter), ...(cfg.filters?.(args.filter) ?? [])] : [];
      const parts = [visibleWhere(ctx, t), ...filters, ...extraWhere].filter((p): p is SQL => !!p);
      const where = and(...parts);
      const column = sortColumn(ctx, args.orderBy);
      const dir = args.order === "DESC" ? desc : asc;
      const db = ctx.tdb.db;
      const page = await paginateSelect(
        args,
        db.select({ n: count() }).from(t).where(where),
        db.select().from(t).where(where).orderBy(dir(column), dir(t.id)),
        (row: Row) => row,
      );
      return mapNodes(page, (rows) => docs(db, ctx, rows));
    },
    async get(ctx: Ctx, id: string): Promise<D> {
      requirePermission(ctx, READ);
      const row = await findRow(ctx.tdb.db, id);
      const access = await requireReadable(ctx.tdb.db, ctx, row, cfg.notFound);
      return (await docs(ctx.tdb.db, ctx, [row], new Map([[row.id, access]])))[0]!;
    },
    visibleRows,
    /** Every id must be one the actor can see; else a field error on `field`. */
    async requireVisible(db: Reader, ctx: StaffCtx, ids: string[], field: string): Promise<void> {
      const unique = [...new Set(ids)];
      const rows = await visibleRows(db, ctx, unique);
      if (rows.length !== unique.length) throw fieldError(field, "assessments:validation.unknown-reference");
    },
    async add(ctx: Ctx, input: unknown): Promise<D> {
      requirePermission(ctx, WRITE);
      const data = parseInput(cfg.schema, input, OWN_KEYS);
      return ctx.tdb.write(async (tx) => {
        await cfg.check?.(tx, ctx, data);
        const now = new Date();
        const visibility = data.visibility ?? "ORGANIZATION";
        const row = {
          ...newDocumentRow(now),
          workspaceId: await workspaceFor(tx, ctx, visibility),
          ownerType: data.objectOwnerType ?? "ORGANIZATION",
          ownerUserId: ctx.actor.userId,
          visibility,
          ...cfg.values(data, ctx),
        };
        await tx.insert(t).values(row);
        if (data.shares) await replaceShares(tx, row.id, cfg.type, data.shares, row.ownerUserId);
        return one(tx, ctx, row as unknown as Row);
      });
    },
    async update(ctx: Ctx, id: string, input: unknown): Promise<D> {
      requirePermission(ctx, WRITE);
      const doc = await ctx.tdb.write(async (tx) => {
        const current = await findRow(tx, id);
        const access = await requireChangeable(tx, ctx, current, cfg.notFound);
        // Left out = unchanged, null = cleared (mergeUpdateInput); evaluation options field by field.
        const data = parseInput(cfg.schema, mergeUpdateInput(cfg.inputOf(current), input, ["options"]), OWN_KEYS);
        if (sharingChanged(data, current) && !canManageSharing(access, current))
          throw new AppError("FORBIDDEN", "forbidden");
        await cfg.check?.(tx, ctx, data);
        const next = {
          ...current,
          ...cfg.values(data, ctx),
          visibility: data.visibility ?? current.visibility,
          ownerType: data.objectOwnerType ?? current.ownerType,
          updatedAt: new Date(),
          rev: current.rev + 1,
        };
        await tx.update(t).set(next).where(eq(t.id, id));
        if (data.shares) await replaceShares(tx, id, cfg.type, data.shares, current.ownerUserId);
        return one(tx, ctx, next as Row);
      });
      await cfg.afterUpdate?.(ctx, doc);
      return doc;
    },
    async remove(ctx: Ctx, id: string): Promise<{ id: string }> {
      requirePermission(ctx, WRITE);
      return ctx.tdb.write(async (tx) => {
        const current = await findRow(tx, id);
        await requireChangeable(tx, ctx, current, cfg.notFound);
        const references: Reference[] = await findReferences(tx, cfg.type, [id]);
        if (references.length > 0) throw new AppError("OBJECT_REFERENCED", "object_referenced", { references });
        await removeShares(tx, id);
        await tx.delete(t).where(eq(t.id, id));
        return { id };
      });
    },
  };
}
