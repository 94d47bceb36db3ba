import { requirePermission, type Ctx } from "~/lib/context.server";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { rolesGrantableBy } from "./roles";
import { staffDirectory } from "~/modules/staff/index.server";
import { listUsers } from "./user-management.server";

/** What /admin/usermanagement shows: one page of staff, the roles the viewer may hand out, colleagues to hand over to. */
export async function userManagementScreen(ctx: Ctx, { q, page }: { q: string; page: number }) {
  requirePermission(ctx, "manage:users");
  const list = await listUsers(ctx, { q, after: afterForPage(page), first: PAGE_SIZE });
  return {
    users: list.edges.map(({ node: u }) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      phone: u.phone,
      roles: u.roles,
      lastLogin: u.lastLogin?.toISOString() ?? null,
      loginsCount: u.loginsCount,
    })),
    pageInfo: list.pageInfo,
    page,
    q,
    selfId: ctx.actor.userId,
    grantable: rolesGrantableBy(ctx.actor.roles),
    colleagues: await staffDirectory(ctx.tdb),
    timeZone: tenantTimeZone(ctx.tenant),
  };
}
