import { sql } from "drizzle-orm";
import { check, integer, sqliteTable } from "drizzle-orm/sqlite-core";

/**
 * The database's revision (ADR 0038): one row, moved by triggers on every table whenever a row is
 * inserted, updated or deleted, except the few rows no kept state depends on
 * (db/tenant/revision.ts). A process that keeps state read from this database stamps it with the
 * revision read before it, and trusts it only while the revision is unchanged. `content_value` is
 * the `value` of the last change that was not a live one (ADR 0047): a live change moves only
 * `value` and stamps the entry it changed (`live_stamp`), so a process can catch up by entry.
 */
export const dataRevision = sqliteTable(
  "data_revision",
  {
    id: integer("id").primaryKey(),
    value: integer("value").notNull(),
    contentValue: integer("content_value").notNull().default(0),
  },
  (t) => [check("data_revision_one_row", sql`${t.id} = 1`)],
);
