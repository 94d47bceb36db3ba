import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Ctx } from "~/lib/context.server";
import { loadOrFail } from "~/lib/form-result.server";
import { runIntent } from "~/lib/intent-action.server";
import { listQuery, pageArgs, redirectPastLastPage } from "~/lib/list-query.server";
import { requireStaffContext } from "~/modules/auth/index.server";
import { canWrite, entityIntents } from "~/modules/databases/index.server";

// The loaders and actions the reference-data routes share: a list searched by name, and the entity
// dialog's intents (with a CSV import where the route offers one).

type Paged = { pageInfo: { totalCount: number; pageSize: number } };
type NameListArgs = ReturnType<typeof pageArgs<"NAME">> & { filter: { name: string } };
type Entity = Parameters<typeof entityIntents>[1];
type Handlers = Parameters<typeof runIntent>[2];

/**
 * The loader of a list searched and sorted by name (companies, contexts, locations, supplies):
 * one page of it, and a redirect for a page past the end.
 */
export async function nameListScreen<L extends Paged>(
  ctx: Ctx,
  request: Request,
  list: (ctx: Ctx, args: NameListArgs) => Promise<L>,
) {
  const query = listQuery(request, ["NAME"], "NAME");
  const page = await loadOrFail(ctx, () => list(ctx, { ...pageArgs(query), filter: { name: query.q } }));
  redirectPastLastPage(request, page.pageInfo);
  return { list: page, canWrite: canWrite(ctx) };
}

export const nameListLoader =
  <L extends Paged>(list: (ctx: Ctx, args: NameListArgs) => Promise<L>) =>
  async ({ request, context }: LoaderFunctionArgs) => {
    const ctx = await requireStaffContext(request, context);
    return nameListScreen(ctx, request, list);
  };

/** The action of an entity dialog: create, update and remove, and the route's further intents. */
export const entityAction =
  (entity: Entity, more: (ctx: Ctx) => Handlers = () => ({})) =>
  async ({ request, context }: ActionFunctionArgs) => {
    const ctx = await requireStaffContext(request, context);
    return runIntent(ctx, request, { ...entityIntents(ctx, entity), ...more(ctx) });
  };

/** The import dialog's intents: `preview` the posted CSV, `import` it and say how many rows were saved. */
export const csvImportIntents = (
  ctx: Ctx,
  preview: (ctx: Ctx, csv: string) => Promise<unknown>,
  importCsv: (ctx: Ctx, csv: string) => Promise<Record<string, unknown>>,
): Handlers => ({
  preview: (_i, _id, form) => preview(ctx, String(form.get("csv") ?? "")),
  import: async (_i, _id, form) => ctx.t("databases:import.saved", await importCsv(ctx, String(form.get("csv") ?? ""))),
});
