// What the screen, the PDF and the e-mail show of a report, computed once from its data, layout
// and options: the chart's series, answers as text, rich content as text. Pure: safe in the browser.
import type { ChartSource, SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import type { StoredRichContent } from "~db/tenant/schema/corrections";
import { pointInZone, type RichBlock, type Zone } from "~/modules/assessments";
import { percentOf, type NamedScore, type ReportStep, type Score, type SessionReportData } from "./report-data";

export type ChartPoint = { name: string; percent: number; score: number; maxScore: number };

/** The series a chart block draws: each category or evaluation as a percentage of its maximum. */
export function chartSeries(data: SessionReportData, source: ChartSource): ChartPoint[] {
  const list: NamedScore[] =
    source === "EVALUATIONS"
      ? data.summaryInfo.perEvaluation
      : source === "PRIMARY_CATEGORIES"
        ? data.summaryInfo.perPrimaryCategory
        : data.summaryInfo.perCategory;
  return list.map((x) => ({
    name: x.name,
    percent: Math.round(percentOf(x.score) * 10) / 10,
    score: x.score.score,
    maxScore: x.score.maxScore,
  }));
}

/**
 * The blocks to show, after the report's options: the chart (with the chosen chart type) only
 * with showChart, comment blocks only when their kind is switched on, detail flags narrowed.
 */
export function visibleBlocks(
  layout: SessionReportLayoutBlock[],
  options: SessionReportOptions,
): SessionReportLayoutBlock[] {
  return layout.flatMap((block): SessionReportLayoutBlock[] => {
    if (block.type === "chart") return options.showChart ? [{ ...block, chartType: options.chartType }] : [];
    if (block.type === "comments")
      return (block.source === "SESSION" ? options.showSessionComments : options.showCategoryComments) ? [block] : [];
    if (block.type === "evaluationDetails")
      return [
        {
          ...block,
          showEvaluationComments: block.showEvaluationComments && options.showEvaluationComments,
          showQuestionComments: block.showQuestionComments && options.showQuestionComments,
        },
      ];
    return [block];
  });
}

// French groups thousands with a narrow no-break space, which the PDF fonts lack: a plain no-break space.
export const formatNumber = (n: number, locale: string): string =>
  new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n).replace(/\u202f/g, "\u00a0");
export const formatScore = (s: Score, locale: string): string =>
  `${formatNumber(s.score, locale)} / ${formatNumber(s.maxScore, locale)}`;
export const formatPercent = (s: Score, locale: string): string =>
  `${formatNumber(Math.round(percentOf(s) * 10) / 10, locale)} %`;
/** A score as a percentage, preceded by the points when the block shows numeric scores. */
export const formatScoreAndPercent = (s: Score, locale: string, numeric: boolean): string =>
  numeric ? `${formatScore(s, locale)} · ${formatPercent(s, locale)}` : formatPercent(s, locale);

/** Rich content as plain text (paragraphs on their own lines; images by their alt text). */
export function richText(blocks: RichBlock[] | StoredRichContent | null | undefined): string {
  return (blocks ?? [])
    .map((b) => {
      const block = b as { type?: string; html?: string; alt?: string | null };
      if (block.type === "image") return block.alt ? `[${block.alt}]` : "";
      return decodeEntities(
        String(block.html ?? "")
          .replace(/<\/(p|div|li|h\d)>|<br\s*\/?>/gi, "\n")
          .replace(/<[^>]*>/g, ""),
      );
    })
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function decodeEntities(s: string): string {
  return s
    .replace(/&nbsp;|&#160;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, "&");
}

type AnyAnswer = {
  textValue?: string;
  numericValue?: number;
  textlistValue?: string[];
  numericlistValue?: number[];
  booleanlistValue?: boolean[];
  optionlistValue?: Array<{ value: string; valid: boolean }>;
  blocklistValue?: unknown[];
};

/** Where a hotzone answer's point lies: in zone `zone` (1-based) of `zones`, or in none (null). */
export type HotzoneHit = { zone: number | null; zones: number };

/** Which zone of the author's a hotzone answer's point lies in (the first, as scoring counts any). */
export function hotzoneHit(step: Pick<ReportStep, "answer" | "correctAnswer" | "aspect">): HotzoneHit | null {
  const point = ((step.answer ?? {}) as AnyAnswer).numericlistValue;
  if (point?.length !== 2 || !point.every(Number.isFinite)) return null;
  const list = ((step.correctAnswer ?? {}) as { blocklistValue?: unknown }).blocklistValue;
  const zones = Array.isArray(list) ? (list as Zone[]) : [];
  const index = zones.findIndex((z) => pointInZone(z, point[0]!, point[1]!, step.aspect ?? 1));
  return { zone: index >= 0 ? index + 1 : null, zones: zones.length };
}

/** A participant's answer as one line of text ("" when none was given). */
export function answerText(
  step: Pick<ReportStep, "type" | "answer" | "correctAnswer" | "aspect">,
  locale: string,
  labels: { tickedPrefix: string; none: string; hotzone: (hit: HotzoneHit) => string },
): string {
  const a = (step.answer ?? {}) as AnyAnswer;
  switch (step.type) {
    case "MULTIPLE_CHOICE":
      return a.textlistValue?.length ? a.textlistValue.join(", ") : labels.none;
    case "NUMERIC":
      return typeof a.numericValue === "number" ? formatNumber(a.numericValue, locale) : labels.none;
    case "TEXT":
      return a.textValue?.trim() ? a.textValue : labels.none;
    case "HOTZONE": {
      // A reader cannot place "(0,75; 0,3)" on an image they do not see: say which zone it hit.
      const hit = hotzoneHit(step);
      return hit ? labels.hotzone(hit) : labels.none;
    }
    case "PRACTICAL": {
      const criteria = ((step.correctAnswer ?? {}) as AnyAnswer).textlistValue ?? [];
      const ticked = criteria.filter((_, i) => a.booleanlistValue?.[i]);
      return ticked.length ? `${labels.tickedPrefix}${ticked.join(", ")}` : labels.none;
    }
    default:
      return "";
  }
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The words answerText and correctAnswerText need, in the reader's language (screen and PDF alike). */
export function answerLabels(t: Translate) {
  return {
    tickedPrefix: t("reports:view.ticked") + t("reports:view.colon"),
    none: t("reports:view.no-answer"),
    hotzone: (hit: HotzoneHit) =>
      // Without the author's zones (an old or broken step) only the point itself can be told.
      hit.zones === 0
        ? t("reports:view.hotzone-point")
        : hit.zone === null
          ? t("reports:view.hotzone-outside", { count: hit.zones })
          : t("reports:view.hotzone-inside", { count: hit.zones, zone: hit.zone }),
    zones: (count: number) => t("reports:view.zones", { count }),
  };
}

/** The author's correct answer as one line of text. */
export function correctAnswerText(
  step: Pick<ReportStep, "type" | "correctAnswer">,
  locale: string,
  labels: { zones: (count: number) => string },
): string {
  const c = (step.correctAnswer ?? {}) as AnyAnswer;
  switch (step.type) {
    case "MULTIPLE_CHOICE":
      return (c.optionlistValue ?? [])
        .filter((o) => o.valid)
        .map((o) => o.value)
        .join(", ");
    case "NUMERIC": {
      if (typeof c.numericValue !== "number") return "";
      const tolerance = c.numericlistValue?.[0];
      return tolerance
        ? `${formatNumber(c.numericValue, locale)} ± ${formatNumber(tolerance, locale)}`
        : formatNumber(c.numericValue, locale);
    }
    case "TEXT":
      return c.textValue ?? "";
    case "HOTZONE": {
      const zones = (c as { blocklistValue?: unknown }).blocklistValue;
      return labels.zones(Math.max(1, Array.isArray(zones) ? zones.length : 1));
    }
    case "PRACTICAL":
      return (c.textlistValue ?? [])
        .map((t, i) => `${t} (${formatNumber(c.numericlistValue?.[i] ?? 0, locale)})`)
        .join(", ");
    default:
      return "";
  }
}
