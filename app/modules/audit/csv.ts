// A participant's audit trail as CSV (the correction page's export): one row per entry, times in
// UTC (ISO 8601), values before and after as JSON. Cells a spreadsheet would read as a formula are
// neutralised (app/lib/csv-cell.ts). Pure.
import { neutralizeCsvCell } from "~/lib/csv-cell";

export type CsvAuditRow = {
  id: number;
  at: Date;
  kind: string;
  action: string;
  actorType: string;
  actorName: string | null;
  actorId: string | null;
  device: string | null;
  process: string | null;
  evaluation: string | null;
  question: string | null;
  stepIndex: number | null;
  before: unknown;
  after: unknown;
};

const quote = (cell: string): string => (/[",\r\n;]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const json = (value: unknown): string => (value === null || value === undefined ? "" : JSON.stringify(value));

export const AUDIT_CSV_HEADER = [
  "id",
  "at_utc",
  "kind",
  "action",
  "actor_type",
  "actor",
  "actor_id",
  "device",
  "process",
  "evaluation",
  "question",
  "step",
  "before",
  "after",
] as const;

/** `names`: evaluation and question ids to their names, when known. */
export function auditCsv(rows: readonly CsvAuditRow[], names: ReadonlyMap<string, string> = new Map()): string {
  const name = (id: string | null) => (id ? (names.get(id) ?? id) : "");
  const lines = [AUDIT_CSV_HEADER.map(quote).join(",")];
  for (const r of rows) {
    const cells = [
      String(r.id),
      r.at.toISOString(),
      r.kind,
      r.action,
      r.actorType,
      r.actorName ?? "",
      r.actorId ?? "",
      r.device ?? "",
      r.process ?? "",
      name(r.evaluation),
      name(r.question),
      r.stepIndex === null ? "" : String(r.stepIndex + 1),
      json(r.before),
      json(r.after),
    ];
    lines.push(cells.map((c) => quote(neutralizeCsvCell(c))).join(","));
  }
  // A byte-order mark, so that spreadsheets open UTF-8 names correctly.
  return "\uFEFF" + lines.join("\r\n") + "\r\n";
}
