import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { dayOfInstant, formatDay, formatTime } from "~/lib/time-zone";
import { StatusBadge } from "./status-badge";

type CalendarSession = {
  _id: string;
  datetime: string | Date;
  status: string;
  sessionName: string;
  reference: string;
  locationName: string | null;
  participants: string[];
};

const STATUS_EDGE: Record<string, string> = {
  SCHEDULED: "border-l-blue-600",
  ONGOING: "border-l-amber-500",
  COMPLETED: "border-l-green-600",
  CANCELED: "border-l-slate-400 line-through",
};

/**
 * Month or week of scheduled sessions: a 7-column grid from the small breakpoint up, and a day-by-day
 * agenda on phones (a 7-column grid is unreadable at 390px). Days are the organisation's days.
 */
export function SessionCalendar(props: {
  view: "month" | "week";
  days: string[];
  anchor: string;
  today: string;
  timeZone: string;
  sessions: CalendarSession[];
  linkTo: (sessionId: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const byDay = new Map<string, CalendarSession[]>();
  for (const s of props.sessions) {
    const day = dayOfInstant(s.datetime, props.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), s]);
  }
  const inPeriod = (day: string) => props.view === "week" || day.slice(0, 7) === props.anchor.slice(0, 7);
  const entry = (s: CalendarSession, compact: boolean) => (
    <Link
      to={props.linkTo(s._id)}
      preventScrollReset
      title={`${formatTime(s.datetime, locale, props.timeZone)} ${s.sessionName} · ${s.reference}`}
      className={`block rounded border-l-4 bg-selected px-1.5 py-1 text-xs text-primary hover:underline focus:outline-none focus:ring-2 focus:ring-primary ${STATUS_EDGE[s.status] ?? ""}`}
      data-testid="calendar-session"
    >
      <span className={`block font-semibold ${compact ? "truncate" : "break-words"}`}>
        {formatTime(s.datetime, locale, props.timeZone)} {s.sessionName}
      </span>
      <span className={`block text-slate-700 ${compact ? "truncate" : "break-words"}`}>
        {[s.locationName, t("scheduling:list.count", { count: s.participants.length })].filter(Boolean).join(" · ")}
      </span>
      <span className="sr-only">
        {s.reference}, {t(`scheduling:status.${s.status}`)}
      </span>
    </Link>
  );
  const agendaDays = props.days.filter((d) => inPeriod(d) && byDay.has(d));

  return (
    <>
      <div
        className="hidden grid-cols-7 gap-px overflow-hidden rounded-lg border border-slate-200 bg-slate-200 sm:grid"
        data-testid="calendar"
      >
        {props.days.slice(0, 7).map((day) => (
          <div key={`h-${day}`} className="bg-slate-50 px-2 py-1 text-xs font-semibold text-slate-600">
            {formatDay(day, locale, { weekday: "short" })}
          </div>
        ))}
        {props.days.map((day) => {
          const isToday = day === props.today;
          return (
            <div
              key={day}
              className={`${props.view === "week" ? "min-h-48" : "min-h-28"} min-w-0 p-1 ${inPeriod(day) ? "bg-white" : "bg-slate-50 text-slate-400"}`}
            >
              <div
                className={`mb-1 inline-flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs ${isToday ? "bg-primary font-semibold text-white" : "text-slate-500"}`}
                aria-current={isToday ? "date" : undefined}
              >
                {props.view === "week"
                  ? formatDay(day, locale, { day: "numeric", month: "short" })
                  : Number(day.slice(8, 10))}
              </div>
              <ul className="flex flex-col gap-1">
                {(byDay.get(day) ?? []).map((s) => (
                  <li key={s._id}>{entry(s, props.view === "month")}</li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      <div className="sm:hidden" data-testid="agenda">
        {agendaDays.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
            {t("scheduling:list.none-in-period")}
          </p>
        ) : (
          <ol className="flex flex-col gap-3">
            {agendaDays.map((day) => (
              <li key={day}>
                <h3 className={`mb-1 text-sm font-semibold ${day === props.today ? "text-primary" : "text-slate-700"}`}>
                  {formatDay(day, locale, { weekday: "long", day: "numeric", month: "long" })}
                  {day === props.today ? ` · ${t("scheduling:list.today")}` : ""}
                </h3>
                <ul className="flex flex-col gap-1">
                  {byDay.get(day)!.map((s) => (
                    <li key={s._id} className="flex items-start gap-2">
                      <div className="min-w-0 flex-1">{entry(s, false)}</div>
                      <StatusBadge status={s.status} />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
