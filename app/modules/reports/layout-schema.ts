// The shapes of report layouts and report options, as Zod schemas shared by the server
// (which enforces them) and the builder screen. Pure: safe in the browser.
import { z } from "zod";
import { nameText } from "~/lib/validation";
import {
  CHART_SOURCES,
  CHART_TYPES,
  COMMENT_SOURCES,
  type SessionReportLayoutBlock,
  type SessionReportOptions,
} from "~db/tenant/schema/reports";

const flag = z.boolean({ invalid_type_error: "validation:invalid" });

export const layoutBlock = z.discriminatedUnion("type", [
  z.object({ type: z.literal("chart"), chartType: z.enum(CHART_TYPES), source: z.enum(CHART_SOURCES) }),
  z.object({ type: z.literal("comments"), source: z.enum(COMMENT_SOURCES) }),
  z.object({
    type: z.literal("evaluationDetails"),
    displayNumericScore: flag,
    showEvaluationComments: flag,
    showQuestionComments: flag,
    showQuestions: flag,
  }),
  z.object({ type: z.literal("summary"), displayNumericScore: flag }),
]) satisfies z.ZodType<SessionReportLayoutBlock>;

export const layoutInput = z.object({
  name: nameText(200),
  layout: z.array(layoutBlock, { required_error: "validation:required" }).max(20),
});

/** The built-in layout used until an organisation saves its own default. */
export const BUILT_IN_LAYOUT: SessionReportLayoutBlock[] = [
  { type: "summary", displayNumericScore: true },
  { type: "chart", chartType: "RADAR", source: "PRIMARY_CATEGORIES" },
  { type: "comments", source: "SESSION" },
  { type: "comments", source: "CATEGORY" },
  {
    type: "evaluationDetails",
    displayNumericScore: true,
    showEvaluationComments: true,
    showQuestionComments: true,
    showQuestions: true,
  },
];

export const reportOptionsInput = z.object({
  chartType: z.enum(CHART_TYPES),
  onlyEvaluations: z.array(z.string().min(1).max(100)).max(200),
  showCategoryComments: flag,
  showChart: flag,
  showCorrectAnswers: flag,
  showEvaluationComments: flag,
  showQuestionComments: flag,
  showSessionComments: flag,
}) satisfies z.ZodType<SessionReportOptions>;

/** A new report's options follow its layout: the chart type of its first chart, what it shows. */
export function optionsFromLayout(layout: SessionReportLayoutBlock[]): SessionReportOptions {
  const chart = layout.find((b) => b.type === "chart");
  const details = layout.find((b) => b.type === "evaluationDetails");
  return {
    chartType: chart?.type === "chart" ? chart.chartType : "RADAR",
    onlyEvaluations: [],
    showCategoryComments: layout.some((b) => b.type === "comments" && b.source === "CATEGORY"),
    showChart: !!chart,
    showCorrectAnswers: false,
    showEvaluationComments: details?.type === "evaluationDetails" ? details.showEvaluationComments : true,
    showQuestionComments: details?.type === "evaluationDetails" ? details.showQuestionComments : true,
    showSessionComments: layout.some((b) => b.type === "comments" && b.source === "SESSION"),
  };
}

/** The report options that are switches (the builder's checkboxes). */
export const REPORT_OPTION_FLAGS = [
  "showChart",
  "showSessionComments",
  "showCategoryComments",
  "showEvaluationComments",
  "showQuestionComments",
  "showCorrectAnswers",
] as const satisfies ReadonlyArray<keyof SessionReportOptions>;
