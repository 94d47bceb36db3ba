import type { Client } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { catalogDatabaseUrl } from "../config";
import { openClient, WriteQueue } from "../connection";
import { ensureNamespace } from "../namespaces";
import * as schema from "./schema";
import { settings } from "../../settings/settings.server";

export type CatalogDb = LibSQLDatabase<typeof schema> & { $client: Client };

type CatalogHandle = { url: string; db: CatalogDb; writes: WriteQueue };
let handle: Promise<CatalogHandle> | null = null;

/**
 * The catalog database (list of tenants). Reopened if CATALOG_DATABASE_URL/DATA_DIR changes (tests).
 * On a sqld with TENANT_DATABASE_ADMIN_URL its namespace is created on first open when missing.
 */
export async function catalog(): Promise<CatalogHandle> {
  const url = catalogDatabaseUrl();
  if (handle) {
    const current = await handle;
    if (current.url === url) return current;
    current.db.$client.close();
  }
  const opening = (async () => {
    await ensureNamespace(url);
    const client = await openClient(url, settings().CATALOG_DATABASE_AUTH_TOKEN);
    return { url, db: drizzle(client, { schema }) as CatalogDb, writes: new WriteQueue() };
  })();
  handle = opening;
  // A failed open (sqld not answering yet) is tried again by the next caller.
  opening.catch(() => {
    if (handle === opening) handle = null;
  });
  return opening;
}

export async function closeCatalog(): Promise<void> {
  if (!handle) return;
  const current = await handle.catch(() => null);
  handle = null;
  current?.db.$client.close();
}
