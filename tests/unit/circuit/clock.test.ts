import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  circuitClockAt,
  extraStationSeconds,
  nextRoundAt,
  personalPhase,
  roundSeconds,
  runningMsAt,
  signalsBetween,
  type CircuitSchedule,
} from "~/modules/circuit/clock";

// The circuit clock (issue 32, ADR 0044): rounds, phases, pauses, rest posts and the extra-time rule.

const settings = { readingSeconds: 60, stationSeconds: 300, changeoverSeconds: 60, restStations: 1 };
const T0 = Date.UTC(2026, 10, 28, 8, 0, 0);
const at = (seconds: number) => T0 + seconds * 1000;
const schedule = (pauses: CircuitSchedule["pauses"] = [], rounds = 4): CircuitSchedule => ({
  settings,
  rounds,
  startedAt: T0,
  pauses,
});

describe("circuit clock, by hand", () => {
  it("walks READING, STATION, CHANGEOVER per round, then DONE", () => {
    const s = schedule();
    expect(circuitClockAt(s, at(0))).toMatchObject({ round: 1, phase: "READING", remainingSeconds: 60, paused: false });
    expect(circuitClockAt(s, at(59.5))).toMatchObject({ round: 1, phase: "READING", remainingSeconds: 1 });
    expect(circuitClockAt(s, at(60))).toMatchObject({ round: 1, phase: "STATION", remainingSeconds: 300 });
    expect(circuitClockAt(s, at(360))).toMatchObject({ round: 1, phase: "CHANGEOVER", remainingSeconds: 60 });
    expect(circuitClockAt(s, at(420))).toMatchObject({ round: 2, phase: "READING", remainingSeconds: 60 });
    expect(circuitClockAt(s, at(4 * 420 - 1))).toMatchObject({ round: 4, phase: "CHANGEOVER", remainingSeconds: 1 });
    expect(circuitClockAt(s, at(4 * 420))).toMatchObject({ round: 4, phase: "DONE", remainingSeconds: 0 });
  });

  it("stands still while paused and continues the round on resume", () => {
    const s = schedule([{ start: at(100), end: null }]);
    expect(circuitClockAt(s, at(100))).toMatchObject({ phase: "STATION", remainingSeconds: 260, paused: true });
    expect(circuitClockAt(s, at(1000))).toMatchObject({
      round: 1,
      phase: "STATION",
      remainingSeconds: 260,
      paused: true,
    });
    expect(nextRoundAt(s, at(1000))).toBeNull();
    const resumed = schedule([{ start: at(100), end: at(1000) }]);
    expect(circuitClockAt(resumed, at(1000))).toMatchObject({
      round: 1,
      phase: "STATION",
      remainingSeconds: 260,
      paused: false,
    });
    expect(nextRoundAt(resumed, at(1000))).toBe(at(1000 + 320));
  });

  it("rings the start, one minute left and move on of each round", () => {
    expect(signalsBetween(settings, 4, 0, 420_000).map((s) => [s.kind, s.at / 1000])).toEqual([
      ["START", 60],
      ["ONE_MINUTE", 300],
      ["MOVE_ON", 360],
    ]);
    // A station of a minute or less has no "one minute left".
    expect(signalsBetween({ ...settings, stationSeconds: 60 }, 1, 0, 180_000).map((s) => s.kind)).toEqual([
      "START",
      "MOVE_ON",
    ]);
  });

  it("gives extra time from the changeover: 25% of 300 s is 60 s at most (the whole changeover)", () => {
    expect(extraStationSeconds(settings, 0)).toBe(0);
    expect(extraStationSeconds(settings, 10)).toBe(30);
    expect(extraStationSeconds(settings, 25)).toBe(60);
    expect(extraStationSeconds(settings, 300)).toBe(60);
    const clock = circuitClockAt(schedule(), at(370));
    expect(personalPhase(settings, clock, 10)).toEqual({ phase: "STATION", remainingSeconds: 20, extra: true });
    expect(personalPhase(settings, clock, 0)).toEqual({ phase: "CHANGEOVER", remainingSeconds: 50, extra: false });
  });
});

const settingsArb = fc.record({
  readingSeconds: fc.integer({ min: 0, max: 120 }),
  stationSeconds: fc.integer({ min: 1, max: 900 }),
  changeoverSeconds: fc.integer({ min: 0, max: 120 }),
  restStations: fc.integer({ min: 0, max: 3 }),
});
/** Pauses as sorted, separate intervals after the start (the last one maybe open). */
const pausesArb = fc
  .array(fc.tuple(fc.integer({ min: 1, max: 20_000_000 }), fc.integer({ min: 1, max: 2_000_000 })), { maxLength: 5 })
  .chain((pairs) => fc.boolean().map((open) => ({ pairs, open })))
  .map(({ pairs, open }) => {
    const sorted = [...pairs].sort((a, b) => a[0] - b[0]);
    let cursor = T0;
    return sorted.map(([gap, length], i) => {
      const start = cursor + gap;
      const end = open && i === sorted.length - 1 ? null : start + length;
      cursor = (end ?? start) + 1;
      return { start, end };
    });
  });

describe("circuit clock, properties over random circuits", () => {
  it("round and phase follow the running time; remaining never exceeds the phase", () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 1, max: 8 }),
        pausesArb,
        fc.integer({ min: 0, max: 40_000_000 }),
        (s, rounds, pauses, offset) => {
          const sched = { settings: s, rounds, startedAt: T0, pauses };
          const c = circuitClockAt(sched, T0 + offset);
          const length = roundSeconds(s) * 1000;
          expect(c.round).toBeGreaterThanOrEqual(1);
          expect(c.round).toBeLessThanOrEqual(rounds);
          if (c.runningMs >= rounds * length) expect(c.phase).toBe("DONE");
          else {
            expect(c.round).toBe(Math.floor(c.runningMs / length) + 1);
            const limit = { READING: s.readingSeconds, STATION: s.stationSeconds, CHANGEOVER: s.changeoverSeconds }[
              c.phase as "READING" | "STATION" | "CHANGEOVER"
            ];
            expect(c.remainingSeconds).toBeGreaterThan(0);
            expect(c.remainingSeconds).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it("a pause takes no time away: running time = elapsed minus paused, and it never runs while paused", () => {
    fc.assert(
      fc.property(
        settingsArb,
        pausesArb,
        fc.integer({ min: 0, max: 40_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (s, pauses, offset, step) => {
          const sched = { settings: s, rounds: 3, startedAt: T0, pauses };
          const a = runningMsAt(sched, T0 + offset);
          const b = runningMsAt(sched, T0 + offset + step);
          expect(b).toBeGreaterThanOrEqual(a);
          expect(b - a).toBeLessThanOrEqual(step);
          const pausedThroughout = pauses.some(
            (p) => p.start <= T0 + offset && (p.end === null || p.end >= T0 + offset + step),
          );
          if (pausedThroughout) expect(b).toBe(a);
          const noPause = runningMsAt({ ...sched, pauses: [] }, T0 + offset);
          expect(a).toBeLessThanOrEqual(noPause);
        },
      ),
    );
  });

  it("every screen finds each signal exactly once, however often it looks", () => {
    fc.assert(
      fc.property(
        settingsArb,
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { minLength: 1, maxLength: 60 }),
        (s, rounds, steps) => {
          const total = rounds * roundSeconds(s) * 1000;
          let t = -1;
          const seen: number[] = [];
          for (const step of [...steps, total + 1]) {
            const next = Math.min(total + 1, t + step);
            seen.push(...signalsBetween(s, rounds, t, next).map((x) => x.at));
            t = next;
            if (t > total) break;
          }
          if (t <= total) seen.push(...signalsBetween(s, rounds, t, total + 1).map((x) => x.at));
          expect(seen).toEqual(signalsBetween(s, rounds, -1, total + 1).map((x) => x.at));
        },
      ),
    );
  });

  it("extra time never goes past the changeover and grows with the percentage", () => {
    fc.assert(
      fc.property(settingsArb, fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }), (s, p, q) => {
        const [lo, hi] = p <= q ? [p, q] : [q, p];
        expect(extraStationSeconds(s, lo)).toBeLessThanOrEqual(extraStationSeconds(s, hi));
        expect(extraStationSeconds(s, hi)).toBeLessThanOrEqual(s.changeoverSeconds);
      }),
    );
  });
});
