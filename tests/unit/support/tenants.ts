import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import { dataDir } from "~db/config";
import { migrateCatalog } from "~db/migrate";
import { staffUserRoles, staffUsers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";
import type { Locale } from "~/i18n/config";
import { permissionsForRoles, type Role } from "~/lib/permissions";
import { createTenant, openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { addParticipant as addParticipantAs } from "~/modules/databases/participants.server";
import { createStaffUserInTenant, findStaffUser } from "~/modules/staff/staff-users.server";
import { drainMailQueue } from "~/modules/mail/mail-queue.server";

let counter = 0;

/** A fresh tenant in its own database, with a manager. */
export async function makeTenant(slug = `t${process.pid}x${++counter}`, name = `Tenant ${slug}`) {
  await migrateCatalog();
  const row = await createTenant({ slug, name, adminEmail: `manager@${slug}.test`, adminName: "Manager" });
  return { tenant: row, tdb: await openTenant(row) };
}

/** A module context for a staff member with the given roles (created on the fly). */
export async function staffCtx(
  slug: string,
  roles: Role[] = ["ORGANIZATION_MANAGER"],
  locale: Locale = "en-us",
): Promise<Ctx> {
  const tenant = await requireTenant(slug);
  const tdb = await openTenant(tenant);
  const email = `${roles.join("-").toLowerCase()}-${++counter}@${slug}.test`;
  const user = await createStaffUserInTenant(tdb, { email, name: `User ${counter}`, roles });
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: user.id, email: user.email, name: user.name, roles: user.roles },
    permissions: permissionsForRoles(roles),
    locale,
    t: await getT(locale),
    clientAddress: "127.0.0.1",
  };
}

export async function managerOf(slug: string) {
  const tenant = await requireTenant(slug);
  const tdb = await openTenant(tenant);
  return tdb.db
    .select()
    .from(staffUsers)
    .where(eq(staffUsers.email, `manager@${slug}.test`))
    .get();
}

/** A module context acting as the tenant's first manager (tenant creation makes one). */
export async function managerCtx(slug: string, locale: Locale = "en-us"): Promise<Ctx> {
  const tenant = await requireTenant(slug);
  const tdb = await openTenant(tenant);
  const manager = await tdb.db
    .select({ id: staffUserRoles.userId })
    .from(staffUserRoles)
    .where(eq(staffUserRoles.role, "ORGANIZATION_MANAGER"))
    .orderBy(asc(staffUserRoles.userId))
    .get();
  const user = manager && (await findStaffUser(tdb, manager.id));
  if (!user) throw new Error(`${slug} has no manager`);
  return {
    tenant,
    tdb,
    actor: { type: "ADMIN", userId: user.id, email: user.email, name: user.name, roles: user.roles },
    permissions: permissionsForRoles(user.roles),
    locale,
    t: await getT(locale),
    clientAddress: "127.0.0.1",
  };
}

/** A participant of the tenant, added as the participants screen adds one (by the tenant's manager). */
export async function addParticipant(slug: string, email: string, name = "Pat Participant") {
  return (await addParticipantAs(await managerCtx(slug), { name, email }))._id;
}

/**
 * The newest outbox message to an address, the 6-digit code in it, and its file (attachments lie
 * beside it). Waits for queued mail (login codes go out after the answer) first.
 */
export async function lastMailTo(to: string): Promise<{
  subject: string;
  textBody: string;
  htmlBody: string;
  attachments: string[];
  code: string | null;
  file: string;
} | null> {
  await drainMailQueue();
  const outbox = path.join(dataDir(), "outbox");
  let files: string[] = [];
  try {
    files = (await fs.readdir(outbox)).sort();
  } catch {
    return null;
  }
  for (const file of files.reverse().filter((f) => f.endsWith(".json"))) {
    const mail = JSON.parse(await fs.readFile(path.join(outbox, file), "utf8"));
    if (mail.to === to)
      return { ...mail, code: /\b(\d{6})\b/.exec(mail.textBody)?.[1] ?? null, file: path.join(outbox, file) };
  }
  return null;
}
