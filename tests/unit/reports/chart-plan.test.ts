import { describe, expect, it } from "vitest";
import type { SessionReportLayoutBlock } from "~db/tenant/schema/reports";
import type { ScoredParticipant } from "~/modules/corrections/scored-participant";
import { chartChoices, effectiveChartOptions, planChart } from "~/modules/reports/chart-plan";
import { BUILT_IN_LAYOUT } from "~/modules/reports/layout-schema";
import { computeReportData } from "~/modules/reports/report-data";
import { scoredFixture } from "./fixture";

/**
 * The fixture's evaluations and questions, with `roots` root categories (one per question in turn,
 * none when 0) and only the first `evaluations` evaluations.
 */
function dataWith({ roots, evaluations, children = 0 }: { roots: number; evaluations: number; children?: number }) {
  const base = scoredFixture();
  const extra = (i: number) => ({ ...base.evaluations[i % 2]!, id: `e${i}`, name: `Evaluation ${i + 1}` });
  const list = Array.from({ length: evaluations }, (_, i) => extra(i));
  const categories: ScoredParticipant["categories"] = [
    ...Array.from({ length: roots }, (_, i) => ({ id: `r${i}`, name: `Root ${i + 1}`, parentId: null })),
    ...Array.from({ length: children }, (_, i) => ({ id: `c${i}`, name: `Child ${i + 1}`, parentId: "r0" })),
  ];
  const tags = categories.filter((c) => (children ? c.parentId !== null : true)).map((c) => c.id);
  let n = 0;
  const scored: ScoredParticipant = {
    ...base,
    categories,
    evaluations: list.map((e) => ({
      ...e,
      categoryIds: [],
      questions: e.questions.map((q) => ({ ...q, categoryIds: tags.length ? [tags[n++ % tags.length]!] : [] })),
    })),
  };
  return computeReportData(scored, { onlyEvaluations: [] });
}

const summary = (plan: ReturnType<typeof planChart>) =>
  plan && { source: plan.source, kind: plan.kind, axes: plan.points.length, radarAsBars: plan.radarAsBars };

describe("planChart: which chart a report draws (screen and PDF)", () => {
  it("draws what was asked when the source has enough points", () => {
    const data = dataWith({ roots: 3, evaluations: 2 });
    expect(summary(planChart(data, { source: "PRIMARY_CATEGORIES", chartType: "RADAR" }))).toEqual({
      source: "PRIMARY_CATEGORIES",
      kind: "RADAR",
      axes: 3,
      radarAsBars: false,
    });
    expect(summary(planChart(data, { source: "ALL_CATEGORIES", chartType: "BAR" }))).toEqual({
      source: "ALL_CATEGORIES",
      kind: "BAR",
      axes: 3,
      radarAsBars: false,
    });
  });

  it("a session without categories is charted per evaluation, as a radar from three evaluations", () => {
    expect(
      summary(planChart(dataWith({ roots: 0, evaluations: 3 }), { source: "PRIMARY_CATEGORIES", chartType: "RADAR" })),
    ).toEqual({
      source: "EVALUATIONS",
      kind: "RADAR",
      axes: 3,
      radarAsBars: false,
    });
    expect(
      summary(planChart(dataWith({ roots: 0, evaluations: 1 }), { source: "ALL_CATEGORIES", chartType: "BAR" })),
    ).toEqual({ source: "EVALUATIONS", kind: "BAR", axes: 1, radarAsBars: false });
  });

  it("too few categories for a radar: per evaluation when there are three, else bars over the categories", () => {
    expect(
      summary(planChart(dataWith({ roots: 2, evaluations: 4 }), { source: "PRIMARY_CATEGORIES", chartType: "RADAR" })),
    ).toEqual({
      source: "EVALUATIONS",
      kind: "RADAR",
      axes: 4,
      radarAsBars: false,
    });
    // Two categories, two evaluations: no radar anywhere, so bars over what was asked for.
    expect(
      summary(planChart(dataWith({ roots: 2, evaluations: 2 }), { source: "PRIMARY_CATEGORIES", chartType: "RADAR" })),
    ).toEqual({
      source: "PRIMARY_CATEGORIES",
      kind: "BAR",
      axes: 2,
      radarAsBars: true,
    });
    // Bars need one point only: two categories stay categories.
    expect(
      summary(planChart(dataWith({ roots: 2, evaluations: 4 }), { source: "PRIMARY_CATEGORIES", chartType: "BAR" }))
        ?.source,
    ).toBe("PRIMARY_CATEGORIES");
  });

  it("one main category with three subcategories: the radar goes per category before per evaluation", () => {
    const data = dataWith({ roots: 1, children: 3, evaluations: 4 });
    expect(data.summaryInfo.perPrimaryCategory).toHaveLength(1);
    expect(summary(planChart(data, { source: "PRIMARY_CATEGORIES", chartType: "RADAR" }))).toEqual({
      source: "ALL_CATEGORIES",
      kind: "RADAR",
      axes: 3,
      radarAsBars: false,
    });
  });

  it("a chart per evaluation never turns into categories; nothing to chart is null", () => {
    expect(
      summary(planChart(dataWith({ roots: 5, evaluations: 2 }), { source: "EVALUATIONS", chartType: "RADAR" })),
    ).toEqual({ source: "EVALUATIONS", kind: "BAR", axes: 2, radarAsBars: true });
    expect(
      planChart(dataWith({ roots: 0, evaluations: 0 }), { source: "PRIMARY_CATEGORIES", chartType: "BAR" }),
    ).toBeNull();
  });

  it("the points are the source's percentages", () => {
    const plan = planChart(dataWith({ roots: 0, evaluations: 2 }), { source: "PRIMARY_CATEGORIES", chartType: "BAR" })!;
    // Theory 3.5 / 10, Practice 9.5 / 12 (report-data.test.ts)
    expect(plan.points.map((p) => [p.name, p.percent])).toEqual([
      ["Evaluation 1", 35],
      ["Evaluation 2", 79.2],
    ]);
  });
});

describe("chartChoices and effectiveChartOptions: the builder never shows a ticked chart option that draws nothing", () => {
  const noChart: SessionReportLayoutBlock[] = BUILT_IN_LAYOUT.filter((b) => b.type !== "chart");

  it("a layout without a chart cannot show one: the box is off whatever is stored", () => {
    const choices = chartChoices(dataWith({ roots: 3, evaluations: 3 }), noChart);
    expect(choices).toEqual({ canShow: false, cannotShowReason: "NO_CHART_IN_LAYOUT", canRadar: false });
    expect(effectiveChartOptions({ showChart: true, chartType: "RADAR" }, choices)).toEqual({
      showChart: false,
      chartType: "BAR",
    });
  });

  it("nothing to chart: the box is off", () => {
    const choices = chartChoices(dataWith({ roots: 0, evaluations: 0 }), BUILT_IN_LAYOUT);
    expect(choices.cannotShowReason).toBe("NOTHING_TO_CHART");
    expect(effectiveChartOptions({ showChart: true, chartType: "RADAR" }, choices).showChart).toBe(false);
  });

  it("fewer than three axes anywhere: Radar is not offered, bars are", () => {
    const choices = chartChoices(dataWith({ roots: 2, evaluations: 2 }), BUILT_IN_LAYOUT);
    expect(choices).toEqual({ canShow: true, cannotShowReason: null, canRadar: false });
    expect(effectiveChartOptions({ showChart: true, chartType: "RADAR" }, choices)).toEqual({
      showChart: true,
      chartType: "BAR",
    });
  });

  it("a session without categories but three evaluations keeps its radar (per evaluation)", () => {
    const choices = chartChoices(dataWith({ roots: 0, evaluations: 3 }), BUILT_IN_LAYOUT);
    expect(choices).toEqual({ canShow: true, cannotShowReason: null, canRadar: true });
    expect(effectiveChartOptions({ showChart: true, chartType: "RADAR" }, choices)).toEqual({
      showChart: true,
      chartType: "RADAR",
    });
    expect(effectiveChartOptions({ showChart: false, chartType: "BAR" }, choices)).toEqual({
      showChart: false,
      chartType: "BAR",
    });
  });
});
