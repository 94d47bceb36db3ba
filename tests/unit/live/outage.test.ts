import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalog } from "~db/catalog/client";
import { liveSessions } from "~db/catalog/schema";
import type { Ctx } from "~/lib/context.server";
import { creditServerOutages, OUTAGE_REASON, stampServed, UNSERVED_AFTER_MS } from "~/modules/live/outage.server";
import { findEntryOf } from "~/modules/live/plan.server";
import { liveDashboard } from "~/modules/live/run.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { getParticipantEntry } from "~/modules/scheduling/entries.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, rewindOpenSection, type LiveFixture } from "./fixtures";

// Time the server could not serve is given back to every running clock (ADR 0032), and only to
// the clocks that ran: the remaining time after the gap is what it was when the server stopped.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";

let slug: string;
let manager: Ctx;

const servedRow = async (sessionId: string) => {
  const { db } = await catalog();
  return db
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.tenantSlug, slug), eq(liveSessions.scheduledSessionId, sessionId)))
    .get();
};
const setServedAt = async (sessionId: string, at: Date) => {
  const { db } = await catalog();
  await db
    .update(liveSessions)
    .set({ servedAt: at })
    .where(and(eq(liveSessions.tenantSlug, slug), eq(liveSessions.scheduledSessionId, sessionId)));
};
/** Milliseconds left on each participant's clock at `at`, from the dashboard's deadlines. */
const remainingAt = async (f: LiveFixture, at: Date) => {
  const board = await liveDashboard(manager, f.sessionId);
  return f.people.map((p) => {
    const row = board.rows.find((r) => r.participantId === p)!;
    return row.deadline ? row.deadline.getTime() - at.getTime() : null;
  });
};

beforeAll(async () => {
  slug = (await makeTenant("live-outage")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
});

describe("an ongoing session is known to need serving", () => {
  it("from its start until its completion", async () => {
    const f = await makeLiveSession(manager);
    expect(await servedRow(f.sessionId)).toBeUndefined();
    await startScheduledSession(manager, f.sessionId);
    expect((await servedRow(f.sessionId))?.servedAt.getTime()).toBeGreaterThan(Date.now() - 5_000);
    await completeScheduledSession(manager, f.sessionId);
    expect(await servedRow(f.sessionId)).toBeUndefined();
  });
});

describe("the time nobody served is given back", () => {
  it("to each running clock exactly; not to a paused one; recorded as an override with the reason and on the dashboard", async () => {
    const f = await makeLiveSession(manager, { participants: 3 });
    await startScheduledSession(manager, f.sessionId);
    // Everyone's clock has run two minutes; the third participant is paused by staff.
    for (const p of f.people) await rewindOpenSection(manager, f.sessionId, p, 120);
    // …since 100 s ago, before the outage (the log is only appended to: written as it was then).
    const pausedEntry = await findEntryOf(manager.tdb.db, f.sessionId, f.people[2]!);
    await manager.tdb.write((tx) =>
      tx.run(
        sql`INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (${pausedEntry.id}, 'SESSION_PAUSE', ${Date.now() - 100_000})`,
      ),
    );

    // The server stopped 80 s ago (its last stamp), and starts again now.
    const stopped = new Date(Date.now() - 80_000);
    await setServedAt(f.sessionId, stopped);
    const before = await remainingAt(f, stopped);
    const now = new Date();
    const credits = await creditServerOutages(now);
    const mine = credits.find((c) => c.scheduledSession === f.sessionId)!;
    expect(mine.participants).toBe(2);
    // The gap, rounded up to whole seconds: never less than what was lost.
    const gap = Math.ceil((now.getTime() - stopped.getTime()) / 1000);
    expect(gap).toBeGreaterThanOrEqual(80);
    for (const seconds of mine.seconds) expect(seconds).toBe(gap);

    // The running clocks show now what they showed when the server stopped (to the second).
    const after = await remainingAt(f, now);
    for (const i of [0, 1]) {
      expect(after[i]! - before[i]!).toBeGreaterThanOrEqual(0);
      expect(after[i]! - before[i]!).toBeLessThan(1_000);
    }
    // The paused one got nothing (its clock did not run): still paused, no deadline.
    expect(after[2]).toBeNull();
    const paused = await getParticipantEntry(manager, f.sessionId, f.people[2]!);
    expect(paused.sessionOverrides.some((o) => o.value?.textValue === OUTAGE_REASON)).toBe(false);

    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    const given = entry.sessionOverrides.filter(
      (o) => o.overrideType === "EXTEND_TIME" && o.value?.textValue === OUTAGE_REASON,
    );
    expect(given).toHaveLength(1);
    expect(given[0]!.value!.numericValue).toBe(gap);

    const board = await liveDashboard(manager, f.sessionId);
    expect(board.outagesGivenBack).toEqual([{ at: now, seconds: gap, participants: 2 }]);
    // Stamped as served: a second start-up gives nothing more.
    expect((await servedRow(f.sessionId))!.servedAt.getTime()).toBe(now.getTime());
    expect(
      (await creditServerOutages(new Date(now.getTime() + 1_000))).find((c) => c.scheduledSession === f.sessionId),
    ).toBeUndefined();
  });

  it("gives nothing for a gap shorter than two heartbeats (a process that kept serving), nor to a clock already out of time", async () => {
    const f = await makeLiveSession(manager, { participants: 2 });
    await startScheduledSession(manager, f.sessionId);
    await stampServed();
    expect(
      (await creditServerOutages(new Date(Date.now() + UNSERVED_AFTER_MS - 500))).find(
        (c) => c.scheduledSession === f.sessionId,
      ),
    ).toBeUndefined();

    // The first question allows 600 s: the first participant's time ran out before the outage.
    await rewindOpenSection(manager, f.sessionId, f.people[0]!, 700);
    await setServedAt(f.sessionId, new Date(Date.now() - 30_000));
    const credit = (await creditServerOutages()).find((c) => c.scheduledSession === f.sessionId)!;
    expect(credit.participants).toBe(1);
    const out = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(out.sessionOverrides.some((o) => o.value?.textValue === OUTAGE_REASON)).toBe(false);
  });

  it("is given back once when several processes start at the same time", async () => {
    const f = await makeLiveSession(manager, { participants: 2 });
    await startScheduledSession(manager, f.sessionId);
    await setServedAt(f.sessionId, new Date(Date.now() - 40_000));
    const now = new Date();
    const all = await Promise.all([creditServerOutages(now), creditServerOutages(now), creditServerOutages(now)]);
    const mine = all.flatMap((credits) => credits.filter((c) => c.scheduledSession === f.sessionId));
    expect(mine).toHaveLength(1);
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionOverrides.filter((o) => o.value?.textValue === OUTAGE_REASON)).toHaveLength(1);
    expect((await servedRow(f.sessionId))!.servedAt.getTime()).toBe(now.getTime());
  });

  it("forgets a session that is no longer ongoing", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    await manager.tdb.write((tx) => tx.run("UPDATE scheduled_sessions SET status = 'COMPLETED'"));
    await setServedAt(f.sessionId, new Date(Date.now() - 60_000));
    expect((await creditServerOutages()).find((c) => c.scheduledSession === f.sessionId)).toBeUndefined();
    expect(await servedRow(f.sessionId)).toBeUndefined();
  });
});
