import type { ActionFunctionArgs } from "@remix-run/node";
import { runIntent } from "~/lib/intent-action.server";
import { requireStaffContext } from "~/modules/auth/index.server";
import { webhookFormHandlers } from "~/modules/webhooks/index.server";

// The webhooks section of /admin/organization/settings posts here (add, remove, resend).
export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, webhookFormHandlers(ctx));
}
