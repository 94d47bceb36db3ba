import { sql } from "drizzle-orm";
import { evaluations, participants, questions, staffUsers } from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { listScheduledSessions } from "~/modules/scheduling/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";

const count = async (
  ctx: Ctx,
  table: typeof participants | typeof staffUsers | typeof questions | typeof evaluations,
) =>
  (
    await ctx.tdb.db
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .get()
  )?.n ?? 0;

/**
 * The admin home: who you are, the next sessions (from today, in the organisation's time zone) and
 * a few counts of the organisation, each leading to its screen.
 */
export async function adminDashboard(ctx: Ctx) {
  requirePermission(ctx, "read:admin");
  const [people, staff, questionCount, evaluationCount, upcoming] = await Promise.all([
    count(ctx, participants),
    count(ctx, staffUsers),
    count(ctx, questions),
    count(ctx, evaluations),
    listScheduledSessions(ctx, {
      filter: { when: "UPCOMING", active: true },
      order: "ASC",
      orderBy: "DATETIME",
      first: 5,
    }),
  ]);
  return {
    userName: ctx.actor.name,
    roles: ctx.actor.roles,
    timeZone: tenantTimeZone(ctx.tenant),
    upcoming: upcoming.edges.map(({ node: s }) => ({
      id: s._id,
      reference: s.reference,
      datetime: s.datetime,
      sessionName: s.sessionName,
      locationName: s.locationName,
      participantCount: s.participants.length,
      status: s.status,
    })),
    upcomingCount: upcoming.pageInfo.totalCount,
    facts: [
      { key: "upcoming", value: upcoming.pageInfo.totalCount, to: "/admin/scheduledsessions?when=UPCOMING" },
      { key: "participants", value: people, to: "/admin/databases/participants" },
      { key: "questions", value: questionCount, to: "/admin/assessments/questions" },
      { key: "evaluations", value: evaluationCount, to: "/admin/assessments/evaluations" },
      { key: "staff", value: staff, to: null },
    ],
  };
}
