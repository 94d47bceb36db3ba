import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UserManagement } from "~/components/users/user-management";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import { listSearch, pageNumber } from "~/lib/list-query.server";
import type { Role } from "~/lib/permissions";
import { userManagementScreen, addUser, removeUser, updateUser } from "~/modules/users/index.server";

export const handle = { titleKey: "users:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const url = new URL(request.url);
  return {
    screen: await loadOrFail(ctx, () => userManagementScreen(ctx, { q: listSearch(url), page: pageNumber(url) })),
    organization: ctx.tenant.name,
  };
}

/** create / update / remove (with `handOverTo` after a refusal that listed what the user holds). */
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
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

/** The form's fields as the module's input: `roles` is a group of checkboxes. */
const userInput = (form: FormData) => ({
  email: String(form.get("email") ?? ""),
  name: String(form.get("name") ?? ""),
  phone_number: String(form.get("phone_number") ?? ""),
  roles: form.getAll("roles").map(String) as Role[],
});

export default function UserManagementRoute() {
  const { screen, organization } = useLoaderData<typeof loader>();
  return <UserManagement {...screen} organization={organization} />;
}
