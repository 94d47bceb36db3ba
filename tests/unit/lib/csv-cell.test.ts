import { describe, expect, it } from "vitest";
import { neutralizeCsvCell } from "~/lib/csv-cell";

describe("neutralizeCsvCell", () => {
  it("prefixes cells that a spreadsheet would run as a formula", () => {
    for (const cell of [
      "=1+1",
      "+31 6 1234",
      "-2+3",
      "@SUM(A1:A2)",
      "\t=cmd",
      "\r=cmd",
      '=HYPERLINK("http://evil.test","x")',
    ]) {
      expect(neutralizeCsvCell(cell), JSON.stringify(cell)).toBe(`'${cell}`);
    }
  });

  it("leaves ordinary text, numbers and empty values as they are", () => {
    expect(neutralizeCsvCell("Anna de Vries")).toBe("Anna de Vries");
    expect(neutralizeCsvCell("a=b")).toBe("a=b");
    expect(neutralizeCsvCell("")).toBe("");
    expect(neutralizeCsvCell(-3)).toBe("-3");
    expect(neutralizeCsvCell(4.5)).toBe("4.5");
    expect(neutralizeCsvCell(true)).toBe("true");
    expect(neutralizeCsvCell(null)).toBe("");
    expect(neutralizeCsvCell(undefined)).toBe("");
  });
});
