import type { Ctx } from "~/lib/context.server";
import { publishEventsToRoom, type RoomEvent } from "~/modules/realtime/index.server";
import { settings } from "~settings/settings.server";

// Live events: published to the session's room after the database write, best effort. Each event
// carries the revision of what changed (entry or session), so a client that missed one notices
// the gap and reloads its state from the app.
//
// Per room one publish is in flight at a time; events that arrive meanwhile (every save of a full
// room, a staff action on 1,000 participants) go together in the next request, in order. Before,
// each event was its own request: 1,000 concurrent requests to the room for one "pause all".

export type LiveEventType =
  | "session.started"
  | "session.completed"
  | "entry.changed"
  | "answer.saved"
  | "help.requested"
  | "correction.changed"
  /** An evaluation or question of the running session was edited: screens reload (plan-change.server.ts). */
  | "plan.changed"
  /** Staff only: an incident was recorded (app/modules/incidents), or a device reported its contact (app/modules/audit). */
  | "incident.recorded"
  | "device.contact"
  /** A circuit's schedule changed (started, paused, resumed, re-planned): screens run the clock from it (app/modules/circuit). */
  | "circuit.changed";

export type LiveEvent = {
  type: LiveEventType;
  /** Set: only admins and this participant receive it. */
  participantId?: string;
  /** Only staff sockets receive it: participants' screens would ignore it (a room of 1,000 saving was 1,000 useless sends a second). */
  staffOnly?: true;
  payload: Record<string, unknown>;
};

/**
 * Publishes after the write committed; never throws (the DB is the truth, the room only relays).
 * Tells the session's room about events already written. The room request is queued at once (so
 * rooms get events in write order); the caller waits for the room's answer unless `waitForRoom` is
 * false: an answer save is acknowledged once it is committed, not once the staff dashboards have
 * heard of it.
 */
export async function publishLive(
  ctx: Pick<Ctx, "tenant">,
  scheduledSessionId: string,
  events: LiveEvent[],
  { waitForRoom = true } = {},
): Promise<void> {
  if (settings().PARTYKIT_DISABLED || events.length === 0) return;
  const delivered = toRoom(ctx.tenant.slug, scheduledSessionId, events as Array<Omit<RoomEvent, "issued">>);
  if (waitForRoom) await delivered;
}

/**
 * How long staff-only events (every save's `answer.saved`) wait for company when nothing else is
 * queued: LIVE_STAFF_EVENT_WAIT_MS, 100 ms by default (tests change it; 0 sends every save's event at
 * once). The dashboards reload at most once a second, so 100 ms is unseen; a full room then sends
 * ten requests a second instead of one per save (the app's and the room's CPU). Any event a
 * participant's screen waits for (a pause, an unlock) is sent at once, with whatever waits before it.
 */
const staffOnlyWaitMs = () => settings().LIVE_STAFF_EVENT_WAIT_MS;

type Outbox = {
  busy: boolean;
  events: Array<Omit<RoomEvent, "issued">>;
  delivered: Array<() => void>;
  /** Ends the staff-only wait early (an urgent event arrived). */
  wake: (() => void) | null;
};
const outboxes = new Map<string, Outbox>();

/** Resolves once the request carrying these events has been answered (or has failed: best effort). */
function toRoom(tenant: string, scheduledSessionId: string, events: Array<Omit<RoomEvent, "issued">>): Promise<void> {
  const key = `${tenant}\n${scheduledSessionId}`;
  let box = outboxes.get(key);
  if (!box) outboxes.set(key, (box = { busy: false, events: [], delivered: [], wake: null }));
  box.events.push(...events);
  const done = new Promise<void>((resolve) => box.delivered.push(resolve));
  if (events.some((e) => !e.staffOnly)) box.wake?.();
  if (!box.busy) void drain(key, box, tenant, scheduledSessionId);
  return done;
}

function staffOnlyWait(box: Outbox): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(finish, staffOnlyWaitMs());
    function finish() {
      clearTimeout(timer);
      box.wake = null;
      resolve();
    }
    box.wake = finish;
  });
}

async function drain(key: string, box: Outbox, tenant: string, scheduledSessionId: string): Promise<void> {
  box.busy = true;
  while (box.events.length > 0) {
    if (box.events.every((e) => e.staffOnly)) await staffOnlyWait(box);
    const events = box.events.splice(0);
    const delivered = box.delivered.splice(0);
    await publishEventsToRoom({ tenant, scheduledSessionId, events });
    for (const resolve of delivered) resolve();
  }
  box.busy = false;
  outboxes.delete(key);
}
