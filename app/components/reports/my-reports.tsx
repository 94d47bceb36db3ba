import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type MyReport = { id: string; sessionName: string; date: string; passedStatus: string };

/** The participant's released reports on /user (drafts never reach this list). */
export function MyReports({ reports }: { reports: MyReport[] }) {
  const { t } = useTranslation();
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="my-reports" className="flex flex-col gap-2">
      <h2 id="my-reports" className="text-lg font-semibold text-primary">
        {t("reports:mine.title")}
      </h2>
      <ul className="flex flex-col gap-2">
        {reports.map((r) => (
          <li
            key={r.id}
            className="flex flex-wrap items-baseline justify-between gap-2 rounded-md border border-slate-200 bg-white p-3"
            data-testid="my-report"
          >
            <Link to={`/sessionreport/${r.id}`} className="font-medium">
              {r.sessionName}
            </Link>
            <span className="text-sm text-slate-600">
              {r.date} · {t(`reports:status.${r.passedStatus}`)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
