import { describe, expect, it } from "vitest";
import { decodeCsvBytes } from "~/lib/csv-bytes";

describe("decodeCsvBytes", () => {
  it("reads UTF-8 (with or without a BOM) as UTF-8", () => {
    expect(decodeCsvBytes(new TextEncoder().encode("name\nJosé Müller\n"))).toEqual({
      text: "name\nJosé Müller\n",
      encoding: "utf-8",
    });
  });

  it("reads Latin-1 / Windows-1252 bytes as such instead of U+FFFD, and says so", () => {
    // "José;Gaëlle" saved by a spreadsheet in Windows-1252: é = E9, ë = EB (invalid as UTF-8).
    const bytes = Uint8Array.from([0x4a, 0x6f, 0x73, 0xe9, 0x3b, 0x47, 0x61, 0xeb, 0x6c, 0x6c, 0x65]);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded).toEqual({ text: "José;Gaëlle", encoding: "windows-1252" });
    expect(decoded.text).not.toContain("\uFFFD");
  });
});
