/**
 * Text of an uploaded CSV file. UTF-8 is expected; a file that is not valid UTF-8 (typically a
 * spreadsheet saved as "CSV" in Western European Latin-1 / Windows-1252) is read as Windows-1252
 * instead of silently turning é into U+FFFD, and the caller tells the user which encoding was used.
 * Pure: used in the browser by the import dialog.
 */
export function decodeCsvBytes(bytes: ArrayBuffer | Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}
