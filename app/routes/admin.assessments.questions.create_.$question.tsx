import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { QuestionForm, type QuestionData } from "~/components/assessments/question-form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { questionEditorData, saveQuestionFromForm } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:form.copy-question" };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return questionEditorData(ctx, "copy", params.question ?? null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return saveQuestionFromForm(ctx, request, "copy", null);
}

export default function CopyQuestion() {
  const data = useLoaderData<typeof loader>();
  return (
    <QuestionForm
      mode="copy"
      question={data.question as unknown as QuestionData | null}
      options={data.options}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
      draftOwner={data.draftOwner}
    />
  );
}
