import type { ActionFunctionArgs } from "@remix-run/node";
import { requireStaffContext } from "~/modules/auth/index.server";
import { runIntent } from "~/lib/intent-action.server";
import { setEvaluationRatingScale } from "~/modules/exams/index.server";

/**
 * POST /admin/exams/rating-scale/:evaluation: an evaluation's global rating scale, chosen in the
 * evaluation editor (the 5-point default, or the 3-point scale; borderline is grade 1 on both).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    "rating-scale": async (input) => {
      await setEvaluationRatingScale(
        ctx,
        params.evaluation!,
        input.scale === "THREE" ? { labels: ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS"], borderlineGrades: [1] } : null,
      );
      return ctx.t("exams:rating-scale.saved");
    },
  });
}
