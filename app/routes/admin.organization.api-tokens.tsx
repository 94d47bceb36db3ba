import type { ActionFunctionArgs } from "@remix-run/node";
import { runIntent } from "~/lib/intent-action.server";
import { apiTokenFormHandlers } from "~/modules/apitokens/index.server";
import { requireStaffContext } from "~/modules/auth/index.server";

// The API-token section of /admin/organization/settings posts here (create, revoke).
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, apiTokenFormHandlers(ctx));
}
