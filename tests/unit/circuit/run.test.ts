import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { circuitRuns, liveAnswers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import {
  addCarryOverRound,
  admitLateParticipant,
  circuitClock,
  circuitView,
  closeStation,
  myCircuit,
  setParticipantAbsent,
  startSession,
  swapParticipants,
} from "~/modules/circuit/index.server";
import { auditTrail } from "~/modules/audit/index.server";
import { saveAnswer } from "~/modules/live/participant.server";
import { applyLiveOverride, liveStatesOf } from "~/modules/live/run.server";
import { updateScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { participantCtx } from "../live/fixtures";
import { onLiveEvent } from "../live/live-events";
import { makeCircuit, ROUND_MS, SETTINGS } from "./fixtures";

vi.mock(import("~/modules/live/events.server"), async (importOriginal) =>
  (await import("../live/live-events")).withListeners(importOriginal),
);

// A circuit through the module functions on a real tenant database (issue 32): settings from the
// template, the start, the server's moves at each round, pause all, and re-planning while it runs.

/** Moves the circuit's start into the past (a test seam on the real row): the clock has run `ms`. */
async function rewind(ctx: Ctx, sessionId: string, ms: number) {
  const run = await ctx.tdb.db.select().from(circuitRuns).where(eq(circuitRuns.scheduledSessionId, sessionId)).get();
  await ctx.tdb.write((tx) =>
    tx
      .update(circuitRuns)
      .set({ startedAt: new Date(run!.startedAt.getTime() - ms) })
      .where(eq(circuitRuns.scheduledSessionId, sessionId)),
  );
}

const currentStations = async (ctx: Ctx, sessionId: string) =>
  new Map([...(await liveStatesOf(ctx, sessionId))].map(([p, s]) => [p, s.current?.evaluation ?? null]));

describe("circuit mode", () => {
  let ctx: Ctx;
  let c: Awaited<ReturnType<typeof makeCircuit>>;
  beforeAll(async () => {
    const { tenant } = await makeTenant();
    ctx = await staffCtx(tenant.slug);
    c = await makeCircuit(ctx);
  });

  it("takes the template's circuit settings, and keeps them once started", async () => {
    expect(c.session.circuit).toEqual(SETTINGS);
    const before = await circuitView(ctx, c.sessionId);
    expect(before.schedule).toBeNull();
    expect(before.grid!.rounds).toBe(4);
    expect(await circuitClock(ctx, c.sessionId)).toBeNull();
  });

  it("starts everyone at their first station with one clock", async () => {
    const events: string[] = [];
    const stop = onLiveEvent((_t, _s, e) => void events.push(e.type));
    await startSession(ctx, c.sessionId);
    stop();
    expect(events).toContain("circuit.changed");
    expect(await circuitClock(ctx, c.sessionId)).toMatchObject({ round: 1, phase: "READING", paused: false });
    const at = await currentStations(ctx, c.sessionId);
    // Participant i at post (i + r) mod 4; post 3 is the rest post: p3 rests in round 1 and has
    // its first station (round 2's) open already, hidden by the screen until then.
    expect(at.get(c.people[0]!)).toBe(c.stations[0]);
    expect(at.get(c.people[1]!)).toBe(c.stations[1]);
    expect(at.get(c.people[2]!)).toBe(c.stations[2]);
    expect(at.get(c.people[3]!)).toBe(c.stations[0]);
    const refused = await refusal(
      updateScheduledSession(ctx, c.sessionId, { circuit: { ...SETTINGS, stationSeconds: 90 } }),
    );
    expect(refused.fieldErrors?.circuit?.key).toBe("scheduling:validation.circuit-locked");
  });

  it("moves everyone to their next station when the round changes, once", async () => {
    await rewind(ctx, c.sessionId, ROUND_MS + 1_000);
    const view = await circuitView(ctx, c.sessionId);
    expect(view.clock).toMatchObject({ round: 2, phase: "READING" });
    const at = await currentStations(ctx, c.sessionId);
    expect(at.get(c.people[0]!)).toBe(c.stations[1]);
    expect(at.get(c.people[1]!)).toBe(c.stations[2]);
    // p2 rests this round: their last station stays open (the screen says "rest").
    expect(at.get(c.people[2]!)).toBe(c.stations[2]);
    expect(at.get(c.people[3]!)).toBe(c.stations[0]);
    const run = await ctx.tdb.db
      .select()
      .from(circuitRuns)
      .where(eq(circuitRuns.scheduledSessionId, c.sessionId))
      .get();
    expect(run!.movedRound).toBe(1);
    // A second read moves nobody again.
    const events: string[] = [];
    const stop = onLiveEvent((_t, _s, e) => void events.push(e.type));
    await circuitView(ctx, c.sessionId);
    stop();
    expect(events).toEqual([]);
  });

  it("pause all pauses the circuit; resume continues the round", async () => {
    await applyLiveOverride(ctx, c.sessionId, null, { overrideType: "SESSION_PAUSE" });
    const paused = await circuitClock(ctx, c.sessionId);
    expect(paused).toMatchObject({ round: 2, paused: true });
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await circuitClock(ctx, c.sessionId))!.remainingSeconds).toBe(paused!.remainingSeconds);
    await applyLiveOverride(ctx, c.sessionId, null, { overrideType: "SESSION_RESUME" });
    expect(await circuitClock(ctx, c.sessionId)).toMatchObject({ round: 2, paused: false });
  });

  it("re-plans from the next round without touching what was answered", async () => {
    const p0 = participantCtx(ctx, c.people[0]!);
    await saveAnswer(p0, {
      scheduledSession: c.sessionId,
      evaluation: c.stations[1],
      question: c.questions[1],
      stepIndex: 0,
      answer: { textValue: "kept" },
      revision: 1,
    });
    const answersBefore = await ctx.tdb.db.select().from(liveAnswers).all();

    let view = await setParticipantAbsent(ctx, c.sessionId, c.people[1]!, true);
    expect(view.nextRound).toBe(2);
    expect(view.grid!.cells[c.people[1]!]!.slice(2).every((cell) => cell.evaluation === null)).toBe(true);
    expect((await refusal(setParticipantAbsent(ctx, c.sessionId, c.people[1]!, true))).reason).toBe(
      "circuit_already_absent",
    );

    await rewind(ctx, c.sessionId, ROUND_MS);
    view = await admitLateParticipant(ctx, c.sessionId, c.people[1]!);
    // Absent in round 3 (index 2, planned at the rest post: nothing missed there? p1 in round 3 is
    // post 3, the rest post), back from round 4; nothing to carry over, so no extra round.
    expect(view.nextRound).toBe(3);
    expect(view.grid!.cells[c.people[1]!]![3]!.evaluation).toBe(c.stations[0]);

    view = await closeStation(ctx, c.sessionId, c.stations[0]!, true);
    const closedFor = Object.entries(view.grid!.cells).find(([, row]) => row[3]!.why === "closed")![0];
    view = await closeStation(ctx, c.sessionId, c.stations[0]!, false);
    // Reopened before its round began: nobody missed it.
    expect(view.grid!.cells[closedFor]![3]!.evaluation).toBe(c.stations[0]);

    view = await addCarryOverRound(ctx, c.sessionId);
    expect(view.grid!.rounds).toBe(5);
    expect((await refusal(swapParticipants(ctx, c.sessionId, [c.people[0]!, c.people[0]!]))).reason).toBe(
      "circuit_two_stations_at_once",
    );
    expect(await ctx.tdb.db.select().from(liveAnswers).all()).toEqual(answersBefore);
    // Each change is in the trail of the participants whose rounds it changed, with their row before and after.
    const trail = await auditTrail(ctx, {
      scheduledSession: c.sessionId,
      participant: c.people[1]!,
      kinds: ["REPLAN"],
    });
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(["replan.absent", "replan.admitted"]));
    const absent = trail.find((e) => e.action === "replan.absent")!;
    expect((absent.after as { evaluation: string | null }[]).slice(2).every((cell) => cell.evaluation === null)).toBe(
      true,
    );
    expect(absent.before).not.toEqual(absent.after);
  });

  it("gives a station missed while absent back as a carry-over round", async () => {
    const { tenant } = await makeTenant();
    const other = await staffCtx(tenant.slug);
    const d = await makeCircuit(other);
    await startSession(other, d.sessionId);
    await setParticipantAbsent(other, d.sessionId, d.people[0]!, true);
    await rewind(other, d.sessionId, 2 * ROUND_MS + 1_000);
    await circuitView(other, d.sessionId);
    // p0, absent from round 2, missed Bandage (round 2) and Splint (round 3): one carry-over round each.
    const view = await admitLateParticipant(other, d.sessionId, d.people[0]!);
    expect(view.nextRound).toBe(3);
    expect(view.grid!.rounds).toBe(6);
    expect(view.grid!.cells[d.people[0]!]!.slice(4)).toEqual([
      { evaluation: d.stations[1], carry: true },
      { evaluation: d.stations[2], carry: true },
    ]);
    // The participant's own view shows their places, nobody else's.
    const mine = await myCircuit(participantCtx(other, d.people[0]!), d.sessionId);
    expect(mine!.places[4]).toMatchObject({ evaluation: d.stations[1], name: "Bandage", carry: true });
    expect(JSON.stringify(mine)).not.toContain(d.people[1]!);
  });

  it("refuses a change that cannot be made, and changes nothing", async () => {
    const run = () =>
      ctx.tdb.db.select().from(circuitRuns).where(eq(circuitRuns.scheduledSessionId, c.sessionId)).get();
    const before = await run();
    for (const call of [
      admitLateParticipant(ctx, c.sessionId, c.people[2]!),
      closeStation(ctx, c.sessionId, c.stations[2]!, false),
      swapParticipants(ctx, c.sessionId, [c.people[0]!]),
      closeStation(ctx, c.sessionId, "no-such-station", true),
    ]) {
      const e = await refusal(call);
      expect(["BAD_REQUEST", "NOT_FOUND"]).toContain(e.code);
    }
    expect(await run()).toEqual(before);
  });

  it("is not visible to another organisation, nor changeable by a reader", async () => {
    const { tenant } = await makeTenant();
    const stranger = await staffCtx(tenant.slug);
    expect((await refusal(circuitView(stranger, c.sessionId))).reason).toBe("scheduled_session_not_found");
    expect((await refusal(addCarryOverRound(stranger, c.sessionId))).reason).toBe("scheduled_session_not_found");
    const reader = await staffCtx(ctx.tenant.slug, ["ORGANIZATION_READER"]);
    expect((await refusal(addCarryOverRound(reader, c.sessionId))).code).toBe("FORBIDDEN");
  });
});
