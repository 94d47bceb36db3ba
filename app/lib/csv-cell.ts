/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and carriage return,
 * let a cell smuggle one in): OWASP's CSV-injection list.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A value safe to write into a CSV export: a cell starting like a formula is prefixed with a
 * single quote so that spreadsheets show it as text. Numbers are left alone (a negative number is
 * data, not a formula); quoting and escaping are the CSV writer's job.
 */
export function neutralizeCsvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return FORMULA_START.test(value) ? `'${value}` : value;
}
