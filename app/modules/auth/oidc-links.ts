// Addresses of staff sign-in through the organisation's identity provider (ADR 0040); pure, so the
// sign-in page builds the button's link in the browser too.

/** The button's target: starts the flow at the organisation's provider, back to `redirectTo` after. */
export function oidcStartUrl(tenant: string, redirectTo?: string | null): string {
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return `/api/auth/oidc/${encodeURIComponent(tenant)}/start${query}`;
}

/** What the sign-in page asks when someone types an organisation: its provider's button, if any. */
export const oidcButtonUrl = (tenant: string): string => `/api/auth/oidc/${encodeURIComponent(tenant)}/button`;
