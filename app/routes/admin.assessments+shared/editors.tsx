import { useLoaderData } from "@remix-run/react";
import { EvaluationForm, SessionForm } from "~/components/assessments/group-forms";
import { QuestionForm } from "~/components/assessments/question-form";
import type { evaluationEditorLoader, questionEditorLoader, sessionEditorLoader } from "./editors.server";

// The screens of the create/edit routes: each shows its editor with what its loader gave.

export function EvaluationEditor() {
  const data = useLoaderData<typeof evaluationEditorLoader>();
  return (
    <EvaluationForm
      key={data.evaluation?._id ?? "new"}
      evaluation={data.evaluation}
      categories={data.categories}
      canCreateCategories={data.canCreateCategories}
      chosen={data.chosen}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
    />
  );
}

export function SessionEditor() {
  const data = useLoaderData<typeof sessionEditorLoader>();
  return (
    <SessionForm
      key={data.session?._id ?? "new"}
      session={data.session}
      categories={data.categories}
      canCreateCategories={data.canCreateCategories}
      chosen={data.chosen}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
      defaultPassPercentage={data.defaultPassPercentage}
    />
  );
}

export function QuestionEditor() {
  const data = useLoaderData<ReturnType<typeof questionEditorLoader>>();
  return (
    <QuestionForm
      mode={data.mode}
      question={data.question}
      options={data.options}
      canWrite={data.canWrite}
      shareCandidates={data.shareCandidates}
      draftOwner={data.draftOwner}
    />
  );
}
