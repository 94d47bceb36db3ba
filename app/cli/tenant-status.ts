import { parseArgs } from "node:util";
import { isAppError } from "~/lib/app-error";
import { setTenantStatus } from "~/modules/tenants/index.server";
import { closeCatalog } from "~db/catalog/client";
import { migrateCatalog } from "~db/migrate";

// npm run tenant:disable -- --slug <slug>   |   npm run tenant:enable -- --slug <slug>
// Disabling keeps every byte of the tenant's data; its staff and participants are told at sign-in.
const { values, positionals } = parseArgs({ options: { slug: { type: "string" } }, allowPositionals: true });
const action = positionals[0];

if (!values.slug || (action !== "disable" && action !== "enable")) {
  console.error("Usage: npm run tenant:disable -- --slug <slug>   or   npm run tenant:enable -- --slug <slug>");
  process.exit(2);
}

let exitCode = 0;
try {
  await migrateCatalog();
  const row = await setTenantStatus(values.slug, action === "disable" ? "SUSPENDED" : "ACTIVE");
  console.log(`Tenant "${row.slug}" is now ${row.status === "ACTIVE" ? "enabled" : "disabled (its data is kept)"}.`);
} catch (error) {
  exitCode = 1;
  if (isAppError(error)) console.error(`Error: ${error.message}`);
  else console.error(error);
} finally {
  await closeCatalog();
}
process.exit(exitCode);
