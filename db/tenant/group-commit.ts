import type { WriteQueue } from "../connection";

type Pending<Tx> = {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Transactional<Tx> = { transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> };
/** Runs one savepoint statement on the group's transaction (client.ts: straight on libSQL). */
export type SavepointRunner<Tx> = (
  tx: Tx,
  statement: "SAVEPOINT group_write" | "RELEASE group_write" | "ROLLBACK TO group_write",
) => Promise<void>;

/**
 * At most this many writes share one transaction, so one commit never waits on a very long batch,
 * and neither does a staff action, which waits for the group that is running: after an unlock,
 * groups of 200 saves had held "pause all" for 70-80 ms; 50 take about 15 (docs/benchmarks.md).
 */
const MAX_GROUP = 50;

/**
 * Writes that arrive in the same event-loop turn, or while the tenant's write queue is busy, run
 * together in one slot of the queue (at most MAX_GROUP a slot; more take the next slot): how
 * GroupCommit and PlannedGroup (planned-write.ts) gather theirs.
 */
export abstract class QueuedGroup<Item> {
  private pending: Item[] = [];
  private scheduled = false;

  constructor(protected readonly queue: WriteQueue) {}

  protected add(item: Item): void {
    this.pending.push(item);
    if (this.scheduled) return;
    this.scheduled = true;
    // The slot is taken now (writes keep their order with the queue's other writes), but the
    // group closes only in this event-loop turn's check phase. A file database runs a whole
    // transaction without yielding to the event loop, so without this wait the requests parsed
    // in the same turn never met in `pending`: every group held one write.
    void this.queue.run(() => new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.next()));
  }

  private next(): Promise<void> {
    const group = this.pending.splice(0, MAX_GROUP);
    // More than a group waits: they take the next slot (they have waited a turn already).
    if (this.pending.length > 0) void this.queue.run(() => this.next());
    else this.scheduled = false;
    return this.flush(group);
  }

  /** Runs one group; answers every item of it, never throws. */
  protected abstract flush(group: Item[]): Promise<void>;
}

/**
 * Group commit, how every tenant write runs (client.ts): the writes of one group (QueuedGroup) run
 * in one transaction, each in its own savepoint. It pays: an embedded database syncs its WAL
 * at every COMMIT (WAL with SQLite's default synchronous=FULL, db/connection.ts), about 140 µs of
 * a 180 µs one-row transaction here (ADR 0025). A write that throws rolls back to its
 * savepoint and only its caller gets the error; the others go on. Every caller is answered only
 * after the shared COMMIT, so an acknowledged write is as durable as one committed alone, and a
 * failed COMMIT fails them all.
 * With one write waiting there is no savepoint: it runs as a plain transaction.
 */
export class GroupCommit<Tx> extends QueuedGroup<Pending<Tx>> {
  constructor(
    queue: WriteQueue,
    private readonly db: Transactional<Tx>,
    /**
     * Every write gets the group's own transaction object inside a savepoint run as plain SQL. A
     * nested drizzle transaction per write (a new transaction object and two statements built) was
     * a tenth of a save at full load.
     */
    private readonly savepoint: SavepointRunner<Tx>,
  ) {
    super(queue);
  }

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.add({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  protected async flush(batch: Pending<Tx>[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch;
      await this.db.transaction(only!.work).then(only!.resolve, only!.reject);
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await this.db.transaction(async (tx) => {
        for (const item of batch) outcomes.push(await this.inSavepoint(tx, item.work));
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  private async inSavepoint(
    tx: Tx,
    work: (tx: Tx) => Promise<unknown>,
  ): Promise<{ ok: true; value: unknown } | { ok: false; error: unknown }> {
    const savepoint = this.savepoint;
    await savepoint(tx, "SAVEPOINT group_write");
    let value: unknown;
    try {
      value = await work(tx);
    } catch (error) {
      // A failure here (the transaction itself is broken) fails the whole group, as a failed COMMIT does.
      await savepoint(tx, "ROLLBACK TO group_write");
      await savepoint(tx, "RELEASE group_write");
      return { ok: false, error };
    }
    await savepoint(tx, "RELEASE group_write");
    return { ok: true, value };
  }
}
