import fs from "node:fs";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";

/**
 * Opens a libSQL client. For embedded files it creates the folder and turns on WAL, so readers
 * never wait for the writer; servers (sqld/Turso) manage this themselves.
 */
export async function openClient(url: string, authToken?: string): Promise<Client> {
  if (url.startsWith("file:")) {
    fs.mkdirSync(path.dirname(url.slice("file:".length)), { recursive: true });
  }
  const client = createClient({ url, authToken });
  if (url.startsWith("file:")) {
    await client.execute("PRAGMA journal_mode = WAL");
    await client.execute("PRAGMA foreign_keys = ON");
    await client.execute("PRAGMA busy_timeout = 5000");
  }
  return client;
}

/**
 * A FIFO lock. @libsql/client on a file URL refuses every other write while a transaction is open
 * (SQLITE_BUSY at once, busy_timeout does not help), so each tenant's writes go through one of these.
 */
export class WriteQueue {
  private readonly jobs: Array<() => Promise<void>> = [];
  /** How many jobs at the head of `jobs` were queued `ahead` (they keep their order among themselves). */
  private aheadCount = 0;
  private running = false;

  /**
   * Runs `work` once every write queued before it has finished. `ahead`: before the writes that
   * wait and have not started (a staff action a whole room waits for, not behind its saves); after
   * the one running and the other `ahead` ones.
   */
  run<T>(work: () => Promise<T>, { ahead = false }: { ahead?: boolean } = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = () => Promise.resolve().then(work).then(resolve, reject);
      if (ahead) this.jobs.splice(this.aheadCount++, 0, job);
      else this.jobs.push(job);
      if (!this.running) {
        this.running = true;
        // Started on a later microtask, like a promise chain: never inside the caller's own call.
        void Promise.resolve().then(() => this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    for (let job = this.jobs.shift(); job; job = this.jobs.shift()) {
      if (this.aheadCount > 0) this.aheadCount--;
      await job();
    }
    this.running = false;
  }
}
