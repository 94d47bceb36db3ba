import { AUDIT_KINDS, type AuditKind } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { auditCsv, auditTrail, type AuditRow } from "~/modules/audit/index.server";
import { findSession, loadPlan } from "~/modules/live/index.server";

// A participant's timeline on their correction page (issue 32): the audit trail with the names of
// the stations and questions it mentions, filtered by kind, and its CSV export. The trail checks
// the permission (AUDIT_READ).

export type Timeline = {
  rows: AuditRow[];
  /** Evaluation and question ids to their names. */
  names: Record<string, string>;
  kinds: readonly AuditKind[];
};

/** Known kinds only, from a query string's `kind` values (unknown ones are dropped). */
export function kindsOf(values: readonly string[]): AuditKind[] {
  return values.filter((v): v is AuditKind => (AUDIT_KINDS as readonly string[]).includes(v));
}

export async function participantTimeline(
  ctx: Ctx,
  scheduledSession: string,
  participant: string,
  kinds: readonly AuditKind[] = [],
): Promise<Timeline> {
  const rows = await auditTrail(ctx, { scheduledSession, participant, kinds: kinds.length ? kinds : null });
  const plan = await loadPlan(ctx.tdb.db, await findSession(ctx.tdb.db, scheduledSession));
  const names: Record<string, string> = {};
  for (const [id, e] of plan.evaluations) names[id] = e.name;
  for (const [id, q] of plan.questions) names[id] = q.name;
  return { rows, names, kinds };
}

/** The timeline as a CSV file (the trail's fields, names for ids). */
export async function participantTimelineCsv(
  ctx: Ctx,
  scheduledSession: string,
  participant: string,
  kinds: readonly AuditKind[] = [],
): Promise<string> {
  const { rows, names } = await participantTimeline(ctx, scheduledSession, participant, kinds);
  return auditCsv(rows, new Map(Object.entries(names)));
}
