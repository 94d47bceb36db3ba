import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { EvaluationForm, type EvaluationData } from "~/components/assessments/group-forms";
import { requireStaffContext } from "~/modules/auth/index.server";
import { evaluationEditorData, saveEvaluationFromForm } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:form.create-evaluation" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return evaluationEditorData(ctx, params.evaluation ?? null);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return saveEvaluationFromForm(ctx, request, params.evaluation ?? null);
}

export default function EvaluationEditor() {
  const data = useLoaderData<typeof loader>();
  return (
    <EvaluationForm
      key={data.evaluation?._id ?? "new"}
      evaluation={data.evaluation as unknown as EvaluationData | null}
      categories={data.categories}
      chosen={data.chosen}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
    />
  );
}
