import { eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantDb } from "~db/tenant/client";
import { oidcSettings } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { publicLink } from "~/lib/public-url.server";
import { nameText, zodFieldErrors } from "~/lib/validation";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { settings } from "~settings/settings.server";

// The organisation's OpenID Connect provider for staff sign-in (ADR 0040): kept by managers
// (manage:settings) in the organisation settings and through `updateOidcSettings`. The client
// secret is written, never read back: answers say only whether one is set.

const ROW_ID = 1;

export type OidcSettingsRow = typeof oidcSettings.$inferSelect;

/** What the settings screen and the API show: everything but the secret. */
export type OidcSettingsView = {
  enabled: boolean;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecretSet: boolean;
  emailClaim: string;
  /** The address to register at the provider as the redirect (callback) URI. */
  redirectUri: string;
  updatedAt: Date | null;
};

/** The callback address of an organisation, on the public origin: the provider sends the browser back here. */
export const oidcRedirectUri = (tenant: string): string =>
  publicLink(`/api/auth/oidc/${encodeURIComponent(tenant)}/callback`);

/** Plain http issuers are for loopback test providers outside production (openid-client refuses them otherwise). */
export const allowsHttpIssuer = (): boolean => settings().NODE_ENV !== "production";

export function readOidcSettings(tdb: TenantDb): Promise<OidcSettingsRow | undefined> {
  return tdb.db.select().from(oidcSettings).where(eq(oidcSettings.id, ROW_ID)).get();
}

function viewOf(tenant: string, row: OidcSettingsRow | undefined): OidcSettingsView {
  return {
    enabled: row?.enabled ?? false,
    displayName: row?.displayName ?? "",
    issuer: row?.issuer ?? "",
    clientId: row?.clientId ?? "",
    clientSecretSet: !!row?.clientSecret,
    emailClaim: row?.emailClaim ?? "email",
    redirectUri: oidcRedirectUri(tenant),
    updatedAt: row?.updatedAt ?? null,
  };
}

/** `organization { oidc }` and the settings screen: the provider's settings, managers only. */
export async function oidcSettingsOf(ctx: Ctx): Promise<OidcSettingsView> {
  requirePermission(ctx, "manage:settings");
  return viewOf(ctx.tenant.slug, await readOidcSettings(ctx.tdb));
}

const issuerUrl = z
  .string({ required_error: "validation:required" })
  .trim()
  .min(1, "validation:required")
  .max(500)
  .refine((value) => URL.canParse(value), { message: "validation:oidc-issuer" })
  .refine(
    (value) => {
      const url = new URL(value);
      if (url.search || url.hash || url.username || url.password) return false;
      return url.protocol === "https:" || (url.protocol === "http:" && allowsHttpIssuer());
    },
    { message: "validation:oidc-issuer" },
  )
  // The issuer is compared exactly with the provider's discovery document; a trailing slash on a
  // bare origin is the one spelling people add by habit.
  .transform((value) => value.replace(/^(https?:\/\/[^/]+)\/$/, "$1"));

/** `updateOidcSettings(input)`: a field left out keeps its value; `clientSecret: null` removes the secret (a public client). */
export const oidcSettingsInput = z.object({
  enabled: z.boolean().optional(),
  displayName: nameText(80).optional(),
  issuer: issuerUrl.optional(),
  clientId: z.string().trim().min(1, "validation:required").max(300).optional(),
  clientSecret: z.string().trim().min(1, "validation:required").max(1000).nullable().optional(),
  emailClaim: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, { message: "validation:oidc-claim" })
    .optional(),
});
export type OidcSettingsInput = z.input<typeof oidcSettingsInput>;

export async function updateOidcSettings(ctx: Ctx, input: unknown): Promise<OidcSettingsView> {
  requirePermission(ctx, "manage:settings");
  const parsed = oidcSettingsInput.safeParse(input ?? {});
  if (!parsed.success)
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: zodFieldErrors(parsed.error) });
  const data = parsed.data;
  const saved = await ctx.tdb.write(async (tx) => {
    const old = await tx.select().from(oidcSettings).where(eq(oidcSettings.id, ROW_ID)).get();
    const next = {
      enabled: data.enabled ?? old?.enabled ?? false,
      displayName: data.displayName ?? old?.displayName,
      issuer: data.issuer ?? old?.issuer,
      clientId: data.clientId ?? old?.clientId,
      clientSecret: data.clientSecret === undefined ? (old?.clientSecret ?? null) : data.clientSecret,
      emailClaim: data.emailClaim ?? old?.emailClaim ?? "email",
    };
    // The first save names the provider; later ones may change one field at a time.
    const missing = Object.fromEntries(
      (["displayName", "issuer", "clientId"] as const)
        .filter((key) => !next[key])
        .map((key) => [key, { key: "validation:required" }]),
    );
    if (Object.keys(missing).length > 0)
      throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: missing });
    const row: OidcSettingsRow = {
      id: ROW_ID,
      ...next,
      displayName: next.displayName!,
      issuer: next.issuer!,
      clientId: next.clientId!,
      updatedAt: new Date(),
      updatedBy: ctx.actor.type === "ADMIN" ? ctx.actor.userId : null,
    };
    const { id: _id, ...changes } = row;
    await tx.insert(oidcSettings).values(row).onConflictDoUpdate({ target: oidcSettings.id, set: changes });
    return row;
  });
  return viewOf(ctx.tenant.slug, saved);
}

/**
 * The settings screen's provider form: every field as typed; a blank secret keeps the stored
 * one, "remove the secret" clears it.
 */
export function saveOidcSettingsForm(ctx: Ctx, form: FormData): Promise<OidcSettingsView> {
  const text = (name: string) => String(form.get(name) ?? "");
  const secret = text("clientSecret").trim();
  return updateOidcSettings(ctx, {
    enabled: form.get("enabled") === "on",
    displayName: text("displayName"),
    issuer: text("issuer"),
    clientId: text("clientId"),
    emailClaim: text("emailClaim").trim() || "email",
    ...(form.get("removeClientSecret") === "on" ? { clientSecret: null } : secret ? { clientSecret: secret } : {}),
  });
}

/** The sign-in button of an organisation's login page: its provider's name when sign-in through it is on. */
export async function oidcButtonOf(tdb: TenantDb): Promise<{ name: string } | null> {
  const row = await readOidcSettings(tdb);
  return row?.enabled ? { name: row.displayName } : null;
}

/**
 * The button for an organisation typed on the sign-in page (GET …/button): null for one that does
 * not exist, is disabled or has no provider on, alike.
 */
export async function publicOidcButton(tenant: string): Promise<{ name: string } | null> {
  const row = await findTenant(tenant);
  if (!row || row.status !== "ACTIVE") return null;
  return oidcButtonOf(await openTenant(row));
}
