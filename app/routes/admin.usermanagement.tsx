import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UserManagement } from "~/components/users/user-management";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { userManagementAction, userManagementScreen } from "~/modules/users/index.server";

export const handle = { titleKey: "users:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return {
    screen: await loadOrFail(ctx, () => userManagementScreen(ctx, new URL(request.url))),
    organization: ctx.tenant.name,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return userManagementAction(ctx, request);
}

export default function UserManagementRoute() {
  const { screen, organization } = useLoaderData<typeof loader>();
  return <UserManagement {...screen} organization={organization} />;
}
