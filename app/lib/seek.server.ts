import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SeekKey, SortOrder } from "~/lib/paging.server";

/**
 * The rows after `key` in ORDER BY column, id (both ASC or both DESC; SQLite sorts NULL first). A
 * row value comparison, so SQLite seeks in the column's index; going down a column that may be
 * NULL, the NULLs that come last make it an OR, which SQLite walks like an offset.
 */
export function rowsAfter(
  column: SQLiteColumn,
  id: SQLiteColumn,
  order: SortOrder | null | undefined,
  key: SeekKey,
): SQL {
  if (order === "DESC") {
    if (key.value === null) return sql`(${column} IS NULL AND ${id} < ${key.id})`;
    return column.notNull
      ? sql`(${column}, ${id}) < (${key.value}, ${key.id})`
      : sql`((${column}, ${id}) < (${key.value}, ${key.id}) OR ${column} IS NULL)`;
  }
  return key.value === null
    ? sql`(${column} IS NOT NULL OR ${id} > ${key.id})`
    : sql`(${column}, ${id}) > (${key.value}, ${key.id})`;
}
