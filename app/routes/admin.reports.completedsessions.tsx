import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReportsPage, ReportsPager } from "~/components/reports/reports-page";
import { ListSearch } from "~/components/ui/list-search";
import { loadOrFail } from "~/lib/form-result.server";
import { pageNumber } from "~/lib/list-query.server";
import { requireStaffContext } from "~/modules/auth/index.server";
import { completedSessionsScreen } from "~/modules/reports/index.server";

export const handle = { titleKey: "reports:entry.completed.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const url = new URL(request.url);
  const query = { page: pageNumber(url), q: url.searchParams.get("q") ?? "" };
  return loadOrFail(ctx, () => completedSessionsScreen(ctx, query));
}

/** Completed sessions with each participant's correction progress and the pass rate. */
export default function CompletedSessions() {
  const { sessions, q, page, pageCount } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <ReportsPage title={t("reports:entry.completed.title")}>
      <ListSearch
        id="completed-q"
        label={t("reports:list.search")}
        placeholder={t("reports:list.search")}
        q={q}
        submitLabel={t("reports:list.apply")}
      />
      {sessions.length === 0 ? <p className="text-slate-600">{t("reports:completed.none")}</p> : null}
      <ul className="flex flex-col gap-4">
        {sessions.map((s) => (
          <li key={s._id} className="rounded-md border border-slate-200 bg-white p-4" data-testid="completed-session">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="text-lg font-semibold">
                {s.sessionName} <span className="text-sm font-normal text-slate-500">{s.reference}</span>
              </h2>
              <span className="text-sm text-slate-600">{s.datetime}</span>
            </div>
            <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-slate-500">{t("reports:completed.corrected")}</dt>
                <dd>{t("reports:completed.of", { done: s.correctionComplete, total: s.participantCount })}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t("reports:completed.reports")}</dt>
                <dd>{t("reports:completed.of", { done: s.reportCount, total: s.participantCount })}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t("reports:completed.released")}</dt>
                <dd>{s.releasedCount}</dd>
              </div>
              <div>
                <dt className="text-slate-500">{t("reports:completed.pass-rate")}</dt>
                <dd data-testid="pass-rate">{s.passRate ?? "–"}</dd>
              </div>
            </dl>
            <details className="mt-2">
              <summary className="cursor-pointer text-sm text-primary">{t("reports:completed.participants")}</summary>
              <ul className="mt-2 flex flex-col gap-1 text-sm">
                {s.participants.map((p) => (
                  <li
                    key={p.participant}
                    className="flex flex-wrap justify-between gap-2 border-b border-slate-100 py-1"
                  >
                    <Link to={`/admin/scheduledsessions/dashboard/${s._id}/participant/${p.participant}`}>
                      {p.name}
                    </Link>
                    <span>
                      {t(`reports:progress.${p.progress}`)}
                      {p.passedStatus ? ` · ${t(`reports:status.${p.passedStatus}`)}` : ""}
                      {p.report ? ` · ${t(p.draft ? "reports:list.draft" : "reports:list.released")}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            </details>
            <Link to={`/admin/reports/sessionreports?session=${s._id}`} className="mt-2 inline-block text-sm">
              {t("reports:completed.open-reports")}
            </Link>
          </li>
        ))}
      </ul>
      <ReportsPager page={page} pageCount={pageCount} />
    </ReportsPage>
  );
}
