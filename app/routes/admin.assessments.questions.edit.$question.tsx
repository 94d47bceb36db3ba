import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QuestionForm, type QuestionData } from "~/components/assessments/question-form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { questionEditorData, saveQuestionFromForm } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:form.edit-question" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return questionEditorData(ctx, "edit", params.question ?? null);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return saveQuestionFromForm(ctx, request, "edit", params.question ?? null);
}

export default function EditQuestion() {
  const data = useLoaderData<typeof loader>();
  return (
    <QuestionForm
      mode="edit"
      question={data.question as unknown as QuestionData | null}
      options={data.options}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
      draftOwner={data.draftOwner}
    />
  );
}
