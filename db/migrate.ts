import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/libsql/migrator";
import { catalog } from "./catalog/client";
import { tenants } from "./catalog/schema";
import { tenantDb } from "./tenant/client";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const CATALOG_MIGRATIONS = path.join(root, "migrations", "catalog");
export const TENANT_MIGRATIONS = path.join(root, "migrations", "tenant");

export async function migrateCatalog(): Promise<void> {
  const { db, writes } = await catalog();
  await writes.run(() => migrate(db, { migrationsFolder: CATALOG_MIGRATIONS }));
}

export async function migrateTenant(slug: string, explicitUrl?: string | null): Promise<void> {
  const tenant = await tenantDb(slug, explicitUrl);
  await migrate(tenant.db, { migrationsFolder: TENANT_MIGRATIONS });
}

/** Brings the catalog and every tenant database to the latest schema. Returns the tenant slugs. */
export async function migrateAll(): Promise<string[]> {
  await migrateCatalog();
  const { db } = await catalog();
  const rows = await db.select({ slug: tenants.slug, databaseUrl: tenants.databaseUrl }).from(tenants);
  for (const row of rows) await migrateTenant(row.slug, row.databaseUrl);
  return rows.map((r) => r.slug);
}
