import { describe, expect, it } from "vitest";
import {
  applyLivePatch,
  applyLoaderView,
  applyScreenView,
  livePatchOfEvent,
  screenViewOfEvent,
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

describe("the screen state an unlock's event carries (ADR 0048)", () => {
  type Screen = {
    scheduledSession: string;
    revision: number;
    status: string | null;
    paused: boolean;
    questions: Array<{ _id: string }>;
    currentQuestion: string | null;
    deadline: Date | null;
    serverTime: Date;
    answers: Array<{ question: string }>;
  };
  const screen: Screen = {
    scheduledSession: "s1",
    revision: 8,
    status: "waiting",
    paused: false,
    questions: [],
    currentQuestion: null,
    deadline: null,
    serverTime: new Date("2026-11-23T10:00:00.000Z"),
    answers: [{ question: "q-before" }],
  };
  const view = {
    scheduledSession: "s1",
    revision: 9,
    status: "started",
    paused: false,
    questions: [{ _id: "q-new" }],
    currentQuestion: "q-new",
    deadline: "2026-11-23T10:10:00.000Z",
    serverTime: "2026-11-23T10:00:01.000Z",
  };
  const unlocked = (v: unknown) => ({
    type: "entry.changed",
    participantId: "p1",
    payload: { reason: "unlocked", view: v },
  });

  it("shows the new state at once and keeps the answers the screen has", () => {
    const carried = screenViewOfEvent<Screen>(unlocked(view), "s1")!;
    expect(carried.deadline).toEqual(new Date(view.deadline));
    expect(carried.serverTime).toEqual(new Date(view.serverTime));
    const shown = applyScreenView(screen, carried);
    expect(shown).toMatchObject({ revision: 9, status: "started", currentQuestion: "q-new", answers: screen.answers });
  });

  it("never goes back to an older state (an event and a reload can cross)", () => {
    const carried = screenViewOfEvent<Screen>(unlocked({ ...view, revision: 8 }), "s1")!;
    expect(applyScreenView(screen, carried)).toBe(screen);
  });

  it("carries nothing for another session, a malformed state or an event without one: the screen reloads", () => {
    expect(screenViewOfEvent<Screen>(unlocked(view), "s2")).toBeNull();
    for (const bad of [
      { ...view, revision: "9" },
      { ...view, questions: null },
      { ...view, serverTime: "soon" },
      { ...view, status: "dancing" },
      null,
    ])
      expect(screenViewOfEvent<Screen>(unlocked(bad), "s1")).toBeNull();
    expect(screenViewOfEvent<Screen>({ type: "entry.changed", payload: { reason: "unlocked" } }, "s1")).toBeNull();
  });
});

describe("applyLoaderView", () => {
  const shown = { scheduledSession: "s1", revision: 9, currentQuestion: "q-next" };

  it("takes the loader's state when it is as new as the screen's or newer", () => {
    const same = { scheduledSession: "s1", revision: 9, currentQuestion: "q-next" };
    expect(applyLoaderView(shown, same)).toBe(same);
    const newer = { scheduledSession: "s1", revision: 10, currentQuestion: "q-last" };
    expect(applyLoaderView(shown, newer)).toBe(newer);
  });

  it("keeps the screen's state over a revalidation read before its change (a circuit's next station opened meanwhile)", () => {
    const stale = { scheduledSession: "s1", revision: 8, currentQuestion: "q-before" };
    expect(applyLoaderView(shown, stale)).toBe(shown);
  });

  it("takes another session's state whatever its revision", () => {
    const other = { scheduledSession: "s2", revision: 1, currentQuestion: "q-1" };
    expect(applyLoaderView(shown, other)).toBe(other);
  });
});
