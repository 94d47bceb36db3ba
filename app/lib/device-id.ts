// A device's own id: made once by the browser and kept in its localStorage, sent with the requests
// of the live screens (the answer and tick queues, the contact report) so that the audit trail and
// the live dashboard can tell one participant's or examiner's devices apart. Not a secret: it only
// names a device; who acts is always the login session.

export const DEVICE_HEADER = "x-device-id";
const STORAGE_KEY = "sa-device-id";
const VALID = /^[A-Za-z0-9_-]{8,64}$/;

/** The header's value when it is a well-formed device id, else undefined (never trusted further). */
export function deviceIdOf(value: string | null | undefined): string | undefined {
  return value && VALID.test(value) ? value : undefined;
}

/** This browser's device id (made on first use); a throwaway one when storage is unavailable. */
export function browserDeviceId(): string {
  const fresh = () =>
    Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  try {
    const kept = window.localStorage.getItem(STORAGE_KEY);
    if (kept && VALID.test(kept)) return kept;
    const id = fresh();
    window.localStorage.setItem(STORAGE_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}
