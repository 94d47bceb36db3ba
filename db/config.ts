import path from "node:path";
import { settings } from "../settings/settings.server";

/** Where embedded databases, uploads and the dev outbox live. Read on every call so tests can point it elsewhere. */
export function dataDir(): string {
  return path.resolve(settings().DATA_DIR);
}

export const TENANT_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * The database URL of a tenant: the catalog's explicit URL, else the TENANT_DATABASE_URL template
 * (`libsql://{tenant}-org.turso.io`), else the embedded file `DATA_DIR/tenants/<slug>.db`.
 */
export function tenantDatabaseUrl(slug: string, explicitUrl?: string | null): string {
  if (explicitUrl) return explicitUrl;
  const template = settings().TENANT_DATABASE_URL;
  if (template) return template.replaceAll("{tenant}", slug);
  return `file:${path.join(dataDir(), "tenants", `${slug}.db`)}`;
}

export function catalogDatabaseUrl(): string {
  return settings().CATALOG_DATABASE_URL ?? `file:${path.join(dataDir(), "catalog.db")}`;
}
