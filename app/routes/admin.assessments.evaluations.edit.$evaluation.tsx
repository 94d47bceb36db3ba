import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RatingScaleForm } from "~/components/exams/rating-scale-form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { evaluationRatingScale } from "~/modules/exams/index.server";
import { EvaluationEditor } from "./admin.assessments+shared/editors";
import { evaluationEditorLoader } from "./admin.assessments+shared/editors.server";

export { evaluationEditorAction as action } from "./admin.assessments+shared/editors.server";
export const handle = { titleKey: "assessments:form.edit-evaluation" };

/** The evaluation editor's data, and the evaluation's global rating scale (the exams domain's). */
export async function loader(args: LoaderFunctionArgs) {
  const editor = await evaluationEditorLoader(args);
  const ctx = await requireStaffContext(args.request, args.context);
  return { ...editor, ratingScale: await evaluationRatingScale(ctx, args.params.evaluation ?? "") };
}

export default function EditEvaluation() {
  const { ratingScale, evaluation } = useLoaderData<typeof loader>();
  return (
    <>
      <EvaluationEditor />
      {evaluation ? <RatingScaleForm evaluation={evaluation._id} labels={ratingScale.labels} /> : null}
    </>
  );
}
