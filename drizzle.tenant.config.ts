import { defineConfig } from "drizzle-kit";

// Schema of every tenant database; one migration history applied to all tenants.
export default defineConfig({
  dialect: "sqlite",
  schema: "./db/tenant/schema/index.ts",
  out: "./migrations/tenant",
});
