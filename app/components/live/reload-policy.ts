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

/** Events in a burst (pause all: one per participant) settle this long into one reload. */
export const EVENT_SETTLE_MS = 150;

/**
 * When the dashboard's next reload starts (useRoomRevalidation keeps one per page). One reload waits
 * at a time; a reload due while the page's data is loading (its own, or the one Remix runs after a
 * staff action) waits for it to end and is asked for again then, with the gap after that load.
 */
export class ReloadScheduler {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** When the waiting reload is due, and whether only progress asked for it. */
  private due = { at: 0, progressOnly: true };
  /** A reload fell due while the data was loading. */
  private pending = false;
  /** When this scheduler's last reload started, how long it took, and whether it is the one running. */
  private lastStart = 0;
  private lastTook = 0;
  private ours = false;

  constructor(
    private readonly reload: () => void,
    private readonly isLoading: () => boolean,
  ) {}

  /** An event (or the slow poll) asks for a reload; `progressOnly` as isProgressEvent says. */
  request(progressOnly: boolean): void {
    const at = Math.max(Date.now() + EVENT_SETTLE_MS, this.lastStart + reloadGapMs(this.lastTook, progressOnly));
    // A reload already waits: it stays, unless this event wants one sooner (a help request while
    // progress waits its longer turn).
    if (this.timer) {
      if (at >= this.due.at) {
        // Due soon enough; if it has to wait for a running reload, it waits as what it now carries.
        this.due.progressOnly &&= progressOnly;
        return;
      }
      clearTimeout(this.timer);
    }
    this.due = { at, progressOnly };
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isLoading()) this.pending = true;
      else {
        this.lastStart = Date.now();
        this.ours = true;
        this.reload();
      }
    }, at - Date.now());
  }

  /** The page's data finished loading (whoever started it). */
  loaded(): void {
    if (this.ours) this.lastTook = Date.now() - this.lastStart;
    this.ours = false;
    if (this.pending) {
      this.pending = false;
      this.request(this.due.progressOnly);
    }
  }

  /** Drops the waiting reload (the page left the room); a later request schedules one again. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = false;
  }
}
