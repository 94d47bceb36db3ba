import type { Ctx } from "~/lib/context.server";
import { completeSessionRun, startSessionRun } from "~/modules/live/index.server";
import { getScheduledSession, type ScheduledSession } from "./scheduled-sessions.server";

/** `startScheduledSession(id)`: SCHEDULED → ONGOING; every participant's clock starts on their first evaluation. */
export async function startScheduledSession(ctx: Ctx, id: string): Promise<ScheduledSession> {
  await startSessionRun(ctx, id);
  return getScheduledSession(ctx, id);
}

/** `completeScheduledSession(id)`: ONGOING → COMPLETED; open sections end now, answers stay. */
export async function completeScheduledSession(ctx: Ctx, id: string): Promise<ScheduledSession> {
  await completeSessionRun(ctx, id);
  return getScheduledSession(ctx, id);
}
