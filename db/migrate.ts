import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { catalog } from "./catalog/client";
import { tenants } from "./catalog/schema";
import { tenantDb } from "./tenant/client";

export { TENANT_MIGRATIONS } from "./tenant/migrations";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CATALOG_MIGRATIONS = path.join(root, "migrations", "catalog");

export async function migrateCatalog(): Promise<void> {
  const { db, writes } = await catalog();
  await writes.run(() => migrate(db, { migrationsFolder: CATALOG_MIGRATIONS }));
}

/** Opens the tenant's database, which migrates it (db/tenant/client.ts does on every first open). */
export async function migrateTenant(slug: string, explicitUrl?: string | null): Promise<void> {
  await tenantDb(slug, explicitUrl);
}

/**
 * Brings the catalog and every tenant database to the latest schema (`npm run db:migrate`).
 * The server does not need this at start-up: each tenant is migrated when first opened.
 */
export async function migrateAll(): Promise<string[]> {
  await migrateCatalog();
  const { db } = await catalog();
  const rows = await db.select({ slug: tenants.slug, databaseUrl: tenants.databaseUrl }).from(tenants);
  for (const row of rows) await migrateTenant(row.slug, row.databaseUrl);
  return rows.map((r) => r.slug);
}
