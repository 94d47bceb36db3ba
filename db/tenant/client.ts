import type { Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { tenantDatabaseUrl } from "../config";
import { openClient, WriteQueue } from "../connection";
import * as schema from "./schema";

export type TenantSchema = typeof schema;
export type TenantDrizzle = LibSQLDatabase<TenantSchema> & { $client: Client };
export type TenantTx = Parameters<Parameters<TenantDrizzle["transaction"]>[0]>[0];

/**
 * A tenant's database: `db` for reads, `write(fn)` for every change. `write` runs `fn` in one
 * transaction, queued behind the tenant's other writes, so concurrent requests never hit SQLITE_BUSY.
 */
export type TenantDb = {
  slug: string;
  db: TenantDrizzle;
  write<T>(work: (tx: TenantTx) => Promise<T>): Promise<T>;
};

const open = new Map<string, Promise<TenantDb>>();

export function tenantDb(slug: string, explicitUrl?: string | null): Promise<TenantDb> {
  const url = tenantDatabaseUrl(slug, explicitUrl);
  const key = `${slug}|${url}`;
  let existing = open.get(key);
  if (!existing) {
    existing = (async () => {
      const client = await openClient(url, process.env.TENANT_DATABASE_AUTH_TOKEN);
      const db = drizzle(client, { schema }) as TenantDrizzle;
      const queue = new WriteQueue();
      return {
        slug,
        db,
        write: (work) => queue.run(() => db.transaction(work)),
      } satisfies TenantDb;
    })();
    existing.catch(() => open.delete(key));
    open.set(key, existing);
  }
  return existing;
}

/** Closes every open tenant database (tests, shutdown). */
export async function closeTenantDbs(): Promise<void> {
  const all = [...open.values()];
  open.clear();
  for (const pending of all) {
    try {
      (await pending).db.$client.close();
    } catch {
      /* already failed to open */
    }
  }
}
