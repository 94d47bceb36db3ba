/**
 * A small CSV reader (RFC 4180): quoted fields may hold the delimiter, doubled quotes and line
 * breaks. The delimiter is a comma, or a semicolon when the header has more of those (spreadsheets
 * in Dutch and French save with semicolons). Pure: safe in the browser.
 */
export type CsvRecord = { line: number; fields: string[] };

export function detectDelimiter(text: string): "," | ";" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const count = (c: string) => firstLine.split(c).length - 1;
  return count(";") > count(",") ? ";" : ",";
}

/** Every record with the 1-based line it starts on. Blank lines are skipped. */
export function parseCsv(text: string, delimiter: string = detectDelimiter(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "") records.push({ line: recordLine, fields });
    fields = [];
    field = "";
  };
  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
    } else if (c === '"' && field === "") {
      quoted = true;
    } else if (c === delimiter) {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += c;
    }
  }
  if (field !== "" || fields.length > 0) endRecord();
  return records;
}

export const PARTICIPANT_COLUMNS = ["name", "email", "phone", "externalId", "company", "language"] as const;
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number];
export const COMPANY_COLUMNS = ["name", "line1", "city", "region", "postal", "country"] as const;
export type CompanyColumn = (typeof COMPANY_COLUMNS)[number];

export type CsvTable<C extends string> = { rows: Array<{ line: number; values: Partial<Record<C, string>> }>; missingColumns: C[] };
export type CsvRow = CsvTable<ParticipantColumn>["rows"][number];

/**
 * Reads rows whose header names the columns (any order; case, spaces, dashes, underscores and an
 * `address.` prefix ignored; unknown columns ignored). Returns the rows, or the required columns
 * the header lacks.
 */
export function readCsvTable<C extends string>(text: string, columns: readonly C[], required: readonly C[]): CsvTable<C> {
  const [header, ...body] = parseCsv(text);
  if (!header) return { rows: [], missingColumns: [...required] };
  const normal = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[\s_.-]/g, "")
      .replace(/^address(?=.)/, "");
  const index = new Map<C, number>();
  header.fields.forEach((name, i) => {
    const column = columns.find((c) => c.toLowerCase() === normal(name));
    if (column && !index.has(column)) index.set(column, i);
  });
  const missingColumns = required.filter((c) => !index.has(c));
  const rows = body.map((record) => {
    const values: Partial<Record<C, string>> = {};
    for (const [column, i] of index) values[column] = (record.fields[i] ?? "").trim();
    return { line: record.line, values };
  });
  return { rows, missingColumns };
}

/** Participant rows: name, email, phone, externalId, company (name and email required). */
export const readParticipantCsv = (text: string) => readCsvTable(text, PARTICIPANT_COLUMNS, ["name", "email"]);

/** Company rows: name, line1, city, region, postal, country (name required). */
export const readCompanyCsv = (text: string) => readCsvTable(text, COMPANY_COLUMNS, ["name"]);
