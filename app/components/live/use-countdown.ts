import { useEffect, useMemo, useState } from "react";

type Instant = Date | string;
const msOf = (value: Instant | null) => (value === null ? null : new Date(value).getTime());

/**
 * Seconds left on the server's clock, ticking in the browser (the participant's screen and the
 * staff dashboard). The deadline is the server's; the browser's clock may be off, so the offset
 * (server time − browser time when the state arrived) is added. Paused or without a deadline it
 * shows the server's remainingSeconds as is. The first render (server and hydration) shows the
 * server's number, so there is no hydration mismatch.
 */
export function useCountdown(input: { deadline: Instant | null; remainingSeconds: number | null; serverTime: Instant; paused: boolean }): number | null {
  const { remainingSeconds, paused } = input;
  const deadlineMs = msOf(input.deadline);
  const serverMs = msOf(input.serverTime)!;
  const [now, setNow] = useState<number | null>(null);
  // Computed when new state arrives: the moment the browser learned the server's time.
  const offset = useMemo(() => (typeof window === "undefined" ? 0 : serverMs - Date.now()), [serverMs]);

  useEffect(() => {
    if (paused || deadlineMs === null) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [paused, deadlineMs]);

  if (remainingSeconds === null) return null;
  if (paused || deadlineMs === null || now === null) return Math.max(0, remainingSeconds);
  return Math.max(0, Math.ceil((deadlineMs - (now + offset)) / 1000));
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
