// Run by tsx in a process of its own (tests/e2e/scale-out.spec.ts): migrates the catalog and adds the
// demo organisation on the databases the environment names. A Playwright worker that ran other
// specs before may keep their settings and catalog in memory, so this is not done in the worker.
import { closeCatalog } from "~db/catalog/client";
import { closeTenantDbs } from "~db/tenant/client";
import { bootstrap } from "~/server/bootstrap";

const { tenants } = await bootstrap();
await closeTenantDbs();
await closeCatalog();
console.log(JSON.stringify({ tenants }));
