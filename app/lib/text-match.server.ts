import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

/** Case-insensitive substring match (`value` is lower-cased here). */
export const containsCI = (column: SQLiteColumn | SQL, value: string): SQL =>
  sql`instr(lower(${column}), ${value.toLowerCase()}) > 0`;
