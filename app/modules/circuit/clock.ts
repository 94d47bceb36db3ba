// The circuit clock (issue 32) as pure functions: given the settings, the number of rounds, the
// start, the pauses and `now`, where the circuit is. The server answers with it and every screen
// runs the same function on the schedule the room carries, so a bell rings at the same moment
// everywhere without a message per second. No I/O and no Date.now(): `now` is a parameter.

import type { CircuitPause, CircuitSettings } from "~db/tenant/schema";

export const CIRCUIT_PHASES = ["READING", "STATION", "CHANGEOVER", "DONE"] as const;
export type CircuitPhase = (typeof CIRCUIT_PHASES)[number];

/** What a screen needs to run the clock itself (times in epoch milliseconds). */
export type CircuitSchedule = {
  settings: CircuitSettings;
  rounds: number;
  startedAt: number;
  pauses: readonly CircuitPause[];
};

export type CircuitClock = {
  /** 1-based round; the last round once DONE. */
  round: number;
  phase: CircuitPhase;
  /** Whole seconds left in the phase (0 once DONE). */
  remainingSeconds: number;
  remainingMs: number;
  paused: boolean;
  /** Milliseconds the circuit has run, pauses not counted. */
  runningMs: number;
};

export const roundSeconds = (s: CircuitSettings): number => s.readingSeconds + s.stationSeconds + s.changeoverSeconds;

/** Milliseconds of [from, to] covered by the pauses (a pause still open runs to `now`). */
export function pausedMsBetween(pauses: readonly CircuitPause[], from: number, to: number, now: number): number {
  const clipped = pauses
    .map((p) => ({ start: Math.max(p.start, from), end: Math.min(p.end ?? now, to) }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let cursor = -Infinity;
  for (const p of clipped) {
    const start = Math.max(p.start, cursor);
    if (p.end > start) total += p.end - start;
    cursor = Math.max(cursor, p.end);
  }
  return total;
}

/** Is a pause open at `now`? (A pause ending exactly at `now` is over: the resume has happened.) */
export function isCircuitPaused(pauses: readonly CircuitPause[], now: number): boolean {
  return pauses.some((p) => p.start <= now && (p.end === null || p.end > now));
}

/** Milliseconds the circuit has run at `now`. */
export function runningMsAt(schedule: CircuitSchedule, now: number): number {
  if (now <= schedule.startedAt) return 0;
  return Math.max(0, now - schedule.startedAt - pausedMsBetween(schedule.pauses, schedule.startedAt, now, now));
}

/** The phase at a running time (ms): round index from 0, phase, milliseconds left in it. */
export function phaseAtRunning(
  settings: CircuitSettings,
  rounds: number,
  runningMs: number,
): { roundIndex: number; phase: CircuitPhase; remainingMs: number } {
  const length = roundSeconds(settings) * 1000;
  if (rounds <= 0 || length <= 0 || runningMs >= rounds * length)
    return { roundIndex: Math.max(0, rounds - 1), phase: "DONE", remainingMs: 0 };
  const roundIndex = Math.floor(runningMs / length);
  const t = runningMs - roundIndex * length;
  const reading = settings.readingSeconds * 1000;
  const station = settings.stationSeconds * 1000;
  if (t < reading) return { roundIndex, phase: "READING", remainingMs: reading - t };
  if (t < reading + station) return { roundIndex, phase: "STATION", remainingMs: reading + station - t };
  return { roundIndex, phase: "CHANGEOVER", remainingMs: length - t };
}

export function circuitClockAt(schedule: CircuitSchedule, now: number): CircuitClock {
  const runningMs = runningMsAt(schedule, now);
  const at = phaseAtRunning(schedule.settings, schedule.rounds, runningMs);
  return {
    round: at.roundIndex + 1,
    phase: at.phase,
    remainingMs: at.remainingMs,
    remainingSeconds: Math.ceil(at.remainingMs / 1000),
    paused: at.phase !== "DONE" && isCircuitPaused(schedule.pauses, now),
    runningMs,
  };
}

/** The round index (from 0) that has begun at `now`; -1 before the start. */
export function currentRoundIndex(schedule: CircuitSchedule, now: number): number {
  if (now < schedule.startedAt) return -1;
  return Math.min(
    schedule.rounds,
    Math.floor(runningMsAt(schedule, now) / Math.max(1, roundSeconds(schedule.settings) * 1000)),
  );
}

/** The first round nobody has begun: re-planning changes only it and those after it. */
export function nextRoundIndex(schedule: CircuitSchedule | null, now: number): number {
  return schedule ? currentRoundIndex(schedule, now) + 1 : 0;
}

/** The wall-clock instant (ms) the circuit reaches `runningMs`, or null while paused. */
export function wallTimeOfRunning(schedule: CircuitSchedule, runningMs: number, now: number): number | null {
  if (isCircuitPaused(schedule.pauses, now)) return null;
  return now + Math.max(0, runningMs - runningMsAt(schedule, now));
}

/** When the next round begins (the server moves everyone then), or null when paused or done. */
export function nextRoundAt(schedule: CircuitSchedule, now: number): number | null {
  const length = roundSeconds(schedule.settings) * 1000;
  const next = currentRoundIndex(schedule, now) + 1;
  if (next > schedule.rounds || length <= 0) return null;
  return wallTimeOfRunning(schedule, next * length, now);
}

// ---- Signals: what every screen shows and rings at the same running time ----

export const SIGNAL_KINDS = ["START", "ONE_MINUTE", "MOVE_ON"] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** Running times (ms) of a round's signals: the station starts, one minute is left, move on. */
export function signalsOfRound(settings: CircuitSettings, roundIndex: number): { at: number; kind: SignalKind }[] {
  const base = roundIndex * roundSeconds(settings) * 1000;
  const start = base + settings.readingSeconds * 1000;
  const end = start + settings.stationSeconds * 1000;
  const list: { at: number; kind: SignalKind }[] = [{ at: start, kind: "START" }];
  if (settings.stationSeconds > 60) list.push({ at: end - 60_000, kind: "ONE_MINUTE" });
  list.push({ at: end, kind: "MOVE_ON" });
  return list;
}

/** The signals passed between two running times (from exclusive, to inclusive), in order. */
export function signalsBetween(
  settings: CircuitSettings,
  rounds: number,
  fromMs: number,
  toMs: number,
): { at: number; kind: SignalKind; roundIndex: number }[] {
  const length = roundSeconds(settings) * 1000;
  if (toMs <= fromMs || length <= 0) return [];
  const first = Math.max(0, Math.floor(fromMs / length));
  const last = Math.min(rounds - 1, Math.floor(toMs / length));
  const found: { at: number; kind: SignalKind; roundIndex: number }[] = [];
  for (let r = first; r <= last; r++)
    for (const s of signalsOfRound(settings, r)) if (s.at > fromMs && s.at <= toMs) found.push({ ...s, roundIndex: r });
  return found;
}

// ---- Extra time (ADR 0044) ----

/**
 * A participant's standing extra time in a circuit: their station time runs on into the changeover
 * by that percentage of the station time, at most the whole changeover. The bell is the same for
 * everyone; they hand in last and have less time to walk.
 */
export function extraStationSeconds(settings: CircuitSettings, extraTimePercent: number): number {
  const pct = Math.max(0, Math.min(300, Number.isFinite(extraTimePercent) ? extraTimePercent : 0));
  return Math.min(settings.changeoverSeconds, Math.round((settings.stationSeconds * pct) / 100));
}

/** The participant's own phase: STATION runs on into the changeover by their extra seconds. */
export function personalPhase(
  settings: CircuitSettings,
  clock: CircuitClock,
  extraTimePercent: number,
): { phase: CircuitPhase; remainingSeconds: number; extra: boolean } {
  const extra = extraStationSeconds(settings, extraTimePercent) * 1000;
  if (clock.phase === "CHANGEOVER" && extra > 0) {
    const intoChangeover = settings.changeoverSeconds * 1000 - clock.remainingMs;
    if (intoChangeover < extra)
      return { phase: "STATION", remainingSeconds: Math.ceil((extra - intoChangeover) / 1000), extra: true };
  }
  return { phase: clock.phase, remainingSeconds: clock.remainingSeconds, extra: false };
}
