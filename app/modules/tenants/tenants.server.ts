import { eq } from "drizzle-orm";
import { catalog } from "~db/catalog/client";
import { tenants, type TenantRow } from "~db/catalog/schema";
import { TENANT_SLUG_PATTERN, tenantDatabaseUrl } from "~db/config";
import { migrateTenant } from "~db/migrate";
import { ensureNamespace } from "~db/namespaces";
import { tenantDb, type TenantDb } from "~db/tenant/client";
import { provisionTenantFile } from "~db/tenant/template";
import { workspaces } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { newId } from "~/lib/ids.server";
import { isTimeZone } from "~/lib/time-zone";
import { issueToKey, nameText } from "~/lib/validation";
import { createStaffUserInTenant } from "~/modules/staff/index.server";
import { organizationLogoUrl } from "./branding.server";
import { settings } from "~settings/settings.server";

const CACHE_MS = 5_000;
const cache = new Map<string, { at: number; row: TenantRow | null }>();

export function normalizeSlug(value: string): string {
  return value.trim().toLowerCase();
}

/** Looks a tenant up in the catalog (cached a few seconds: every request needs it). */
export async function findTenant(slugInput: string): Promise<TenantRow | null> {
  const slug = normalizeSlug(slugInput);
  if (!TENANT_SLUG_PATTERN.test(slug)) return null;
  const hit = cache.get(slug);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.row;
  const { db } = await catalog();
  const row = (await db.select().from(tenants).where(eq(tenants.slug, slug)).get()) ?? null;
  cache.set(slug, { at: Date.now(), row });
  return row;
}

/** Drops a tenant from the look-up cache after its catalog row changed. */
export function forgetTenant(slug: string): void {
  cache.delete(normalizeSlug(slug));
}

export async function requireTenant(slug: string): Promise<TenantRow> {
  const row = await findTenant(slug);
  if (!row) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  // A disabled organisation keeps its data; its users are told why they cannot sign in.
  if (row.status !== "ACTIVE")
    throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_disabled", { values: { name: row.name } });
  return row;
}

export async function openTenant(row: TenantRow): Promise<TenantDb> {
  return tenantDb(row.slug, row.databaseUrl);
}

export async function organizationTenantExists(slug: string): Promise<boolean> {
  const row = await findTenant(slug);
  return !!row && row.status === "ACTIVE";
}

export async function organizationPublicInfo(slug: string) {
  const row = await requireTenant(slug);
  // The logo as a public URL: login pages show it before anyone signs in.
  return { tenant: row.slug, name: row.name, logo: organizationLogoUrl(row) };
}

export type CreateTenantInput = {
  slug: string;
  name: string;
  adminEmail: string;
  adminName?: string;
  databaseUrl?: string;
  timeZone?: string;
};

/** The zone new organisations get when none is given: DEFAULT_TIME_ZONE, else Europe/Brussels. */
export function defaultTimeZone(): string {
  return settings().DEFAULT_TIME_ZONE;
}

/** The IANA zone in which the organisation's dates are entered and shown (stored instants are UTC). */
export function tenantTimeZone(tenant: Pick<TenantRow, "settings">): string {
  const zone = tenant.settings?.timeZone;
  return zone && isTimeZone(zone) ? zone : defaultTimeZone();
}

/** The longest organisation name (creation and settings). */
export const ORGANIZATION_NAME_MAX = 120;

/**
 * Operator task: registers the tenant, creates its own database (an embedded file starts as a copy
 * of the migrated template; on sqld its namespace is created, then migrated), its ORGANIZATION
 * workspace and its first ORGANIZATION_MANAGER.
 */
export async function createTenant(input: CreateTenantInput): Promise<TenantRow> {
  const slug = normalizeSlug(input.slug);
  if (!TENANT_SLUG_PATTERN.test(slug)) {
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { slug: { key: "validation:slug" } },
      message: `Invalid slug "${input.slug}": use 1-40 lowercase letters, digits and dashes.`,
    });
  }
  const named = nameText(ORGANIZATION_NAME_MAX).safeParse(input.name);
  if (!named.success) {
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { name: issueToKey(named.error.issues[0]!) },
      message: `A tenant needs a name with at least one visible character, at most ${ORGANIZATION_NAME_MAX} characters.`,
    });
  }
  const name = named.data;
  const timeZone = input.timeZone?.trim() || defaultTimeZone();
  if (!isTimeZone(timeZone)) {
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { timeZone: { key: "validation:time-zone" } },
      message: `Unknown time zone "${input.timeZone}": use an IANA name such as Europe/Brussels.`,
    });
  }
  const { db, writes } = await catalog();
  const now = new Date();
  const row: TenantRow = {
    slug,
    name,
    logo: null,
    status: "ACTIVE",
    databaseUrl: input.databaseUrl ?? null,
    settings: { organizationManagerEmails: [input.adminEmail.trim().toLowerCase()], timeZone },
    createdAt: now,
    updatedAt: now,
  };
  const slugTaken = async () => {
    const existing = await db.select({ slug: tenants.slug }).from(tenants).where(eq(tenants.slug, slug)).get();
    if (existing) {
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { slug: { key: "validation:slug-taken" } },
        message: `A tenant with slug "${slug}" already exists.`,
      });
    }
  };
  await slugTaken();
  // On sqld the tenant's namespace comes first (an existing one is fine): when it cannot be made,
  // no catalog row names a database that does not exist.
  await ensureNamespace(tenantDatabaseUrl(slug, row.databaseUrl));
  await writes.run(async () => {
    await slugTaken();
    await db.insert(tenants).values(row);
  });
  cache.delete(slug);
  // A copied template is already current: opening it finds every migration applied.
  await provisionTenantFile(tenantDatabaseUrl(slug, row.databaseUrl));
  await migrateTenant(slug, row.databaseUrl);
  const tdb = await openTenant(row);
  await tdb.write(async (tx) => {
    await tx.insert(workspaces).values({
      id: newId(),
      name,
      workspaceType: "ORGANIZATION",
      ownerUserId: null,
      createdAt: now,
      updatedAt: now,
    });
  });
  await createStaffUserInTenant(tdb, {
    email: input.adminEmail,
    name: input.adminName ?? input.adminEmail.split("@")[0] ?? input.adminEmail,
    roles: ["ORGANIZATION_MANAGER"],
  });
  return row;
}

export async function listTenants(): Promise<TenantRow[]> {
  const { db } = await catalog();
  return db.select().from(tenants).orderBy(tenants.slug).all();
}

/**
 * Operator task: disables (SUSPENDED) or re-enables (ACTIVE) a tenant. Its database is kept as it
 * is; while disabled nobody signs in and open sessions stop working.
 */
export async function setTenantStatus(slugInput: string, status: TenantRow["status"]): Promise<TenantRow> {
  const slug = normalizeSlug(slugInput);
  const { db, writes } = await catalog();
  const row = await writes.run(async () => {
    await db.update(tenants).set({ status, updatedAt: new Date() }).where(eq(tenants.slug, slug));
    return db.select().from(tenants).where(eq(tenants.slug, slug)).get();
  });
  cache.delete(slug);
  if (!row) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found", { message: `No tenant "${slug}".` });
  return row;
}
