import { integer, text } from "drizzle-orm/sqlite-core";

/** The document columns every entity carries (_id, _createdAt, _updatedAt, _rev in the API). */
export const documentColumns = () => ({
  id: text("id").primaryKey(),
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  rev: integer("rev").notNull().default(1),
});

export const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
