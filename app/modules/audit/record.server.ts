import type { InStatement } from "@libsql/client";
import { getTableColumns, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { TenantDb, TenantTx } from "~db/tenant/client";
import { preparedStatement } from "~db/tenant/prepared";
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

/** The stored row of an entry made by `origin`. */
function rowOf(origin: AuditOrigin, e: AuditEntry, now: Date) {
  return {
    scheduledSessionId: e.scheduledSession,
    participantId: e.participant ?? null,
    evaluationId: e.evaluation ?? null,
    questionId: e.question ?? null,
    stepIndex: e.stepIndex ?? null,
    kind: e.kind,
    action: e.action,
    at: e.at ?? now,
    ...origin,
    before: e.before ?? null,
    after: e.after ?? null,
  };
}

/**
 * Appends entries to the audit trail in the transaction `tx` (the public `recordAudit(tx, entry)`
 * of the issue, for one or many). The trail cannot be changed afterwards: the table refuses UPDATE
 * and DELETE (migration 0016).
 */
export async function recordAudit(
  tx: TenantTx,
  origin: AuditOrigin,
  entries: AuditEntry | readonly AuditEntry[],
): Promise<void> {
  const list = Array.isArray(entries) ? (entries as readonly AuditEntry[]) : [entries as AuditEntry];
  if (list.length === 0) return;
  const now = new Date();
  const rows = list.map((e) => rowOf(origin, e, now));
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    await tx.insert(auditEntries).values(rows.slice(i, i + ROWS_PER_INSERT));
}

const placeholder = (name: string) => sql.placeholder(name);
/** Every column of an entry, in the table's order, for the planned insert's SELECT (the id is the table's). */
const plannedColumns: Record<keyof typeof auditEntries.$inferInsert, SQL | Placeholder> = {
  id: sql`NULL`,
  scheduledSessionId: placeholder("scheduledSessionId"),
  participantId: placeholder("participantId"),
  evaluationId: placeholder("evaluationId"),
  questionId: placeholder("questionId"),
  stepIndex: placeholder("stepIndex"),
  kind: placeholder("kind"),
  action: placeholder("action"),
  at: placeholder("at"),
  actorType: placeholder("actorType"),
  actorId: placeholder("actorId"),
  actorName: placeholder("actorName"),
  device: placeholder("device"),
  process: placeholder("process"),
  before: placeholder("before"),
  after: placeholder("after"),
};

/** The insert of one entry that writes only if the statement before it in its batch changed a row. */
const plannedInsert = preparedStatement((db) =>
  db.insert(auditEntries).select(
    sql`SELECT ${sql.join(
      Object.keys(getTableColumns(auditEntries)).map((key) => plannedColumns[key as keyof typeof plannedColumns]),
      sql`, `,
    )} WHERE changes() > 0`,
  ),
);

/**
 * One entry as a statement of a planned write (db/tenant/planned-write.ts, ADR 0039): it goes right
 * after the statement whose change it records, and is written only if that statement changed a row,
 * in the same batch, so it exists exactly when that change was committed.
 */
export function plannedAuditEntry(tdb: TenantDb, origin: AuditOrigin, e: AuditEntry): InStatement {
  const row = rowOf(origin, e, new Date());
  // The placeholders take driver values: the time in ms, the values as JSON text.
  const json = (value: unknown) => (value === null ? null : auditEntries.before.mapToDriverValue(value));
  return plannedInsert(tdb, {
    ...row,
    at: auditEntries.at.mapToDriverValue(row.at),
    before: json(row.before),
    after: json(row.after),
  });
}
