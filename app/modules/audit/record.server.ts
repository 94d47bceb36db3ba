import type { TenantTx } from "~db/tenant/client";
import { auditEntries, type AuditKind } from "~db/tenant/schema";
import type { AuditOrigin } from "./origin.server";

// Recording: one INSERT for any number of entries, in the caller's write transaction, so an entry
// exists exactly when the change it records was committed. Nothing here reads: the answer save
// path (app/modules/live/gateway.server.ts) calls it on every save.

export type AuditEntry = {
  scheduledSession: string;
  participant?: string | null;
  evaluation?: string | null;
  question?: string | null;
  stepIndex?: number | null;
  kind: AuditKind;
  action: string;
  /** JSON values: what was there before the change (null: nothing, or not read), and after it. */
  before?: unknown;
  after?: unknown;
  /** Defaults to now. */
  at?: Date;
};

/** SQLite's limit of bound values per statement is 32,766; 16 columns a row. */
const ROWS_PER_INSERT = 1_000;

/**
 * Appends entries to the audit trail in the transaction `tx` (the public `recordAudit(tx, entry)`
 * of the issue, for one or many). The trail cannot be changed afterwards: the table refuses UPDATE
 * and DELETE (migration 0014).
 */
export async function recordAudit(
  tx: TenantTx,
  origin: AuditOrigin,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? (entries as readonly AuditEntry[]) : [entries as AuditEntry];
  if (list.length === 0) return;
  const now = new Date();
  const rows = list.map((e) => ({
    scheduledSessionId: e.scheduledSession,
    participantId: e.participant ?? null,
    evaluationId: e.evaluation ?? null,
    questionId: e.question ?? null,
    stepIndex: e.stepIndex ?? null,
    kind: e.kind,
    action: e.action,
    at: e.at ?? now,
    actorType: origin.actorType,
    actorId: origin.actorId,
    actorName: origin.actorName,
    device: origin.device,
    process: origin.process,
    before: e.before ?? null,
    after: e.after ?? null,
  }));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await tx.insert(auditEntries).values(rows.slice(i, i + ROWS_PER_INSERT));
}
