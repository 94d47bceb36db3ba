import { AppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/index.server";
import { examBoardPdf, examFileName, examResultsCsv } from "~/modules/exams/index.server";
import { downloadHeaders } from "./download.server";
import { answerRefusals } from "./refusal.server";
import type { ApiArgs } from "./types";

/** An exam export for a signed-in staff member who reads the exam (the module checks). */
async function examExport(
  { request, context, params }: ApiArgs,
  make: (ctx: NonNullable<Awaited<ReturnType<typeof contextFromSession>>>, exam: string) => Promise<Response>,
): Promise<Response> {
  return answerRefusals(request, async () => {
    const ctx = await contextFromSession(request, "ADMIN", context);
    if (!ctx) throw new AppError("UNAUTHORIZED", "unauthorized");
    return make(ctx, params.exam ?? "");
  });
}

/** GET /api/exams/:exam/results.csv: one row per participant (README, "API"). */
export const examResultsCsvEndpoint = (args: ApiArgs) =>
  examExport(args, async (ctx, exam) => {
    const { name, csv } = await examResultsCsv(ctx, exam);
    return new Response(csv, { headers: downloadHeaders("text/csv; charset=utf-8", examFileName(name, "csv")) });
  });

/** GET /api/exams/:exam/board.pdf: the board's PDF. */
export const examBoardPdfEndpoint = (args: ApiArgs) =>
  examExport(args, async (ctx, exam) => {
    const { name, pdf } = await examBoardPdf(ctx, exam);
    return new Response(pdf as unknown as BodyInit, {
      headers: downloadHeaders("application/pdf", examFileName(name, "pdf"), pdf),
    });
  });
