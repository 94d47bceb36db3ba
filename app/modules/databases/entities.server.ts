import { and, asc, desc, eq, getTableColumns, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { type z } from "zod";
import type { TenantDb, TenantTx, Reader } from "~db/tenant/client";
import { preparedSelect } from "~db/tenant/prepared";
import { KeptAtRevision, LIVE_TABLES, sharedRevision } from "~db/tenant/revision";
import { AppError, type ServerReason } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newDocumentRow, resolveWorkspace, type BaseRow, type Doc } from "~/lib/document-rows.server";
import type { ListArgs } from "~/lib/list-args";
import { parseInput } from "~/lib/parse-input";
import { refuseIfReferenced } from "~/lib/references.server";
import { rowsAfter } from "~/lib/seek.server";
import { mergeUpdateInput } from "~/lib/update-input";
import { paginateRead, type Connection, type SeekKey, type SortOrder } from "~/lib/paging.server";

export const READ = "read:admin" as const;
export const WRITE = "write:databases" as const;

type KeptPage<Row> = { totalCount: number; rows: readonly Row[] };
/**
 * Pages of unfiltered lists with their count, at the database's revision (ADR 0038): a list call
 * reads the revision (one primary-key read) and takes a kept page only while it is unchanged, so a
 * change through any process shows at once. Read every time, the first page of 10,000 participants
 * ran at a quarter of the speed (docs/benchmarks.md): its count walks the whole index. No entity is
 * a live table (defineEntity refuses one), so a live change, which leaves the content revision
 * where it was, leaves these pages kept (ADR 0047).
 */
const keptPages = new KeptAtRevision<KeptPage<unknown>>(200, { readsLiveTables: false });

// ---- A generic entity: list, get, add, update, remove with the same rules everywhere. ----
type EntityConfig<Row extends BaseRow, Input, D extends Doc, O extends string, F> = {
  type: string;
  // Drizzle's generic table types do not compose here; each caller passes its own table.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: any sqlite table
  table: any;
  notFound: ServerReason;
  schema: z.ZodType<Input, z.ZodTypeDef, unknown>;
  sortColumns: Record<O, SQLiteColumn>;
  defaultSort: O;
  filters: (filter: F) => Array<SQL | undefined>;
  values: (input: Input) => Record<string, unknown>;
  /** The input fields of a stored row: an update keeps every field its input leaves out (mergeUpdateInput). */
  inputOf: (row: Row) => Record<string, unknown>;
  /** Input objects updated field by field (an address): a left-out sub-field is kept too. */
  nestedInputs?: readonly string[];
  toDoc: (row: Row) => D;
  /** Further checks inside the write transaction (uniqueness, references to other objects). */
  check?: (tx: TenantTx, input: Input, id: string | null) => Promise<void>;
};

export function defineEntity<Row extends BaseRow, Input, D extends Doc, O extends string, F>(
  cfg: EntityConfig<Row, Input, D, O, F>,
) {
  const t = cfg.table;
  if ((LIVE_TABLES as readonly string[]).includes(getTableName(t))) {
    throw new Error(`${getTableName(t)} is written by the live gateway: its pages cannot be kept past live writes`);
  }

  async function findRow(db: Reader, id: string): Promise<Row> {
    const row = (await db.select().from(t).where(eq(t.id, id)).get()) as Row | undefined;
    if (!row) throw new AppError("NOT_FOUND", cfg.notFound);
    return row;
  }

  // An unfiltered list (every list screen's first page, and most API lists) runs statements built
  // once per sort (db/tenant/prepared.ts), and its page is kept at the database's revision
  // (keptPages): building the query cost more than SQLite running it, and mapping its rows as much
  // again (bench:http).
  const pages = new Map<string, (tdb: TenantDb, values: Record<string, unknown>) => Promise<Row[]>>();
  const countAll = preparedSelect<{ n: number }>((db) => db.select({ n: sql<number>`count(*)` }).from(t));
  async function unfilteredCount(tdb: TenantDb): Promise<number> {
    return (await countAll(tdb, {}))[0]?.n ?? 0;
  }
  async function unfilteredRead(
    tdb: TenantDb,
    column: SQLiteColumn,
    order: SortOrder | null | undefined,
    limit: number,
    offset: number,
  ): Promise<KeptPage<Row>> {
    const sort = `${column.name} ${order === "DESC" ? "DESC" : "ASC"}`;
    const key = `${cfg.type}\n${sort}\n${limit}\n${offset}`;
    const revision = await sharedRevision(tdb);
    const kept = keptPages.get(tdb, revision, key) as KeptPage<Row> | undefined;
    if (kept) return kept;
    let page = pages.get(sort);
    if (!page) {
      const dir = order === "DESC" ? desc : asc;
      page = preparedSelect<Row>((db) =>
        db
          .select()
          .from(t)
          .orderBy(dir(column), dir(t.id))
          .limit(sql.placeholder("limit"))
          .offset(sql.placeholder("offset")),
      );
      pages.set(sort, page);
    }
    const [totalCount, rows] = await Promise.all([unfilteredCount(tdb), page(tdb, { limit, offset })]);
    // Frozen: a kept row is shared by every request that reads the page.
    const read = { totalCount, rows: rows.map((row) => Object.freeze(row)) };
    keptPages.set(tdb, revision, key, read);
    return read;
  }

  /** How many rows match `where`; without one, the prepared count of all. */
  const countOf = (tdb: TenantDb, where: SQL | undefined): Promise<number> =>
    where
      ? tdb.db
          .select({ n: sql<number>`count(*)` })
          .from(t)
          .where(where)
          .get()
          .then((r) => r?.n ?? 0)
      : unfilteredCount(tdb);

  /** The row field of each sort column: a cursor carries the row's value of it (its seek key). */
  const fieldOf = new Map<SQLiteColumn, string>(
    Object.entries(getTableColumns(t) as Record<string, SQLiteColumn>).map(([field, column]) => [column, field]),
  );

  /**
   * The page after a cursor's row, found through the sort index instead of walking the `offset`
   * rows before it; rows added or removed before it meanwhile do not move it. Read fresh, never kept.
   */
  async function seekRead(
    tdb: TenantDb,
    where: SQL | undefined,
    column: SQLiteColumn,
    order: SortOrder | null | undefined,
    limit: number,
    after: SeekKey,
  ) {
    const dir = order === "DESC" ? desc : asc;
    const [totalCount, rows] = await Promise.all([
      countOf(tdb, where),
      tdb.db
        .select()
        .from(t)
        .where(and(where, rowsAfter(column, t.id, order, after)))
        .orderBy(dir(column), dir(t.id))
        .limit(limit + 1)
        .all() as Promise<Row[]>,
    ]);
    return { totalCount, rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  function listWhere(filter: F | null | undefined, extra: SQL[] = []): SQL | undefined {
    const parts = [...(filter ? cfg.filters(filter) : []), ...extra].filter((p): p is SQL => !!p);
    return parts.length ? and(...parts) : undefined;
  }

  return {
    type: cfg.type,
    findRow,
    toDoc: cfg.toDoc,
    async list(ctx: Ctx, args: ListArgs<F, O> = {}, extra: SQL[] = []): Promise<Connection<D>> {
      requirePermission(ctx, READ);
      const where = listWhere(args.filter, extra);
      const column = cfg.sortColumns[args.orderBy ?? cfg.defaultSort] ?? cfg.sortColumns[cfg.defaultSort];
      const dir = args.order === "DESC" ? desc : asc;
      const db = ctx.tdb.db;
      const field = fieldOf.get(column)!;
      const sort = `${field} ${args.order === "DESC" ? "DESC" : "ASC"}`;
      // Text and number sort values only: anything else (a date) keeps offset cursors.
      const keyOf = (row: Row): SeekKey | undefined => {
        const value = (row as Record<string, unknown>)[field];
        return value === null || typeof value === "string" || typeof value === "number"
          ? { value, id: row.id, sort }
          : undefined;
      };
      return paginateRead(
        args,
        async (limit, offset, after) => {
          if (after?.sort === sort) return seekRead(ctx.tdb, where, column, args.order, limit, after);
          if (!where) return unfilteredRead(ctx.tdb, column, args.order, limit, offset);
          const [totalCount, rows] = await Promise.all([
            countOf(ctx.tdb, where),
            db
              .select()
              .from(t)
              .where(where)
              .orderBy(dir(column), dir(t.id))
              .limit(limit)
              .offset(offset)
              .all() as Promise<Row[]>,
          ]);
          return { totalCount, rows };
        },
        cfg.toDoc,
        keyOf,
      );
    },
    async count(ctx: Ctx): Promise<number> {
      requirePermission(ctx, READ);
      return unfilteredCount(ctx.tdb);
    },
    async get(ctx: Ctx, id: string): Promise<D> {
      requirePermission(ctx, READ);
      return cfg.toDoc(await findRow(ctx.tdb.db, id));
    },
    /** Many at once, in one query (per-request loaders batch a list's fields with it); unknown ids are left out. */
    async getMany(ctx: Ctx, ids: readonly string[]): Promise<Map<string, D>> {
      requirePermission(ctx, READ);
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = (await ctx.tdb.db.select().from(t).where(inArray(t.id, unique)).all()) as Row[];
      return new Map(rows.map((row) => [row.id, cfg.toDoc(row)]));
    },
    async add(ctx: Ctx, input: unknown, opts: { workspace?: string | null } = {}): Promise<D> {
      requirePermission(ctx, WRITE);
      const data = parseInput(cfg.schema, input);
      return ctx.tdb.write(async (tx) => {
        await cfg.check?.(tx, data, null);
        const row = {
          ...newDocumentRow(),
          workspaceId: await resolveWorkspace(tx, opts.workspace),
          ...cfg.values(data),
        };
        await tx.insert(t).values(row);
        return cfg.toDoc(row as unknown as Row);
      });
    },
    async update(ctx: Ctx, id: string, input: unknown): Promise<D> {
      requirePermission(ctx, WRITE);
      return ctx.tdb.write(async (tx) => {
        const current = await findRow(tx, id);
        const data = parseInput(cfg.schema, mergeUpdateInput(cfg.inputOf(current), input, cfg.nestedInputs));
        await cfg.check?.(tx, data, id);
        const next = { ...current, ...cfg.values(data), updatedAt: new Date(), rev: current.rev + 1 };
        await tx.update(t).set(next).where(eq(t.id, id));
        return cfg.toDoc(next as Row);
      });
    },
    async remove(ctx: Ctx, id: string): Promise<{ id: string }> {
      requirePermission(ctx, WRITE);
      return ctx.tdb.write(async (tx) => {
        await findRow(tx, id);
        await refuseIfReferenced(tx, cfg.type, [id]);
        await tx.delete(t).where(eq(t.id, id));
        return { id };
      });
    },
  };
}

// ---- Zod helpers shared by the entity schemas ----

// Defined with the entity schemas, which the screens use too (pure, safe in the browser).
export { optionalAddress, optionalText, requiredAddress, requiredText, type Address } from "./entity-inputs";
import type { Address } from "./entity-inputs";

export const addressValues = (a: Address | null) => ({
  addressLine1: a?.line1 ?? null,
  addressCity: a?.city ?? null,
  addressRegion: a?.region ?? null,
  addressPostal: a?.postal ?? null,
  addressCountry: a?.country ?? null,
});

type AddressRow = {
  addressLine1: string | null;
  addressCity: string | null;
  addressRegion: string | null;
  addressPostal: string | null;
  addressCountry: string | null;
};
export const addressOf = (r: AddressRow): Address | null =>
  r.addressLine1 || r.addressCity || r.addressRegion || r.addressPostal || r.addressCountry
    ? {
        line1: r.addressLine1,
        city: r.addressCity,
        region: r.addressRegion,
        postal: r.addressPostal,
        country: r.addressCountry,
      }
    : null;
