// Run by tenant-files.test.ts in its own process under a low open-file limit: provisions N
// organisations in a row (the bench's createTenant loop) and prints the files it holds at the end.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "provision-many-"));
process.env.TENANT_DB_CLOSE_DELAY_MS = "1000";
const n = Number(process.argv[2] ?? 150);
const { migrateCatalog } = await import("~db/migrate");
const { createTenant } = await import("~/modules/tenants/tenants.server");
const { maxOpenTenantDbs } = await import("~db/tenant/client");
try {
  await migrateCatalog();
  for (let i = 0; i < n; i++)
    await createTenant({ slug: `many-${i}`, name: `Many ${i}`, adminEmail: `boss@many-${i}.test` });
  console.log(
    JSON.stringify({ provisioned: n, files: fs.readdirSync("/proc/self/fd").length, pool: maxOpenTenantDbs() }),
  );
} finally {
  fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
}
process.exit(0);
