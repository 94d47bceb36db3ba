import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { LibSQLDatabase } from "drizzle-orm/libsql";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const TENANT_MIGRATIONS = path.join(root, "migrations", "tenant");

let newestMigration: number | null = null;

/** The newest migration's timestamp, read from the journal once per process. */
function newestTenantMigration(): number {
  newestMigration ??= Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder: TENANT_MIGRATIONS }).map((m) => m.folderMillis),
  );
  return newestMigration;
}

/**
 * Brings one tenant database to the latest schema. A database that is already current costs one
 * small read (no migration files are read again), so it can run whenever a database is opened:
 * start-up never has to visit every tenant (ADR 0013).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the migrator only runs SQL
export async function migrateTenantDatabase(db: LibSQLDatabase<any>): Promise<void> {
  const newest = newestTenantMigration();
  try {
    const rows = await db.values<[number | string]>(
      sql`SELECT created_at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    if (rows.length && Number(rows[0]![0]) >= newest) return;
  } catch {
    // No migrations table yet: a new database.
  }
  await migrate(db, { migrationsFolder: TENANT_MIGRATIONS });
}
