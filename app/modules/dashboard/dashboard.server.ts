import { sql } from "drizzle-orm";
import { participants, staffUsers } from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";

/** The admin home: who you are and a few counts of the organisation. */
export async function adminDashboard(ctx: Ctx) {
  requirePermission(ctx, "read:admin");
  const [staff, people] = await Promise.all([
    ctx.tdb.db.select({ n: sql<number>`count(*)` }).from(staffUsers).get(),
    ctx.tdb.db.select({ n: sql<number>`count(*)` }).from(participants).get(),
  ]);
  return {
    userName: ctx.actor.name,
    roles: ctx.actor.roles,
    facts: [
      { key: "participants", value: people?.n ?? 0 },
      { key: "staff", value: staff?.n ?? 0 },
    ],
  };
}
