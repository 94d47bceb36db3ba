import { useEffect, useRef } from "react";
import { browserDeviceId, DEVICE_HEADER } from "~/lib/device-id";

// A live screen's report of its device (issue 32, ADR 0043): how many answers or ticks still wait
// on it, sent every REPORT_MS while the session runs and soon after that count changes, so the
// staff dashboard shows each device's last contact and flags one that went silent. Best effort: a
// report that cannot leave (offline) is simply not sent; the next one says the same.

/** As often as the server expects (CONTACT_REPORT_MS, app/modules/audit/contacts.server.ts). */
export const REPORT_MS = 20_000;
/** A change of the waiting count settles this long before it is reported (a save takes about that). */
const SETTLE_MS = 700;

/** The headers of a live screen's requests: its device id. */
export function deviceHeaders(): Record<string, string> {
  return { [DEVICE_HEADER]: browserDeviceId() };
}

export function useDeviceReport(
  /** `/api/user/live/{id}/contact` or `/api/admin/live/{id}/contact`; null: nothing to report (not running). */
  url: string | null,
  waiting: number,
  /** The examiner's station. */
  evaluation?: string,
): void {
  const latest = useRef({ waiting, evaluation });
  latest.current = { waiting, evaluation };
  const sent = useRef<number | null>(null);
  const send = useRef(() => {});
  send.current = () => {
    if (!url || (typeof navigator !== "undefined" && !navigator.onLine)) return;
    const { waiting: count, evaluation: station } = latest.current;
    void fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...deviceHeaders() },
      credentials: "same-origin",
      body: JSON.stringify({ waiting: count, ...(station ? { evaluation: station } : {}) }),
    })
      .then((response) => {
        if (response.ok) sent.current = count;
      })
      .catch(() => undefined);
  };

  useEffect(() => {
    if (!url) return;
    send.current();
    const timer = setInterval(() => send.current(), REPORT_MS);
    const online = () => send.current();
    window.addEventListener("online", online);
    return () => {
      clearInterval(timer);
      window.removeEventListener("online", online);
    };
  }, [url]);

  useEffect(() => {
    if (!url || sent.current === waiting) return;
    const timer = setTimeout(() => send.current(), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [url, waiting]);
}
