import fs from "node:fs";
import v8 from "node:v8";
import vm from "node:vm";
import type { Client, Transaction } from "@libsql/client";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { tenantDatabaseUrl } from "../config";
import { openClient, WriteQueue } from "../connection";
import { GroupCommit } from "./group-commit";
import { PlannedGroup, type PlannedKind } from "./planned-write";
import { revisionToPlanAt, sharedRevision } from "./revision";
import { migrateTenantDatabase } from "./migrations";
import * as schema from "./schema";
import { settings } from "../../settings/settings.server";

export type TenantSchema = typeof schema;
export type TenantDrizzle = LibSQLDatabase<TenantSchema> & { $client: Client };
/**
 * A write transaction: drizzle over the libSQL transaction that GroupCommit opens (inTransaction),
 * so `$client` is that transaction and db/tenant's fast paths reach it through a public field.
 */
export type TenantTx = Omit<LibSQLDatabase<TenantSchema>, "transaction" | "batch"> & { $client: Transaction };
/** Either the database or an open transaction: what read helpers accept. */
export type Reader = TenantDrizzle | TenantTx;

/**
 * A tenant's database: `db` for reads, `write(work)` for every change. `write` runs `work` in one
 * transaction, queued behind the tenant's other writes, so concurrent requests never hit
 * SQLITE_BUSY; writes queued together share one transaction and one COMMIT (group-commit.ts).
 * Nothing else is asked of a writer: what in-process state depends on, the database's revision
 * tells (revision.ts, ADR 0038).
 */
export type TenantDb = {
  slug: string;
  db: TenantDrizzle;
  write<T>(work: (tx: TenantTx) => Promise<T>): Promise<T>;
  /**
   * A write whose statements are decided before its transaction, at the revision read for its group,
   * with the group's other writes of its kind (planned-write.ts): answers null when it did not fit
   * the plan. Queued with `write`'s.
   */
  planned<Item, T>(kind: PlannedKind<Item, T>, item: Item): Promise<T | null>;
  /**
   * A write that goes before the writes still waiting, in a transaction of its own: a staff
   * action on a live room (pause all, an extension, an unlock), which must not wait behind the
   * hundreds of saves an unlock sets off (ADR 0045). Only for writes whose outcome does not depend
   * on the order among the writes waiting with it.
   */
  writeFirst<T>(work: (tx: TenantTx) => Promise<T>): Promise<T>;
};

type OpenDb = { handle: Promise<TenantDb>; queue: WriteQueue; client: Promise<Client> };

// Open databases, least recently used first (a Map keeps insertion order; a use re-inserts).
const open = new Map<string, OpenDb>();
// Evicted databases wait here until their last writes and readers are done, then close; a request
// for one of them in the meantime takes it back instead of opening a second client.
const retiring = new Map<string, { db: OpenDb; timer: NodeJS.Timeout }>();

/** Open files per embedded database: the file, its WAL and its shared-memory index. */
const FILES_PER_DATABASE = 3;

let fileLimit: number | null | undefined;

/** The soft limit on open files of this process (Linux), or null when it cannot be read. Read once. */
function openFileLimit(): number | null {
  if (fileLimit !== undefined) return fileLimit;
  fileLimit = readOpenFileLimit();
  return fileLimit;
}

function readOpenFileLimit(): number | null {
  try {
    const line = fs
      .readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : null;
  } catch {
    return null;
  }
}

/**
 * How many tenant databases stay open at once: TENANT_DB_MAX_OPEN, else 500, never more than a
 * quarter of what the process's open-file limit allows (as many again may be waiting to close; the
 * other half is for sockets, uploads and the catalog).
 */
export function maxOpenTenantDbs(): number {
  const wanted = settings().TENANT_DB_MAX_OPEN;
  const limit = openFileLimit();
  // Open and waiting-to-close databases may each number this many: together half of the limit.
  return limit ? Math.max(1, Math.min(wanted, Math.floor(limit / 4 / FILES_PER_DATABASE))) : wanted;
}

/** How long an evicted database stays available to requests still using it before it closes. */
const retireDelayMs = () => settings().TENANT_DB_CLOSE_DELAY_MS;

function openDatabase(slug: string, url: string): OpenDb {
  const queue = new WriteQueue();
  const client = (async () => {
    // Closed databases' files go when V8 runs the finalizers of their statements, which needs a
    // turn of the event loop: a loop of cold opens that never yields would pile them up.
    if (closedSinceYield) {
      closedSinceYield = false;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return openClient(url, settings().TENANT_DATABASE_AUTH_TOKEN);
  })();
  const handle = (async () => {
    const db = drizzle(await client, { schema }) as TenantDrizzle;
    // Migrated on first open, behind any write: start-up does not visit every tenant.
    await queue.run(() => migrateTenantDatabase(db));
    const grouped = new GroupCommit<TenantTx>(
      queue,
      { transaction: (work) => inTransaction(db, work) },
      async (tx, statement) => {
        await tx.$client.execute(statement);
      },
    );
    const planned = new PlannedGroup(queue, db.$client, {
      toPlanAt: () => revisionToPlanAt(tdb),
      fresh: () => sharedRevision(tdb),
    });
    const tdb: TenantDb = {
      slug,
      db,
      write: (work) => grouped.run(work),
      planned: (kind, item) => planned.run(kind, item),
      writeFirst: (work) => queue.runFirst(() => inTransaction(db, work)),
    };
    return tdb;
  })();
  return { handle, queue, client };
}

/** Runs `work` in a write transaction of `db`'s connection: committed when it returns, rolled back when it throws. */
async function inTransaction<T>(db: TenantDrizzle, work: (tx: TenantTx) => Promise<T>): Promise<T> {
  const transaction = await db.$client.transaction("write");
  try {
    // drizzle over the transaction as over a client: every statement of `work` runs inside it.
    const tx = drizzle(transaction as unknown as Client, { schema }) as unknown as TenantTx;
    const value = await work(tx);
    await transaction.commit();
    return value;
  } catch (error) {
    if (!transaction.closed) await transaction.rollback().catch(() => undefined);
    throw error;
  } finally {
    transaction.close();
  }
}

function retire(key: string, db: OpenDb): void {
  open.delete(key);
  const timer = setTimeout(() => {
    if (retiring.get(key)?.db === db) closeRetired(key, db);
  }, retireDelayMs());
  timer.unref();
  retiring.set(key, { db, timer });
  // A burst of cold tenants can retire databases faster than the delay passes (a busy loop may not
  // even reach its timers): never keep more waiting than the pool holds, so open files stay bounded.
  const max = maxOpenTenantDbs();
  for (const [oldest, old] of retiring) {
    if (retiring.size <= max) break;
    clearTimeout(old.timer);
    closeRetired(oldest, old.db);
  }
}

/** Closes once its queued writes are done; a read still running gets a clear error, not a crash. */
function closeRetired(key: string, db: OpenDb): void {
  retiring.delete(key);
  void db.queue.run(async () => {
    (await db.client.catch(() => null))?.close();
    releaseClosedFiles();
  });
}

// libsql closes a connection's files only once the last statement prepared on it is garbage
// collected: `client.close()` leaves a zombie holding the file, its WAL and its index until V8
// happens to collect. A process that closes databases faster than that (provisioning thousands of
// organisations, a burst of cold tenants on a roomy heap) ran out of files (SQLITE_CANTOPEN at
// ~6,000). So after closing, one young-generation collection (~1 ms; statements die young) runs.
const collectGarbage = (() => {
  try {
    v8.setFlagsFromString("--expose-gc");
    return vm.runInNewContext("gc") as (options?: { type: "minor" | "major" }) => void;
  } catch {
    return null;
  }
})();

let closedSinceYield = false;

/** Right away, not from a timer: a provisioning loop or a burst of cold tenants may not reach its timers for a long time. */
function releaseClosedFiles(): void {
  collectGarbage?.({ type: "minor" });
  // A closed connection's native handles are freed by the garbage collector: when files still pile
  // up past half the limit, collect fully.
  const limit = openFileLimit();
  if (limit && openFileCount() > limit / 2) collectGarbage?.({ type: "major" });
  closedSinceYield = true;
}

function openFileCount(): number {
  try {
    return fs.readdirSync("/proc/self/fd").length;
  } catch {
    return 0;
  }
}

/** The tenant's database, opened (and migrated) on first use; at most maxOpenTenantDbs() stay open. */
export function tenantDb(slug: string, explicitUrl?: string | null): Promise<TenantDb> {
  const url = tenantDatabaseUrl(slug, explicitUrl);
  const key = `${slug}|${url}`;
  let db = open.get(key);
  if (db) {
    open.delete(key); // re-inserted below: now the most recently used
  } else {
    const back = retiring.get(key);
    if (back) {
      clearTimeout(back.timer);
      retiring.delete(key);
      db = back.db;
    } else {
      db = openDatabase(slug, url);
      const failed = db;
      db.handle.catch(() => {
        if (open.get(key) === failed) open.delete(key);
        void failed.client.then((c) => c.close()).catch(() => undefined);
      });
    }
  }
  open.set(key, db);
  const max = maxOpenTenantDbs();
  for (const [oldest, old] of open) {
    if (open.size <= max) break;
    retire(oldest, old);
  }
  return db.handle;
}

/** How many tenant databases are open now (including those waiting to close). */
export function openTenantDbCount(): number {
  return open.size + retiring.size;
}

/** Closes every open tenant database (tests, shutdown). */
export async function closeTenantDbs(): Promise<void> {
  const all = [...open.values(), ...[...retiring.values()].map((r) => (clearTimeout(r.timer), r.db))];
  open.clear();
  retiring.clear();
  for (const db of all) {
    try {
      await db.queue.run(async () => undefined);
      (await db.client).close();
    } catch {
      /* already failed to open */
    }
  }
  releaseClosedFiles();
}
