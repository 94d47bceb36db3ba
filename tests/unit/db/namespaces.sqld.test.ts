import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { catalog, closeCatalog } from "~db/catalog/client";
import { catalogDatabaseUrl, tenantDatabaseUrl } from "~db/config";
import { openClient } from "~db/connection";
import { migrateCatalog } from "~db/migrate";
import { ensureNamespace, NamespaceError, namespaceOf } from "~db/namespaces";
import { tenantDb } from "~db/tenant/client";
import { TENANT_MIGRATIONS } from "~db/tenant/migrations";
import { staffUsers } from "~db/tenant/schema";
import { createTenant, findTenant } from "~/modules/tenants/tenants.server";
import { startSqld } from "../../support/sqld";
import { tenantDatabaseExists } from "../support/databases";

// Only in the "sqld" project (vitest.config.ts): the catalog and every tenant are namespaces of
// the run's sqld, created through its admin API (TENANT_DATABASE_ADMIN_URL).

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "namespaces-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

async function schemaOf(url: string) {
  const client = url.startsWith("file:") ? createClient({ url }) : await openClient(url);
  try {
    const result = await client.execute(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'libsql_%' AND name NOT LIKE 'sqlite_%' ORDER BY type, name",
    );
    return result.rows.map((row) => ({ ...row }));
  } finally {
    client.close();
  }
}

describe("tenant databases on sqld namespaces", () => {
  it("provisions a tenant in a namespace of its own, migrated on first open like a file from scratch", async () => {
    await migrateCatalog();
    expect(await tenantDatabaseExists("ns-new")).toBe(false);
    const row = await createTenant({ slug: "ns-new", name: "New", adminEmail: "boss@ns-new.test" });
    expect(await tenantDatabaseExists("ns-new")).toBe(true);
    expect(namespaceOf(tenantDatabaseUrl(row.slug))).toMatch(/^f[0-9a-f]{8}-ns-new$/);
    const tdb = await tenantDb(row.slug);
    expect((await tdb.db.select().from(staffUsers)).map((u) => u.email)).toEqual(["boss@ns-new.test"]);

    const file = `file:${path.join(scratch, "from-scratch.db")}`;
    const migrated = createClient({ url: file });
    await migrate(drizzle(migrated), { migrationsFolder: TENANT_MIGRATIONS });
    migrated.close();
    const expected = await schemaOf(file);
    expect(expected.filter((r) => r.type === "table").length).toBeGreaterThan(10);
    expect(await schemaOf(tenantDatabaseUrl(row.slug))).toEqual(expected);
  });

  it("takes a namespace that exists already (provisioning again) and creates the catalog's on first open", async () => {
    const url = tenantDatabaseUrl("ns-again");
    expect(await ensureNamespace(url)).toBe("created");
    expect(await ensureNamespace(url)).toBe("exists");
    await migrateCatalog();
    await createTenant({ slug: "ns-again", name: "Again", adminEmail: "boss@ns-again.test" });
    expect((await (await tenantDb("ns-again")).db.select().from(staffUsers)).map((u) => u.email)).toEqual([
      "boss@ns-again.test",
    ]);

    const previous = process.env.CATALOG_DATABASE_URL!;
    process.env.CATALOG_DATABASE_URL = previous.replace("-catalog.", "-other-catalog.");
    try {
      await migrateCatalog();
      expect(namespaceOf(catalogDatabaseUrl())).toMatch(/-other-catalog$/);
      const { db } = await catalog();
      expect((await db.$client.execute("SELECT count(*) AS n FROM tenants")).rows[0]!.n).toBe(0);
    } finally {
      await closeCatalog();
      process.env.CATALOG_DATABASE_URL = previous;
    }
  });

  it("refuses clearly when sqld's admin API cannot create the namespace, and keeps no catalog row", async () => {
    await migrateCatalog();
    const admin = process.env.TENANT_DATABASE_ADMIN_URL!;
    process.env.TENANT_DATABASE_ADMIN_URL = "http://127.0.0.1:9"; // nobody listens there
    try {
      const refused = createTenant({ slug: "ns-down", name: "Down", adminEmail: "boss@ns-down.test" });
      await expect(refused).rejects.toBeInstanceOf(NamespaceError);
      await expect(refused).rejects.toThrow(/namespace "f[0-9a-f]{8}-ns-down".*127\.0\.0\.1:9 did not answer/);
    } finally {
      process.env.TENANT_DATABASE_ADMIN_URL = admin;
    }
    expect(await findTenant("ns-down")).toBeNull();
    expect(await tenantDatabaseExists("ns-down")).toBe(false);

    // A URL whose host names no namespace cannot be provisioned either.
    await expect(
      createTenant({ slug: "ns-ip", name: "IP", adminEmail: "boss@ns-ip.test", databaseUrl: "http://127.0.0.1:1" }),
    ).rejects.toThrow(/names no sqld namespace/);
    expect(await findTenant("ns-ip")).toBeNull();
  });
});

describe("startSqld (tests/support/sqld.ts)", () => {
  it("restarts on the same ports with the data kept, after a clean stop and after a kill", async () => {
    const sqld = await startSqld();
    try {
      const admin = (name: string) =>
        fetch(`${sqld.adminUrl}/v1/namespaces/${name}/create`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        }).then((r) => r.status);
      expect(await admin("kept")).toBe(200);
      const url = sqld.tenantUrlTemplate.replace("{tenant}", "kept");
      const count = async () => {
        const client = await openClient(url);
        try {
          return Number((await client.execute("SELECT count(*) AS n FROM notes")).rows[0]!.n);
        } finally {
          client.close();
        }
      };
      const client = await openClient(url);
      await client.execute("CREATE TABLE notes (body TEXT)");
      await client.execute("INSERT INTO notes VALUES ('one')");
      client.close();

      const ports = [sqld.httpPort, sqld.adminPort];
      await sqld.restart({ downMs: 200 });
      expect(sqld.running()).toBe(true);
      expect([sqld.httpPort, sqld.adminPort]).toEqual(ports);
      expect(await count()).toBe(1);

      await sqld.restart({ signal: "SIGKILL" });
      expect(await count()).toBe(1);
      expect(sqld.env("p")).toEqual({
        TENANT_DATABASE_URL: `http://p-{tenant}.localhost:${sqld.httpPort}`,
        CATALOG_DATABASE_URL: `http://p-catalog.localhost:${sqld.httpPort}`,
        TENANT_DATABASE_ADMIN_URL: sqld.adminUrl,
      });
    } finally {
      await sqld.stop();
    }
    expect(fs.existsSync(sqld.dir)).toBe(false);
    expect(sqld.running()).toBe(false);
  });
});
