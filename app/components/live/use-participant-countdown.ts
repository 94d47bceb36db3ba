import { useEffect, useMemo, useState } from "react";

/**
 * Seconds left on the server's clock, ticking in the browser. The deadline is the server's; the
 * browser's clock may be off, so the offset (server time − browser time when the state arrived)
 * is added. Paused or without a deadline it shows the server's remainingSeconds as is.
 */
export function useParticipantCountdown(input: { deadline: Date | null; remainingSeconds: number | null; serverTime: Date; paused: boolean }): number | null {
  const { deadline, remainingSeconds, serverTime, paused } = input;
  const [now, setNow] = useState<number | null>(null);
  const deadlineMs = deadline?.getTime() ?? null;
  // Computed when new state arrives: the moment the browser learned the server's time.
  const offset = useMemo(() => (typeof window === "undefined" ? 0 : serverTime.getTime() - Date.now()), [serverTime]);

  useEffect(() => {
    if (paused || !deadline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [paused, deadlineMs]);

  if (remainingSeconds === null) return null;
  // The first render (server and hydration) shows the server's number: no hydration mismatch.
  if (paused || !deadline || now === null) return Math.max(0, remainingSeconds);
  return Math.max(0, Math.ceil((deadline.getTime() - (now + offset)) / 1000));
}

export function formatClock(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(h ? 2 : 1, "0");
  return `${h ? `${h}:` : ""}${mm}:${String(s).padStart(2, "0")}`;
}
