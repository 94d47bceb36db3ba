import { getTableColumns, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { TenantTx } from "~db/tenant/client";
import { preparedWrite } from "~db/tenant/prepared";
import { auditEntries, type AuditKind } from "~db/tenant/schema";
import type { AuditOrigin } from "./origin.server";

// Recording: one INSERT for any number of entries, in the caller's write transaction (or the batch
// of a planned write), so an entry exists exactly when the change it records was committed. Nothing
// here reads: the answer save path (app/modules/live/) records every save.

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
  const shared = list.length > 1 ? sharedValues(rows) : null;
  if (shared) await insertSharedRows(tx, { ...shared, rows: JSON.stringify(rows.map(varyingValues)) });
  else await insertRows(tx, { rows: JSON.stringify(list.map((e) => auditRowValues(origin, e, now))) });
}

/**
 * An entry as a row of the JSON array `insertAuditRowsFrom` reads: its columns' driver values in the
 * table's order (the time in ms, `before`/`after` as JSON text). A caller may append values of its
 * own after AUDIT_ROW_LENGTH, for its condition.
 */
export function auditRowValues(origin: AuditOrigin, e: AuditEntry, now = new Date()): unknown[] {
  const row = rowOf(origin, e, now);
  const json = (value: unknown) => (value === null ? null : auditEntries.before.mapToDriverValue(value));
  const values: Record<string, unknown> = {
    ...row,
    at: auditEntries.at.mapToDriverValue(row.at),
    before: json(row.before),
    after: json(row.after),
  };
  return insertedColumns.map((key) => values[key] ?? null);
}

// Every column but the id (the table's), in the table's order.
const insertedColumns = Object.keys(getTableColumns(auditEntries)).filter((key) => key !== "id");
/** How many values of a row of `insertAuditRowsFrom`'s array are the entry's. */
export const AUDIT_ROW_LENGTH = insertedColumns.length;

/**
 * The insert of the entries in `rows`, a JSON array of auditRowValues, read as `j` of
 * `FROM json_each(rows) AS j`, those for which `where` holds (it may read `j.value`), in their order.
 * Any number of entries is one statement, built once: entries in the thousands (a "pause all") as
 * one drizzle insert of 16 values a row cost more to build than to run (docs/benchmarks.md, ADR 0045).
 */
export function insertAuditRowsFrom(db: Pick<TenantTx, "insert">, rows: SQL | Placeholder, where: SQL) {
  return db.insert(auditEntries).select(
    sql`SELECT NULL, ${sql.join(
      insertedColumns.map((_, i) => sql.raw(`json_extract(j.value, '$[${i}]')`)),
      sql`, `,
    )} FROM json_each(${rows}) AS j WHERE ${where} ORDER BY j.key`,
  );
}

const insertRows = preparedWrite((tx) => insertAuditRowsFrom(tx, sql.placeholder("rows"), sql`true`));

// Many entries of one change (a staff action on 1,000 participants: one action, time and origin)
// differ only in who and what they are about. Their rows carry only those columns, and `before`
// and `after` as JSON inside the row rather than as escaped text: for a "pause all" of 1,000 the
// statement reads 525 KB instead of 700 KB, with six lookups a row instead of sixteen, and takes
// a half to a third of the time (docs/benchmarks.md, issue 35).
const SHARED_COLUMNS = [
  "scheduledSessionId",
  "kind",
  "action",
  "at",
  "actorType",
  "actorId",
  "actorName",
  "device",
  "process",
] as const;
type Row = ReturnType<typeof rowOf>;
const VARYING_COLUMNS = insertedColumns.filter((c) => !(SHARED_COLUMNS as readonly string[]).includes(c)) as Array<
  Exclude<keyof Row, (typeof SHARED_COLUMNS)[number]>
>;
const JSON_COLUMNS: ReadonlySet<string> = new Set(["before", "after"]);

/** The shared columns' driver values, when every row has the same ones; else null. */
function sharedValues(rows: readonly Row[]): Record<string, unknown> | null {
  const first = rows[0]!;
  const driver = (row: Row, key: (typeof SHARED_COLUMNS)[number]) =>
    key === "at" ? auditEntries.at.mapToDriverValue(row.at) : row[key];
  const values: Record<string, unknown> = {};
  for (const key of SHARED_COLUMNS) {
    const value = driver(first, key);
    if (rows.some((row) => driver(row, key) !== value)) return null;
    values[key] = value;
  }
  return values;
}

const varyingValues = (row: Row) => VARYING_COLUMNS.map((key) => row[key] ?? null);

const insertSharedRows = preparedWrite((tx) =>
  tx.insert(auditEntries).select(
    sql`SELECT NULL, ${sql.join(
      insertedColumns.map((column) => {
        const i = (VARYING_COLUMNS as readonly string[]).indexOf(column);
        if (i < 0) return sql.placeholder(column);
        // `->` answers a JSON value's text ('null' for null), `->>` its SQL value.
        return sql.raw(JSON_COLUMNS.has(column) ? `nullif(j.value -> ${i}, 'null')` : `j.value ->> ${i}`);
      }),
      sql`, `,
    )} FROM json_each(${sql.placeholder("rows")}) AS j ORDER BY j.key`,
  ),
);
