import { defineConfig } from "drizzle-kit";

// Schema of catalog.db, the list of tenants.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/catalog/schema.ts",
  out: "./migrations/catalog",
});
