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
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}
