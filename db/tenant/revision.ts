import { sql, type SQL } from "drizzle-orm";
import type { Reader, TenantDb } from "./client";

// The database keeps its own revision (ADR 0038): `data_revision` holds one number, and triggers on
// every table move it whenever a row is inserted, updated or deleted, through any process, any
// connection, or sqld. A process that keeps state read from the database stamps it with the
// revision read before that state, and trusts it only while a fresh read gives the same number. No
// writer has to say anything: forgetting a flag is no longer possible.

/**
 * What moves no revision, in one place: rows written many times a second or at every login, on
 * which no kept state depends. `true` leaves the whole table out; a list of columns leaves out an
 * UPDATE that sets only those columns (`AFTER UPDATE OF` the others), while its inserts and deletes
 * still count. tests/unit/db/revision.test.ts proves every other table has its three triggers.
 */
export const UNCOUNTED: Readonly<Record<string, true | readonly string[]>> = {
  /** Participants' answers: a save (app/modules/live/gateway.server.ts). */
  live_answers: true,
  /** A login session's last use, touched every few minutes of use (its login and logout count). */
  auth_sessions: ["last_seen_at"],
  /** Who holds a room token (each live page opened). */
  realtime_grants: true,
  /** Login codes and their rate limits: every login request writes them, even a refused one. */
  one_time_codes: true,
  rate_limit_hits: true,
  /** Sign-ins started at an organisation's identity provider: every press of the button writes one. */
  oidc_login_requests: true,
  /** Uploaded files of a tenant on a server, in 1 MB parts: a key never names other bytes (ADR 0037). */
  upload_files: true,
  upload_parts: true,
  /** Every request made with an API token, and the token's last use (ADR 0042). */
  api_token_uses: true,
  api_tokens: ["last_used_at", "last_used_from"],
  /** The webhook outbox: the delivery worker claims and updates its rows all day (ADR 0042). */
  webhook_deliveries: true,
  /** An entry's revision counter and time, which every answer save moves (bumpEntry). */
  scheduled_session_participant_entries: ["rev", "updated_at"],
  /**
   * The audit trail: each row is written in the same transaction as the change it records, which
   * moves the revision itself when anything kept depends on it (an answer save, which moves none,
   * must not start to). Nothing kept is read from the trail.
   */
  audit_entries: true,
  /** Devices' last contact and waiting count: refreshed every few seconds per device; nothing kept depends on it. */
  device_contacts: true,
};

const BUMP = "UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;";

/**
 * The three triggers of a table with these columns, as a migration creates them (none for a table
 * left out). A migration that adds a table adds these too; the test names the ones missing.
 */
export function revisionTriggers(table: string, columns: readonly string[]): string[] {
  const skipped = UNCOUNTED[table];
  if (skipped === true) return [];
  const counted = skipped ? columns.filter((c) => !skipped.includes(c)).sort() : null;
  const of = counted ? ` OF ${counted.map((c) => `\`${c}\``).join(", ")}` : "";
  return [
    `CREATE TRIGGER \`${table}_revision_insert\` AFTER INSERT ON \`${table}\` BEGIN ${BUMP} END;`,
    `CREATE TRIGGER \`${table}_revision_update\` AFTER UPDATE${of} ON \`${table}\` BEGIN ${BUMP} END;`,
    `CREATE TRIGGER \`${table}_revision_delete\` AFTER DELETE ON \`${table}\` BEGIN ${BUMP} END;`,
  ];
}

/**
 * A condition true only while the database is at `revision`: what a planned write's statements
 * (planned-write.ts) put on their rows, so that nothing of them runs once another write came first.
 */
export function revisionIs(revision: unknown): SQL {
  return sql`(SELECT \`value\` FROM \`data_revision\` WHERE \`id\` = 1) = ${revision}`;
}

/**
 * The database's revision as `reader` sees it: one primary-key read. Inside a write transaction it
 * includes that transaction's own changes.
 */
export async function readRevision(reader: Reader): Promise<number> {
  const { rows } = await reader.$client.execute("SELECT `value` FROM `data_revision` WHERE `id` = 1");
  return Number(rows[0]?.[0] ?? 0);
}

/** One database's revision reads out of a transaction: the one sent, and the one its later callers share. */
type SharedReads = { sent: Promise<number> | null; next: Promise<number> | null };
const sharedReads = new WeakMap<TenantDb, SharedReads>();

/**
 * The database's revision, from a read sent after this call (so it counts every write committed
 * before it), shared: callers who ask while a read is out share the next one. On a libSQL server
 * each read is a request, and a busy room's requests asked hundreds of times a second
 * (docs/benchmarks.md); the busier the server, the more callers share a read.
 */
export function sharedRevision(tdb: TenantDb): Promise<number> {
  let reads = sharedReads.get(tdb);
  if (!reads) sharedReads.set(tdb, (reads = { sent: null, next: null }));
  const state = reads;
  const send = (): Promise<number> => {
    const read = readRevision(tdb.db).finally(() => {
      if (state.sent === read) state.sent = null;
    });
    state.sent = read;
    return read;
  };
  if (!state.sent) return send();
  // The read out was sent before this call: share the one sent once it is back.
  state.next ??= state.sent
    .catch(() => undefined)
    .then(() => {
      state.next = null;
      return send();
    });
  return state.next;
}

/**
 * Tables the live gateway writes (app/modules/live/gateway.server.ts): the live run's rows, a
 * session's status and an entry's live fields. tests/unit/live/live-state.test.ts proves its writes
 * change no other table but those left out of the revision whole (UNCOUNTED: the audit trail).
 */
export const LIVE_TABLES = [
  "scheduled_sessions",
  "scheduled_session_participant_entries",
  "live_progress",
  "live_overrides",
  "live_answers",
] as const;

/** Every store whose values read no live table: a live write carries them (carryPastLiveWrite). */
const carriedPastLiveWrites = new Set<KeptAtRevision<unknown>>();

/**
 * Values read from tenant databases and kept per open database at the revision read before them (a
 * login session with its account, a page of a list). `get` answers only at that revision. `set`
 * keeps a value read at the revision of what is kept, starts over at a newer one, and drops one
 * read at an older one. Bounded: past `max` values, a database's are dropped.
 */
export class KeptAtRevision<V> {
  private readonly kept = new WeakMap<TenantDb, { revision: number; values: Map<string, V> }>();

  /**
   * `readsLiveTables`: whether any value depends on a row of LIVE_TABLES. When none does, a live
   * write, which changes only those, leaves the values exact at its new revision.
   */
  constructor(
    private readonly max: number,
    { readsLiveTables }: { readsLiveTables: boolean },
  ) {
    if (!readsLiveTables) carriedPastLiveWrites.add(this as KeptAtRevision<unknown>);
  }

  get(tdb: TenantDb, revision: number, key: string): V | undefined {
    const kept = this.kept.get(tdb);
    return kept?.revision === revision ? kept.values.get(key) : undefined;
  }

  set(tdb: TenantDb, revision: number, key: string, value: V): void {
    let kept = this.kept.get(tdb);
    if (!kept || kept.revision < revision) this.kept.set(tdb, (kept = { revision, values: new Map() }));
    if (kept.revision !== revision) return;
    if (kept.values.size >= this.max) kept.values.clear();
    kept.values.set(key, value);
  }

  /** Replaces a kept value after a change of it that moves no revision (a session's touch). */
  replace(tdb: TenantDb, key: string, value: V): void {
    const kept = this.kept.get(tdb);
    if (kept?.values.has(key)) kept.values.set(key, value);
  }

  /** What was kept at `from` is exact at `to`. */
  carry(tdb: TenantDb, from: number, to: number): void {
    const kept = this.kept.get(tdb);
    if (kept?.revision === from) kept.revision = to;
  }
}

/**
 * After a committed live write whose transaction read `from` before its rows and `to` after them:
 * between the two the database changed only in LIVE_TABLES, so every store that reads none of them
 * is exact at `to`. Without this a participant's move, a few a second in a big room, made every
 * signed-in request read its login session again.
 */
export function carryPastLiveWrite(tdb: TenantDb, from: number, to: number): void {
  if (from === to) return;
  for (const store of carriedPastLiveWrites) store.carry(tdb, from, to);
}
