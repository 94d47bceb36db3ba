import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-page";
import { PublicLayout } from "~/components/public-layout";
import { SessionReportView } from "~/components/reports/report-view";
import { isAppError } from "~/lib/app-error";
import { formatDateTime } from "~/lib/time-zone";
import { reportReader, readableReport } from "~/modules/reports/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";

export const handle = { titleKey: "reports:view.title" };

/** The access code is in the address: it must not leak to other sites or into caches. */
export const headers: HeadersFunction = () => ({
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
});

/**
 * /sessionreport/{id}: a released report, for the signed-in participant it belongs to, for staff,
 * or with the e-mail link's tenant and access code. Drafts and wrong codes are the same 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  try {
    const reader = await reportReader(request, context);
    const report = await readableReport(reader.ctx, params.id ?? "", reader.accessCode);
    const url = new URL(request.url);
    const pdf = new URLSearchParams({ id: report._id });
    if (reader.accessCode) pdf.set("code", reader.accessCode);
    if (url.searchParams.get("tenant")) pdf.set("tenant", url.searchParams.get("tenant")!);
    return {
      organization: reader.ctx.tenant.name,
      data: report.data,
      layout: report.layout,
      options: report.options,
      sessionDate: formatDateTime(report.data.sessionDatetime, reader.ctx.locale, tenantTimeZone(reader.ctx.tenant), {
        style: "full",
        withZone: true,
      }),
      pdfUrl: `/api/pdf/generate/session-report?${pdf.toString()}`,
    };
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") {
      const { getT, getLocale } = await import("~/i18n/i18n.server");
      const t = await getT(await getLocale(request));
      throw new Response(t("errors:session_report_not_found"), { status: 404 });
    }
    throw e;
  }
}

export default function SessionReportPage() {
  const { organization, data, layout, options, sessionDate, pdfUrl } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <PublicLayout>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {/* The page's heading (page-has-heading-one): the organisation; the report's title is its h2, its parts h3. */}
        <h1 className="text-sm font-normal text-slate-600" data-testid="report-organization">
          {organization}
        </h1>
        <a
          href={pdfUrl}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm font-medium text-primary hover:bg-slate-50"
          data-testid="report-pdf-link"
        >
          {t("reports:view.download-pdf")}
        </a>
      </div>
      <SessionReportView data={data} layout={layout} options={options} sessionDate={sessionDate} />
    </PublicLayout>
  );
}

export function ErrorBoundary() {
  return (
    <PublicLayout>
      <ErrorPage inShell home="/user" />
    </PublicLayout>
  );
}
