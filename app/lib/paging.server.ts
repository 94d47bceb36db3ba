import { badRequest } from "~/lib/app-error";

/**
 * Generic cursor paging shared by every list: connections with `edges { cursor node }` and
 * `pageInfo`. A cursor is an opaque base64 of the row's offset in the sorted, filtered list.
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

export const encodeCursor = (offset: number): string => Buffer.from(`offset:${offset}`).toString("base64");

/** The offset a cursor stands for, or -1 for a missing or unreadable cursor. */
export function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return -1;
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  return match ? Number(match[1]) : -1;
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

/** As paginate, for a reader that answers the count and the page together (from a cache, say). */
export async function paginateRead<Row, Node>(
  args: PageArgs,
  read: (limit: number, offset: number) => Promise<{ totalCount: number; rows: readonly Row[] }>,
  toNode: (row: Row) => Node,
): Promise<Connection<Node>> {
  checkPageArgs(args);
  const pageSize = pageSizeOf(args.first);
  const offset = decodeCursor(args.after) + 1;
  const { totalCount, rows } = await read(pageSize, offset);
  const edges = rows.map((row, i) => ({ cursor: encodeCursor(offset + i), node: toNode(row) }));
  return {
    edges,
    pageInfo: {
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
      hasNextPage: offset + rows.length < totalCount,
      hasPreviousPage: offset > 0,
      pageSize,
      totalCount,
    },
  };
}
