import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { templateOverview } from "~/modules/scheduling/index.server";

/** Data only: the plan screen's session overview of a template (app/components/scheduling/template-overview.tsx). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, () => templateOverview(ctx, params.id ?? ""));
}
