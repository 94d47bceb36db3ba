import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { documentColumns } from "./columns";

/** Address columns (line1, city, region, postal, country), embedded in the owning row. */
const addressColumns = () => ({
  addressLine1: text("address_line1"),
  addressCity: text("address_city"),
  addressRegion: text("address_region"),
  addressPostal: text("address_postal"),
  addressCountry: text("address_country"),
});

/** Hierarchical categories; `parentId` null is a root. */
export const categories = sqliteTable(
  "categories",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    parentId: text("parent_id"),
  },
  (t) => [
    index("categories_parent_name_idx").on(t.parentId, t.nameLower),
    index("categories_name_idx").on(t.nameLower),
  ],
);

export const companies = sqliteTable(
  "companies",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    ...addressColumns(),
  },
  (t) => [index("companies_name_idx").on(t.nameLower)],
);

export const locations = sqliteTable(
  "locations",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    ...addressColumns(),
  },
  (t) => [index("locations_name_idx").on(t.nameLower)],
);

export const supplyObjects = sqliteTable(
  "supply_objects",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
  },
  (t) => [index("supply_objects_name_idx").on(t.nameLower)],
);

export const contexts = sqliteTable(
  "contexts",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    description: text("description"),
  },
  (t) => [index("contexts_name_idx").on(t.nameLower)],
);
