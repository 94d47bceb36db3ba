import type { Ctx } from "~/lib/context.server";

// Who hears of a "pause all" or "resume all" once it is written: the circuit clock (issue 32,
// app/modules/circuit) stops and continues with it. The circuit builds on live, not back, so it
// registers here (app/server/reference-checks.ts at start-up).

export type SessionPauseListener = (ctx: Ctx, sessionId: string, paused: boolean) => Promise<void>;

const listeners: SessionPauseListener[] = [];

export function onSessionPauseChange(listener: SessionPauseListener): void {
  if (!listeners.includes(listener)) listeners.push(listener);
}

/** Tells every listener; a listener's failure is logged, never undoes the pause. */
export async function sessionPauseChanged(ctx: Ctx, sessionId: string, paused: boolean): Promise<void> {
  for (const listener of listeners)
    await listener(ctx, sessionId, paused).catch((error: unknown) =>
      console.error(`[live] a pause listener failed for ${sessionId}`, error),
    );
}
