import { requirePermission, type Ctx } from "~/lib/context.server";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { runIntent } from "~/lib/intent-action.server";
import type { Role } from "~/lib/permissions";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { rolesGrantableBy } from "./roles";
import { staffDirectory } from "~/modules/staff/index.server";
import { addUser, listUsers, removeUser, updateUser } from "./user-management.server";

/** What /admin/usermanagement shows: one page of staff, the roles the viewer may hand out, colleagues to hand over to. */
export async function userManagementScreen(ctx: Ctx, url: URL) {
  requirePermission(ctx, "manage:users");
  const q = (url.searchParams.get("q") ?? "").trim();
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
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

/** The form's fields as the module's input: `roles` is a group of checkboxes. */
const userInput = (form: FormData) => ({
  email: String(form.get("email") ?? ""),
  name: String(form.get("name") ?? ""),
  phone_number: String(form.get("phone_number") ?? ""),
  roles: form.getAll("roles").map(String) as Role[],
});

/** create / update / remove (with `handOverTo` after a refusal that listed what the user holds). */
export function userManagementAction(ctx: Ctx, request: Request) {
  return runIntent(ctx, request, {
    create: async (_i, _id, form) => ctx.t("users:added", { name: (await addUser(ctx, userInput(form))).name }),
    update: async (_i, id, form) => ctx.t("users:saved", { name: (await updateUser(ctx, id, userInput(form))).name }),
    remove: async (_i, id, form) => {
      const handOverTo = String(form.get("handOverTo") ?? "") || null;
      await removeUser(ctx, id, handOverTo);
      return ctx.t("users:removed", { name: String(form.get("name") ?? "") });
    },
  });
}
