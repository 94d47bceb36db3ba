import { redirect } from "@remix-run/node";
import { pageParam } from "./page-number";
import { afterForPage, PAGE_SIZE, type SortOrder } from "./paging.server";

// The state of a list screen (search, sort, direction, page) lives in its GET parameters, so a
// list can be bookmarked and the back button works. Every list screen reads it the same way.

export type ListQuery<O extends string> = { q: string; sort: O; dir: SortOrder; page: number };

/** The page number of `?page=` (pageParam). */
export const pageNumber = (url: URL): number => pageParam(url.searchParams);

/** The search of `?q=`, trimmed ("" when missing). */
export function listSearch(url: URL): string {
  return (url.searchParams.get("q") ?? "").trim();
}

/** The list state from GET params: `q` (search), `sort`, `dir`, `page`. */
export function listQuery<O extends string>(
  request: Request,
  sorts: readonly O[],
  defaultSort: O,
  defaultDir: SortOrder = "ASC",
): ListQuery<O> {
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") as O | null;
  const dir = url.searchParams.get("dir");
  return {
    q: listSearch(url),
    sort: sort && sorts.includes(sort) ? sort : defaultSort,
    dir: dir === "ASC" || dir === "DESC" ? dir : defaultDir,
    page: pageNumber(url),
  };
}

/** The module's paging arguments for a list state. */
export const pageArgs = <O extends string>(query: ListQuery<O>) => ({
  after: afterForPage(query.page),
  first: PAGE_SIZE,
  order: query.dir,
  orderBy: query.sort,
});

/**
 * A page number past the end (`?page=999` of 27) goes to the last page instead of an empty one
 * that says "no items yet" next to the total. Throws the redirect; call after loading the list.
 */
export function redirectPastLastPage(request: Request, pageInfo: { totalCount: number; pageSize: number }): void {
  const url = new URL(request.url);
  const page = pageNumber(url);
  const last = Math.max(1, Math.ceil(pageInfo.totalCount / (pageInfo.pageSize || 1)));
  if (page <= last) return;
  if (last === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(last));
  throw redirect(url.pathname + url.search);
}
