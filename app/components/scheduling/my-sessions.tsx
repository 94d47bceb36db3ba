import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReadyToggle } from "~/components/live/ready-toggle";
import { formatDateTime } from "~/lib/time-zone";
import { StatusBadge } from "./status-badge";

type Item = {
  id: string;
  reference: string;
  sessionName: string;
  datetime: string | Date;
  status: string;
  ready?: boolean;
  locationName: string | null;
  locationAddress: { line1: string | null; city: string | null; postal: string | null } | null;
};

/** The participant's own sessions on /user: upcoming and past. */
export function MySessions({ upcoming, past, timeZone }: { upcoming: Item[]; past: Item[]; timeZone: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <Section title={t("scheduling:user.upcoming")} items={upcoming} timeZone={timeZone} testId="my-upcoming" />
      <Section title={t("scheduling:user.past")} items={past} timeZone={timeZone} testId="my-past" />
    </div>
  );
}

function Section({
  title,
  items,
  timeZone,
  testId,
}: {
  title: string;
  items: Item[];
  timeZone: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-label={title}>
      <h2 className="mb-2 text-lg font-semibold text-primary">{title}</h2>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{t("scheduling:user.none")}</p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid={testId}>
          {items.map((s) => (
            <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{s.sessionName}</span>
                <StatusBadge status={s.status} />
              </div>
              <div className="text-sm text-slate-700">
                {formatDateTime(s.datetime, i18n.language, timeZone, { style: "full", withZone: true })}
              </div>
              <div className="text-sm text-slate-600">
                {s.locationName ?? t("scheduling:signup.no-place")}
                {s.locationAddress
                  ? ` — ${[s.locationAddress.line1, s.locationAddress.postal, s.locationAddress.city].filter(Boolean).join(", ")}`
                  : ""}
              </div>
              <div className="text-xs text-slate-500">{t("scheduling:user.reference", { reference: s.reference })}</div>
              <LiveActions session={s} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The live run from the list: say you are ready before the start, enter once it runs. */
function LiveActions({ session }: { session: Item }) {
  const { t } = useTranslation();
  if (session.status === "ONGOING") {
    return (
      <div className="mt-2">
        <Link
          to={`/user/session/${encodeURIComponent(session.id)}`}
          className="inline-flex min-h-11 items-center rounded-md bg-primary px-4 py-2 text-sm font-medium text-white no-underline hover:bg-primary-hover"
          data-testid="enter-session"
        >
          {t("live:user.screen.enter")}
        </Link>
      </div>
    );
  }
  if (session.status !== "SCHEDULED") return null;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3" data-testid="session-ready">
      <ReadyToggle scheduledSession={session.id} ready={session.ready ?? false} />
      <Link to={`/user/session/${encodeURIComponent(session.id)}`} className="text-sm">
        {t("live:user.screen.open-waiting")}
      </Link>
    </div>
  );
}
