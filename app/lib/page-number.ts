/**
 * The page number of a list's `?page=`: 1 when missing or not a number, never below 1. The server's
 * list query (list-query.server.ts) and the screens' pagers read it alike.
 */
export function pageParam(params: URLSearchParams): number {
  return Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
}
