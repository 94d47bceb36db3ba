import type { Ctx } from "~/lib/context.server";
import { can } from "~/lib/permissions";

// What the reference-data screens share beyond app/lib: the write permission they show buttons
// for and the dialog's create/update/remove intents (their routes read the request).

/** Whether the database screens show their write buttons (the module checks again on every write). */
export const canWrite = (ctx: Ctx) => can(ctx.permissions, "write:databases");

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
