// Applying, changing and removing an exam's standard (writers and managers). The cut and station
// cuts are computed from the marks at that moment and stored; every change is appended to the
// history with who and when. Then the exam's reports follow: drafts are rebuilt (they show the new
// status at once), released ones are not rewritten but marked changed (standardChangedAt) when what
// they show would change, to be rebuilt and released again (ADR 0035).
import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import { eq, inArray } from "drizzle-orm";
import { examSessions, examStandardHistory, examStandards, exams, sessionReports } from "~db/tenant/schema";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { fieldError } from "~/lib/parse-input";
import { loadScoredParticipant } from "~/modules/corrections/index.server";
import { computeReportData, type SessionReportData } from "~/modules/reports";
import { saveParticipantReport, appliedStandardOfSession } from "~/modules/reports/index.server";
import { loadExamMarks } from "./exam-marks.server";
import { findExamRow, READ, WRITE } from "./exams.server";
import {
  appliedStandardRow,
  standardHistoryRows,
  type AppliedStandardRow,
  type StandardHistoryRow,
} from "./standard-rows.server";
import { standardOf, storedOptionsOf } from "./standards.server";

export type { AppliedStandardRow, StandardHistoryRow };

export async function appliedExamStandard(ctx: Ctx, examId: string): Promise<AppliedStandardRow | null> {
  requirePermission(ctx, READ);
  const exam = await findExamRow(ctx.tdb.db, examId);
  return appliedStandardRow(ctx.tdb.db, exam.id);
}

export async function listExamStandardHistory(ctx: Ctx, examId: string): Promise<StandardHistoryRow[]> {
  requirePermission(ctx, READ);
  const exam = await findExamRow(ctx.tdb.db, examId);
  return standardHistoryRows(ctx.tdb.db, exam.id);
}

export type ReportsFollowed = { rebuiltDrafts: number; flaggedReleased: number };

/** applyExamStandard: stores the standard the method gives now (refused without a cut). */
export async function applyExamStandard(
  ctx: Ctx,
  examId: string,
  input: unknown,
): Promise<{ standard: AppliedStandardRow; reports: ReportsFollowed }> {
  requirePermission(ctx, WRITE);
  const exam = await loadExamMarks(ctx, examId);
  const { input: v, standard } = await standardOf(ctx, exam, input);
  if (standard.cutScore === null) throw fieldError("method", "validation:exam-standard-no-cut");
  const row: AppliedStandardRow = {
    examId: exam.examId,
    method: v.method,
    options: storedOptionsOf(v),
    cutScore: standard.cutScore,
    stationCuts: Object.fromEntries(standard.stations.map((s) => [s.stationId, s.cutScore])),
    appliedBy: ctx.actor.userId,
    appliedAt: new Date(),
  };
  await ctx.tdb.write(async (tx) => {
    const before = await appliedStandardRow(tx, exam.examId);
    await tx.insert(examStandards).values(row).onConflictDoUpdate({ target: examStandards.examId, set: row });
    await tx.insert(examStandardHistory).values({
      examId: row.examId,
      action: before ? "CHANGED" : "APPLIED",
      method: row.method,
      options: row.options,
      cutScore: row.cutScore,
      stationCuts: row.stationCuts,
      actorId: row.appliedBy,
      at: row.appliedAt,
    });
    await recordWebhookEvent(tx, {
      tenant: ctx.tenant.slug,
      event: "STANDARD_APPLIED",
      data: { exam: row.examId, method: row.method, cutScore: row.cutScore },
      now: row.appliedAt,
    });
  });
  return { standard: row, reports: await followStandard(ctx, exam.examId) };
}

/** removeExamStandard: statuses return to the session template's pass percentage. */
export async function removeExamStandard(ctx: Ctx, examId: string): Promise<ReportsFollowed> {
  requirePermission(ctx, WRITE);
  const exam = await findExamRow(ctx.tdb.db, examId);
  if (!(await dropStandard(ctx, exam.id))) return { rebuiltDrafts: 0, flaggedReleased: 0 };
  return followStandard(ctx, exam.id);
}

/** Deletes the applied standard with its history entry; false when there was none. */
async function dropStandard(ctx: StaffCtx, examId: string): Promise<boolean> {
  return ctx.tdb.write(async (tx) => {
    const before = await appliedStandardRow(tx, examId);
    if (!before) return false;
    await tx.delete(examStandards).where(eq(examStandards.examId, examId));
    await tx
      .insert(examStandardHistory)
      .values({ examId, action: "REMOVED", method: before.method, actorId: ctx.actor.userId, at: new Date() });
    return true;
  });
}

/** removeExam: its standard is removed first (its reports follow), then the exam; the history stays. */
export async function removeExam(ctx: Ctx, examId: string): Promise<{ id: string }> {
  requirePermission(ctx, WRITE);
  const exam = await findExamRow(ctx.tdb.db, examId);
  const sessions = await sessionIdsOfExam(ctx, exam.id);
  const hadStandard = await dropStandard(ctx, exam.id);
  await ctx.tdb.write((tx) => tx.delete(exams).where(eq(exams.id, exam.id)));
  if (hadStandard) await followStandardInSessions(ctx, sessions);
  return { id: exam.id };
}

async function sessionIdsOfExam(ctx: Ctx, examId: string): Promise<string[]> {
  const rows = await ctx.tdb.db.select().from(examSessions).where(eq(examSessions.examId, examId)).all();
  return rows.map((r) => r.scheduledSessionId);
}

const followStandard = async (ctx: StaffCtx, examId: string) =>
  followStandardInSessions(ctx, await sessionIdsOfExam(ctx, examId));

/** What a released report shows of its status and standard. */
const shown = (d: SessionReportData) =>
  JSON.stringify([d.passedStatus, d.computedPassedStatus, d.standard?.exam ?? null, d.standard?.cutScore ?? null]);

async function followStandardInSessions(ctx: StaffCtx, sessionIds: string[]): Promise<ReportsFollowed> {
  const followed: ReportsFollowed = { rebuiltDrafts: 0, flaggedReleased: 0 };
  if (sessionIds.length === 0) return followed;
  const reports = await ctx.tdb.db
    .select()
    .from(sessionReports)
    .where(inArray(sessionReports.scheduledSessionId, sessionIds))
    .all();
  const now = new Date();
  for (const report of reports) {
    if (report.draft) {
      await saveParticipantReport(ctx, report.id, {});
      followed.rebuiltDrafts++;
      continue;
    }
    const scored = await loadScoredParticipant(ctx, report.scheduledSessionId, report.participantId);
    const standard = await appliedStandardOfSession(ctx.tdb.db, report.scheduledSessionId);
    const override = report.passedStatusOverride;
    const next = computeReportData(
      scored,
      report.options,
      {
        passedStatusOverride: override === "DELIBERATED" || override === "TRAINING_REQUIRED" ? override : null,
        passedStatusReason: report.passedStatusReason,
      },
      standard,
    );
    if (shown(next) === shown(report.data as unknown as SessionReportData)) continue;
    await ctx.tdb.write((tx) =>
      tx
        .update(sessionReports)
        .set({ standardChangedAt: now, updatedAt: now, rev: report.rev + 1 })
        .where(eq(sessionReports.id, report.id)),
    );
    followed.flaggedReleased++;
  }
  return followed;
}
