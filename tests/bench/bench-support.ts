/**
 * What the benchmarks share: the raw insert baseline and an organisation with its manager's module
 * context. The app's modules are imported when called, after the benchmark has set DATA_DIR.
 */
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { openClient } from "~db/connection";
import type { Sqld } from "../support/sqld";

/**
 * Raw single-row inserts, one transaction each, into a fresh WAL file database in `dir`: the write
 * ceiling. With `sqld`, into a fresh namespace of that server instead, over HTTP as the app reaches it.
 */
export async function rawInsertRate(dir: string, seconds = 3, sqld?: Sqld): Promise<number> {
  let client: Client;
  if (sqld) {
    const created = await fetch(`${sqld.adminUrl}/v1/namespaces/raw-inserts/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    if (!created.ok) throw new Error(`sqld refused the namespace: ${created.status} ${await created.text()}`);
    client = await openClient(sqld.tenantUrlTemplate.replace("{tenant}", "raw-inserts"));
  } else {
    client = createClient({ url: `file:${path.join(dir, "raw.db")}` });
    await client.execute("PRAGMA journal_mode = WAL");
  }
  await client.execute("CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT, created_at INTEGER)");
  const started = performance.now();
  let n = 0;
  while (performance.now() - started < seconds * 1000) {
    // A one-statement batch is one write transaction (BEGIN IMMEDIATE … COMMIT) on the same connection.
    await client.batch(
      [{ sql: "INSERT INTO t VALUES (?, ?, ?)", args: [`row-${n}`, `Row ${n}`, Date.now()] }],
      "write",
    );
    n++;
  }
  const rate = n / ((performance.now() - started) / 1000);
  client.close();
  return rate;
}

/** A new organisation (catalog migrated first) and a module context for its manager. */
export async function benchOrganization(slug: string, name: string) {
  const { migrateCatalog } = await import("~db/migrate");
  const { createTenant, openTenant } = await import("~/modules/tenants/tenants.server");
  const { permissionsForRoles } = await import("~/lib/permissions");
  const { staffUsers } = await import("~db/tenant/schema");

  await migrateCatalog();
  const tenant = await createTenant({ slug, name, adminEmail: `boss@${slug}.test` });
  const tdb = await openTenant(tenant);
  const boss = (await tdb.db.select().from(staffUsers).get())!;
  const ctx = {
    tenant,
    tdb,
    actor: {
      type: "ADMIN" as const,
      userId: boss.id,
      email: boss.email,
      name: boss.name,
      roles: ["ORGANIZATION_MANAGER" as const],
    },
    permissions: permissionsForRoles(["ORGANIZATION_MANAGER"]),
    locale: "en-us" as const,
    t: ((key: string) => key) as never, // translations load through Vite; messages are not read here
    clientAddress: "127.0.0.1",
  };
  return { tenant, tdb, boss, ctx };
}
