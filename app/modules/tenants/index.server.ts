// The tenants domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { organizationLogoHtml, organizationLogoUrl } from "./branding.server";
export {
  type Organization,
  organizationOf,
  organizationSettings,
  publicLogo,
  saveSettingsForm,
  type SettingsActionResult,
  settingsScreen,
  updateOrganizationSettings,
} from "./settings.server";
export {
  createTenant,
  findTenant,
  listTenants,
  normalizeSlug,
  openTenant,
  organizationPublicInfo,
  organizationTenantExists,
  requireTenant,
  setTenantStatus,
  tenantTimeZone,
} from "./tenants.server";
