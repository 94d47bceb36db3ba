import { redirect } from "@remix-run/node";
import { formErrorOf, loadOrFail, type FormError } from "~/lib/form-result.server";
import { isAppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { can } from "~/lib/permissions";
import { afterForPage, PAGE_SIZE, type SortOrder } from "./paging.server";

/** Helpers that keep the database screens' loaders and actions thin. */

export type ListQuery<O extends string> = { q: string; sort: O; dir: SortOrder; page: number };

/** The list state from GET params: `q` (search), `sort`, `dir`, `page`. */
export function listQuery<O extends string>(request: Request, sorts: readonly O[], defaultSort: O): ListQuery<O> {
  const url = new URL(request.url);
  const sort = url.searchParams.get("sort") as O | null;
  return {
    q: (url.searchParams.get("q") ?? "").trim(),
    sort: sort && sorts.includes(sort) ? sort : defaultSort,
    dir: url.searchParams.get("dir") === "DESC" ? "DESC" : "ASC",
    page: Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1),
  };
}

export const pageArgs = <O extends string>(query: ListQuery<O>) => ({ after: afterForPage(query.page), first: PAGE_SIZE, order: query.dir, orderBy: query.sort });

/**
 * A page number past the end (`?page=999` of 27) goes to the last page instead of an empty one
 * that says "no items yet" next to the total. Throws the redirect; call after loading the list.
 */
export function redirectPastLastPage(request: Request, pageInfo: { totalCount: number; pageSize: number }): void {
  const url = new URL(request.url);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const last = Math.max(1, Math.ceil(pageInfo.totalCount / (pageInfo.pageSize || 1)));
  if (page <= last) return;
  if (last === 1) url.searchParams.delete("page");
  else url.searchParams.set("page", String(last));
  throw redirect(url.pathname + url.search);
}

export const canWrite = (ctx: Ctx) => can(ctx.permissions, "write:databases");

export { loadOrFail };

/** Form fields named `a.b` become nested objects; empty strings stay (the module turns them into null). */
export function formInput(form: FormData): Record<string, unknown> {
  type Nested = { [key: string]: string | Nested };
  const result: Nested = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" || key === "intent" || key === "id") continue;
    const path = key.split(".");
    let target = result;
    for (const part of path.slice(0, -1)) {
      const next = target[part];
      target = typeof next === "object" ? next : (target[part] = {});
    }
    target[path.at(-1)!] = value;
  }
  return result;
}

export type ActionResult =
  | { ok: true; intent: string; message?: string; data?: unknown }
  | (FormError & { intent: string; id: string | null });

/**
 * Runs the form's intent (`create`, `update`, `remove`, or others the screen handles) and answers
 * with translated field errors, the message and, for a refused removal, what still uses the object.
 */
export async function runIntent(
  ctx: Ctx,
  request: Request,
  handlers: Record<string, (input: Record<string, unknown>, id: string, form: FormData) => Promise<unknown>>,
): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  // Own keys only: "constructor", "valueOf" or "__proto__" must not reach Object.prototype.
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) throw new Response("Bad Request", { status: 400 });
  try {
    const result = await handler(formInput(form), id, form);
    return { ok: true, intent, ...(typeof result === "string" ? { message: result } : { data: result }) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { ...formErrorOf(ctx.t, e), intent, id: id || null };
  }
}
