import { AppError, isAppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/index.server";
import { kindsOf, participantTimelineCsv } from "~/modules/corrections/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

/** GET /api/admin/audit/:scheduledSessionId/:participantId/trail.csv[?kind=TICK&kind=…]: the participant's timeline. */
export async function auditTrailCsvEndpoint({ request, context, params }: ApiArgs): Promise<Response> {
  try {
    const ctx = await contextFromSession(request, "ADMIN", context);
    if (!ctx) throw new AppError("UNAUTHORIZED", "unauthorized");
    const kinds = kindsOf(new URL(request.url).searchParams.getAll("kind"));
    const csv = await participantTimelineCsv(ctx, params.scheduledSessionId ?? "", params.participantId ?? "", kinds);
    return new Response(csv, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-trail.csv"`,
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
