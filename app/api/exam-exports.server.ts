import { AppError, isAppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/index.server";
import { examBoardPdf, examFileName, examResultsCsv } from "~/modules/exams/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

const download = (type: string, name: string) => ({
  "Content-Type": type,
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
});

/** An exam export for a signed-in staff member who reads the exam (the module checks). */
async function examExport(
  { request, context, params }: ApiArgs,
  make: (ctx: NonNullable<Awaited<ReturnType<typeof contextFromSession>>>, exam: string) => Promise<Response>,
): Promise<Response> {
  try {
    const ctx = await contextFromSession(request, "ADMIN", context);
    if (!ctx) throw new AppError("UNAUTHORIZED", "unauthorized");
    return await make(ctx, params.exam ?? "");
  } catch (e) {
    if (!isAppError(e)) throw e;
    return refusalResponse(request, e);
  }
}

/** GET /api/exams/:exam/results.csv: one row per participant (README, "API"). */
export const examResultsCsvEndpoint = (args: ApiArgs) =>
  examExport(args, async (ctx, exam) => {
    const { name, csv } = await examResultsCsv(ctx, exam);
    return new Response(csv, { headers: download("text/csv; charset=utf-8", examFileName(name, "csv")) });
  });

/** GET /api/exams/:exam/board.pdf: the board's PDF. */
export const examBoardPdfEndpoint = (args: ApiArgs) =>
  examExport(args, async (ctx, exam) => {
    const { name, pdf } = await examBoardPdf(ctx, exam);
    return new Response(pdf as unknown as BodyInit, {
      headers: {
        ...download("application/pdf", examFileName(name, "pdf")),
        "Content-Length": String(pdf.byteLength),
      },
    });
  });
