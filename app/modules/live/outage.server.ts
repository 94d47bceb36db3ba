import { and, eq, lt } from "drizzle-orm";
import { catalog } from "~db/catalog/client";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~db/connection";
import { liveSessions, type TenantRow } from "~db/catalog/schema";
import type { TenantDb } from "~db/tenant/client";
import { liveOverrides, scheduledSessionParticipantEntries as entries } from "~db/tenant/schema";
import { openTenant, findTenant } from "~/modules/tenants/index.server";
import { publishLive } from "./events.server";
import { writeTimeGivenBack } from "./gateway.server";

// Time the server could not serve is given back (ADR 0032). Every app process stamps the
// ongoing sessions it could serve every HEARTBEAT_MS; a process that starts finds the sessions whose
// stamp is older than that and gives each participant whose clock ran in the gap exactly that much
// time back, as an EXTEND_TIME override marked OUTAGE_REASON.

/** How often every process stamps the ongoing sessions as served. */
export const HEARTBEAT_MS = 2_000;
/** A stamp older than this means nobody served the session in between. */
export const UNSERVED_AFTER_MS = 2 * HEARTBEAT_MS;
/** The textValue of the EXTEND_TIME overrides that give an outage back. */
export const OUTAGE_REASON = "server_outage";

/** Records an ongoing session (its start) so that an outage can be found and given back. */
export async function markLiveSessionServed(
  tenant: string,
  scheduledSessionId: string,
  at = new Date(),
): Promise<void> {
  const { db, writes } = await catalog();
  await writes.run(() =>
    db
      .insert(liveSessions)
      .values({ tenantSlug: tenant, scheduledSessionId, servedAt: at })
      .onConflictDoUpdate({
        target: [liveSessions.tenantSlug, liveSessions.scheduledSessionId],
        set: { servedAt: at },
      }),
  );
}

/** A completed (or removed) session needs no more stamps. */
export async function forgetLiveSession(tenant: string, scheduledSessionId: string): Promise<void> {
  const { db, writes } = await catalog();
  await writes.run(() =>
    db
      .delete(liveSessions)
      .where(and(eq(liveSessions.tenantSlug, tenant), eq(liveSessions.scheduledSessionId, scheduledSessionId))),
  );
}

/** Stamps every ongoing session as served now: one statement, whatever their number. */
export async function stampServed(at = new Date()): Promise<void> {
  const { db, writes } = await catalog();
  await writes.run(() => db.update(liveSessions).set({ servedAt: at }));
}

/** Stamps every HEARTBEAT_MS until the returned function is called (or the process ends). */
export function startLiveHeartbeat(): () => void {
  const timer = setInterval(() => {
    stampServed().catch((error: unknown) => {
      // The database down or restarting: one line now and then (db/connection.ts), not a stack every beat.
      if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error);
      else console.error("[live] heartbeat failed", error);
    });
  }, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

export type OutageCredit = {
  tenant: string;
  scheduledSession: string;
  from: Date;
  to: Date;
  participants: number;
  seconds: number[];
};

/**
 * At start-up, before serving: every session left unserved for longer than UNSERVED_AFTER_MS gets
 * its gap given back (giveOutageBack), then is stamped as served. Returns what was given.
 */
export async function creditServerOutages(now = new Date()): Promise<OutageCredit[]> {
  const { db } = await catalog();
  const stale = await db
    .select()
    .from(liveSessions)
    .where(lt(liveSessions.servedAt, new Date(now.getTime() - UNSERVED_AFTER_MS)))
    .all();
  const credits: OutageCredit[] = [];
  for (const row of stale) {
    // Several processes may start together (npm run start:scaled): the one whose stamp replaces
    // the old one gives the gap back, the others leave the session alone.
    if (!(await restamp(row, row.servedAt, now))) continue;
    try {
      const tenant = await findTenant(row.tenantSlug);
      const credit = tenant
        ? await giveOutageBack(tenant, await openTenant(tenant), row.scheduledSessionId, row.servedAt, now)
        : null;
      if (credit) credits.push(credit);
      if (credit === null) await forgetLiveSession(row.tenantSlug, row.scheduledSessionId);
    } catch (error) {
      console.error(`[live] could not give the outage back to ${row.tenantSlug}/${row.scheduledSessionId}`, error);
      await restamp(row, now, row.servedAt).catch(() => undefined); // the next start tries again
    }
  }
  return credits;
}

/** Moves a session's stamp from `from` to `to`, only if nobody moved it meanwhile: whether it did. */
async function restamp(
  row: { tenantSlug: string; scheduledSessionId: string },
  from: Date,
  to: Date,
): Promise<boolean> {
  const { db, writes } = await catalog();
  const result = await writes.run(() =>
    db
      .update(liveSessions)
      .set({ servedAt: to })
      .where(
        and(
          eq(liveSessions.tenantSlug, row.tenantSlug),
          eq(liveSessions.scheduledSessionId, row.scheduledSessionId),
          eq(liveSessions.servedAt, from),
        ),
      ),
  );
  return result.rowsAffected === 1;
}

/**
 * Gives back, to each participant of an ONGOING session, the time their clock ran between `from`
 * (the last stamp) and `to` (now): nothing for a participant who was paused, waiting or out of
 * time already, the exact running time (whole seconds, rounded up) for the others. Null when the
 * session is no longer ongoing.
 */
export async function giveOutageBack(
  tenant: TenantRow,
  tdb: TenantDb,
  sessionId: string,
  from: Date,
  to: Date,
): Promise<OutageCredit | null> {
  const result = await writeTimeGivenBack(tdb, sessionId, from, to, OUTAGE_REASON);
  if (!result) return null;
  // At start-up the room server may not be up yet: the screens also reload their state when they
  // reconnect to it, so the publish is not waited for.
  await publishLive({ tenant }, sessionId, result.events, { waitForRoom: false });
  return {
    tenant: tenant.slug,
    scheduledSession: sessionId,
    from,
    to,
    participants: result.seconds.length,
    seconds: result.seconds,
  };
}

export type OutageGiven = { at: Date; seconds: number; participants: number };

/** The outages given back in a session, for the dashboard: when, how long (the most any participant got), to how many. */
export async function outagesGivenBack(tdb: TenantDb, sessionId: string): Promise<OutageGiven[]> {
  const rows = await tdb.db
    .select({ at: liveOverrides.datetime, seconds: liveOverrides.numericValue })
    .from(liveOverrides)
    .innerJoin(entries, eq(entries.id, liveOverrides.entryId))
    .where(
      and(
        eq(entries.scheduledSessionId, sessionId),
        eq(liveOverrides.overrideType, "EXTEND_TIME"),
        eq(liveOverrides.textValue, OUTAGE_REASON),
      ),
    )
    .all();
  const byTime = new Map<number, OutageGiven>();
  for (const row of rows) {
    const key = row.at.getTime();
    const given = byTime.get(key) ?? { at: row.at, seconds: 0, participants: 0 };
    given.seconds = Math.max(given.seconds, row.seconds ?? 0);
    given.participants++;
    byTime.set(key, given);
  }
  return [...byTime.values()].sort((a, b) => a.at.getTime() - b.at.getTime());
}
