import { closeCatalog } from "~db/catalog/client";
import { closeTenantDbs } from "~db/tenant/client";
import { migrateAll } from "~db/migrate";

// `npm run db:migrate`: applies pending migrations to the catalog and every tenant database.
const tenants = await migrateAll();
console.log(
  `Migrated the catalog and ${tenants.length} tenant database(s)${tenants.length ? `: ${tenants.join(", ")}` : ""}.`,
);
await closeTenantDbs();
await closeCatalog();
