import type { TenantRow } from "~db/catalog/schema";
import { publicLink } from "~/lib/public-url.server";
import { escapeHtml } from "~/modules/mail/index.server";

/**
 * The organisation's logo as a public URL (login pages and e-mails are seen before sign-in), or
 * null. The key in the query string makes a new logo a new URL, so caches never show the old one.
 */
export function organizationLogoUrl(tenant: Pick<TenantRow, "slug" | "logo">): string | null {
  return tenant.logo ? `/api/organization/${tenant.slug}/logo?v=${encodeURIComponent(tenant.logo)}` : null;
}

/** The logo as the first paragraph of an e-mail (an absolute URL on the public origin). */
export function organizationLogoHtml(tenant: Pick<TenantRow, "slug" | "logo" | "name">): string[] {
  const url = organizationLogoUrl(tenant);
  if (!url) return [];
  return [`<img src="${escapeHtml(publicLink(url))}" alt="${escapeHtml(tenant.name)}" style="max-height:48px">`];
}
