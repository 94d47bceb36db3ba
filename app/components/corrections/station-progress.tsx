import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { StationProgress } from "~/modules/corrections/index.server";

const base = (sessionId: string) => `/admin/scheduledsessions/dashboard/${encodeURIComponent(sessionId)}`;

/** Marked / total per station, as big links (the dashboard and the station picker show it). */
export function StationProgressList({ sessionId, stations }: { sessionId: string; stations: StationProgress[] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3" data-testid="station-progress-list">
      {stations.map((s) => {
        const pct = s.total ? Math.round((s.marked / s.total) * 100) : 0;
        return (
          <li key={s.evaluationId}>
            <Link
              to={`${base(sessionId)}/stations/${encodeURIComponent(s.evaluationId)}`}
              className="flex min-h-12 flex-col gap-1 rounded-md border border-slate-200 bg-white px-3 py-2 hover:border-primary"
              data-testid="station-link"
            >
              <span className="flex items-center justify-between gap-2">
                <span className="min-w-0 break-words font-medium">{s.name}</span>
                <span className="shrink-0 text-sm text-slate-600" data-testid="station-count">
                  {t("corrections:station.progress", { marked: s.marked, total: s.total })}
                </span>
              </span>
              <span className="h-2 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
                <span className="block h-full bg-green-700" style={{ width: `${pct}%` }} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function StationPicker({
  session,
  stations,
}: {
  session: { _id: string; reference: string; sessionName: string };
  stations: StationProgress[];
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" data-testid="station-picker">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-primary">{t("corrections:station.pick-title")}</h1>
          <p className="text-sm text-slate-600">
            {session.reference} · {session.sessionName}
          </p>
        </div>
        <Link to={base(session._id)} className="text-sm text-primary underline">
          {t("corrections:links.dashboard")}
        </Link>
      </header>
      <p className="text-slate-700">{t("corrections:station.pick-text")}</p>
      <StationProgressList sessionId={session._id} stations={stations} />
    </div>
  );
}
