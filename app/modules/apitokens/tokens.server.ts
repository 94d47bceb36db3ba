// API tokens for integrations (ADR 0042): created by a person with manage:users, carrying roles
// that person may grant, shown once, kept as a SHA-256, revocable.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { apiTokens, ORGANIZATION_ROLES, type ApiTokenRow } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { newId, randomToken, sha256 } from "~/lib/ids.server";
import { parseInput } from "~/lib/parse-input";
import { staffNames } from "~/lib/staff-names.server";
import { nameText } from "~/lib/validation";
import { rolesGrantableBy } from "~/modules/users/index.server";
import { formatApiToken } from "./format";
import type { ApiToken, ApiTokenStatus } from "./types";

const MANAGE = "manage:users" as const;
/** The longest a token may live: a year (and a day, so "a year from today" at any hour passes). */
export const MAX_TOKEN_LIFETIME_MS = 366 * 86_400_000;

export const createApiTokenInput = z.object({
  name: nameText(100),
  roles: z
    .array(z.enum(ORGANIZATION_ROLES, { invalid_type_error: "validation:invalid-choice" }))
    .min(1, "validation:required")
    .transform((roles) => [...new Set(roles)].sort()),
  expiresAt: z.coerce.date({ invalid_type_error: "validation:invalid", required_error: "validation:required" }),
  allowIntrospection: z.boolean().optional().default(false),
});

function statusOf(row: ApiTokenRow, now: Date): ApiTokenStatus {
  if (row.revokedAt) return "REVOKED";
  return row.expiresAt.getTime() <= now.getTime() ? "EXPIRED" : "ACTIVE";
}

function toApiToken(row: ApiTokenRow, createdByName: string | null, now = new Date()): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    roles: row.roles,
    allowIntrospection: row.allowIntrospection,
    status: statusOf(row, now),
    createdAt: row.createdAt,
    createdByName,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    lastUsedFrom: row.lastUsedFrom,
  };
}

/** Only a person manages tokens: a token making tokens would outlive its own expiry and revocation. */
function requirePerson(ctx: Ctx): asserts ctx is StaffCtx {
  requirePermission(ctx, MANAGE);
  if (ctx.actor.apiToken) throw new AppError("FORBIDDEN", "api_token_needs_person");
}

/**
 * `createApiToken(input: { name, roles, expiresAt, allowIntrospection })`: the token is in the
 * answer and nowhere else. FORBIDDEN (`role_not_grantable`) for a role the caller may not grant.
 */
export async function createApiToken(
  ctx: Ctx,
  input: unknown,
  now = new Date(),
): Promise<{ _id: string; token: string; apiToken: ApiToken }> {
  requirePerson(ctx);
  const data = parseInput(createApiTokenInput, input);
  const grantable = rolesGrantableBy(ctx.actor.roles);
  const missing = data.roles.filter((role) => !grantable.includes(role));
  if (missing.length > 0)
    throw new AppError("FORBIDDEN", "role_not_grantable", { values: { roles: missing.join(", ") } });
  const ahead = data.expiresAt.getTime() - now.getTime();
  if (ahead <= 0 || ahead > MAX_TOKEN_LIFETIME_MS)
    throw new AppError("BAD_REQUEST", "validation_failed", {
      fieldErrors: { expiresAt: { key: "apitokens:errors.expiry-range" } },
    });
  const token = formatApiToken(ctx.tenant.slug, randomToken(32));
  const row: ApiTokenRow = {
    id: newId(),
    name: data.name,
    tokenHash: sha256(token),
    roles: data.roles,
    allowIntrospection: data.allowIntrospection,
    createdBy: ctx.actor.userId,
    createdAt: now,
    expiresAt: data.expiresAt,
    revokedAt: null,
    lastUsedAt: null,
    lastUsedFrom: null,
  };
  await ctx.tdb.write((tx) => tx.insert(apiTokens).values(row));
  return { _id: row.id, token, apiToken: toApiToken(row, ctx.actor.name, now) };
}

/** `revokeApiToken(id)`: from now on the token is refused. Revoking twice changes nothing. */
export async function revokeApiToken(ctx: Ctx, id: string, now = new Date()): Promise<ApiToken> {
  requirePerson(ctx);
  const row = await ctx.tdb.write(async (tx) => {
    const found = await tx.select().from(apiTokens).where(eq(apiTokens.id, id)).get();
    if (!found) throw new AppError("NOT_FOUND", "api_token_not_found");
    if (found.revokedAt) return found;
    const revoked = { ...found, revokedAt: now };
    await tx.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, id));
    return revoked;
  });
  return (await withCreators(ctx, [row]))[0]!;
}

/** `apiTokens`: the organisation's tokens, newest first (revoked and expired ones too). */
export async function listApiTokens(ctx: Ctx): Promise<ApiToken[]> {
  requirePermission(ctx, MANAGE);
  const rows = await ctx.tdb.db.select().from(apiTokens).orderBy(desc(apiTokens.createdAt), desc(apiTokens.id)).all();
  return withCreators(ctx, rows);
}

async function withCreators(ctx: Ctx, rows: ApiTokenRow[]): Promise<ApiToken[]> {
  const names = await staffNames(
    ctx.tdb.db,
    rows.map((row) => row.createdBy),
  );
  const now = new Date();
  return rows.map((row) => toApiToken(row, names.get(row.createdBy) ?? null, now));
}
