import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExamList } from "~/components/exams/exam-list";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import { addExam, examsOverview, removeExam, updateExam } from "~/modules/exams/index.server";

export const handle = { titleKey: "exams:list.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, () => examsOverview(ctx));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return runIntent(ctx, request, {
    add: async (input, _id, form) => {
      await addExam(ctx, { name: input.name, scheduledSessions: form.getAll("scheduledSessions").map(String) });
      return ctx.t("exams:list.added");
    },
    rename: async (input, id) => {
      await updateExam(ctx, id, { name: input.name });
      return ctx.t("exams:list.saved");
    },
    remove: async (_input, id) => {
      await removeExam(ctx, id);
      return ctx.t("exams:list.removed");
    },
  });
}

/** /admin/exams: the exams, and grouping scheduled sessions into a new one. */
export default function ExamsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold text-primary">{t("exams:list.title")}</h1>
      <p className="max-w-3xl text-sm text-slate-700">{t("exams:list.intro")}</p>
      <ExamList overview={data} result={result ?? null} />
    </div>
  );
}
