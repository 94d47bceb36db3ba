// `Authorization: Bearer sat.…` on /api/admin/graphql (ADR 0042): the token's tenant, roles and
// rate limit; every use written to api_token_uses.
import { eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import { apiTokens, apiTokenUses } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import type { Ctx, StaffCtx } from "~/lib/context.server";
import { sha256 } from "~/lib/ids.server";
import { permissionsForRoles } from "~/lib/permissions";
import type { Locale } from "~/i18n/config";
import { hitRateLimits, type RateLimit } from "~/modules/auth/index.server";
import { findStaffUser } from "~/modules/staff/index.server";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { rolesGrantableBy } from "~/modules/users/index.server";
import { isApiTokenShaped, parseApiToken } from "./format";

/** Requests per token per minute, counted across app processes (the tenant's rate_limit_hits). */
export const API_TOKEN_RATE_LIMIT = { max: 120, windowMs: 60_000 } as const;

const rateLimitOf = (tokenId: string): RateLimit => ({ bucket: `api-token:${tokenId}`, ...API_TOKEN_RATE_LIMIT });

/** The bearer token of a request when it is an API token (the operator's token is not). */
export function apiTokenOf(request: Request): string | null {
  // The scheme's name is case-insensitive (RFC 9110).
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("Authorization") ?? "");
  const token = match?.[1];
  if (!token) return null;
  return isApiTokenShaped(token) ? token : null;
}

const invalid = () => new AppError("UNAUTHORIZED", "api_token_invalid");

/**
 * The module context an API token acts in: its tenant, and its roles as far as its creator may
 * still grant them (a demoted creator's tokens lose what the creator lost). UNAUTHORIZED for an
 * unknown, expired or revoked token (or one of a disabled organisation); BAD_REQUEST
 * (`api_token_rate_limited`, HTTP 429) past the rate limit, which records nothing.
 */
export async function authenticateApiToken(
  token: string,
  base: { locale: Locale; t: TFunction; clientAddress: string },
  now = new Date(),
): Promise<StaffCtx> {
  const parsed = parseApiToken(token);
  if (!parsed) throw invalid();
  const tenant = await findTenant(parsed.tenant);
  if (!tenant || tenant.status !== "ACTIVE") throw invalid();
  const tdb = await openTenant(tenant);
  const row = await tdb.db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.tokenHash, sha256(token)))
    .get();
  if (!row || row.revokedAt || row.expiresAt.getTime() <= now.getTime()) throw invalid();
  const creator = await findStaffUser(tdb, row.createdBy);
  if (!creator) throw invalid();
  const grantable = rolesGrantableBy(creator.roles);
  const roles = row.roles.filter((role) => grantable.includes(role));
  if (await hitRateLimits(tdb, [rateLimitOf(row.id)], now.getTime()))
    throw new AppError("BAD_REQUEST", "api_token_rate_limited", {
      status: 429,
      values: { max: API_TOKEN_RATE_LIMIT.max, seconds: API_TOKEN_RATE_LIMIT.windowMs / 1000 },
    });
  return {
    tenant,
    tdb,
    locale: base.locale,
    t: base.t,
    clientAddress: base.clientAddress,
    actor: {
      type: "ADMIN",
      userId: creator.id,
      email: creator.email,
      name: row.name,
      roles,
      apiToken: { id: row.id, name: row.name, allowIntrospection: row.allowIntrospection },
    },
    permissions: permissionsForRoles(roles),
  };
}

/** Writes one use of the token (the operation's root fields and the answer's status) and its last use. */
export async function recordApiTokenUse(
  ctx: Ctx,
  use: { operation: string | null; status: number },
  now = new Date(),
): Promise<void> {
  const token = ctx.actor.type === "ADMIN" ? ctx.actor.apiToken : undefined;
  if (!token) return;
  await ctx.tdb.write(async (tx) => {
    await tx.insert(apiTokenUses).values({
      tokenId: token.id,
      at: now,
      operation: use.operation?.slice(0, 500) ?? null,
      clientAddress: ctx.clientAddress,
      status: use.status,
    });
    await tx
      .update(apiTokens)
      .set({ lastUsedAt: now, lastUsedFrom: ctx.clientAddress })
      .where(eq(apiTokens.id, token.id));
  });
}
