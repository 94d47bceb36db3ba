// When the staff dashboard reloads its page's data after room events (use-live-room.ts's
// useRoomRevalidation): each reload reads and sends every row of the session, so in a room of a
// thousand, saving many times a second, it is the app's largest single read (docs/benchmarks.md).

/** The shortest time between the starts of two reloads, and the longest it grows to after slow reloads. */
const RELOAD_GAP_MS = 1_000;
const RELOAD_GAP_MAX_MS = 5_000;

/**
 * Room events that are progress: answers saved, corrections, devices' contact, who is connected,
 * and participants' changes (a step forward, an unlock, a pause: the staff member who made one sees
 * it at once, as Remix reloads their page after the action). A room of a thousand sends these many
 * times a second. Everything else calls someone to act or changes the whole session: a help
 * request, an incident, the session's start or end, a plan or circuit change, and any event type
 * not known here.
 */
const PROGRESS_TYPES: ReadonlySet<unknown> = new Set([
  "answer.saved",
  "correction.changed",
  "device.contact",
  "presence",
  "entry.changed",
]);

export function isProgressEvent(event: unknown): boolean {
  return PROGRESS_TYPES.has((event as { type?: unknown } | null)?.type);
}

/**
 * The time from one reload's start to the next, after a reload that took `tookMs`: for what calls
 * staff to act, at most one a second and never reloading more than half the time; for progress alone,
 * never more than a tenth of the time (a room of a thousand: a reload every one to three seconds,
 * each of which reads and sends every row; docs/benchmarks.md). Both up to a few seconds.
 */
export function reloadGapMs(tookMs: number, progressOnly: boolean): number {
  return Math.min(RELOAD_GAP_MAX_MS, Math.max(RELOAD_GAP_MS, (progressOnly ? 10 : 2) * tookMs));
}
