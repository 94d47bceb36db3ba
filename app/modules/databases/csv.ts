import Papa from "papaparse";

/**
 * CSV reading on papaparse (RFC 4180: quoted fields may hold the delimiter, doubled quotes and line
 * breaks). The delimiter is detected: comma, semicolon (spreadsheets in Dutch and French save with
 * semicolons) or tab. A byte-order mark is dropped. Pure: safe in the browser.
 */
export type CsvRecord = { line: number; fields: string[] };

const DELIMITERS = [",", ";", "\t"];

/** The delimiter papaparse finds in the first lines (comma when it cannot tell). */
export function detectDelimiter(text: string): string {
  const sample = stripBom(text).split(/\r?\n/, 5).join("\n");
  return (
    Papa.parse<string[]>(sample, { delimitersToGuess: DELIMITERS, preview: 5, skipEmptyLines: true }).meta.delimiter ||
    ","
  );
}

const stripBom = (text: string) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Every record with the 1-based line it starts on. Blank lines are skipped. */
export function parseCsv(text: string, delimiter: string = detectDelimiter(text)): CsvRecord[] {
  // One kind of line break: files pasted or saved on different systems mix \r\n and \n.
  const body = stripBom(text).replace(/\r\n?/g, "\n");
  const records: CsvRecord[] = [];
  // Line numbers: papaparse reports where each record ends; the next one starts after that.
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(body, {
    delimiter,
    newline: "\n",
    step: (result) => {
      const end = result.meta.cursor;
      let recordLine = line;
      for (let i = start; i < end; i++) {
        if (body.charCodeAt(i) !== 10) continue;
        line++;
        // Newlines before the record's first character are blank lines: the record starts after them.
        if (body.slice(start, i).trim() === "") recordLine = line;
      }
      start = end;
      const fields = result.data;
      if (fields.length > 1 || (fields[0] ?? "").trim() !== "") records.push({ line: recordLine, fields });
    },
  });
  return records;
}

export const PARTICIPANT_COLUMNS = ["name", "email", "phone", "externalId", "company", "language"] as const;
export type ParticipantColumn = (typeof PARTICIPANT_COLUMNS)[number];
export const COMPANY_COLUMNS = ["name", "line1", "city", "region", "postal", "country"] as const;
export type CompanyColumn = (typeof COMPANY_COLUMNS)[number];

export type CsvTable<C extends string> = {
  rows: Array<{ line: number; values: Partial<Record<C, string>> }>;
  missingColumns: C[];
};

/**
 * Reads rows whose header names the columns (any order; case, spaces, dashes, underscores and an
 * `address.` prefix ignored; unknown columns ignored). Returns the rows, or the required columns
 * the header lacks.
 */
export function readCsvTable<C extends string>(
  text: string,
  columns: readonly C[],
  required: readonly C[],
): CsvTable<C> {
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
