import { closeCatalog } from "../catalog/client";
import { closeTenantDbs } from "../tenant/client";
import { migrateAll } from "../migrate";

// `npm run db:migrate`: applies pending migrations to the catalog and every tenant database.
const tenants = await migrateAll();
console.log(`Migrated the catalog and ${tenants.length} tenant database(s)${tenants.length ? `: ${tenants.join(", ")}` : ""}.`);
await closeTenantDbs();
await closeCatalog();
