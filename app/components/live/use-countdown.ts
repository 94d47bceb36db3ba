import { useEffect, useState } from "react";

/**
 * Seconds left until `deadline` by the server's clock: the device's clock is corrected by the
 * offset seen when the data was loaded. Renders the server's value first (no hydration mismatch).
 */
export function useCountdown(deadline: Date | string | null, serverTime: Date | string, initial: number | null): number | null {
  const [now, setNow] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  // Measured again on every load: the data (and so serverTime) is fresh then.
  const serverMs = new Date(serverTime).getTime();
  const deadlineMs = deadline ? new Date(deadline).getTime() : null;
  useEffect(() => setOffset(serverMs - Date.now()), [serverMs]);
  useEffect(() => {
    if (deadlineMs === null) return;
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [deadlineMs]);
  if (deadlineMs === null || now === null) return initial;
  return Math.max(0, Math.ceil((deadlineMs - (now + offset)) / 1000));
}

export function formatSeconds(seconds: number | null): string {
  if (seconds === null) return "–";
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
