import { describe, expect, it } from "vitest";
import { isProgressEvent, reloadGapMs } from "~/components/live/reload-policy";

// When the staff dashboard reloads after room events (use-live-room.ts): what calls staff to act at
// most once a second, progress alone at most a tenth of the time (reload-policy.ts).

describe("isProgressEvent", () => {
  it("takes saved answers, corrections, devices' contact, presence and participants' changes as progress", () => {
    for (const event of [
      { type: "answer.saved", payload: { participantId: "p1" } },
      { type: "correction.changed", payload: {} },
      { type: "device.contact", payload: {} },
      { type: "presence", payload: { clients: [] } },
      { type: "entry.changed", payload: { reason: "next-question" } },
      { type: "entry.changed", payload: { reason: "unlocked" } },
      { type: "entry.changed", payload: { reason: "SESSION_PAUSE" } },
    ])
      expect(isProgressEvent(event), JSON.stringify(event)).toBe(true);
  });

  it("takes what calls staff to act, what changes the whole session, and anything unknown as urgent", () => {
    for (const event of [
      { type: "help.requested", payload: { participantId: "p1" } },
      { type: "incident.recorded", payload: {} },
      { type: "session.started", payload: { status: "ONGOING" } },
      { type: "session.completed", payload: { status: "COMPLETED" } },
      { type: "plan.changed", payload: {} },
      { type: "circuit.changed", payload: {} },
      { type: "something.new", payload: {} },
      null,
      "not an event",
    ])
      expect(isProgressEvent(event), JSON.stringify(event)).toBe(false);
  });
});

describe("reloadGapMs", () => {
  it("reloads what staff act on at most once a second, and never more than half the time, up to 5 s", () => {
    expect(reloadGapMs(0, false)).toBe(1000);
    expect(reloadGapMs(300, false)).toBe(1000);
    expect(reloadGapMs(800, false)).toBe(1600);
    expect(reloadGapMs(4000, false)).toBe(5000);
  });

  it("reloads for progress alone never more than a tenth of the time, from 1 s up to 5 s", () => {
    expect(reloadGapMs(40, true)).toBe(1000); // a small room: as before
    expect(reloadGapMs(150, true)).toBe(1500); // a room of a thousand, quiet
    expect(reloadGapMs(320, true)).toBe(3200); // the same room, busy
    expect(reloadGapMs(900, true)).toBe(5000);
  });
});
