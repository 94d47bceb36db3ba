import { eq } from "drizzle-orm";
import { newId } from "~/lib/ids.server";
import { createTenant, findTenant, listTenants, openTenant } from "~/modules/tenants/index.server";
import { participants, workspaces } from "~db/tenant/schema";
import { migrateCatalog } from "~db/migrate";
import { settings } from "~settings/settings.server";
import { seedDemoCircuit } from "./demo-circuit";

export const DEMO = {
  slug: "demo",
  name: "Demo Organisation",
  adminEmail: "admin@demo.test",
  participantEmail: "participant@demo.test",
};

/**
 * Adds the demo tenant with its manager and one participant, and its ready circuit
 * (demo-circuit.ts). Again, it adds only what is missing.
 */
export async function seedDemoTenant(): Promise<void> {
  const tenant = (await findTenant(DEMO.slug)) ?? (await createDemoTenant());
  await seedDemoCircuit(tenant, DEMO.adminEmail);
}

async function createDemoTenant() {
  const tenant = await createTenant({
    slug: DEMO.slug,
    name: DEMO.name,
    adminEmail: DEMO.adminEmail,
    adminName: "Demo Admin",
  });
  const tdb = await openTenant(tenant);
  await tdb.write(async (tx) => {
    const workspace = await tx.select().from(workspaces).where(eq(workspaces.workspaceType, "ORGANIZATION")).get();
    const now = new Date();
    await tx.insert(participants).values({
      id: newId(),
      workspaceId: workspace!.id,
      name: "Demo Participant",
      email: DEMO.participantEmail,
      nameLower: "demo participant",
      emailLower: DEMO.participantEmail,
      createdAt: now,
      updatedAt: now,
    });
  });
  return tenant;
}

/**
 * Start-up: migrate the catalog only (each tenant database is migrated when first opened, so
 * start-up does not grow with the number of organisations); on an empty DATA_DIR (no tenants at
 * all) create the demo tenant. Returns whether the demo was created.
 */
export async function bootstrap(): Promise<{ tenants: string[]; demoCreated: boolean }> {
  await migrateCatalog();
  const tenants = (await listTenants()).map((t) => t.slug);
  if (tenants.length === 0 && settings().SEED_DEMO) {
    await seedDemoTenant();
    return { tenants: (await listTenants()).map((t) => t.slug), demoCreated: true };
  }
  return { tenants, demoCreated: false };
}
