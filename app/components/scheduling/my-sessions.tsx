import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/time-zone";
import { StatusBadge } from "./common";

type Item = {
  id: string;
  reference: string;
  sessionName: string;
  datetime: string | Date;
  status: string;
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

function Section({ title, items, timeZone, testId }: { title: string; items: Item[]; timeZone: string; testId: string }) {
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
              <div className="text-sm text-slate-700">{formatDateTime(s.datetime, i18n.language, timeZone, { style: "full", withZone: true })}</div>
              <div className="text-sm text-slate-600">
                {s.locationName ?? t("scheduling:signup.no-place")}
                {s.locationAddress ? ` — ${[s.locationAddress.line1, s.locationAddress.postal, s.locationAddress.city].filter(Boolean).join(", ")}` : ""}
              </div>
              <div className="text-xs text-slate-500">{t("scheduling:user.reference", { reference: s.reference })}</div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
