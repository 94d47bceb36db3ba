import type { Ctx } from "~/lib/context.server";
import { can } from "~/lib/permissions";

/** Whether the database screens show their write buttons (the module checks again on every write). */
export const canWrite = (ctx: Ctx) => can(ctx.permissions, "write:databases");
