import { parseArgs } from "node:util";
import { isAppError } from "~/lib/app-error";
import { createTenant } from "~/modules/tenants/index.server";
import { closeCatalog } from "~db/catalog/client";
import { tenantDatabaseUrl } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { closeTenantDbs } from "~db/tenant/client";

// npm run tenant:create -- --slug <slug> --name "<name>" --admin <email>
const { values } = parseArgs({
  options: {
    slug: { type: "string" },
    name: { type: "string" },
    admin: { type: "string" },
    "admin-name": { type: "string" },
    "time-zone": { type: "string" },
  },
});

if (!values.slug || !values.name || !values.admin) {
  console.error(
    'Usage: npm run tenant:create -- --slug <slug> --name "<name>" --admin <email> [--admin-name "<name>"] [--time-zone Europe/Brussels]',
  );
  process.exit(2);
}

let exitCode = 0;
try {
  await migrateCatalog();
  const tenant = await createTenant({
    slug: values.slug,
    name: values.name,
    adminEmail: values.admin,
    adminName: values["admin-name"],
    timeZone: values["time-zone"],
  });
  console.log(
    `Created tenant "${tenant.slug}" (${tenant.name}) in ${tenantDatabaseUrl(tenant.slug, tenant.databaseUrl)}.`,
  );
  console.log(`Its dates are planned and shown in ${tenant.settings.timeZone}.`);
  console.log(`Its manager ${values.admin} can sign in at /admin with organisation "${tenant.slug}".`);
} catch (error) {
  exitCode = 1;
  if (isAppError(error)) console.error(`Error: ${error.message}`);
  else console.error(error);
} finally {
  await closeTenantDbs();
  await closeCatalog();
}
process.exit(exitCode);
