import { describe, expect, it } from "vitest";
import {
  applyLivePatch,
  livePatchOfEvent,
  MAX_EVENT_RELOAD_DELAY_MS,
  reloadDelayOfEvent,
} from "~/modules/live/live-patch";

// The clock-and-status change a staff override's room event carries, as the participant's screen
// reads and applies it (session-screen.tsx).

const wire = {
  revision: 7,
  status: "started",
  paused: true,
  helpRequested: false,
  remainingSeconds: 412,
  deadline: null,
  serverTime: "2026-11-23T10:00:00.000Z",
};
const event = (live: unknown) => ({
  type: "entry.changed",
  participantId: "p1",
  payload: { participantId: "p1", revision: 7, reason: "SESSION_PAUSE", live },
});

describe("livePatchOfEvent", () => {
  it("reads the patch of an entry.changed event, dates revived", () => {
    expect(livePatchOfEvent(event(wire))).toEqual({ ...wire, serverTime: new Date(wire.serverTime) });
    const extended = livePatchOfEvent(event({ ...wire, paused: false, deadline: "2026-11-23T10:07:00.000Z" }));
    expect(extended?.deadline).toEqual(new Date("2026-11-23T10:07:00.000Z"));
  });

  it("finds none where the screen must reload: no patch, another event type, a malformed patch", () => {
    expect(livePatchOfEvent(event(undefined))).toBeNull();
    expect(livePatchOfEvent({ ...event(wire), type: "session.started" })).toBeNull();
    expect(livePatchOfEvent(null)).toBeNull();
    expect(livePatchOfEvent("entry.changed")).toBeNull();
    for (const broken of [
      { ...wire, revision: "7" },
      { ...wire, status: "dancing" },
      { ...wire, paused: "yes" },
      { ...wire, remainingSeconds: "412" },
      { ...wire, deadline: "soon" },
      { ...wire, serverTime: undefined },
    ]) {
      expect(livePatchOfEvent(event(broken))).toBeNull();
    }
  });
});

describe("applyLivePatch", () => {
  const screen = {
    revision: 5,
    status: "started" as const,
    paused: false,
    helpRequested: false,
    remainingSeconds: 500,
    deadline: new Date("2026-11-23T10:08:20.000Z"),
    serverTime: new Date("2026-11-23T09:59:00.000Z"),
    questions: ["q1"],
  };

  it("applies a newer patch over the clock and status, and keeps everything else", () => {
    const patched = applyLivePatch(screen, livePatchOfEvent(event(wire))!);
    expect(patched).toEqual({
      ...screen,
      revision: 7,
      paused: true,
      remainingSeconds: 412,
      deadline: null,
      serverTime: new Date(wire.serverTime),
    });
  });

  it("ignores a patch the screen already has, or an older one (a refresh overtook it)", () => {
    expect(applyLivePatch({ ...screen, revision: 7 }, livePatchOfEvent(event(wire))!)).toEqual({
      ...screen,
      revision: 7,
    });
    expect(applyLivePatch({ ...screen, revision: 9 }, livePatchOfEvent(event(wire))!)).toEqual({
      ...screen,
      revision: 9,
    });
  });
});

describe("reloadDelayOfEvent", () => {
  const unlocked = (reloadInMs: unknown) => ({
    type: "entry.changed",
    participantId: "p1",
    payload: { participantId: "p1", revision: 8, reason: "unlocked", reloadInMs },
  });

  it("reloads when the event says (a mass unlock spreads its screens), at once without a word", () => {
    expect(reloadDelayOfEvent(unlocked(312))).toBe(312);
    expect(reloadDelayOfEvent(unlocked(undefined))).toBe(0);
    expect(reloadDelayOfEvent({ type: "session.started", payload: {} })).toBe(0);
    expect(reloadDelayOfEvent(null)).toBe(0);
  });

  it("never waits long or on a bad value: a screen must not stall on its event", () => {
    expect(reloadDelayOfEvent(unlocked(60_000))).toBe(MAX_EVENT_RELOAD_DELAY_MS);
    for (const bad of [-5, Number.NaN, "300", Infinity, {}]) expect(reloadDelayOfEvent(unlocked(bad))).toBe(0);
  });
});
