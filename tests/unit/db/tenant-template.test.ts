import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { dataDir, tenantDatabaseUrl } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { tenantDb } from "~db/tenant/client";
import { TENANT_MIGRATIONS } from "~db/tenant/migrations";
import { staffUsers, workspaces } from "~db/tenant/schema";
import {
  ensureTenantTemplate,
  provisionTenantFile,
  tenantMigrationsHash,
  tenantTemplatePath,
} from "~db/tenant/template";
import { createTenant } from "~/modules/tenants/tenants.server";

// A new organisation's database file is a copy of a migrated template (ADR 0019): it must be the
// same database a from-scratch migration makes, and provisioning must never replace a file.

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "tenant-template-"));
const clients: Client[] = [];
afterAll(() => {
  for (const client of clients) client.close();
  fs.rmSync(scratch, { recursive: true, force: true });
});

function open(file: string): Client {
  const client = createClient({ url: `file:${file}` });
  clients.push(client);
  return client;
}

async function schemaOf(client: Client) {
  const result = await client.execute("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name");
  return result.rows.map((row) => ({ ...row }));
}

const tenantFile = (slug: string) => tenantDatabaseUrl(slug).slice("file:".length);

describe("tenant template", () => {
  it("provisions a tenant whose database has the schema of one migrated from scratch", async () => {
    await migrateCatalog();
    const row = await createTenant({
      slug: "from-template",
      name: "From template",
      adminEmail: "boss@from-template.test",
    });
    expect(fs.existsSync(tenantTemplatePath())).toBe(true);
    expect(path.dirname(tenantTemplatePath())).toBe(path.join(dataDir(), "templates"));

    const migrated = open(path.join(scratch, "from-scratch.db"));
    await migrate(drizzle(migrated), { migrationsFolder: TENANT_MIGRATIONS });
    const provisioned = (await tenantDb(row.slug)).db.$client;
    const expected = await schemaOf(migrated);
    expect(expected.filter((r) => r.type === "table").length).toBeGreaterThan(10);
    expect(await schemaOf(provisioned)).toEqual(expected);

    // The template is one complete file: no journal or WAL beside it, no temporary file left.
    expect(fs.readdirSync(path.dirname(tenantTemplatePath()))).toEqual([path.basename(tenantTemplatePath())]);
  });

  it("lists every migration as applied and keeps the pool's settings on the copy", async () => {
    await migrateCatalog();
    const row = await createTenant({ slug: "applied", name: "Applied", adminEmail: "boss@applied.test" });
    const tdb = await tenantDb(row.slug);
    const applied = await tdb.db.$client.execute(
      "SELECT hash, created_at FROM __drizzle_migrations ORDER BY created_at",
    );
    const expected = readMigrationFiles({ migrationsFolder: TENANT_MIGRATIONS });
    expect(applied.rows.map((r) => [r.hash, Number(r.created_at)])).toEqual(
      expected.map((m) => [m.hash, m.folderMillis]),
    );

    expect((await tdb.db.$client.execute("PRAGMA journal_mode")).rows[0]![0]).toBe("wal");
    expect((await tdb.db.$client.execute("PRAGMA foreign_keys")).rows[0]![0]).toBe(1);
    expect(fs.existsSync(`${tenantFile(row.slug)}-wal`)).toBe(true);
    // The template itself stays a plain rollback-journal file.
    expect((await open(tenantTemplatePath()).execute("PRAGMA journal_mode")).rows[0]![0]).toBe("delete");
  });

  it("creates two organisations at once", async () => {
    await migrateCatalog();
    const [a, b] = await Promise.all([
      createTenant({ slug: "twin-a", name: "Twin A", adminEmail: "boss@twin-a.test" }),
      createTenant({ slug: "twin-b", name: "Twin B", adminEmail: "boss@twin-b.test" }),
    ]);
    for (const row of [a, b]) {
      const tdb = await tenantDb(row.slug);
      expect((await tdb.db.select().from(staffUsers)).map((u) => u.email)).toEqual([`boss@${row.slug}.test`]);
      expect(
        (await tdb.db.select().from(workspaces)).filter((w) => w.workspaceType === "ORGANIZATION").map((w) => w.name),
      ).toEqual([row.name]);
    }
  });

  it("builds the template once when asked twice at once, in a new DATA_DIR", async () => {
    const previous = process.env.DATA_DIR;
    process.env.DATA_DIR = path.join(scratch, "fresh-data");
    try {
      const builds = [ensureTenantTemplate(), ensureTenantTemplate()] as const;
      expect(builds[1]).toBe(builds[0]); // the second caller waits for the first one's build
      const [first] = await Promise.all(builds);
      expect(first).toBe(tenantTemplatePath());
      expect(fs.readdirSync(path.dirname(first))).toEqual([path.basename(first)]);
    } finally {
      process.env.DATA_DIR = previous;
    }
  });

  it("builds the template again when it was deleted while the process runs", async () => {
    await migrateCatalog();
    await createTenant({ slug: "before-delete", name: "Before", adminEmail: "boss@before-delete.test" });
    fs.rmSync(path.dirname(tenantTemplatePath()), { recursive: true, force: true });
    const row = await createTenant({ slug: "after-delete", name: "After", adminEmail: "boss@after-delete.test" });
    expect(fs.existsSync(tenantTemplatePath())).toBe(true);
    expect((await (await tenantDb(row.slug)).db.select().from(staffUsers)).map((u) => u.email)).toEqual([
      "boss@after-delete.test",
    ]);
  });

  it("never replaces an existing tenant file", async () => {
    const file = tenantFile("already-there");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const existing = open(file);
    await existing.execute("CREATE TABLE marker (note TEXT)");
    await existing.execute("INSERT INTO marker VALUES ('kept')");
    existing.close();

    expect(await provisionTenantFile(`file:${file}`)).toBe("kept");
    await migrateCatalog();
    const row = await createTenant({
      slug: "already-there",
      name: "Already there",
      adminEmail: "boss@already-there.test",
    });
    const tdb = await tenantDb(row.slug);
    expect((await tdb.db.$client.execute("SELECT note FROM marker")).rows.map((r) => r.note)).toEqual(["kept"]);
    // Still migrated on open, as before templates.
    expect((await tdb.db.select().from(staffUsers)).map((u) => u.email)).toEqual(["boss@already-there.test"]);
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("leaves database servers to their first-open migration", async () => {
    expect(await provisionTenantFile("libsql://acme-org.turso.io")).toBe("remote");
  });

  it("makes a new template when the migration set changes", () => {
    const copy = path.join(scratch, "migrations");
    fs.cpSync(TENANT_MIGRATIONS, copy, { recursive: true });
    const current = tenantMigrationsHash(TENANT_MIGRATIONS);
    expect(tenantMigrationsHash(copy)).toBe(current);

    // One more migration in the journal.
    const added = path.join(scratch, "added");
    fs.cpSync(TENANT_MIGRATIONS, added, { recursive: true });
    const journalFile = path.join(added, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
      entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[];
    };
    const last = journal.entries.at(-1)!;
    journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_new_table" });
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.writeFileSync(
      path.join(added, "9999_new_table.sql"),
      "CREATE TABLE `new_table` (`id` text PRIMARY KEY NOT NULL);",
    );
    expect(tenantMigrationsHash(added)).not.toBe(current);

    // The same journal, one migration's SQL changed.
    const edited = path.join(scratch, "edited");
    fs.cpSync(TENANT_MIGRATIONS, edited, { recursive: true });
    const sqlFile = path.join(edited, `${journal.entries[0]!.tag}.sql`);
    fs.appendFileSync(sqlFile, "\n--> statement-breakpoint\nCREATE TABLE `extra` (`id` text);");
    expect(tenantMigrationsHash(edited)).not.toBe(current);

    expect(tenantTemplatePath(tenantMigrationsHash(added))).not.toBe(tenantTemplatePath(current));
  });
});
