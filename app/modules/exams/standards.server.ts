// The exam's quality analysis and a standard computed live from its marks (not applied): what the
// board compares before applying one (applied-standard.server.ts). Readers see both (ADR 0035).
import { z } from "zod";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import { type ExamAnalysis, analyseExam } from "./analysis";
import { angoffJudgementsOf } from "./angoff-judgements.server";
import { angoffItemsOf, loadExamMarks, type LoadedExam } from "./exam-marks.server";
import { READ } from "./exams.server";
import { appliedStandardRow } from "./standard-rows.server";
import { type ExamStandard, STANDARD_METHODS, type StandardChoice, computeStandard } from "./standard-setting";
import type { StoredStandardOptions } from "~db/tenant/schema";

export const standardInput = z.object({
  method: z.enum(STANDARD_METHODS, { invalid_type_error: "validation:invalid-choice" }),
  /** FIXED: the cut (default: the session template's pass percentage). */
  cutPercent: z.number().min(0, "validation:percentage").max(100, "validation:percentage").nullish(),
  statistic: z.enum(["MEAN", "MEDIAN"]).nullish(),
  semMultiplier: z.number().min(-5, "validation:sem-multiplier").max(5, "validation:sem-multiplier").nullish(),
  minStationsPassed: z.number().int().min(0).max(1000).nullish(),
  mustPassStations: z.array(z.string().min(1).max(100)).max(1000).nullish(),
});
export type StandardInput = z.infer<typeof standardInput>;

export const storedOptionsOf = (v: StandardInput): StoredStandardOptions => ({
  cutPercent: v.cutPercent ?? null,
  statistic: v.statistic ?? null,
  semMultiplier: v.semMultiplier ?? null,
  minStationsPassed: v.minStationsPassed ?? null,
  mustPassStations: v.mustPassStations ?? null,
});

/** The standard by the chosen method over the loaded marks (no permission check: callers have). */
export async function standardOf(
  ctx: Ctx,
  exam: LoadedExam,
  input: unknown,
): Promise<{ input: StandardInput; standard: ExamStandard }> {
  const v = parseInput(standardInput, input);
  const stationIds = new Set(exam.stations.map((s) => s.id));
  if ((v.mustPassStations ?? []).some((s) => !stationIds.has(s)))
    throw fieldError("mustPassStations", "validation:exam-station-unknown");
  let choice: StandardChoice;
  if (v.method === "FIXED") choice = { method: "FIXED", cutPercent: v.cutPercent ?? exam.passPercentage };
  else if (v.method === "BORDERLINE_GROUPS") choice = { method: "BORDERLINE_GROUPS", statistic: v.statistic ?? "MEAN" };
  else if (v.method === "ANGOFF") {
    const items = angoffItemsOf(exam);
    choice = { method: "ANGOFF", items, judgements: await angoffJudgementsOf(ctx.tdb.db, exam.examId, items) };
  } else choice = { method: "BORDERLINE_REGRESSION" };
  const standard = computeStandard(exam.input, choice, {
    semMultiplier: v.semMultiplier ?? null,
    rules: { minStationsPassed: v.minStationsPassed ?? undefined, mustPassStations: v.mustPassStations ?? undefined },
  });
  return { input: v, standard };
}

/** examStandard: the cut by a method, with its working and every candidate's outcome, not applied. */
export async function examStandard(ctx: Ctx, examId: string, input: unknown): Promise<ExamStandard> {
  requirePermission(ctx, READ);
  return (await standardOf(ctx, await loadExamMarks(ctx, examId), input)).standard;
}

export const analysisOptions = z.object({
  hawkDoveThreshold: z.number().min(0, "validation:percentage").max(100, "validation:percentage").nullish(),
});

/** examAnalysis: the quality statistics; pass rate and failures against the applied standard, if any. */
export async function examAnalysis(ctx: Ctx, examId: string, options: unknown = {}): Promise<ExamAnalysis> {
  requirePermission(ctx, READ);
  const v = parseInput(analysisOptions, options);
  const exam = await loadExamMarks(ctx, examId);
  const applied = await appliedStandardRow(ctx.tdb.db, exam.examId);
  return analyseExam(exam.input, {
    cut: applied ? { cutScore: applied.cutScore, stationCuts: applied.stationCuts } : null,
    hawkDoveThreshold: v.hawkDoveThreshold ?? undefined,
  });
}
