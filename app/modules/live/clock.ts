// Server-side clocks of the live run (ADR 0012): pure functions of a section (the
// current question, or the whole evaluation), the participant's extra time and the entry's
// override log. No I/O and no Date.now(): `now` is a parameter, so a clock can be replayed.

import type { OverrideType } from "~db/tenant/schema";

export type ClockOverride = {
  overrideType: OverrideType;
  datetime: Date;
  evaluation: string | null;
  question: string | null;
  value: { numericValue: number | null; textValue?: string | null };
};

/** Where a clock runs: a question, or (question null) a whole evaluation. */
export type ClockSection = { evaluation: string; question: string | null; sectionStart: Date; sectionEnd: Date | null };

export type ClockInput = {
  section: ClockSection;
  /** The question's maxTime, or the sum of the evaluation's questions' maxTime, in seconds. */
  maxTimeSeconds: number;
  /** The evaluation's enableTimer: off means no deadline at all. */
  enableTimer: boolean;
  /** The participant's standing extra time, 0..300. */
  extraTimePercent: number;
  /** The entry's overrides, in the order they were appended. */
  overrides: readonly ClockOverride[];
  /** The session's enableAutoPauseOnHelpRequest: an open help request stops the clock. */
  autoPauseOnHelpRequest: boolean;
  now: Date;
};

export type ClockState = {
  /** Seconds granted: maxTime with extra time, plus extensions. Null without a timer. */
  allowedSeconds: number | null;
  /** The same in whole milliseconds (exact; use it for arithmetic). */
  allowedMs: number | null;
  /** Milliseconds the clock has run (pauses not counted). */
  elapsedMs: number;
  /** Milliseconds left (negative once over time). Null without a timer. */
  remainingMs: number | null;
  /** Whole seconds left for display, never negative. Null without a timer. */
  remainingSeconds: number | null;
  /** When time runs out if nothing changes; null while paused, without a timer or once the section ended. */
  deadline: Date | null;
  /** Whether the clock is stopped now (session pause, or help with auto-pause). */
  paused: boolean;
  timeUp: boolean;
};

/** `open`: not closed yet (it runs to `now`). One closed at `now` is over: the resume has happened. */
type Interval = { start: number; end: number; open: boolean };

export const MAX_EXTRA_TIME_PERCENT = 300;

/** Overrides up to `now`, in log order (a stable sort by time keeps equal timestamps in order). */
function effective(overrides: readonly ClockOverride[], now: number): readonly ClockOverride[] {
  // The log is appended as things happen, so it is nearly always in time order and in the past:
  // then it is its own answer. Every clock of a staff action reads it several times, and it grows
  // all day (a copy and a sort each time was a tenth of "pause all" at 1,000 participants).
  let previous = -Infinity;
  let ordered = true;
  for (const o of overrides) {
    const at = o.datetime.getTime();
    if (at > now || at < previous) {
      ordered = false;
      break;
    }
    previous = at;
  }
  if (ordered) return overrides;
  return overrides
    .map((o, i) => ({ o, i }))
    .filter(({ o }) => o.datetime.getTime() <= now)
    .sort((a, b) => a.o.datetime.getTime() - b.o.datetime.getTime() || a.i - b.i)
    .map(({ o }) => o);
}

/** Intervals between an opening and a closing override; one still open runs to `now`. */
function intervals(
  overrides: readonly ClockOverride[],
  open: OverrideType,
  close: OverrideType,
  now: number,
): Interval[] {
  const result: Interval[] = [];
  let since: number | null = null;
  for (const o of overrides) {
    if (o.overrideType === open && since === null) since = o.datetime.getTime();
    else if (o.overrideType === close && since !== null) {
      result.push({ start: since, end: o.datetime.getTime(), open: false });
      since = null;
    }
  }
  if (since !== null) result.push({ start: since, end: now, open: true });
  return result;
}

/** Total length of the union of intervals clipped to [from, to]. */
function coveredMs(list: Interval[], from: number, to: number): number {
  const clipped = list
    .map((i) => ({ start: Math.max(i.start, from), end: Math.min(i.end, to) }))
    .filter((i) => i.end > i.start)
    .sort((a, b) => a.start - b.start);
  let total = 0;
  let cursor = -Infinity;
  for (const i of clipped) {
    const start = Math.max(i.start, cursor);
    if (i.end > start) total += i.end - start;
    cursor = Math.max(cursor, i.end);
  }
  return total;
}

/** The intervals in which the clock stands still. */
export function pauseIntervals(
  overrides: readonly ClockOverride[],
  autoPauseOnHelpRequest: boolean,
  now: Date,
): Interval[] {
  const list = effective(overrides, now.getTime());
  const pauses = intervals(list, "SESSION_PAUSE", "SESSION_RESUME", now.getTime());
  return autoPauseOnHelpRequest
    ? [...pauses, ...intervals(list, "HELP_REQUEST", "HELP_REQUEST_RESOLVED", now.getTime())]
    : pauses;
}

/** Is a session pause open now (ignores help requests)? */
export function isSessionPaused(overrides: readonly ClockOverride[], now: Date): boolean {
  return intervals(effective(overrides, now.getTime()), "SESSION_PAUSE", "SESSION_RESUME", now.getTime()).some(
    (i) => i.open,
  );
}

/** Is a help request unresolved now? */
export function isHelpRequested(overrides: readonly ClockOverride[], now: Date): boolean {
  return intervals(effective(overrides, now.getTime()), "HELP_REQUEST", "HELP_REQUEST_RESOLVED", now.getTime()).some(
    (i) => i.open,
  );
}

/** EXTEND_TIME overrides name their section (evaluation and question, null for a whole evaluation). */
export function extensionSeconds(overrides: readonly ClockOverride[], section: ClockSection, now: Date): number {
  return effective(overrides, now.getTime())
    .filter(
      (o) =>
        o.overrideType === "EXTEND_TIME" &&
        o.evaluation === section.evaluation &&
        (o.question ?? null) === section.question,
    )
    .reduce((sum, o) => sum + (Number.isFinite(o.value.numericValue) ? (o.value.numericValue as number) : 0), 0);
}

/** Milliseconds granted before extensions: maxTime × (1 + extra %), extra clamped to 0..300; whole ms, no float drift. */
export function baseMs(maxTimeSeconds: number, extraTimePercent: number): number {
  const extra = Math.min(MAX_EXTRA_TIME_PERCENT, Math.max(0, Number.isFinite(extraTimePercent) ? extraTimePercent : 0));
  return Math.round(Math.max(0, maxTimeSeconds) * 10 * (100 + extra));
}

export function clockOf(input: ClockInput): ClockState {
  const now = input.now.getTime();
  const start = input.section.sectionStart.getTime();
  const end = Math.max(start, Math.min(now, input.section.sectionEnd?.getTime() ?? now));
  const stops = pauseIntervals(input.overrides, input.autoPauseOnHelpRequest, input.now);
  const elapsedMs = Math.max(0, end - start - coveredMs(stops, start, end));
  const ended = input.section.sectionEnd !== null && input.section.sectionEnd.getTime() <= now;
  const paused = !ended && stops.some((i) => i.open);
  if (!input.enableTimer) {
    return {
      allowedSeconds: null,
      allowedMs: null,
      elapsedMs,
      remainingMs: null,
      remainingSeconds: null,
      deadline: null,
      paused,
      timeUp: false,
    };
  }
  const allowedMs =
    baseMs(input.maxTimeSeconds, input.extraTimePercent) +
    Math.round(extensionSeconds(input.overrides, input.section, input.now) * 1000);
  const allowedSeconds = allowedMs / 1000;
  const remainingMs = allowedMs - elapsedMs;
  return {
    allowedSeconds,
    allowedMs,
    elapsedMs,
    remainingMs,
    remainingSeconds: Math.max(0, Math.ceil(remainingMs / 1000)),
    deadline: paused || ended ? null : new Date(now + remainingMs),
    paused,
    timeUp: remainingMs <= 0,
  };
}
