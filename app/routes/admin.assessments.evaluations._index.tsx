import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import { formatDuration } from "~/components/assessments/duration";
import {
  ListToolbar,
  Modal,
  PageHeader,
  Pager,
  RemoveButton,
  PrivateBadge,
} from "~/components/assessments/screen-parts";
import { Button } from "~/components/ui/form";
import { requireStaffContext } from "~/modules/auth/index.server";
import { listEvaluations, removeEvaluation, listScreen, removeFromList } from "~/modules/assessments/index.server";

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
    <div>
      <PageHeader
        title={t("assessments:sections.evaluations.title")}
        back="/admin/assessments"
        backLabel={t("assessments:entry.title")}
      >
        {canWrite ? (
          <Link
            to="/admin/assessments/evaluations/create"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline hover:bg-primary-hover"
          >
            {t("assessments:actions.new-evaluation")}
          </Link>
        ) : null}
      </PageHeader>
      <ListToolbar categoryOptions={categoryOptions} />
      {list.edges.length === 0 ? <p className="text-slate-500">{t("assessments:list.empty")}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.edges.map(({ node: e }) => (
          <li
            key={e._id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {e.name}
                <PrivateBadge visibility={e.visibility} />
              </p>
              <p className="text-sm text-slate-600">
                {t("assessments:overview.questions", { count: e.questionCount })} · {e.owner.name}
              </p>
            </div>
            <Modal
              title={e.name}
              trigger={
                <Button variant="ghost" className="!px-2 !py-1">
                  {t("assessments:actions.view")}
                </Button>
              }
            >
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
            </Modal>
            {e.access.canEdit ? (
              <Link to={`/admin/assessments/evaluations/edit/${e._id}`} className="px-2 text-sm">
                {t("assessments:actions.edit")}
              </Link>
            ) : null}
            {e.access.canEdit ? <RemoveButton id={e._id} name={e.name} /> : null}
          </li>
        ))}
      </ul>
      <Pager pageInfo={list.pageInfo} />
    </div>
  );
}
