import { useMemo, useSyncExternalStore } from "react";

type Instant = Date | string;
const msOf = (value: Instant | null) => (value === null ? null : new Date(value).getTime());

/**
 * One clock for every countdown on the page. A staff dashboard of 1,000 participants had one
 * interval per row, each re-rendering its row four times a second; now one interval ticks, and a
 * countdown re-renders only when its shown second changes (useSyncExternalStore compares values).
 */
const TICK_MS = 250;
let clockNow = 0;
let ticker: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribeToClock(listener: () => void): () => void {
  listeners.add(listener);
  if (ticker === null) {
    clockNow = Date.now();
    ticker = setInterval(() => {
      clockNow = Date.now();
      for (const notify of listeners) notify();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
    }
  };
}

/** The shared clock's time; read fresh while it is not ticking (a countdown's first render). */
const readClock = () => (ticker === null ? (clockNow = Date.now()) : clockNow);
const staysStill = () => () => {};

/**
 * Seconds left on the server's clock, ticking in the browser (the participant's screen and the
 * staff dashboard). The deadline is the server's; the browser's clock may be off, so the offset
 * (server time − browser time when the state arrived) is added. Paused or without a deadline it
 * shows the server's remainingSeconds as is. The first render (server and hydration) shows the
 * server's number, so there is no hydration mismatch.
 */
export function useCountdown(input: {
  deadline: Instant | null;
  remainingSeconds: number | null;
  serverTime: Instant;
  paused: boolean;
}): number | null {
  const { remainingSeconds, paused } = input;
  const deadlineMs = msOf(input.deadline);
  const serverMs = msOf(input.serverTime)!;
  // Computed when new state arrives: the moment the browser learned the server's time.
  const offset = useMemo(() => (typeof window === "undefined" ? 0 : serverMs - Date.now()), [serverMs]);
  const asSent = remainingSeconds === null ? null : Math.max(0, remainingSeconds);
  const ticking = asSent !== null && !paused && deadlineMs !== null;
  return useSyncExternalStore(
    ticking ? subscribeToClock : staysStill,
    () => (ticking ? Math.max(0, Math.ceil((deadlineMs - (readClock() + offset)) / 1000)) : asSent),
    () => asSent,
  );
}

/** `m:ss` (or `h:mm:ss`); a dash when there is no clock. */
export function formatSeconds(total: number | null): string {
  if (total === null) return "–";
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}
