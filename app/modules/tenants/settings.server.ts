import { eq } from "drizzle-orm";
import { z } from "zod";
import { catalog } from "~db/catalog/client";
import { tenants, type TenantRow, type TenantSettings } from "~db/catalog/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { isTimeZone } from "~/lib/time-zone";
import { nameText, zodFieldErrors } from "~/lib/validation";
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from "~/i18n/config";
import { store, ASSET_KEY_PATTERN, assetStorage } from "~/modules/assets/index.server";
import { organizationLogoUrl } from "./branding.server";
import { forgetTenant, ORGANIZATION_NAME_MAX, tenantTimeZone } from "./tenants.server";

export const REPORT_LAYOUTS = ["NARROW", "WIDE"] as const;
/** The pass percentage new session templates started with before it was a setting. */
export const DEFAULT_PASS_PERCENTAGE = 70;

/** The organisation's settings as the API and the settings screen show them. */
export function organizationOf(row: TenantRow) {
  return {
    tenant: row.slug,
    name: row.name,
    logo: row.logo,
    logoUrl: organizationLogoUrl(row),
    organizationManagerEmails: row.settings.organizationManagerEmails ?? [],
    reportRecipientEmails: row.settings.reportRecipientEmails ?? [],
    timeZone: tenantTimeZone(row),
    defaultLanguage: row.settings.defaultLanguage ?? DEFAULT_LOCALE,
    defaultPassPercentage: row.settings.defaultPassPercentage ?? DEFAULT_PASS_PERCENTAGE,
    defaultReportLayout: row.settings.defaultReportLayout ?? "NARROW",
  };
}
export type Organization = ReturnType<typeof organizationOf>;

/** `organization`: the signed-in staff member's organisation and its settings. */
export function organizationSettings(ctx: Ctx): Organization {
  requirePermission(ctx, "read:admin");
  return organizationOf(ctx.tenant);
}

const emailList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,;]+/) : v),
  z
    .array(z.string().trim().toLowerCase())
    .transform((list) => [...new Set(list.filter(Boolean))])
    .pipe(z.array(z.string().email({ message: "validation:email-list" })).max(20)),
);

/** `updateOrganizationSettings(input)`: every field optional; `logo` is an uploaded image's id, or null to remove it. */
export const organizationSettingsInput = z.object({
  name: nameText(ORGANIZATION_NAME_MAX).optional(),
  logo: z.string().regex(ASSET_KEY_PATTERN, { message: "validation:invalid" }).nullable().optional(),
  organizationManagerEmails: emailList.optional(),
  /** Where writers may send reports besides the participant (sendParticipantReport); managers may send anywhere. */
  reportRecipientEmails: emailList.optional(),
  timeZone: z.string().trim().refine(isTimeZone, { message: "validation:time-zone" }).optional(),
  defaultLanguage: z.enum(SUPPORTED_LOCALES).optional(),
  defaultPassPercentage: z.coerce.number().int().min(0).max(100).optional(),
  defaultReportLayout: z.enum(REPORT_LAYOUTS).optional(),
});

export async function updateOrganizationSettings(ctx: Ctx, input: unknown): Promise<Organization> {
  requirePermission(ctx, "manage:settings");
  const parsed = organizationSettingsInput.safeParse(input);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: zodFieldErrors(parsed.error) });
  const data = parsed.data;
  if (data.logo) {
    // Only an image already uploaded to this organisation's own store can become its logo.
    if (data.logo.endsWith(".pdf") || !(await assetStorage(ctx.tenant).has(ctx.tenant, data.logo)))
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { logo: { key: "assessments:upload.not-an-image" } },
      });
  }
  const { name, logo, ...rest } = data;
  const settings: TenantSettings = { ...ctx.tenant.settings };
  for (const [key, value] of Object.entries(rest))
    if (value !== undefined) (settings as Record<string, unknown>)[key] = value;
  const { db, writes } = await catalog();
  const row = await writes.run(async () => {
    await db
      .update(tenants)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(logo !== undefined ? { logo } : {}),
        settings,
        updatedAt: new Date(),
      })
      .where(eq(tenants.slug, ctx.tenant.slug));
    return db.select().from(tenants).where(eq(tenants.slug, ctx.tenant.slug)).get();
  });
  forgetTenant(ctx.tenant.slug);
  return organizationOf(row!);
}

/** What /admin/organization/settings shows: the settings and the time zones to choose from. */
export function settingsScreen(ctx: Ctx) {
  requirePermission(ctx, "manage:settings");
  return { organization: organizationOf(ctx.tenant), timeZones: Intl.supportedValuesOf("timeZone") };
}

/**
 * The settings form: fields, an optional new logo file, or "remove the logo". The fields are
 * checked before the logo is stored, so a refused form changes nothing.
 */
export async function saveSettingsForm(ctx: Ctx, form: FormData): Promise<Organization> {
  requirePermission(ctx, "manage:settings");
  const fields = {
    name: String(form.get("name") ?? ""),
    organizationManagerEmails: String(form.get("organizationManagerEmails") ?? ""),
    reportRecipientEmails: String(form.get("reportRecipientEmails") ?? ""),
    timeZone: String(form.get("timeZone") ?? ""),
    defaultLanguage: String(form.get("defaultLanguage") ?? ""),
    defaultPassPercentage: String(form.get("defaultPassPercentage") ?? ""),
    defaultReportLayout: String(form.get("defaultReportLayout") ?? ""),
  };
  const parsed = organizationSettingsInput.safeParse(fields);
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: zodFieldErrors(parsed.error) });
  const file = form.get("logoFile");
  if (file && typeof file === "object" && (file as Blob).size > 0) await uploadOrganizationLogo(ctx, file);
  else if (form.get("removeLogo") === "on") await updateOrganizationSettings(ctx, { logo: null });
  return updateOrganizationSettings(ctx, fields);
}

/** Stores an uploaded image as the organisation's logo (the settings form's file field). */
export async function uploadOrganizationLogo(ctx: Ctx, file: unknown): Promise<Organization> {
  requirePermission(ctx, "manage:settings");
  if (!file || typeof file !== "object" || typeof (file as Blob).arrayBuffer !== "function") {
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { logo: { key: "assessments:upload.missing" } },
    });
  }
  const asset = await store(ctx, new Uint8Array(await (file as Blob).arrayBuffer()), "image").catch((e: unknown) => {
    // The asset module names the field `file`; here it is the logo.
    if (e instanceof AppError && e.fieldErrors?.file)
      throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: { logo: e.fieldErrors.file } });
    throw e;
  });
  return updateOrganizationSettings(ctx, { logo: asset.id });
}

/** The logo image of an organisation, for the public logo route (login pages and e-mails). */
export async function publicLogo(row: TenantRow | null): Promise<{ bytes: Uint8Array; key: string } | null> {
  if (!row?.logo || row.status !== "ACTIVE") return null;
  const bytes = await assetStorage(row).get(row, row.logo);
  return bytes ? { bytes, key: row.logo } : null;
}

/**
 * What the settings screen's action answers: saved, or refused with the typed values kept. `form`
 * says which of the screen's forms was sent (the settings, or the identity provider's).
 */
export type SettingsActionResult = { form?: "oidc" } & (
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> }
);
