import { blob, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";

// Uploaded files kept in the tenant's own database, used when that database is a server (sqld,
// Turso) so every app process and machine reads the same bytes (ADR 0037); an embedded tenant
// keeps them in DATA_DIR/uploads/. A file is written part by part, each part a short write of its
// own, and its row in upload_files last: a file without that row is not there.

/** An upload, complete: its parts are upload_parts 0 to parts - 1. */
export const uploadFiles = sqliteTable("upload_files", {
  /** `<uuid>.<ext>`, as app/modules/assets/storage.server.ts makes it. */
  key: text("key").primaryKey(),
  size: integer("size").notNull(),
  parts: integer("parts").notNull(),
  createdAt: timestamp("created_at").notNull(),
});

/** At most UPLOAD_PART_BYTES of a file each (sqld refuses larger arguments and answers). */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    key: text("key").notNull(),
    part: integer("part").notNull(),
    bytes: blob("bytes", { mode: "buffer" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.part] })],
);
