import { useLoaderData } from "@remix-run/react";
import { EvaluationForm, SessionForm } from "~/components/assessments/group-forms";
import { QuestionForm } from "~/components/assessments/question-form";
import type { evaluationEditorLoader, questionEditorLoader, sessionEditorLoader } from "./editors.server";

// The screens of the create/edit routes: each shows its editor with all its loader gave.

export function EvaluationEditor() {
  const data = useLoaderData<typeof evaluationEditorLoader>();
  return <EvaluationForm key={data.evaluation?._id ?? "new"} {...data} />;
}

export function SessionEditor() {
  const data = useLoaderData<typeof sessionEditorLoader>();
  return <SessionForm key={data.session?._id ?? "new"} {...data} />;
}

export function QuestionEditor() {
  return <QuestionForm {...useLoaderData<ReturnType<typeof questionEditorLoader>>()} />;
}
