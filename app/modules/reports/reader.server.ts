// Who reads a report through the PDF route or /sessionreport/{id}: staff or the participant by
// their session, or anyone holding the e-mail link (tenant + access code). The tenant of a link
// comes from its query, and the code is checked in that tenant's database only, so a code is
// useless anywhere else (ADR 0018).
import type { Ctx } from "~/lib/context.server";
import { AppError } from "~/lib/app-error";
import { getLocale, getT } from "~/i18n/i18n.server";
import { clientAddressOf, contextFromSession } from "~/modules/auth/index.server";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { readableReport, sessionReportsByIds, type SessionReport } from "./reports.server";

export type ReportRequest = { ctx: Ctx; accessCode: string | null };

export async function reportReader(request: Request, loadContext: unknown): Promise<ReportRequest> {
  const url = new URL(request.url);
  const accessCode = url.searchParams.get("code");
  const linkTenant = (url.searchParams.get("tenant") ?? "").trim().toLowerCase();
  for (const type of ["ADMIN", "USER"] as const) {
    const ctx = await contextFromSession(request, type, loadContext);
    if (ctx && (!linkTenant || ctx.tenant.slug === linkTenant)) return { ctx, accessCode };
  }
  const tenant = linkTenant ? await findTenant(linkTenant) : null;
  if (!tenant || tenant.status !== "ACTIVE") throw new AppError("NOT_FOUND", "session_report_not_found");
  const locale = await getLocale(request);
  return {
    ctx: {
      tenant,
      tdb: await openTenant(tenant),
      actor: { type: "ANONYMOUS" },
      permissions: [],
      locale,
      t: await getT(locale),
      clientAddress: clientAddressOf(loadContext),
    },
    accessCode,
  };
}

/** The reports a request asks for (`id`, or several `ids` for staff), each checked readable. */
export async function requestedReports(reader: ReportRequest, url: URL): Promise<SessionReport[]> {
  const ids = url.searchParams
    .getAll("ids")
    .flatMap((v) => v.split(","))
    .filter(Boolean);
  if (ids.length > 0) {
    if (ids.length > 500)
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { ids: { key: "validation:too-big", values: { max: 500 } } },
      });
    return sessionReportsByIds(reader.ctx, ids);
  }
  return [await readableReport(reader.ctx, url.searchParams.get("id") ?? "", reader.accessCode)];
}
