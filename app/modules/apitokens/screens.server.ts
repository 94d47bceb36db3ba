// The API-tokens section of /admin/organization/settings.
import { can, type Role } from "~/lib/permissions";
import type { Ctx } from "~/lib/context.server";
import { fieldError } from "~/lib/parse-input";
import { rolesGrantableBy } from "~/modules/users/index.server";
import { createApiToken, listApiTokens, revokeApiToken } from "./tokens.server";
import { API_TOKEN_LIFETIMES } from "./types";

/** The tokens and the roles the signed-in person may give one; null for someone who may not manage them. */
export async function apiTokensScreen(ctx: Ctx) {
  if (!can(ctx.permissions, "manage:users") || ctx.actor.type !== "ADMIN") return null;
  return { tokens: await listApiTokens(ctx), grantableRoles: rolesGrantableBy(ctx.actor.roles) as Role[] };
}
export type ApiTokensScreen = NonNullable<Awaited<ReturnType<typeof apiTokensScreen>>>;

/** What the create intent answers: the token, shown once. */
export type ApiTokenFormResult = { id: string; token: string };

/** The section's form intents (runIntent): create (a lifetime in days from the screen's choices) and revoke. */
export function apiTokenFormHandlers(ctx: Ctx) {
  return {
    create: async (input: Record<string, unknown>, _id: string, form: FormData): Promise<ApiTokenFormResult> => {
      const days = Number(input.lifetimeDays);
      if (!(API_TOKEN_LIFETIMES as readonly number[]).includes(days))
        throw fieldError("lifetimeDays", "validation:invalid-choice");
      const created = await createApiToken(ctx, {
        name: input.name,
        roles: form.getAll("roles"),
        expiresAt: new Date(Date.now() + days * 86_400_000),
        allowIntrospection: input.allowIntrospection === "on",
      });
      return { id: created._id, token: created.token };
    },
    revoke: async (_input: Record<string, unknown>, id: string) => {
      await revokeApiToken(ctx, id);
      return ctx.t("apitokens:revoked");
    },
  };
}
