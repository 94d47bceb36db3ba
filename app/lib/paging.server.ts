import { badRequest } from "~/lib/app-error";

/**
 * Generic cursor paging shared by every list: connections with `edges { cursor node }` and
 * `pageInfo`. A cursor is an opaque base64 of the row's offset in the sorted, filtered list and,
 * for lists that can seek (entities.server.ts), the row's sort value and id: the next page then
 * starts right after that row instead of skipping `offset` rows, which SQLite walks one by one.
 * Screens page by number (afterForPage): those cursors carry the offset alone.
 */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type PageArgs = { after?: string | null; first?: number | null };
export type SortOrder = "ASC" | "DESC";
export type PageInfo = {
  endCursor: string | null;
  startCursor: string | null;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  pageSize: number;
  totalCount: number;
};
export type Connection<T> = { edges: Array<{ cursor: string; node: T }>; pageInfo: PageInfo };

/**
 * A row's place in a sorted list: its sort value (null sorts first), its id (the tie-break), and
 * the sort it was taken in (a cursor passed to the list sorted otherwise counts by its offset).
 */
export type SeekKey = { value: string | number | null; id: string; sort: string };

export const encodeCursor = (offset: number, key?: SeekKey): string =>
  Buffer.from(key ? `offset:${offset}\n${JSON.stringify([key.value, key.id, key.sort])}` : `offset:${offset}`).toString(
    "base64",
  );

/** What a cursor stands for, or null for a missing or unreadable cursor. */
export function decodeCursorPosition(
  cursor: string | null | undefined,
): { offset: number; key: SeekKey | null } | null {
  if (!cursor) return null;
  const match = /^offset:(\d+)(?:\n(.+))?$/s.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!match) return null;
  if (match[2] === undefined) return { offset: Number(match[1]), key: null };
  let key: unknown;
  try {
    key = JSON.parse(match[2]);
  } catch {
    return null;
  }
  if (!Array.isArray(key) || key.length !== 3) return null;
  const [value, id, sort] = key as unknown[];
  if (typeof id !== "string" || typeof sort !== "string") return null;
  if (!(value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value))))
    return null;
  return { offset: Number(match[1]), key: { value, id, sort } };
}

/** The offset a cursor stands for, or -1 for a missing or unreadable cursor. */
export function decodeCursor(cursor: string | null | undefined): number {
  return decodeCursorPosition(cursor)?.offset ?? -1;
}

/** The `after` cursor that starts a list at 1-based page `page` (screens page by number). */
export function afterForPage(page: number, pageSize = PAGE_SIZE): string | null {
  const p = Math.max(1, Math.floor(page) || 1);
  return p === 1 ? null : encodeCursor((p - 1) * pageSize - 1);
}

/**
 * Refuses paging arguments that cannot mean anything: `first` below 1 and a cursor this server did
 * not hand out. `first` above MAX_PAGE_SIZE is capped, not refused (documented in the schema).
 */
export function checkPageArgs(args: PageArgs): void {
  if (args.first !== null && args.first !== undefined && (!Number.isInteger(args.first) || args.first < 1)) {
    throw badRequest({ first: { key: "validation:page-size", values: { max: MAX_PAGE_SIZE } } });
  }
  if (args.after && decodeCursor(args.after) < 0) {
    throw badRequest({ after: { key: "validation:cursor" } });
  }
}

export function pageSizeOf(first: number | null | undefined): number {
  if (first === null || first === undefined || !Number.isFinite(first)) return PAGE_SIZE;
  return Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(first)));
}

/**
 * Runs a count and a page query and wraps the rows as a connection. `fetch(limit, offset)` must
 * apply the same filter and a stable sort.
 */
export function paginate<Row, Node>(
  args: PageArgs,
  count: () => Promise<number>,
  fetch: (limit: number, offset: number) => Promise<readonly Row[]>,
  toNode: (row: Row) => Node,
): Promise<Connection<Node>> {
  return paginateRead(
    args,
    async (limit, offset) => {
      const [totalCount, rows] = await Promise.all([count(), fetch(limit, offset)]);
      return { totalCount, rows };
    },
    toNode,
  );
}

/**
 * paginate for a query builder (Drizzle's select): `counted` selects `{ n }`, the count of the
 * filtered rows; `sorted` selects the same rows in a stable order (one that ends with the id).
 */
export function paginateSelect<Row, Node>(
  args: PageArgs,
  counted: { get(): Promise<{ n: number } | undefined> },
  sorted: { limit(limit: number): { offset(offset: number): { all(): Promise<Row[]> } } },
  toNode: (row: Row) => Node,
): Promise<Connection<Node>> {
  return paginate(
    args,
    async () => (await counted.get())?.n ?? 0,
    (limit, offset) => sorted.limit(limit).offset(offset).all(),
    toNode,
  );
}

/** The page with each node replaced by what `toNodes` makes of the page's nodes at once, in order. */
export async function mapNodes<A, B>(
  page: Connection<A>,
  toNodes: (nodes: A[]) => Promise<B[]>,
): Promise<Connection<B>> {
  const nodes = await toNodes(page.edges.map((e) => e.node));
  return { pageInfo: page.pageInfo, edges: page.edges.map((e, i) => ({ cursor: e.cursor, node: nodes[i]! })) };
}

/**
 * As paginate, for a reader that answers the count and the page together (from a cache, say).
 * With `keyOf`, cursors carry each row's seek key, and `read` gets the key of the row the page
 * starts after (when the cursor has one): it should then read the rows after that key, not skip
 * `offset` rows, and say whether more rows follow (`hasMore`).
 */
export async function paginateRead<Row, Node>(
  args: PageArgs,
  read: (
    limit: number,
    offset: number,
    after: SeekKey | null,
  ) => Promise<{ totalCount: number; rows: readonly Row[]; hasMore?: boolean }>,
  toNode: (row: Row) => Node,
  keyOf?: (row: Row) => SeekKey | undefined,
): Promise<Connection<Node>> {
  checkPageArgs(args);
  const pageSize = pageSizeOf(args.first);
  const position = decodeCursorPosition(args.after);
  const offset = (position?.offset ?? -1) + 1;
  const { totalCount, rows, hasMore } = await read(pageSize, offset, keyOf ? (position?.key ?? null) : null);
  const edges = rows.map((row, i) => ({ cursor: encodeCursor(offset + i, keyOf?.(row)), node: toNode(row) }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      // A seek read says itself whether more rows follow: rows added or removed before the cursor
      // since it was handed out move the offset, not the key.
      hasNextPage: hasMore ?? offset + rows.length < totalCount,
      hasPreviousPage: offset > 0,
      pageSize,
      totalCount,
    },
  };
}
