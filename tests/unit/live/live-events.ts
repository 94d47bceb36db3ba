import type * as Events from "~/modules/live/events.server";

// The live events a test's actions publish, seen where they leave the app: a test file wraps
// events.server's publishLive (vi.mock with withListeners) and listens with onLiveEvent.

type Listener = (tenant: string, scheduledSessionId: string, event: Events.LiveEvent) => void | Promise<void>;
const listeners = new Set<Listener>();

/** Calls `listener` for every live event published, before it goes to the room, until stopped. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** vi.mock's factory: events.server whose publishLive tells the listeners first. */
export async function withListeners(importOriginal: () => Promise<typeof Events>): Promise<typeof Events> {
  const actual = await importOriginal();
  return {
    ...actual,
    publishLive: async (ctx, scheduledSessionId, events, options) => {
      for (const event of events)
        for (const listener of listeners) {
          try {
            await listener(ctx.tenant.slug, scheduledSessionId, event);
          } catch {
            /* a listener must not break the action that published */
          }
        }
      return actual.publishLive(ctx, scheduledSessionId, events, options);
    },
  };
}
