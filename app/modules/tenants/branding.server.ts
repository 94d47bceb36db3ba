import type { TenantRow } from "~db/catalog/schema";
import { escapeHtml } from "~/modules/mail/mailer.server";

/**
 * The organisation's logo as a public URL (login pages and e-mails are seen before sign-in), or
 * null. The key in the query string makes a new logo a new URL, so caches never show the old one.
 */
export function organizationLogoUrl(tenant: Pick<TenantRow, "slug" | "logo">): string | null {
  return tenant.logo ? `/api/organization/${tenant.slug}/logo?v=${encodeURIComponent(tenant.logo)}` : null;
}

/** The logo as the first paragraph of an e-mail (absolute URL, so it needs the site's origin). */
export function organizationLogoHtml(tenant: Pick<TenantRow, "slug" | "logo" | "name">, origin?: string): string[] {
  const url = organizationLogoUrl(tenant);
  if (!url || !origin) return [];
  return [`<img src="${escapeHtml(origin.replace(/\/$/, "") + url)}" alt="${escapeHtml(tenant.name)}" style="max-height:48px">`];
}
