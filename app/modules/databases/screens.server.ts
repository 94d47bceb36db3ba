import type { Ctx } from "~/lib/context.server";
import { loadOrFail } from "~/lib/form-result.server";
import { listQuery, pageArgs, redirectPastLastPage } from "~/lib/list-query.server";
import { can } from "~/lib/permissions";

// What the reference-data screens share beyond app/lib: the write permission they show buttons
// for, the loader of a list searched by name, and the dialog's create/update/remove intents.

/** Whether the database screens show their write buttons (the module checks again on every write). */
export const canWrite = (ctx: Ctx) => can(ctx.permissions, "write:databases");

type NameListArgs = ReturnType<typeof pageArgs<"NAME">> & { filter: { name: string } };

/**
 * The loader of a list searched and sorted by name (companies, contexts, locations, supplies):
 * one page of it, and a redirect for a page past the end.
 */
export async function nameListScreen<L extends { pageInfo: { totalCount: number; pageSize: number } }>(
  ctx: Ctx,
  request: Request,
  list: (ctx: Ctx, args: NameListArgs) => Promise<L>,
) {
  const query = listQuery(request, ["NAME"], "NAME");
  const page = await loadOrFail(ctx, () => list(ctx, { ...pageArgs(query), filter: { name: query.q } }));
  redirectPastLastPage(request, page.pageInfo);
  return { list: page, canWrite: canWrite(ctx) };
}

type Entity = {
  add: (ctx: Ctx, input: unknown) => Promise<unknown>;
  update: (ctx: Ctx, id: string, input: unknown) => Promise<unknown>;
  remove: (ctx: Ctx, id: string) => Promise<unknown>;
};

/** The entity dialog's intents for runIntent: `create`, `update` and `remove` of one entity kind. */
export const entityIntents = (ctx: Ctx, entity: Entity) => ({
  create: (input: Record<string, unknown>) => entity.add(ctx, input),
  update: (input: Record<string, unknown>, id: string) => entity.update(ctx, id, input),
  remove: (_input: Record<string, unknown>, id: string) => entity.remove(ctx, id),
});
