import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
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
import { listScreen, removeFromList, listSessions, removeSession } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:sections.sessions.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const { list, categoryOptions, canWrite } = await listScreen(ctx, request, (args, p, categories) =>
    listSessions(ctx, { ...args, filter: { name: p.q || null, categories } }),
  );
  return { list, categoryOptions, canWrite };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return removeFromList(ctx, request, (id) => removeSession(ctx, id));
}

export default function Sessions() {
  const { list, categoryOptions, canWrite } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader
        title={t("assessments:sections.sessions.title")}
        back="/admin/assessments"
        backLabel={t("assessments:entry.title")}
      >
        {canWrite ? (
          <Link
            to="/admin/assessments/sessions/create"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline hover:bg-primary-hover"
          >
            {t("assessments:actions.new-session")}
          </Link>
        ) : null}
      </PageHeader>
      <ListToolbar categoryOptions={categoryOptions} />
      {list.edges.length === 0 ? <p className="text-slate-500">{t("assessments:list.empty")}</p> : null}
      <ul className="flex flex-col gap-2">
        {list.edges.map(({ node: s }) => (
          <li
            key={s._id}
            className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {s.name}
                <PrivateBadge visibility={s.visibility} />
              </p>
              <p className="text-sm text-slate-600">
                {t("assessments:overview.evaluations", { count: s.evaluations.length })} ·{" "}
                {t("assessments:overview.pass", { value: s.passPercentage })} · {s.owner.name}
              </p>
            </div>
            <Modal
              title={s.name}
              trigger={
                <Button variant="ghost" className="!px-2 !py-1">
                  {t("assessments:actions.view")}
                </Button>
              }
            >
              <p>{t("assessments:overview.pass", { value: s.passPercentage })}</p>
              {s.referenceFormat ? (
                <p>
                  {t("assessments:fields.referenceFormat")}
                  {t("common:colon")}
                  {s.referenceFormat}
                </p>
              ) : null}
              {s.resolvedCategories.length ? (
                <p className="mt-1">
                  {t("assessments:fields.categories")}
                  {t("common:colon")}
                  {s.resolvedCategories.map((c) => c.name).join(", ")}
                </p>
              ) : null}
              <h3 className="mt-3 font-semibold">
                {t("assessments:overview.evaluations", { count: s.evaluations.length })}
              </h3>
              <ol className="list-decimal pl-5">
                {(s.resolvedEvaluations ?? []).map((e) => (
                  <li key={e._id}>
                    {e.name}{" "}
                    <span className="text-slate-500">
                      ({t("assessments:overview.question-count", { count: e.questionCount })})
                    </span>
                  </li>
                ))}
              </ol>
            </Modal>
            {s.access.canEdit ? (
              <Link to={`/admin/assessments/sessions/edit/${s._id}`} className="px-2 text-sm">
                {t("assessments:actions.edit")}
              </Link>
            ) : null}
            {s.access.canEdit ? <RemoveButton id={s._id} name={s.name} /> : null}
          </li>
        ))}
      </ul>
      <Pager pageInfo={list.pageInfo} />
    </div>
  );
}
