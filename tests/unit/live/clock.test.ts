import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clockOf, isHelpRequested, isSessionPaused, type ClockInput, type ClockOverride } from "~/modules/live/clock";
import { participantStatus, type EntryFacts } from "~/modules/live/status";

// The live clocks as pure functions over override lists: examples, then properties.

const T0 = new Date("2026-11-23T09:00:00Z").getTime();
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const ov = (
  overrideType: ClockOverride["overrideType"],
  second: number,
  extra: Partial<ClockOverride> = {},
): ClockOverride => ({
  overrideType,
  datetime: at(second),
  evaluation: "e1",
  question: "q1",
  value: { numericValue: null },
  ...extra,
});

function input(over: Partial<ClockInput> & { nowSecond: number }): ClockInput {
  const { nowSecond, ...rest } = over;
  return {
    section: { evaluation: "e1", question: "q1", sectionStart: at(0), sectionEnd: null },
    maxTimeSeconds: 600,
    enableTimer: true,
    extraTimePercent: 0,
    overrides: [],
    autoPauseOnHelpRequest: false,
    now: at(nowSecond),
    ...rest,
  };
}

describe("clockOf: examples", () => {
  it("counts down from maxTime and is up at the deadline", () => {
    expect(clockOf(input({ nowSecond: 100 }))).toMatchObject({
      remainingSeconds: 500,
      timeUp: false,
      paused: false,
      deadline: at(600),
    });
    expect(clockOf(input({ nowSecond: 600 }))).toMatchObject({ remainingSeconds: 0, timeUp: true });
    expect(clockOf(input({ nowSecond: 700 })).remainingMs).toBe(-100_000);
  });

  it("adds the participant's extra time percentage", () => {
    expect(clockOf(input({ nowSecond: 0, extraTimePercent: 50 })).remainingSeconds).toBe(900);
    expect(clockOf(input({ nowSecond: 0, extraTimePercent: 1000 })).remainingSeconds).toBe(2400); // clamped to 300 %
  });

  it("adds EXTEND_TIME seconds of its own section only", () => {
    const overrides = [
      ov("EXTEND_TIME", 10, { value: { numericValue: 120 } }),
      ov("EXTEND_TIME", 10, { question: "q2", value: { numericValue: 999 } }),
    ];
    expect(clockOf(input({ nowSecond: 100, overrides })).remainingSeconds).toBe(620);
  });

  it("stops while the session is paused and freezes the deadline", () => {
    const overrides = [ov("SESSION_PAUSE", 100), ov("SESSION_RESUME", 160)];
    expect(clockOf(input({ nowSecond: 130, overrides }))).toMatchObject({
      remainingSeconds: 500,
      paused: true,
      deadline: null,
    });
    expect(clockOf(input({ nowSecond: 200, overrides }))).toMatchObject({
      remainingSeconds: 460,
      paused: false,
      deadline: at(660),
    });
  });

  it("runs again at the very moment of the resume, and stands still at the moment of the pause", () => {
    // The room event of a resume is computed at the resume's own timestamp (live-patch.ts).
    const overrides = [ov("SESSION_PAUSE", 100), ov("SESSION_RESUME", 160)];
    expect(clockOf(input({ nowSecond: 160, overrides }))).toMatchObject({
      remainingSeconds: 500,
      paused: false,
      deadline: at(660),
    });
    expect(clockOf(input({ nowSecond: 100, overrides }))).toMatchObject({
      remainingSeconds: 500,
      paused: true,
      deadline: null,
    });
    expect(isSessionPaused(overrides, at(160))).toBe(false);
    expect(isSessionPaused(overrides, at(100))).toBe(true);
    const help = [ov("HELP_REQUEST", 100), ov("HELP_REQUEST_RESOLVED", 200)];
    expect([isHelpRequested(help, at(100)), isHelpRequested(help, at(200))]).toEqual([true, false]);
  });

  it("stops during a help request only with auto-pause on", () => {
    const overrides = [ov("HELP_REQUEST", 100), ov("HELP_REQUEST_RESOLVED", 200)];
    expect(clockOf(input({ nowSecond: 300, overrides, autoPauseOnHelpRequest: true })).remainingSeconds).toBe(400);
    expect(clockOf(input({ nowSecond: 300, overrides, autoPauseOnHelpRequest: false })).remainingSeconds).toBe(300);
    expect(clockOf(input({ nowSecond: 150, overrides, autoPauseOnHelpRequest: true })).paused).toBe(true);
  });

  it("counts overlapping pause and help once", () => {
    const overrides = [
      ov("SESSION_PAUSE", 100),
      ov("HELP_REQUEST", 150),
      ov("SESSION_RESUME", 200),
      ov("HELP_REQUEST_RESOLVED", 250),
    ];
    expect(clockOf(input({ nowSecond: 300, overrides, autoPauseOnHelpRequest: true })).remainingSeconds).toBe(450);
  });

  it("has no deadline when the evaluation's timer is off", () => {
    expect(clockOf(input({ nowSecond: 10_000, enableTimer: false }))).toMatchObject({
      remainingSeconds: null,
      deadline: null,
      timeUp: false,
    });
  });

  it("stops at the section's end", () => {
    const section = { evaluation: "e1", question: "q1", sectionStart: at(0), sectionEnd: at(100) };
    expect(clockOf(input({ nowSecond: 400, section }))).toMatchObject({
      remainingSeconds: 500,
      deadline: null,
      timeUp: false,
    });
  });

  it("ignores overrides after now (a replay at an earlier moment)", () => {
    const overrides = [ov("EXTEND_TIME", 500, { value: { numericValue: 60 } })];
    expect(clockOf(input({ nowSecond: 100, overrides })).remainingSeconds).toBe(500);
    expect(clockOf(input({ nowSecond: 501, overrides })).remainingSeconds).toBe(159);
  });
});

// ---- properties ----

const second = fc.integer({ min: 0, max: 3_600 });
const anyOverride = fc.record({
  type: fc.constantFrom<ClockOverride["overrideType"]>(
    "SESSION_PAUSE",
    "SESSION_RESUME",
    "HELP_REQUEST",
    "HELP_REQUEST_RESOLVED",
    "EXTEND_TIME",
    "OPEN_EVALUATION",
  ),
  second,
  seconds: fc.integer({ min: 0, max: 600 }),
});
/** Logs without session pauses: a pause pair added to them is the only pause. */
const overrideListWithoutPauses = fc
  .array(
    anyOverride.filter((o) => o.type !== "SESSION_PAUSE" && o.type !== "SESSION_RESUME"),
    { maxLength: 12 },
  )
  .map((list) =>
    list.map((o) => ov(o.type, o.second, { value: { numericValue: o.type === "EXTEND_TIME" ? o.seconds : null } })),
  );
const overrideList = fc
  .array(anyOverride, { maxLength: 12 })
  .map((list) =>
    list.map((o) => ov(o.type, o.second, { value: { numericValue: o.type === "EXTEND_TIME" ? o.seconds : null } })),
  );
const settings = fc.record({
  maxTimeSeconds: fc.integer({ min: 1, max: 3_600 }),
  extraTimePercent: fc.integer({ min: 0, max: 300 }),
  autoPauseOnHelpRequest: fc.boolean(),
});

describe("clockOf: properties", () => {
  it("pausing never decreases the remaining time", () => {
    fc.assert(
      // (A resume ends any pause, so a pair added inside an open pause would resume it: not a pause.)
      fc.property(
        settings,
        overrideListWithoutPauses,
        second,
        second,
        fc.integer({ min: 0, max: 7_200 }),
        (s, overrides, p, len, now) => {
          const base = clockOf(input({ ...s, overrides, nowSecond: now }));
          const paused = clockOf(
            input({
              ...s,
              overrides: [...overrides, ov("SESSION_PAUSE", p), ov("SESSION_RESUME", p + len)],
              nowSecond: now,
            }),
          );
          expect(paused.remainingMs!).toBeGreaterThanOrEqual(base.remainingMs!);
        },
      ),
    );
  });

  it("an extension adds exactly its seconds", () => {
    fc.assert(
      fc.property(
        settings,
        overrideList,
        second,
        fc.integer({ min: 1, max: 1_800 }),
        fc.integer({ min: 0, max: 7_200 }),
        (s, overrides, when, extra, now) => {
          const base = clockOf(input({ ...s, overrides, nowSecond: Math.max(now, when) }));
          const extended = clockOf(
            input({
              ...s,
              overrides: [...overrides, ov("EXTEND_TIME", when, { value: { numericValue: extra } })],
              nowSecond: Math.max(now, when),
            }),
          );
          expect(extended.remainingMs! - base.remainingMs!).toBe(extra * 1000);
          expect(extended.allowedMs! - base.allowedMs!).toBe(extra * 1000);
        },
      ),
    );
  });

  it("remaining time never increases as time passes without new overrides, and falls 1:1 while running", () => {
    fc.assert(
      fc.property(
        settings,
        overrideList,
        fc.integer({ min: 0, max: 7_200 }),
        fc.integer({ min: 0, max: 600 }),
        (s, overrides, t, dt) => {
          // Only overrides before t: later time then adds no new events.
          const before = overrides.filter((o) => o.datetime.getTime() <= at(t).getTime());
          const a = clockOf(input({ ...s, overrides: before, nowSecond: t }));
          const b = clockOf(input({ ...s, overrides: before, nowSecond: t + dt }));
          expect(b.remainingMs!).toBeLessThanOrEqual(a.remainingMs!);
          if (!a.paused) expect(a.remainingMs! - b.remainingMs!).toBe(dt * 1000);
          else expect(b.remainingMs).toBe(a.remainingMs);
        },
      ),
    );
  });

  it("the order of complete pause/resume pairs does not matter", () => {
    const pair = fc.record({ start: second, length: fc.integer({ min: 0, max: 600 }) });
    fc.assert(
      fc.property(settings, fc.array(pair, { maxLength: 6 }), fc.integer({ min: 0, max: 7_200 }), (s, pairs, now) => {
        const log = (list: typeof pairs) =>
          list.flatMap((p) => [ov("SESSION_PAUSE", p.start), ov("SESSION_RESUME", p.start + p.length)]);
        // Sorted log vs the same pairs appended in reverse: replaying them by time gives one answer.
        const sorted = [...pairs].sort((x, y) => x.start - y.start);
        const a = clockOf(input({ ...s, overrides: log(sorted), nowSecond: now }));
        const b = clockOf(input({ ...s, overrides: log([...sorted].reverse()), nowSecond: now }));
        // Non-overlapping pairs give the same clock whatever order they were appended in.
        const overlapping = sorted.some(
          (p, i) => i > 0 && p.start <= Math.max(...sorted.slice(0, i).map((q) => q.start + q.length)),
        );
        if (!overlapping) expect(b.remainingMs).toBe(a.remainingMs);
        // And a pause never takes time away, whatever the order.
        const none = clockOf(input({ ...s, overrides: [], nowSecond: now }));
        expect(a.remainingMs!).toBeGreaterThanOrEqual(none.remainingMs!);
        expect(b.remainingMs!).toBeGreaterThanOrEqual(none.remainingMs!);
      }),
    );
  });

  it("extra time scales the allowance exactly and the timer off never runs out", () => {
    fc.assert(
      fc.property(settings, overrideList, fc.integer({ min: 0, max: 100_000 }), (s, overrides, now) => {
        const withExtra = clockOf(input({ ...s, overrides: [], nowSecond: 0 }));
        expect(withExtra.allowedMs).toBe(s.maxTimeSeconds * 10 * (100 + s.extraTimePercent));
        expect(clockOf(input({ ...s, overrides, nowSecond: now, enableTimer: false })).timeUp).toBe(false);
      }),
    );
  });
});

describe("participantStatus", () => {
  const facts = (over: Partial<EntryFacts>): EntryFacts => ({
    sessionStatus: "ONGOING",
    ready: false,
    sessionOrder: ["e1", "e2"],
    evaluations: new Map([
      ["e1", { id: "e1", questionIds: ["q1", "q2"], enableTimer: true }],
      ["e2", { id: "e2", questionIds: ["q3"], enableTimer: false }],
    ]),
    maxTimes: new Map([
      ["q1", 60],
      ["q2", 60],
      ["q3", 60],
    ]),
    wholeEvaluations: false,
    autoPauseOnHelpRequest: false,
    extraTimePercent: 0,
    progress: [],
    overrides: [],
    now: at(30),
    ...over,
  });
  const open = (evaluation: string, question: string | null, start = 0) => ({
    evaluation,
    question,
    sectionStart: at(start),
    sectionEnd: null,
  });
  const done = (evaluation: string, question: string | null, start = 0, end = 10) => ({
    evaluation,
    question,
    sectionStart: at(start),
    sectionEnd: at(end),
  });

  it("walks ready → started → help_requested → time_up → waiting → finished", () => {
    expect(participantStatus(facts({ sessionStatus: "SCHEDULED", ready: false }))).toBeNull();
    expect(participantStatus(facts({ sessionStatus: "SCHEDULED", ready: true }))).toBe("ready");
    expect(participantStatus(facts({ progress: [open("e1", "q1")] }))).toBe("started");
    expect(participantStatus(facts({ progress: [open("e1", "q1")], overrides: [ov("HELP_REQUEST", 10)] }))).toBe(
      "help_requested",
    );
    expect(
      participantStatus(
        facts({ progress: [open("e1", "q1")], overrides: [ov("HELP_REQUEST", 10), ov("HELP_REQUEST_RESOLVED", 20)] }),
      ),
    ).toBe("started");
    expect(participantStatus(facts({ progress: [open("e1", "q1")], now: at(61) }))).toBe("time_up");
    expect(participantStatus(facts({ progress: [done("e1", "q1"), done("e1", "q2")] }))).toBe("waiting");
    expect(
      participantStatus(facts({ progress: [done("e1", "q1"), done("e1", "q2"), open("e2", "q3")], now: at(10_000) })),
    ).toBe("started");
    expect(participantStatus(facts({ progress: [done("e1", "q1"), done("e1", "q2"), done("e2", "q3")] }))).toBe(
      "finished",
    );
  });

  it("treats a whole evaluation as one section with allQuestionsInEvaluationShownByDefault", () => {
    expect(participantStatus(facts({ wholeEvaluations: true, progress: [open("e1", null)], now: at(100) }))).toBe(
      "started",
    );
    expect(participantStatus(facts({ wholeEvaluations: true, progress: [open("e1", null)], now: at(121) }))).toBe(
      "time_up",
    );
    expect(participantStatus(facts({ wholeEvaluations: true, progress: [done("e1", null), done("e2", null)] }))).toBe(
      "finished",
    );
  });
});
