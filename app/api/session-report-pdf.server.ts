import { renderReportsPdf, reportFileName, reportReader, requestedReports } from "~/modules/reports/index.server";
import { downloadHeaders } from "./download.server";
import { answerRefusals } from "./refusal.server";
import type { ApiArgs } from "./types";

/**
 * GET /api/pdf/generate/session-report?id=… (staff, the signed-in participant, or the e-mail
 * link's tenant + code) and ?ids=a,b,… (staff: many reports in one PDF).
 */
export async function sessionReportPdf({ request, context }: ApiArgs): Promise<Response> {
  return answerRefusals(request, async () => {
    const reader = await reportReader(request, context);
    const reports = await requestedReports(reader, new URL(request.url));
    const pdf = await renderReportsPdf(reader.ctx, reports);
    const name = reports.length === 1 ? reportFileName(reports[0]!) : `session-reports-${reports.length}.pdf`;
    return new Response(pdf as unknown as BodyInit, { headers: downloadHeaders("application/pdf", name, pdf) });
  });
}
