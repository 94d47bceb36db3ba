import type { Client } from "@libsql/client";
import { openClient } from "~db/connection";
import { tenantDatabaseUrl } from "~db/config";
import type { Role } from "~/lib/permissions";
import { requireTenant } from "~/modules/tenants/tenants.server";
import { ensureStaffUser, useRunDataDir } from "./seed";
import type { Account } from "./session";

export type { Role };

/**
 * A client of the demo tenant's database of this run, for specs that read what the screens wrote:
 * the file in E2E_DATA_DIR, or its sqld namespace when a spec's servers run on one (the server and
 * the tests share the databases). The caller closes it.
 */
export async function demoDatabase(): Promise<Client> {
  await useRunDataDir();
  const tenant = await requireTenant("demo");
  return openClient(tenantDatabaseUrl(tenant.slug, tenant.databaseUrl));
}

/**
 * A staff member of the demo tenant for one spec, made as user management makes one. Each spec
 * signs in as its own account because the login rate limit (5 codes per identifier per 15
 * minutes) would otherwise be shared by the whole run. Idempotent, so a retried test finds the
 * account it made before.
 */
export async function demoStaffAccount(email: string, name: string, role: Role): Promise<Account> {
  await ensureStaffUser("demo", { email, name, roles: [role] });
  return { tenant: "demo", email };
}
