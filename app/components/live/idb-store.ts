import { createStore, entries, set, type UseStore } from "idb-keyval";
import { keyOf, MemoryStore, type QueueStore, type QueuedAnswer } from "./answer-queue";

// The browser's copy of the participant's answers: one IndexedDB store for live answers, keyed by
// participant and (session, evaluation, question, stepIndex), so two participants sharing a tablet
// never send each other's answers. Records are never deleted by the live screen.

export class IdbStore implements QueueStore {
  private readonly db: UseStore;
  /** `database`: one IndexedDB database per kind of record (participants' answers, staff's station ticks). */
  constructor(
    private readonly owner: string,
    private readonly scheduledSession: string,
    database = "live-answers",
  ) {
    this.db = createStore(database, "answers");
  }
  async all(): Promise<QueuedAnswer[]> {
    const prefix = `${this.owner}|${this.scheduledSession}|`;
    return (await entries<string, QueuedAnswer>(this.db))
      .filter(([k]) => String(k).startsWith(prefix))
      .map(([, v]) => v);
  }
  async put(record: QueuedAnswer): Promise<void> {
    await set(`${this.owner}|${keyOf(record)}`, record, this.db);
  }
}

/** IndexedDB when the browser has it (private modes may not): else memory, which still survives reconnects. */
export function browserStore(owner: string, scheduledSession: string, database?: string): QueueStore {
  return typeof indexedDB === "undefined" ? new MemoryStore() : new IdbStore(owner, scheduledSession, database);
}
