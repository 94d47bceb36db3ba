import { eq } from "drizzle-orm";
import { participants, staffUsers } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requireSignedIn, type Ctx } from "~/lib/context.server";

/** `profile`: the signed-in account's tenant, permissions and user info (staff or participant). */
export async function profile(ctx: Ctx) {
  requireSignedIn(ctx);
  if (ctx.actor.type === "ADMIN") {
    const user = await ctx.tdb.db.select().from(staffUsers).where(eq(staffUsers.id, ctx.actor.userId)).get();
    if (!user) throw new AppError("NOT_FOUND", "user_not_found");
    return {
      tenant: ctx.tenant.slug,
      permissions: [...ctx.permissions],
      roles: ctx.actor.roles,
      accountType: "ADMIN" as const,
      userInfo: {
        sub: user.id,
        email: user.email,
        email_verified: user.emailVerified,
        name: user.name,
        nickname: user.nickname ?? user.name,
        picture: user.picture,
        updated_at: user.updatedAt.toISOString(),
      },
    };
  }
  const participant = await ctx.tdb.db
    .select()
    .from(participants)
    .where(eq(participants.id, ctx.actor.participantId))
    .get();
  if (!participant) throw new AppError("NOT_FOUND", "participant_not_found");
  return {
    tenant: ctx.tenant.slug,
    permissions: [] as string[],
    roles: [] as string[],
    accountType: "USER" as const,
    userInfo: {
      sub: participant.id,
      email: participant.email,
      email_verified: true,
      name: participant.name,
      nickname: participant.name,
      picture: null,
      updated_at: participant.updatedAt.toISOString(),
    },
  };
}
