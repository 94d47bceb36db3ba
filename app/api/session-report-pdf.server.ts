import { isAppError } from "~/lib/app-error";
import { renderReportsPdf, reportFileName, reportReader, requestedReports } from "~/modules/reports/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

/**
 * GET /api/pdf/generate/session-report?id=… (staff, the signed-in participant, or the e-mail
 * link's tenant + code) and ?ids=a,b,… (staff: many reports in one PDF).
 */
export async function sessionReportPdf({ request, context }: ApiArgs): Promise<Response> {
  try {
    const reader = await reportReader(request, context);
    const reports = await requestedReports(reader, new URL(request.url));
    const pdf = await renderReportsPdf(reader.ctx, reports);
    const name = reports.length === 1 ? reportFileName(reports[0]!) : `session-reports-${reports.length}.pdf`;
    return new Response(pdf as unknown as BodyInit, {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.byteLength),
        "Content-Disposition": `attachment; filename="${name}"`,
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return refusalResponse(request, e);
  }
}
