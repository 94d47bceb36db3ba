import type { TenantTx } from "~db/tenant/client";
import type { sessionReports } from "~db/tenant/schema";
import { recordAudit, type AuditOrigin } from "~/modules/audit/index.server";
import type { SessionReportData } from "./report-data";

// What a report change writes to the audit trail (issue 32, ADR 0043): the parts of a participant's
// report an appeal turns on (its result, staff's decision and reason, the total, draft or
// released, the category comments), before and after, in the write's transaction.

type Row = typeof sessionReports.$inferSelect;

/** The report as the trail shows it. */
function summary(row: Row | null) {
  if (!row) return null;
  const data = row.data as unknown as Partial<SessionReportData> | null;
  return {
    draft: row.draft,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    passedStatus: data?.passedStatus ?? null,
    totalScore: data?.totalScore ?? null,
    passedStatusOverride: row.passedStatusOverride,
    passedStatusReason: row.passedStatusReason,
    categoryComments: data?.categoryComments ?? null,
    layout: row.layoutId,
  };
}

/** `created`, `saved` or `released`; a release that follows from a save is recorded as released. */
export function auditReport(tx: TenantTx, origin: AuditOrigin, before: Row | null, after: Row) {
  const action = !before ? "report.created" : before.draft && !after.draft ? "report.released" : "report.saved";
  return recordAudit(tx, origin, {
    scheduledSession: after.scheduledSessionId,
    participant: after.participantId,
    kind: "REPORT",
    action,
    at: after.updatedAt,
    before: summary(before),
    after: summary(after),
  });
}
