import path from "node:path";
import { createClient } from "@libsql/client";
import type { Role } from "~/lib/permissions";
import { ensureStaffUser } from "./seed";
import type { Account } from "./session";

export type { Role };

/** The demo tenant's database file of this run, for specs that read what the screens wrote (the server and the tests share E2E_DATA_DIR). */
export function demoDatabase() {
  return createClient({ url: `file:${path.join(process.env.E2E_DATA_DIR!, "tenants", "demo.db")}` });
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
