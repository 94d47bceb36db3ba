// Which chart a report draws: the one decision shared by the screens (recharts), the builder's
// options and the PDF (react-pdf), so none of them shows a chart the others do not. Pure: safe in
// the browser.
import type { ChartSource, ChartType, SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import type { SessionReportData } from "./report-data";
import { chartSeries, type ChartPoint } from "./report-view";

/** A radar with fewer spokes is a line or a dot: it needs three axes at least. */
export const RADAR_MIN_AXES = 3;

export type ChartPlan = {
  /** What is drawn: its points, their source (its heading) and the kind of chart. */
  source: ChartSource;
  kind: ChartType;
  points: ChartPoint[];
  /** What the layout and the options asked for. */
  requested: { source: ChartSource; kind: ChartType };
  /** A radar was asked for but no source has three axes: bars are drawn instead. */
  radarAsBars: boolean;
};

/**
 * Where a source falls back to when it has too few points for the chart: a session without
 * categories (or with too few for a radar) is charted per main category, then per category, then
 * per evaluation.
 */
const FALLBACKS: Record<ChartSource, ChartSource[]> = {
  PRIMARY_CATEGORIES: ["PRIMARY_CATEGORIES", "ALL_CATEGORIES", "EVALUATIONS"],
  ALL_CATEGORIES: ["ALL_CATEGORIES", "EVALUATIONS"],
  EVALUATIONS: ["EVALUATIONS"],
};

/**
 * The chart a chart block draws for this report, or null when there is nothing to chart.
 * - The first source, in the order of FALLBACKS, with enough points for the kind asked for
 *   (a radar three, bars one).
 * - A radar that no source can draw becomes bars over the first source with any point.
 */
export function planChart(
  data: SessionReportData,
  requested: { source: ChartSource; chartType: ChartType },
): ChartPlan | null {
  const candidates = FALLBACKS[requested.source].map((source) => ({ source, points: chartSeries(data, source) }));
  const need = requested.chartType === "RADAR" ? RADAR_MIN_AXES : 1;
  const asked = { source: requested.source, kind: requested.chartType };
  const full = candidates.find((c) => c.points.length >= need);
  if (full) return { ...full, kind: requested.chartType, requested: asked, radarAsBars: false };
  const some = candidates.find((c) => c.points.length > 0);
  if (some) return { ...some, kind: "BAR", requested: asked, radarAsBars: requested.chartType === "RADAR" };
  return null;
}

/** Why the builder's chart options are not all open: nothing to chart at all, or no radar possible. */
export type ChartChoices = {
  /** "Show the chart" draws something: the layout has a chart block with something to chart. */
  canShow: boolean;
  /** Why it cannot: the layout has no chart, or the report has nothing to chart. */
  cannotShowReason: "NO_CHART_IN_LAYOUT" | "NOTHING_TO_CHART" | null;
  /** A radar can be drawn for at least one of the layout's charts. */
  canRadar: boolean;
};

/** What the chart options of the builder can do for this report and layout (from planChart). */
export function chartChoices(data: SessionReportData, layout: SessionReportLayoutBlock[]): ChartChoices {
  const sources = layout.flatMap((b) => (b.type === "chart" ? [b.source] : []));
  const canShow = sources.some((source) => planChart(data, { source, chartType: "BAR" }) !== null);
  return {
    canShow,
    cannotShowReason: canShow ? null : sources.length === 0 ? "NO_CHART_IN_LAYOUT" : "NOTHING_TO_CHART",
    canRadar: sources.some((source) => planChart(data, { source, chartType: "RADAR" })?.kind === "RADAR"),
  };
}

/**
 * The chart options as the builder shows them: never a ticked option that draws nothing. "Show
 * the chart" is off when nothing can be charted; the kind is bars when no radar can be drawn.
 * The stored options are kept (a rebuild with more categories brings the radar back).
 */
export function effectiveChartOptions(
  options: Pick<SessionReportOptions, "showChart" | "chartType">,
  choices: ChartChoices,
): { showChart: boolean; chartType: ChartType } {
  return { showChart: options.showChart && choices.canShow, chartType: choices.canRadar ? options.chartType : "BAR" };
}
