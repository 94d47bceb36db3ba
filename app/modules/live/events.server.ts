import type { Ctx } from "~/lib/context.server";
import { publishToRoom, type RoomEvent } from "./realtime.server";

// Live events: published to the session's room after the database write, best effort. Each event
// carries the revision of what changed (entry or session), so a client that missed one notices
// the gap and reloads its state from the app.

export type LiveEventType =
  | "session.started"
  | "session.completed"
  | "entry.changed"
  | "answer.saved"
  | "help.requested"
  | "correction.changed";

export type LiveEvent = {
  type: LiveEventType;
  /** Set: only admins and this participant receive it. */
  participantId?: string;
  payload: Record<string, unknown>;
};

type Listener = (tenant: string, scheduledSessionId: string, event: LiveEvent) => void | Promise<void>;
const listeners = new Set<Listener>();

/** In-process seam (tests, logs): called for every event just before it goes to the room. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Publishes after the write committed; never throws (the DB is the truth, the room only relays). */
export async function publishLive(ctx: Ctx, scheduledSessionId: string, events: LiveEvent[]): Promise<void> {
  for (const event of events) {
    for (const listener of listeners) {
      try {
        await listener(ctx.tenant.slug, scheduledSessionId, event);
      } catch {
        /* a listener must not break the caller */
      }
    }
  }
  if (process.env.PARTYKIT_DISABLED === "true") return;
  await Promise.all(
    events.map((event) => publishToRoom({ tenant: ctx.tenant.slug, scheduledSessionId, event: event as Omit<RoomEvent, "issued"> })),
  );
}
