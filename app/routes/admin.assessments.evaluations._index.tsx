import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import { formatDuration } from "~/components/assessments/duration";
import { GroupList } from "~/components/assessments/group-list";
import { QtiExportLink } from "~/components/qti/export-link";
import { QtiImportDialog } from "~/components/qti/import-dialog";
import { requireStaffContext } from "~/modules/auth/index.server";
import { listEvaluations, removeEvaluation } from "~/modules/assessments/index.server";
import { removeFromList } from "./admin.assessments+shared/form.server";
import { listScreen } from "./admin.assessments+shared/list.server";

export const handle = { titleKey: "assessments:sections.evaluations.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const { list, categoryOptions, canWrite } = await listScreen(ctx, request, (args, p, categories) =>
    listEvaluations(ctx, { ...args, filter: { name: p.q || null, categories } }),
  );
  return { list, categoryOptions, canWrite };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return removeFromList(ctx, request, (id) => removeEvaluation(ctx, id));
}

export default function Evaluations() {
  const { list, categoryOptions, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <GroupList
      section="evaluations"
      newLabel={t("assessments:actions.new-evaluation")}
      edges={list.edges}
      pageInfo={list.pageInfo}
      categoryOptions={categoryOptions}
      canWrite={canWrite}
      actions={canWrite ? <QtiImportDialog /> : null}
      rowActions={(e) => <QtiExportLink query={{ evaluation: e._id }} name={e.name} className="px-2 text-sm" />}
      summary={(e) => t("assessments:overview.questions", { count: e.questionCount })}
      details={(e) => (
        <>
          {e.description ? <p className="mb-2 whitespace-pre-line">{e.description}</p> : null}
          <p>{e.options.enableTimer ? t("assessments:overview.timer-on") : t("assessments:overview.timer-off")}</p>
          {e.resolvedCategories.length ? (
            <p className="mt-1">
              {t("assessments:fields.categories")}
              {t("common:colon")}
              {e.resolvedCategories.map((c) => c.name).join(", ")}
            </p>
          ) : null}
          <h3 className="mt-3 font-semibold">{t("assessments:overview.questions", { count: e.questionCount })}</h3>
          <ol className="list-decimal pl-5">
            {(e.resolvedQuestions ?? []).map((q) => (
              <li key={q._id}>
                {q.name}{" "}
                <span className="text-slate-500">
                  ({q.stepTypes.map((s) => t(`assessments:stepType.${s}`)).join(", ")} ·{" "}
                  {t("assessments:preview.points", { count: q.totalScore })} · {formatDuration(q.maxTime, t)})
                </span>
              </li>
            ))}
          </ol>
          <p className="mt-2 font-medium" data-testid="evaluation-totals">
            {t("assessments:overview.totals", {
              score: format.number(
                (e.resolvedQuestions ?? []).reduce((sum, q) => sum + q.totalScore, 0),
                { maximumFractionDigits: 2 },
              ),
              time: formatDuration(
                (e.resolvedQuestions ?? []).reduce((sum, q) => sum + q.maxTime, 0),
                t,
              ),
            })}
          </p>
        </>
      )}
    />
  );
}
