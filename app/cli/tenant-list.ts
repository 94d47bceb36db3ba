import { closeCatalog } from "~db/catalog/client";
import { tenantDatabaseUrl } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { listTenants } from "~/modules/tenants/index.server";

// npm run tenant:list: every organisation with its status, time zone and database.
let exitCode = 0;
try {
  await migrateCatalog();
  const rows = await listTenants();
  if (rows.length === 0) console.log("No tenants yet. Create one with npm run tenant:create.");
  for (const row of rows) {
    console.log(
      [
        row.slug,
        row.status,
        JSON.stringify(row.name),
        row.settings.timeZone ?? "-",
        tenantDatabaseUrl(row.slug, row.databaseUrl),
      ].join("\t"),
    );
  }
} catch (error) {
  exitCode = 1;
  console.error(error);
} finally {
  await closeCatalog();
}
process.exit(exitCode);
