import { findTenant, openTenant } from "~/modules/tenants/index.server";

// One timer per running circuit in this process, set for the next round's start: then the server
// moves everyone (moves.server.ts). A restart forgets the timers; the next read of the circuit by
// any screen (clock board, dashboard, a participant's, an examiner's) makes the moves that are due
// and sets the timer again. With several processes each may set one; the round is claimed in the
// database, so its moves are made once.

type Mover = (tenantSlug: string, sessionId: string) => Promise<void>;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

/** A little after the round's start, so the clock computed then is surely in the new round. */
const LATE_MS = 20;

export function armCircuit(tenantSlug: string, sessionId: string, at: number | null, move: Mover): void {
  const key = `${tenantSlug}:${sessionId}`;
  const old = timers.get(key);
  if (old) clearTimeout(old);
  timers.delete(key);
  if (at === null) return;
  // setTimeout takes at most about 24.8 days; a circuit's round is far shorter.
  const wait = Math.min(2 ** 31 - 1, Math.max(0, at - Date.now() + LATE_MS));
  const timer = setTimeout(() => {
    timers.delete(key);
    move(tenantSlug, sessionId).catch((error: unknown) =>
      console.error(`[circuit] could not move ${key} to its next round`, error),
    );
  }, wait);
  timer.unref?.();
  timers.set(key, timer);
}

export function disarmCircuit(tenantSlug: string, sessionId: string): void {
  armCircuit(tenantSlug, sessionId, null, async () => {});
}

/** The tenant's database for a timer that fires outside any request. */
export async function tenantFor(slug: string) {
  const tenant = await findTenant(slug);
  if (!tenant || tenant.status !== "ACTIVE") return null;
  return { tenant, tdb: await openTenant(tenant) };
}
