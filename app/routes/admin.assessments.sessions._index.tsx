import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GroupList } from "~/components/assessments/group-list";
import { requireStaffContext } from "~/modules/auth/index.server";
import { removeFromList } from "./admin.assessments+shared/form.server";
import { listScreen } from "./admin.assessments+shared/list.server";
import { listSessions, removeSession } from "~/modules/assessments/index.server";

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
    <GroupList
      section="sessions"
      newLabel={t("assessments:actions.new-session")}
      edges={list.edges}
      pageInfo={list.pageInfo}
      categoryOptions={categoryOptions}
      canWrite={canWrite}
      summary={(s) => (
        <>
          {t("assessments:overview.evaluations", { count: s.evaluations.length })} ·{" "}
          {t("assessments:overview.pass", { value: s.passPercentage })}
        </>
      )}
      details={(s) => (
        <>
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
        </>
      )}
    />
  );
}
