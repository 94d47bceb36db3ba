import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import { TimelineRow, type TimelineEntry } from "./timeline-row";

// A participant's timeline on the correction page (issue 32): every recorded change (answer
// saves, clock changes, ticks, scores, comments, ratings, late answers, reports, re-planning,
// incidents), oldest first, filtered by kind through the page's own query (`?kind=…`), and its CSV
// export with the same filter.

export const TIMELINE_KINDS = [
  "ANSWER",
  "OVERRIDE",
  "SESSION",
  "TICK",
  "SCORE",
  "COMMENT",
  "GLOBAL_RATING",
  "LATE_ACCEPTANCE",
  "REPORT",
  "REPLAN",
  "INCIDENT",
] as const;

export function AuditTimeline({
  rows,
  names,
  kinds,
  csvUrl,
}: {
  rows: readonly TimelineEntry[];
  names: Readonly<Record<string, string>>;
  /** The kinds shown (none: all). */
  kinds: readonly string[];
  csvUrl: string;
}) {
  const { t } = useTranslation();
  const csv = kinds.length ? `${csvUrl}?${kinds.map((k) => `kind=${encodeURIComponent(k)}`).join("&")}` : csvUrl;
  return (
    <section
      className="flex min-w-0 max-w-full flex-col gap-3"
      aria-labelledby="timeline-heading"
      data-testid="audit-timeline"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="timeline-heading" className="text-lg font-semibold text-primary">
          {t("audit:heading", { count: rows.length })}
        </h2>
        <a href={csv} className="text-sm text-primary underline" download data-testid="timeline-csv">
          {t("audit:csv")}
        </a>
      </div>
      <p className="text-sm text-slate-600">{t("audit:intro")}</p>
      <Form method="get" preventScrollReset className="flex flex-col gap-2" data-testid="timeline-filter">
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{t("audit:filter")}</legend>
          {TIMELINE_KINDS.map((k) => (
            <label key={k} className="flex min-h-8 items-center gap-1 text-sm">
              <input
                type="checkbox"
                name="kind"
                value={k}
                defaultChecked={kinds.includes(k)}
                data-testid={`kind-${k}`}
              />
              {t(`audit:kind.${k}`)}
            </label>
          ))}
        </fieldset>
        <div>
          <Button type="submit" variant="secondary" data-testid="timeline-apply">
            {t("audit:apply")}
          </Button>
        </div>
      </Form>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600" data-testid="timeline-empty">
          {t("audit:none")}
        </p>
      ) : (
        <div className="w-full min-w-0 max-w-full overflow-x-auto rounded-md border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("audit:caption")}</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th className="px-2 py-2">{t("audit:col.at")}</th>
                <th className="px-2 py-2">{t("audit:col.what")}</th>
                <th className="px-2 py-2">{t("audit:col.who")}</th>
                <th className="px-2 py-2">{t("audit:col.where")}</th>
                <th className="px-2 py-2">{t("audit:col.change")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <TimelineRow key={r.id} entry={r} names={names} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
