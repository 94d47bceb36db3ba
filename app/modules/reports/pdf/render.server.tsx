// Renders session reports as PDF bytes with @react-pdf/renderer: one report, or many in one
// document (bulk download), each in its participant's language. The drawing runs on a worker
// thread (pdf-pool.server.ts); this gathers what it needs.
import { inArray } from "drizzle-orm";
import { participants } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { formatDateTime } from "~/lib/time-zone";
import { loadResources } from "~/i18n/resources";
import { participantLocale } from "~/modules/scheduling/index.server";
import { publicLogo, tenantTimeZone } from "~/modules/tenants/index.server";
import type { SessionReport } from "../reports.server";
import type { PdfJob } from "./pdf-job";
import { drawPdfOffThread } from "./pdf-pool.server";

/** react-pdf draws PNG and JPEG; any other logo falls back to the organisation's name. */
function logoImage(bytes: Uint8Array): PdfJob["logo"] {
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47)
    return { data: bytes, format: "png" };
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return { data: bytes, format: "jpg" };
  return null;
}

/** The language each report is rendered in: its participant's (else the organisation's). */
export async function reportLocales(
  ctx: Ctx,
  reports: SessionReport[],
): Promise<Map<string, ReturnType<typeof participantLocale>>> {
  const ids = [...new Set(reports.map((r) => r.participant))];
  const people = ids.length
    ? await ctx.tdb.db
        .select({ id: participants.id, locale: participants.locale })
        .from(participants)
        .where(inArray(participants.id, ids))
        .all()
    : [];
  return new Map(people.map((p) => [p.id, participantLocale(p, ctx)]));
}

/**
 * The PDF of the given reports (already checked readable by the caller), in one document. Callers
 * must have passed the module's permission checks: this only draws.
 */
export async function renderReportsPdf(ctx: Ctx, reports: SessionReport[]): Promise<Uint8Array> {
  const logo = await publicLogo(ctx.tenant).catch(() => null);
  const locales = await reportLocales(ctx, reports);
  const zone = tenantTimeZone(ctx.tenant);
  const pages = reports.map((report) => {
    const locale = locales.get(report.participant) ?? ctx.locale;
    return {
      key: report._id,
      report: { data: report.data, layout: report.layout, options: report.options },
      locale,
      sessionDate: formatDateTime(report.data.sessionDatetime, locale, zone, { style: "full", withZone: true }),
    };
  });
  return drawPdfOffThread({
    title:
      reports.length === 1 ? `${reports[0]!.data.participantName} - ${reports[0]!.data.sessionName}` : ctx.tenant.name,
    author: ctx.tenant.name,
    language: ctx.locale,
    organizationName: ctx.tenant.name,
    logo: logo ? logoImage(logo.bytes) : null,
    resources: await loadResources([...new Set(pages.map((p) => p.locale))]),
    pages,
  });
}

/** A file name for a report PDF: participant and session, safe in a Content-Disposition header. */
export function reportFileName(report: SessionReport): string {
  const base = `${report.data.participantName}-${report.data.sessionName}`
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);
  return `${base || "report"}.pdf`;
}
