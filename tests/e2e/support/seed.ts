import { eq } from "drizzle-orm";
import { staffUsers } from "~db/tenant/schema";
import type { TenantDb } from "~db/tenant/client";
import type { Ctx } from "~/lib/context.server";
import { permissionsForRoles } from "~/lib/permissions";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { closeCatalog } from "~db/catalog/client";
import { closeTenantDbs } from "~db/tenant/client";
import { forgetSettings } from "~settings/settings.server";
import { createStaffUserInTenant, findStaffUser, type StaffUserInput } from "~/modules/staff/staff-users.server";

// Specs seed through the product's own module functions (the Epic Stack's model), in the test's
// own process: the server under test shares the tenant databases by file, so a schema change
// breaks the seeding where the product's code breaks, at type-check time.

/** The databases the product's code in this process was last pointed at (DATA_DIR and the server settings). */
let using: string | null = null;

/**
 * Points the product's database code at the run's DATA_DIR, or at the databases a spec's own
 * servers use: TENANT_DATABASE_URL and CATALOG_DATABASE_URL in process.env (a sqld,
 * scale-out.spec.ts). Read on every call: a spec that runs a server of its own
 * (live-participant-restart) points E2E_DATA_DIR at that server's DATA_DIR.
 */
export async function useRunDataDir(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the end-to-end tests with `npm run test:e2e`.");
  const where = [dataDir, process.env.TENANT_DATABASE_URL ?? "", process.env.CATALOG_DATABASE_URL ?? ""].join("|");
  if (process.env.DATA_DIR === dataDir && where === using) return;
  // Other databases: the settings are read once and the databases stay open, so both start
  // over (else the catalog and tenant clients of the previous ones would answer).
  process.env.DATA_DIR = dataDir;
  using = where;
  forgetSettings();
  await closeTenantDbs();
  await closeCatalog();
}

/** A tenant's database in this run's DATA_DIR. */
export async function tenantDatabase(tenant: string): Promise<TenantDb> {
  await useRunDataDir();
  return openTenant(await requireTenant(tenant));
}

/**
 * A module context acting as an existing staff member of a tenant (by default the demo tenant's
 * manager, admin@demo.test, who owns what the demo data holds).
 */
export async function staffCtx(email = "admin@demo.test", tenant = "demo"): Promise<Ctx> {
  await useRunDataDir();
  const row = await requireTenant(tenant);
  const tdb = await openTenant(row);
  const found = await tdb.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email.toLowerCase()))
    .get();
  const user = found && (await findStaffUser(tdb, found.id));
  if (!user) throw new Error(`No staff member ${email} in ${tenant}`);
  return {
    tenant: row,
    tdb,
    actor: { type: "ADMIN", userId: user.id, email: user.email, name: user.name, roles: user.roles },
    permissions: permissionsForRoles(user.roles),
    locale: "en-us",
    // Messages are not read when seeding (and the translations load through Vite only).
    t: ((key: string) => key) as unknown as Ctx["t"],
    clientAddress: "127.0.0.1",
  };
}

/** A staff member made as tenant creation and user management make one (roles and a private workspace); idempotent. */
export async function ensureStaffUser(tenant: string, input: StaffUserInput): Promise<void> {
  const tdb = await tenantDatabase(tenant);
  const existing = await tdb.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, input.email.toLowerCase()))
    .get();
  if (!existing) await createStaffUserInTenant(tdb, input);
}
