import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireStaffContext } from "~/modules/auth/index.server";
import { listEvaluations, listQuestions, loadOrFail, sessionEntity } from "~/modules/assessments/index.server";

export const handle = { titleKey: "assessments:entry.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const [q, e, s] = await loadOrFail(ctx, () =>
    Promise.all([
      listQuestions(ctx, { first: 1 }),
      listEvaluations(ctx, { first: 1, asSummary: true }),
      sessionEntity.list(ctx, { first: 1 }),
    ]),
  );
  return {
    counts: { questions: q.pageInfo.totalCount, evaluations: e.pageInfo.totalCount, sessions: s.pageInfo.totalCount },
  };
}

export default function AssessmentsEntry() {
  const { counts } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div>
      <h1 className="text-2xl font-semibold text-primary">{t("assessments:entry.title")}</h1>
      <p className="mt-1 text-slate-600">{t("assessments:entry.intro")}</p>
      <ul className="mt-6 grid gap-4 md:grid-cols-3">
        {(["questions", "evaluations", "sessions"] as const).map((section) => (
          <li key={section}>
            <Link
              to={`/admin/assessments/${section}`}
              className="block rounded-lg border border-slate-200 bg-white p-4 no-underline shadow-sm hover:bg-selected"
            >
              <h2 className="text-lg font-semibold text-primary">{t(`assessments:sections.${section}.title`)}</h2>
              <p className="mt-1 text-sm text-slate-600">{t(`assessments:sections.${section}.description`)}</p>
              <p className="mt-2 text-sm font-medium text-slate-800">
                {t("assessments:entry.count", { count: counts[section] })}
              </p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
