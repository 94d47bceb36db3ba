import fs from "node:fs";
import path from "node:path";
import { dataDir, tenantDatabaseUrl } from "~db/config";
import { namespaceOf } from "~db/namespaces";
import { tenantDb } from "~db/tenant/client";
import { uploadFiles } from "~db/tenant/schema";

// What a test needs to see of a tenant's database below the app, as an embedded file or as a sqld
// namespace (the "sqld" Vitest project, vitest.config.ts).

/** True in the "sqld" project: databases are namespaces of a sqld, made through its admin API. */
export const onSqld = (): boolean => !!process.env.TENANT_DATABASE_ADMIN_URL;

const fileOf = (url: string) => url.slice("file:".length);

function namespaceAddress(slug: string): string {
  const namespace = namespaceOf(tenantDatabaseUrl(slug));
  if (!namespace) throw new Error(`no namespace in ${tenantDatabaseUrl(slug)}`);
  return `${process.env.TENANT_DATABASE_ADMIN_URL}/v1/namespaces/${namespace}`;
}

/** Whether the tenant's database exists: its file, or its namespace on the sqld. */
export async function tenantDatabaseExists(slug: string): Promise<boolean> {
  const url = tenantDatabaseUrl(slug);
  if (url.startsWith("file:")) return fs.existsSync(fileOf(url));
  const response = await fetch(`${namespaceAddress(slug)}/config`);
  await response.arrayBuffer();
  return response.ok;
}

/** Removes the tenant's database (its file with WAL and index, or its namespace) below the app. */
export async function removeTenantDatabase(slug: string): Promise<void> {
  const url = tenantDatabaseUrl(slug);
  if (url.startsWith("file:")) {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(fileOf(url) + suffix, { force: true });
    return;
  }
  const response = await fetch(namespaceAddress(slug), { method: "DELETE" });
  if (!response.ok) throw new Error(`could not delete the namespace: ${response.status} ${await response.text()}`);
}

/** The keys of the tenant's uploads, as its store holds them: files in DATA_DIR/uploads/<slug>/, or rows of its database. */
export async function storedUploads(slug: string): Promise<string[]> {
  if (tenantDatabaseUrl(slug).startsWith("file:")) {
    try {
      return fs.readdirSync(path.join(dataDir(), "uploads", slug)).sort();
    } catch {
      return [];
    }
  }
  const tdb = await tenantDb(slug);
  return (await tdb.db.select({ key: uploadFiles.key }).from(uploadFiles).orderBy(uploadFiles.key)).map((r) => r.key);
}
