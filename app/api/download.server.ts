/**
 * A file the browser saves (never shows in place), kept out of every cache and of content sniffing:
 * the headers of every download the API answers. `bytes` adds the length when the body is in memory.
 */
export function downloadHeaders(type: string, name: string, bytes?: Uint8Array): Record<string, string> {
  return {
    "Content-Type": type,
    "Content-Disposition": `attachment; filename="${name}"`,
    ...(bytes ? { "Content-Length": String(bytes.byteLength) } : {}),
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
  };
}
