// The exam's results as CSV: one row per participant (identity, each station's score % and global
// rating, total %, cut, status). Cells that a spreadsheet would read as a formula are neutralised
// (app/lib/csv-cell.ts); numbers keep a dot and two decimals so every locale's spreadsheet reads
// the same file. Pure.
import { neutralizeCsvCell } from "~/lib/csv-cell";
import type { ExamResults } from "./board.server";

const quote = (cell: string): string => (/[",\r\n;]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
const number = (value: number | null): string => (value === null ? "" : value.toFixed(2));

/** The participant's incidents in one cell: `CATEGORY at (UTC) [station]: text`, separated by " | ". */
function incidentsCell(incidents: ExamResults["rows"][number]["incidents"]): string {
  return incidents
    .map(
      (i) => `${i.category} ${i.at.toISOString()}${i.station ? ` [${i.station}]` : ""}${i.text ? `: ${i.text}` : ""}`,
    )
    .join(" | ");
}

export function resultsCsv(results: Pick<ExamResults, "stations" | "cutScore" | "method" | "rows">): string {
  const header = [
    "participant_id",
    "name",
    "email",
    "external_id",
    "session",
    ...results.stations.flatMap((s) => [`${s.name} score %`, `${s.name} global rating`]),
    "total %",
    "cut %",
    "method",
    "status",
    "incidents",
  ];
  const lines = [header.map((h) => quote(neutralizeCsvCell(h)))];
  for (const row of results.rows) {
    const cells = [
      neutralizeCsvCell(row.participantId),
      neutralizeCsvCell(row.name),
      neutralizeCsvCell(row.email),
      neutralizeCsvCell(row.externalId),
      neutralizeCsvCell(row.session),
      ...results.stations.flatMap((_, i) => [number(row.scores[i] ?? null), neutralizeCsvCell(row.ratings[i] ?? "")]),
      number(row.totalPercent),
      number(results.cutScore),
      results.method,
      row.status,
      neutralizeCsvCell(incidentsCell(row.incidents)),
    ];
    lines.push(cells.map(quote));
  }
  // A byte-order mark, so that spreadsheets open the UTF-8 names (é, ü) correctly.
  return "\uFEFF" + lines.map((l) => l.join(",")).join("\r\n") + "\r\n";
}

/** A file name for the exam's exports: safe in a Content-Disposition header. */
export function examFileName(examName: string, extension: string): string {
  const base = examName
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 100);
  return `${base || "exam"}.${extension}`;
}
