/**
 * `npm run bench:uploads [n]`: storing and reading a 1 MB image in each upload store of
 * app/modules/assets/storage.server.ts: the local folder, an embedded tenant database and a tenant
 * database on sqld (started here with tests/support/sqld.ts). "again" reads one file read before:
 * the database store keeps what it read in memory. The figures are in ADR 0037.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSqld } from "../support/sqld";

const N = Number(process.argv[2] ?? 30);
const SIZE = 1024 * 1024;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-bench-"));
process.env.DATA_DIR = dir;
process.env.SEED_DEMO = "false";
process.env.PARTYKIT_DISABLED = "true";
const sqld = await startSqld();
process.env.TENANT_DATABASE_ADMIN_URL = sqld.adminUrl;

const { migrateCatalog } = await import("~db/migrate");
const { createTenant } = await import("~/modules/tenants/tenants.server");
const { diskStorage, databaseStorage } = await import("~/modules/assets/storage.server");
const { closeTenantDbs } = await import("~db/tenant/client");
const { closeCatalog } = await import("~db/catalog/client");

const image = new Uint8Array(SIZE);
for (let i = 0; i < SIZE; i++) image[i] = (i * 31 + (i >> 10)) & 0xff;
image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
const ms = (n: number) => n.toFixed(2).padStart(8);

/** Each call's time in ms, one after another, sorted. */
async function timed<T>(items: T[], run: (item: T) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (const item of items) {
    const started = performance.now();
    await run(item);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

try {
  await migrateCatalog();
  const embedded = await createTenant({ slug: "embedded", name: "Embedded", adminEmail: "a@embedded.test" });
  const server = await createTenant({
    slug: "server",
    name: "Server",
    adminEmail: "a@server.test",
    databaseUrl: sqld.tenantUrlTemplate.replace("{tenant}", "server"),
  });
  const cases = [
    { name: "local folder (embedded default)", storage: diskStorage, tenant: embedded },
    { name: "embedded tenant database", storage: databaseStorage, tenant: embedded },
    { name: "tenant database on sqld (server default)", storage: databaseStorage, tenant: server },
  ];
  console.log(`A ${SIZE / 1024} KB image: ${N} files written, each read once, then one read ${N} times again (ms):`);
  console.log(`${"store".padEnd(42)} write p50   read p50   read p95  again p50`);
  for (const { name, storage, tenant } of cases) {
    const keys = Array.from({ length: N }, () => `${randomUUID()}.png`);
    const writes = await timed(keys, (key) => storage.put(tenant, key, image));
    const first = await storage.get(tenant, keys[0]!);
    if (!first || Buffer.compare(Buffer.from(first), Buffer.from(image)) !== 0)
      throw new Error(`${name}: bytes differ`);
    const reads = await timed(keys.slice(1), (key) => storage.get(tenant, key));
    const again = await timed(keys, () => storage.get(tenant, keys[0]!));
    console.log(
      `${name.padEnd(42)} ${ms(quantile(writes, 0.5))}   ${ms(quantile(reads, 0.5))}   ${ms(quantile(reads, 0.95))}   ${ms(quantile(again, 0.5))}`,
    );
  }
} finally {
  await closeTenantDbs();
  await closeCatalog();
  await sqld.stop();
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
