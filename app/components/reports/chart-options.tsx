import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import { chartChoices, effectiveChartOptions, planChart } from "~/modules/reports";
import type { SessionReportData } from "~/modules/reports";

type ChartFields = Pick<SessionReportOptions, "showChart" | "chartType">;

/**
 * The builder's chart options: "Show the chart" and the chart type, as the report will draw them
 * (planChart). Never a ticked option that draws nothing: without anything to chart the box is off,
 * without three axes the radar is off, and a note says why. What was chosen is kept (hidden
 * fields), so a rebuild with more categories brings the radar back.
 */
export function ChartOptions({
  data,
  layout,
  options,
  onChange,
}: {
  data: SessionReportData;
  layout: SessionReportLayoutBlock[];
  options: ChartFields;
  onChange: (next: ChartFields) => void;
}) {
  const { t } = useTranslation();
  const choices = useMemo(() => chartChoices(data, layout), [data, layout]);
  const shown = effectiveChartOptions(options, choices);
  const drawn = shown.showChart
    ? layout
        .flatMap((b) => (b.type === "chart" ? [planChart(data, { source: b.source, chartType: shown.chartType })] : []))
        .find((p) => p)
    : null;
  const note = choices.cannotShowReason
    ? t(`reports:builder.chart-note.${choices.cannotShowReason}`)
    : !shown.showChart
      ? null
      : !choices.canRadar
        ? t("reports:builder.chart-note.TOO_FEW_FOR_RADAR")
        : drawn && drawn.source !== drawn.requested.source
          ? t(
              `reports:builder.chart-note.fallback-${drawn.source === "ALL_CATEGORIES" ? "ALL_CATEGORIES" : "EVALUATIONS"}`,
            )
          : null;
  const kindLocked = !shown.showChart || !choices.canRadar;
  return (
    <div className="flex flex-col gap-2" data-testid="chart-options">
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="showChart"
          checked={shown.showChart}
          disabled={!choices.canShow}
          aria-describedby={note ? "chart-options-note" : undefined}
          onChange={(e) => onChange({ ...options, showChart: e.target.checked })}
        />
        {t("reports:builder.flags.showChart")}
      </label>
      {!choices.canShow ? <input type="hidden" name="showChart" value={options.showChart ? "on" : ""} /> : null}
      <div className="ml-6 flex flex-wrap gap-4" role="radiogroup" aria-label={t("reports:builder.chart-type")}>
        {(["RADAR", "BAR"] as const).map((type) => (
          <label key={type} className={`flex items-center gap-2 text-sm ${kindLocked ? "text-slate-500" : ""}`}>
            <input
              type="radio"
              name="chartType"
              value={type}
              checked={shown.chartType === type}
              disabled={kindLocked}
              aria-describedby={note ? "chart-options-note" : undefined}
              onChange={() => onChange({ ...options, chartType: type })}
            />
            {t(`reports:builder.chart.${type}`)}
          </label>
        ))}
      </div>
      {kindLocked ? <input type="hidden" name="chartType" value={options.chartType} /> : null}
      {note ? (
        <p id="chart-options-note" className="ml-6 text-xs text-slate-600" data-testid="chart-options-note">
          {note}
        </p>
      ) : null}
    </div>
  );
}
