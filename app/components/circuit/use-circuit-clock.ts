import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLiveRoom, type RealtimeConnection } from "~/components/live/use-live-room";
import {
  circuitClockAt,
  signalsBetween,
  type CircuitClock,
  type CircuitSchedule,
  type SignalKind,
} from "~/modules/circuit";
import { ringBell } from "./bell";

/** The schedule as a page receives it: from its loader, or from a room event `circuit.changed`. */
export type ScheduleFrame = { schedule: CircuitSchedule | null; rev: number; serverTime: number };

export type CircuitSignal = { kind: SignalKind; round: number; seq: number };

/** How long a signal stays on screen. */
const SIGNAL_SHOW_MS = 6_000;
const TICK_MS = 200;

/** A `circuit.changed` room event's schedule, when it carries a well-formed one. */
export function frameOfEvent(event: unknown): ScheduleFrame | null {
  const e = event as { type?: string; payload?: { rev?: unknown; schedule?: unknown; serverTime?: unknown } };
  if (e?.type !== "circuit.changed" || !e.payload) return null;
  const { rev, schedule, serverTime } = e.payload;
  if (typeof rev !== "number" || typeof serverTime !== "number" || !schedule || typeof schedule !== "object")
    return null;
  return { rev, serverTime, schedule: schedule as CircuitSchedule };
}

/** Whether a `circuit.changed` event may have changed who is where (anything but a pause or resume). */
export function changesPlaces(event: unknown): boolean {
  const reason = (event as { payload?: { reason?: unknown } })?.payload?.reason;
  return reason !== "paused" && reason !== "resumed";
}

/**
 * The circuit clock in the browser: the pure clock run on the server's schedule, on the server's
 * time (the offset is taken when the schedule arrives), so every screen reaches a phase change
 * and rings the bell at the same moment, with no message per second. `apply` takes a newer
 * schedule (a room event). The first render uses the server's time, so it matches the HTML.
 */
export function useCircuitClock(initial: ScheduleFrame): {
  clock: CircuitClock | null;
  signal: CircuitSignal | null;
  apply: (frame: ScheduleFrame) => void;
  schedule: CircuitSchedule | null;
} {
  const [frame, setFrame] = useState(initial);
  const offset = useRef(0);
  const [now, setNow] = useState(initial.serverTime);
  const [signal, setSignal] = useState<CircuitSignal | null>(null);
  const lastRunning = useRef<number | null>(null);
  const seq = useRef(0);

  // A new page load (revalidation) brings a new frame: the newer one wins.
  useEffect(() => {
    if (initial.rev >= frame.rev) {
      setFrame(initial);
      offset.current = initial.serverTime - Date.now();
    }
  }, [initial.rev, initial.serverTime]);

  const apply = useCallback((next: ScheduleFrame) => {
    setFrame((current) => {
      if (next.rev < current.rev) return current;
      offset.current = next.serverTime - Date.now();
      return next;
    });
  }, []);

  useEffect(() => {
    offset.current = initial.serverTime - Date.now();
    const timer = setInterval(() => setNow(Date.now() + offset.current), TICK_MS);
    return () => clearInterval(timer);
  }, []);

  const clock = frame.schedule ? circuitClockAt(frame.schedule, now) : null;

  useEffect(() => {
    if (!frame.schedule || !clock) return;
    const previous = lastRunning.current;
    lastRunning.current = clock.runningMs;
    if (previous === null || clock.runningMs <= previous) return;
    // Only what passed in this tick (a tab back from the background does not ring the whole past).
    const passed = signalsBetween(frame.schedule.settings, frame.schedule.rounds, previous, clock.runningMs);
    const last = passed.at(-1);
    if (!last || clock.runningMs - last.at > 2_000) return;
    seq.current += 1;
    setSignal({ kind: last.kind, round: last.roundIndex + 1, seq: seq.current });
    ringBell(last.kind);
  }, [clock, frame.schedule]);

  useEffect(() => {
    if (!signal) return;
    const timer = setTimeout(() => setSignal((s) => (s?.seq === signal.seq ? null : s)), SIGNAL_SHOW_MS);
    return () => clearTimeout(timer);
  }, [signal]);

  return { clock, signal, apply, schedule: frame.schedule };
}

/** Room events a circuit frame does not need (the screen around it handles its own). */
const NOT_CIRCUIT_EVENTS = [
  "welcome",
  "presence",
  "answer.saved",
  "correction.changed",
  "entry.changed",
  "help.requested",
  "plan.changed",
];

/**
 * The circuit clock of a participant's or an examiner's screen, kept by the session's room: a pause
 * or resume moves it from the event alone; re-planning (anything else) makes the page read its
 * places again.
 */
export function useRoomCircuitClock(initial: ScheduleFrame, realtime: RealtimeConnection | null) {
  const { revalidate } = useRevalidator();
  const circuit = useCircuitClock(initial);
  const { apply } = circuit;
  useLiveRoom(
    realtime,
    (why, event) => {
      const frame = frameOfEvent(event);
      if (frame) apply(frame);
      if (why === "event" && frame && !changesPlaces(event)) return;
      revalidate();
    },
    { ignore: NOT_CIRCUIT_EVENTS },
  );
  return circuit;
}
