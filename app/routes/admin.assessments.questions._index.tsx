import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import {
  AssessmentsPager,
  ListToolbar,
  PageHeader,
  RemoveButton,
  PrivateBadge,
} from "~/components/assessments/screen-parts";
import { requireStaffContext } from "~/modules/auth/index.server";
import { listQuestions, removeQuestion } from "~/modules/assessments/index.server";
import { removeFromList } from "./admin.assessments+shared/form.server";
import { listScreen } from "./admin.assessments+shared/list.server";
import { STEP_TYPES } from "~/modules/assessments";
import { ListTable } from "~/components/ui/list-table";
import { qtiExportHref, QtiExportLink } from "~/components/qti/export-link";
import { QtiImportDialog } from "~/components/qti/import-dialog";

export const handle = { titleKey: "assessments:sections.questions.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const { list, categoryOptions, params, canWrite } = await listScreen(ctx, request, (args, p, categories) =>
    listQuestions(ctx, {
      ...args,
      filter: { name: p.q || null, steps: p.type ? [p.type] : null, behavior: p.layout, categories },
    }),
  );
  return { list, categoryOptions, layout: params.layout, canWrite };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return removeFromList(ctx, request, (id) => removeQuestion(ctx, id));
}

export default function Questions() {
  const { list, categoryOptions, layout, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const format = useFormat();
  const wide = layout === "WIDE";
  const stepTypesOf = (q: { stepTypes: string[] }) => q.stepTypes.map((s) => t(`assessments:stepType.${s}`)).join(", ");
  return (
    <div>
      <PageHeader
        title={t("assessments:sections.questions.title")}
        back="/admin/assessments"
        backLabel={t("assessments:entry.title")}
      >
        {canWrite ? (
          <Link
            to="/admin/assessments/questions/create"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline hover:bg-primary-hover"
          >
            {t("assessments:actions.new-question")}
          </Link>
        ) : null}
        {list.edges.length > 0 ? (
          <a
            href={qtiExportHref({ questions: list.edges.map((e) => e.node._id) })}
            download
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-primary no-underline hover:bg-slate-50"
            data-testid="qti-export-page"
          >
            {t("qti:export.button")}
          </a>
        ) : null}
        {canWrite ? <QtiImportDialog /> : null}
      </PageHeader>
      <ListToolbar typeOptions={STEP_TYPES} categoryOptions={categoryOptions} showLayout />
      {list.edges.length === 0 ? (
        <p className="text-slate-500">{t("assessments:list.empty")}</p>
      ) : (
        <ListTable
          className="w-full text-left text-sm"
          head={
            <tr>
              <th className="px-3 py-2">{t("assessments:fields.name")}</th>
              {wide ? <th className="hidden px-3 py-2 lg:table-cell">{t("assessments:fields.stepTypes")}</th> : null}
              {wide ? <th className="hidden px-3 py-2 lg:table-cell">{t("assessments:fields.maxTime")}</th> : null}
              <th className="hidden px-3 py-2 sm:table-cell">{t("assessments:fields.owner")}</th>
              {wide ? <th className="hidden px-3 py-2 lg:table-cell">{t("assessments:fields.updated")}</th> : null}
              <th className="px-3 py-2">
                <span className="sr-only">{t("assessments:fields.actions")}</span>
              </th>
            </tr>
          }
        >
          {list.edges.map(({ node: q }) => (
            <tr key={q._id} className="border-t border-slate-100">
              {/* Only the name breaks inside a long word, and is never squeezed narrower than 8 or 10rem. */}
              <td className="min-w-32 px-3 py-2 font-medium [overflow-wrap:anywhere] md:min-w-40">
                <Link to={`/admin/assessments/questions/edit/${q._id}`}>{q.name}</Link>
                <PrivateBadge visibility={q.visibility} />
                {/* What does not fit beside the name goes under it: the owner on a phone, the step types and
                    time limit below a wide screen. */}
                <span className="block text-xs font-normal text-slate-600 sm:hidden">{q.owner.name}</span>
                {wide ? (
                  <span className="block text-xs font-normal text-slate-600 lg:hidden">
                    {stepTypesOf(q)} · {t("assessments:form.seconds", { count: q.maxTime })}
                  </span>
                ) : null}
              </td>
              {wide ? <td className="hidden px-3 py-2 lg:table-cell">{stepTypesOf(q)}</td> : null}
              {wide ? (
                <td className="hidden px-3 py-2 lg:table-cell">
                  {t("assessments:form.seconds", { count: q.maxTime })}
                </td>
              ) : null}
              <td className="hidden px-3 py-2 break-words sm:table-cell">{q.owner.name}</td>
              {wide ? <td className="hidden px-3 py-2 lg:table-cell">{format.dateTime(q._updatedAt)}</td> : null}
              <td className="px-3 py-2 text-right">
                <div className="flex flex-col items-end gap-1 whitespace-nowrap lg:flex-row lg:items-center lg:justify-end">
                  <QtiExportLink query={{ questions: [q._id] }} name={q.name} className="px-2" />
                  {q.access.canEdit ? (
                    <Link to={`/admin/assessments/questions/edit/${q._id}`} className="px-2">
                      {t("assessments:actions.edit")}
                    </Link>
                  ) : null}
                  {canWrite ? (
                    <Link to={`/admin/assessments/questions/create/${q._id}`} className="px-2">
                      {t("assessments:actions.copy")}
                    </Link>
                  ) : null}
                  {q.access.canEdit ? <RemoveButton id={q._id} name={q.name} /> : null}
                </div>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      <AssessmentsPager pageInfo={list.pageInfo} />
    </div>
  );
}
