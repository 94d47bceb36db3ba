import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import type { IncidentCategory } from "~/modules/incidents";

// Incidents as staff read them (issue 32): category, time, who recorded it, what it is about
// (a participant, a station, or the whole session) and the text. Never shown to participants.

export type IncidentView = {
  _id: string;
  participant: string | null;
  evaluation: string | null;
  category: IncidentCategory;
  text: string;
  at: Date | string;
  recordedByName: string;
};

const CATEGORY_STYLE: Record<IncidentCategory, string> = {
  EQUIPMENT: "bg-slate-200 text-slate-900",
  ILLNESS: "bg-rose-100 text-rose-900",
  MISCONDUCT: "bg-red-100 text-red-900",
  EXAMINER_CONCERN: "bg-amber-100 text-amber-900",
  TIMING: "bg-sky-100 text-sky-900",
  OTHER: "bg-slate-100 text-slate-800",
};

export function IncidentCategoryBadge({ category }: { category: IncidentCategory }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${CATEGORY_STYLE[category]}`}>
      {t(`incidents:category.${category}`)}
    </span>
  );
}

/** One incident: its category, what it is about, who recorded it when, and the text. */
function IncidentItem({ incident: i, names }: { incident: IncidentView; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const about = [
    i.participant ? (names.get(i.participant) ?? i.participant) : null,
    i.evaluation ? (names.get(i.evaluation) ?? i.evaluation) : null,
  ].filter(Boolean);
  return (
    <li
      className="rounded-md border border-slate-200 bg-white px-3 py-2 text-sm"
      data-testid="incident"
      data-category={i.category}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <IncidentCategoryBadge category={i.category} />
        <span className="font-medium">{about.length ? about.join(" · ") : t("incidents:whole-session")}</span>
        <span className="text-xs text-slate-600">
          {t("incidents:recorded", { time: format.exactTime(i.at, true), name: i.recordedByName })}
        </span>
      </div>
      {i.text ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{i.text}</p> : null}
    </li>
  );
}

/**
 * A session's or a participant's incidents under their heading (with their count), newest first;
 * `children` follow the list (the dashboard's form to record one).
 */
export function IncidentList({
  incidents,
  names,
  testId = "incident-list",
  sectionTestId,
  children,
}: {
  incidents: readonly IncidentView[];
  /** Participant and evaluation ids to names. */
  names: ReadonlyMap<string, string>;
  testId?: string;
  sectionTestId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <section className="flex flex-col gap-2" aria-labelledby={headingId} data-testid={sectionTestId}>
      <h2 id={headingId} className="text-lg font-semibold text-primary">
        {t("incidents:heading", { count: incidents.length })}
      </h2>
      {incidents.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid={`${testId}-empty`}>
          {t("incidents:none")}
        </p>
      ) : (
        <ul className="flex flex-col gap-2" aria-labelledby={headingId} data-testid={testId}>
          {incidents.map((i) => (
            <IncidentItem key={i._id} incident={i} names={names} />
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
