// The board's PDF of one exam: the standard in force (the applied one, else the session template's
// pass percentage) with its working, the quality statistics and per station the chart of score
// against global rating. Board PDFs are rare (one per meeting), so each is drawn on a worker of its
// own that stops when done.
import { eq } from "drizzle-orm";
import { sessionTemplates } from "~db/tenant/schema";
import { loadResources } from "~/i18n/resources";
import { isLocale, DEFAULT_LOCALE, type Locale } from "~/i18n/config";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { formatDateTime } from "~/lib/time-zone";
import { startTypeScriptWorker } from "~/lib/typescript-worker.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { analyseExam } from "../analysis";
import { staffNames } from "~/lib/staff-names.server";
import { ratedPoints } from "../board.server";
import { loadExamMarks } from "../exam-marks.server";
import { getExam, READ } from "../exams.server";
import { appliedStandardRow } from "../standard-rows.server";
import { standardOf } from "../standards.server";
import type { BoardPdfData } from "./board-document";
import type { BoardPdfJob } from "./board-pdf-job";
import type { BoardPdfAnswer } from "./board-pdf-worker";

export async function examBoardPdfData(ctx: Ctx, examId: string): Promise<{ locale: Locale; data: BoardPdfData }> {
  requirePermission(ctx, READ);
  const exam = await getExam(ctx, examId);
  const loaded = await loadExamMarks(ctx, exam._id);
  const applied = await appliedStandardRow(ctx.tdb.db, exam._id);
  const { standard } = await standardOf(
    ctx,
    loaded,
    applied ? { method: applied.method, ...applied.options } : { method: "FIXED" },
  );
  const analysis = analyseExam(loaded.input, {
    cut: applied ? { cutScore: applied.cutScore, stationCuts: applied.stationCuts } : null,
  });
  const points = ratedPoints(loaded);
  const locale: Locale = isLocale(ctx.locale) ? ctx.locale : DEFAULT_LOCALE;
  const zone = tenantTimeZone(ctx.tenant);
  const template = await ctx.tdb.db
    .select({ name: sessionTemplates.name })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, exam.sessionTemplate))
    .get();
  const names = Object.fromEntries(
    await staffNames(ctx.tdb.db, [
      ...analysis.examiners.map((e) => e.examinerId),
      ...(standard.angoff?.judges.map((j) => j.judgeId) ?? []),
      applied?.appliedBy ?? null,
    ]),
  );
  return {
    locale,
    data: {
      examName: exam.name,
      sessionTemplateName: template?.name ?? "",
      organizationName: ctx.tenant.name,
      generatedAt: formatDateTime(new Date(), locale, zone, { style: "full", withZone: true }),
      applied: applied
        ? {
            cutScore: applied.cutScore,
            by: (applied.appliedBy && names[applied.appliedBy]) || "",
            at: formatDateTime(applied.appliedAt, locale, zone, { style: "full", withZone: true }),
          }
        : null,
      standard,
      stations: loaded.stations.map((s) => ({
        id: s.id,
        name: s.name,
        ratingLabels: [...s.ratingScale.labels],
        borderlineGrades: [...s.ratingScale.borderlineGrades],
        points: points[s.id] ?? [],
      })),
      analysis,
      staffNames: names,
    },
  };
}

/** The board's PDF bytes (readers of the exam). */
export async function examBoardPdf(ctx: Ctx, examId: string): Promise<{ name: string; pdf: Uint8Array }> {
  const { locale, data } = await examBoardPdfData(ctx, examId);
  const job: BoardPdfJob = { locale, resources: await loadResources([locale]), data };
  const worker = startTypeScriptWorker("app/modules/exams/pdf/board-pdf-worker.ts");
  try {
    const answer = await new Promise<BoardPdfAnswer>((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The board PDF worker stopped (exit code ${code}).`)));
      worker.postMessage(job);
    });
    if ("error" in answer) throw new Error(`The board PDF could not be drawn: ${answer.error}`);
    return { name: data.examName, pdf: answer.pdf };
  } finally {
    void worker.terminate();
  }
}
