// The participant's answers, kept in the browser before they are sent (ADR 0015: no answer is
// ever lost). Storage-agnostic: the screen gives it IndexedDB (idb-store.ts), the tests a Map.
// Every change gets a revision that only grows per (session, evaluation, question, stepIndex); a
// record is marked acknowledged only after the server's answer for that revision, and everything
// unacknowledged is re-sent on start, on `online`, on a reconnect and after failures (backoff).

// Staff's station ticks (corrections) use the same queue: their refs name the participant too.

/** `participant`: set when staff keep one device's records for several participants (station ticks). */
export type AnswerRef = {
  scheduledSession: string;
  participant?: string;
  evaluation: string;
  question: string;
  stepIndex: number;
};
export type AnswerValue = Record<string, unknown>;

export type QueuedAnswer = AnswerRef & {
  answer: AnswerValue;
  revision: number;
  /** The server confirmed this revision (or a higher one). */
  acked: boolean;
  /** The server refused it for good (e.g. the question is no longer open): kept, not re-sent. */
  refused?: string;
  late?: boolean;
};

export interface QueueStore {
  all(): Promise<QueuedAnswer[]>;
  put(record: QueuedAnswer): Promise<void>;
}

/** What the server answered: stored (or already had it), refused for good, or could not be reached. */
/** `retryAfterMs`: the server asked to wait this long (429, sent too fast) before the next try. */
export type SendResult =
  | { ok: true; revision: number; late: boolean }
  | { ok: false; refused: string }
  | { ok: false; retry: true; retryAfterMs?: number };
export type Sender = (record: QueuedAnswer) => Promise<SendResult>;

export type QueueStatus = { waiting: number; sending: boolean; refused: number; late: boolean; lastFailure: boolean };

export const keyOf = (r: AnswerRef) =>
  r.participant === undefined
    ? `${r.scheduledSession}|${r.evaluation}|${r.question}|${r.stepIndex}`
    : `${r.scheduledSession}|${r.participant}|${r.evaluation}|${r.question}|${r.stepIndex}`;

export const BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] as const;

type Timer = { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
const realTimer: Timer = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export class AnswerQueue {
  private records = new Map<string, QueuedAnswer>();
  private listeners = new Set<(s: QueueStatus) => void>();
  private flushing: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private retryHandle: unknown = null;
  private lastFailure = false;
  /** Serialises store writes so a later change is never overwritten by an earlier one. */
  private writes: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: QueueStore,
    private readonly send: Sender,
    private readonly timer: Timer = realTimer,
  ) {}

  /** Loads what the browser kept (after a reload or restart). Call once before anything else. */
  async load(): Promise<void> {
    for (const r of await this.store.all()) {
      const have = this.records.get(keyOf(r));
      if (!have || have.revision < r.revision) this.records.set(keyOf(r), r);
    }
    this.emit();
  }

  /**
   * The server's saved answers: a server revision at least as high as ours is the truth (and
   * acknowledges ours); a lower one is ignored, our newer local answer wins and is (re)sent.
   */
  async mergeServer(
    saved: Array<AnswerRef & { answer: AnswerValue; revision: number; late?: boolean }>,
  ): Promise<void> {
    for (const s of saved) {
      const have = this.records.get(keyOf(s));
      if (have && have.revision > s.revision) continue;
      if (have && have.revision === s.revision && have.acked) continue;
      await this.write({ ...s, acked: true, late: s.late });
    }
    this.emit();
  }

  /** The answer to show: the newest we know of, local or from the server. */
  answerOf(ref: AnswerRef): QueuedAnswer | undefined {
    return this.records.get(keyOf(ref));
  }

  /** A change by the participant: stored first, with a higher revision, then sent. */
  async change(ref: AnswerRef, answer: AnswerValue): Promise<QueuedAnswer> {
    const have = this.records.get(keyOf(ref));
    const record: QueuedAnswer = { ...ref, answer, revision: (have?.revision ?? 0) + 1, acked: false };
    await this.write(record);
    this.emit();
    void this.flush();
    return record;
  }

  status(): QueueStatus {
    const all = [...this.records.values()];
    return {
      waiting: all.filter((r) => !r.acked && !r.refused).length,
      sending: this.flushing !== null,
      refused: all.filter((r) => r.refused).length,
      late: all.some((r) => r.late),
      lastFailure: this.lastFailure,
    };
  }

  pending(): QueuedAnswer[] {
    return [...this.records.values()].filter((r) => !r.acked && !r.refused);
  }

  subscribe(listener: (s: QueueStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.status());
    return () => this.listeners.delete(listener);
  }

  /** Sends everything unacknowledged now (also cancels a scheduled retry). Resolves when done or failed. */
  flush(): Promise<void> {
    if (this.retryHandle !== null) {
      this.timer.clear(this.retryHandle);
      this.retryHandle = null;
    }
    if (this.flushing) {
      this.again = true;
      return this.flushing;
    }
    this.flushing = this.run().finally(() => {
      this.flushing = null;
      this.emit();
      if (this.again) {
        this.again = false;
        void this.flush();
      }
    });
    this.emit();
    return this.flushing;
  }

  private async run(): Promise<void> {
    for (const record of this.pending()) {
      let result: SendResult;
      try {
        result = await this.send(record);
      } catch {
        result = { ok: false, retry: true };
      }
      if ("retry" in result) {
        this.scheduleRetry(result.retryAfterMs);
        return;
      }
      this.failures = 0;
      this.lastFailure = false;
      const now = this.records.get(keyOf(record));
      // Only the revision the server confirmed is acknowledged: a newer change stays waiting.
      if (!now || now.revision !== record.revision) continue;
      if (result.ok) await this.write({ ...now, acked: true, late: result.late });
      else await this.write({ ...now, refused: result.refused });
      this.emit();
    }
  }

  /** After a failure: the growing backoff, or the wait the server asked for when it only said "not so fast". */
  private scheduleRetry(retryAfterMs?: number): void {
    this.lastFailure = true;
    const delay =
      retryAfterMs !== undefined
        ? Math.min(Math.max(retryAfterMs, 0), BACKOFF_MS.at(-1)!)
        : BACKOFF_MS[Math.min(this.failures, BACKOFF_MS.length - 1)]!;
    this.failures++;
    this.retryHandle = this.timer.set(() => {
      this.retryHandle = null;
      void this.flush();
    }, delay);
  }

  private write(record: QueuedAnswer): Promise<void> {
    this.records.set(keyOf(record), record);
    const next = this.writes.then(() => this.store.put(record));
    // One failed write must not block every later one.
    this.writes = next.catch(() => undefined);
    return next;
  }

  private emit(): void {
    const s = this.status();
    for (const l of this.listeners) l(s);
  }

  dispose(): void {
    if (this.retryHandle !== null) this.timer.clear(this.retryHandle);
    this.listeners.clear();
  }
}

/** An in-memory store (tests, and the fallback when the browser has no IndexedDB). */
export class MemoryStore implements QueueStore {
  readonly data = new Map<string, QueuedAnswer>();
  async all() {
    return [...this.data.values()];
  }
  async put(record: QueuedAnswer) {
    this.data.set(keyOf(record), structuredClone(record));
  }
}
