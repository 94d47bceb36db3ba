import { useLocation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { filterGridRows, GRID_SHOWS, gridShowCounts, type GridFilter } from "./grid-filter";
import { KeptRow, type EvaluationChoice, type GridRow } from "./live-grid-row";

/** A short beep when a new help request arrives (can be switched off; browsers may block sound until a click). */
function useHelpCue(count: number, enabled: boolean): void {
  const previous = useRef(count);
  useEffect(() => {
    if (enabled && count > previous.current) {
      try {
        const audio = new AudioContext();
        const tone = audio.createOscillator();
        tone.frequency.value = 880;
        tone.connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + 0.25);
      } catch {
        /* no audio available */
      }
    }
    previous.current = count;
  }, [count, enabled]);
}

export function LiveGrid({
  rows,
  serverTime,
  canRun,
  evaluations,
  correctionUrl,
  circuit = false,
}: {
  rows: GridRow[];
  /** A circuit (issue 32): each row's `circuitPlace` shows where they are this round instead of a time left. */
  circuit?: boolean;
  serverTime: Date | string;
  canRun: boolean;
  evaluations: EvaluationChoice[];
  /** Where a row's participant is corrected (the participant detail page). */
  correctionUrl?: (participantId: string) => string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const submit = useSubmit();
  const [sound, setSound] = useState(true);
  const [filter, setFilter] = useState<GridFilter>({ show: "all", text: "" });
  const counts = gridShowCounts(rows);
  const shown = filter.show === "all" && !filter.text.trim() ? rows : filterGridRows(rows, filter);
  const helpCount = counts.help;
  useHelpCue(helpCount, sound);
  return (
    <section className="flex flex-col gap-2" aria-labelledby="participants-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="participants-heading" className="text-lg font-semibold text-primary">
          {t("live:dashboard.participants", { count: rows.length })}
          {helpCount > 0 ? (
            <span data-testid="help-badge" className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-sm text-white">
              {t("live:dashboard.help-count", { count: helpCount })}
            </span>
          ) : null}
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={sound} onChange={(e) => setSound(e.target.checked)} />
          {t("live:dashboard.sound")}
        </label>
      </div>
      {/* A big room: find someone by name or e-mail, or show only who needs staff. */}
      <div className="flex flex-wrap items-end gap-3" role="search" aria-label={t("live:grid.find-label")}>
        <label className="flex min-w-[12rem] flex-1 flex-col gap-1 text-sm sm:max-w-xs">
          {t("live:grid.find")}
          <input
            type="search"
            className="rounded-md border border-slate-300 px-2 py-1 text-base sm:text-sm"
            placeholder={t("live:grid.find-placeholder")}
            value={filter.text}
            onChange={(e) => setFilter((f) => ({ ...f, text: e.target.value }))}
            data-testid="grid-find"
          />
        </label>
        <div className="flex flex-wrap gap-1" role="group" aria-label={t("live:grid.show")}>
          {GRID_SHOWS.map((show) => (
            <button
              key={show}
              type="button"
              aria-pressed={filter.show === show}
              onClick={() => setFilter((f) => ({ ...f, show }))}
              data-testid={`grid-show-${show}`}
              className={`rounded-full border px-3 py-1 text-sm ${
                filter.show === show
                  ? "border-primary bg-primary text-white"
                  : show === "help" && counts.help > 0
                    ? "border-red-700 text-red-800"
                    : "border-slate-300 text-slate-700"
              }`}
            >
              {t(`live:grid.show-${show}`, { count: counts[show] })}
            </button>
          ))}
        </div>
      </div>
      {shown.length === 0 && rows.length > 0 ? (
        <p
          className="rounded-md border border-slate-200 bg-white px-3 py-4 text-sm text-slate-700"
          data-testid="grid-no-match"
          role="status"
        >
          {t("live:grid.no-match")}{" "}
          <button type="button" className="text-primary underline" onClick={() => setFilter({ show: "all", text: "" })}>
            {t("live:grid.show-everyone")}
          </button>
        </p>
      ) : null}
      {/* On phones every row is a card (cells stacked, each with its label): nothing hides off-screen.
          From md on five columns (connection under the name, answers under the status) and actions
          that wrap, so that the actions stay in view beside the sidebar on a 1,024 px screen. */}
      <div className="rounded-md border border-slate-200 bg-white md:overflow-x-auto">
        <table className="block w-full text-left text-sm md:table">
          <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
            <tr>
              <th className="px-2 py-2">{t("live:grid.participant")}</th>
              <th className="px-2 py-2">{t("live:grid.status")}</th>
              <th className="px-2 py-2">{t("live:grid.where")}</th>
              <th className="px-2 py-2">{circuit ? t("circuit:dashboard.this-round") : t("live:grid.time-left")}</th>
              {canRun ? <th className="px-2 py-2">{t("live:grid.actions")}</th> : null}
            </tr>
          </thead>
          <tbody className="block md:table-row-group">
            {shown.map((row) => (
              <KeptRow
                key={row.participantId}
                row={row}
                serverTime={serverTime}
                canRun={canRun}
                evaluations={evaluations}
                correctionUrl={correctionUrl}
                action={pathname}
                submit={submit}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
