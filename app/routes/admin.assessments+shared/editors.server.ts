import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireStaffContext } from "~/modules/auth/index.server";
import {
  evaluationEditorData,
  questionEditorData,
  saveEvaluation,
  saveQuestion,
  saveSession,
  sessionEditorData,
  type EditorMode,
} from "~/modules/assessments/index.server";
import { readForm } from "./form.server";

// The loaders and actions of the create/edit routes of questions, evaluations and session
// templates: one per editor, the routes differ only in their title (and a question's mode).

export async function evaluationEditorLoader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return evaluationEditorData(ctx, params.evaluation ?? null);
}

export async function evaluationEditorAction({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const { payload } = await readForm(ctx, request);
  return saveEvaluation(ctx, params.evaluation ?? null, payload);
}

export async function sessionEditorLoader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return sessionEditorData(ctx, params.session ?? null);
}

export async function sessionEditorAction({ request, context, params }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const { payload } = await readForm(ctx, request);
  return saveSession(ctx, params.session ?? null, payload);
}

/** The question editor's loader: a copy and an edit start from the question in the URL. */
export const questionEditorLoader =
  (mode: EditorMode) =>
  async ({ request, context, params }: LoaderFunctionArgs) => {
    const ctx = await requireStaffContext(request, context);
    return questionEditorData(ctx, mode, mode === "create" ? null : (params.question ?? null));
  };

/** The question editor's action: only an edit changes the question in the URL, a copy adds a new one. */
export const questionEditorAction =
  (mode: EditorMode) =>
  async ({ request, context, params }: ActionFunctionArgs) => {
    const ctx = await requireStaffContext(request, context);
    const { payload } = await readForm(ctx, request);
    return saveQuestion(ctx, mode === "edit" ? (params.question ?? null) : null, payload);
  };
