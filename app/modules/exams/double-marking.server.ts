// An exam's double marking as the board sets it: one discrepancy threshold for all its scheduled
// sessions (each session keeps its own row, ADR 0036, so the exam's is theirs when they agree).
// Readers see it; writers and managers (the board) set it.
import { z } from "zod";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { DEFAULT_DISCREPANCY_THRESHOLD } from "~/modules/corrections";
import { discrepancyThreshold, saveDiscrepancyThresholds, thresholdPercent } from "~/modules/corrections/index.server";
import { getExam, READ, WRITE } from "./exams.server";

export type ExamDiscrepancyThreshold = {
  /** The threshold (% of a station's maximum) every session of the exam has; null when they differ. */
  percent: number | null;
  /** Each session's own, in the exam's session order. */
  sessions: Array<{ scheduledSession: string; percent: number }>;
};

/** The exam's threshold from its sessions' ones: theirs when they agree, null when they differ. */
export function examThresholdOf(sessions: ExamDiscrepancyThreshold["sessions"]): ExamDiscrepancyThreshold {
  const values = new Set(sessions.map((s) => s.percent));
  const percent = values.size === 0 ? DEFAULT_DISCREPANCY_THRESHOLD : values.size === 1 ? [...values][0]! : null;
  return { percent, sessions };
}

export async function examDiscrepancyThreshold(ctx: Ctx, examId: string): Promise<ExamDiscrepancyThreshold> {
  requirePermission(ctx, READ);
  const exam = await getExam(ctx, examId);
  const sessions = [];
  for (const id of exam.scheduledSessions)
    sessions.push({ scheduledSession: id, percent: await discrepancyThreshold(ctx.tdb.db, id) });
  return examThresholdOf(sessions);
}

const thresholdInput = z.object({ percent: thresholdPercent });

/** Sets the discrepancy threshold of every scheduled session of the exam. */
export async function setExamDiscrepancyThreshold(
  ctx: Ctx,
  examId: string,
  input: unknown,
): Promise<ExamDiscrepancyThreshold> {
  requirePermission(ctx, WRITE);
  const exam = await getExam(ctx, examId);
  const { percent } = parseInput(thresholdInput, input);
  await saveDiscrepancyThresholds(ctx, exam.scheduledSessions, percent);
  return examThresholdOf(exam.scheduledSessions.map((scheduledSession) => ({ scheduledSession, percent })));
}
