import { sql, type SQL } from "drizzle-orm";
import type { Reader, TenantDb } from "./client";
import { sharedRuns } from "../shared-run";

// The database keeps its own revision (ADR 0038): `data_revision` holds one number, and triggers on
// every table move it whenever a row is inserted, updated or deleted, through any process, any
// connection, or sqld. A process that keeps state read from the database stamps it with the
// revision read before that state, and trusts it only while a fresh read gives the same number. No
// writer has to say anything: forgetting a flag is no longer possible. Beside it, the content
// revision tells a live change, which a process catches up with by entry, from any other (ADR 0047).

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
  /**
   * An entry's revision counter and time, which every answer save moves (bumpEntry). Its live
   * columns and its stamp are LIVE_CHANGES's.
   */
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

/**
 * Live changes (ADR 0047): what the live gateway writes many times a second in a running session,
 * and the only changes a process kept at an older revision can catch up with by entry. Each moves
 * `value` but not `content_value`, and stamps the entry it changed with the revision after it
 * (`live_stamp`): an UPDATE of an entry's live columns, and any row of its progress or overrides
 * (by `entry_id`). Every other counted change (an entry added or removed, a session started or
 * edited, any content) moves both. The one declaration revisionTriggers() writes from, so
 * tests/unit/db/revision.test.ts proves the database stamps exactly these.
 */
export const LIVE_CHANGES = {
  /** The table whose rows are stamped, and the stamp's column (never counted itself). */
  entries: "scheduled_session_participant_entries",
  stamp: "live_stamp",
  /** The entry's columns the gateway sets: readiness, and its start with the session's. */
  columns: ["ready", "session_start"],
  /** Tables of an entry's live rows, each with an `entry_id`. */
  rowsOfEntry: ["live_progress", "live_overrides"],
  /**
   * Of those, the logs only ever appended to while their entry exists: an UPDATE or a DELETE of a
   * row is refused (its entry's removal still takes its rows), so a catch-up reads only the rows
   * appended since (entriesLiveAfter, app/modules/live/plan.server.ts).
   */
  appendedOnly: ["live_overrides"],
} as const;

const BUMP = "UPDATE `data_revision` SET `value` = `value` + 1, `content_value` = `value` + 1 WHERE `id` = 1;";
const LIVE_BUMP = "UPDATE `data_revision` SET `value` = `value` + 1 WHERE `id` = 1;";
const stamp = (which: string) =>
  `UPDATE \`${LIVE_CHANGES.entries}\` SET \`${LIVE_CHANGES.stamp}\` = (SELECT \`value\` FROM \`data_revision\` WHERE \`id\` = 1) WHERE \`id\` ${which};`;

const trigger = (table: string, name: string, event: string, body: string) =>
  `CREATE TRIGGER \`${table}_${name}\` AFTER ${event} ON \`${table}\` BEGIN ${body} END;`;
const of = (columns: readonly string[]) =>
  ` OF ${[...columns]
    .sort()
    .map((c) => `\`${c}\``)
    .join(", ")}`;

/**
 * The triggers of a table with these columns, as a migration creates them (none for a table left
 * out): three that move the revision and the content revision, or for a live change's table, the
 * revision and the entry's stamp (LIVE_CHANGES). A migration that adds a table adds these too; the
 * test names the ones missing.
 */
export function revisionTriggers(table: string, columns: readonly string[]): string[] {
  const skipped = UNCOUNTED[table];
  if (skipped === true) return [];
  const live = LIVE_CHANGES.rowsOfEntry as readonly string[];
  if ((LIVE_CHANGES.appendedOnly as readonly string[]).includes(table)) {
    const refuse = (event: string, when: string, message: string) =>
      `CREATE TRIGGER \`${table}_appended_only_${event.toLowerCase()}\` BEFORE ${event} ON \`${table}\`${when} BEGIN SELECT RAISE(ABORT, '${table} ${message}'); END;`;
    return [
      trigger(table, "revision_insert", "INSERT", `${LIVE_BUMP} ${stamp("= NEW.`entry_id`")}`),
      refuse("UPDATE", "", "are appended, never edited"),
      refuse(
        "DELETE",
        ` WHEN EXISTS (SELECT 1 FROM \`${LIVE_CHANGES.entries}\` WHERE \`id\` = OLD.\`entry_id\`)`,
        "are appended, never deleted but with their entry",
      ),
    ];
  }
  if (live.includes(table)) {
    const counted = skipped ? columns.filter((c) => !skipped.includes(c)) : null;
    return [
      trigger(table, "revision_insert", "INSERT", `${LIVE_BUMP} ${stamp("= NEW.`entry_id`")}`),
      trigger(
        table,
        "revision_update",
        `UPDATE${counted ? of(counted) : ""}`,
        `${LIVE_BUMP} ${stamp("IN (OLD.`entry_id`, NEW.`entry_id`)")}`,
      ),
      trigger(table, "revision_delete", "DELETE", `${LIVE_BUMP} ${stamp("= OLD.`entry_id`")}`),
    ];
  }
  const isEntries = table === LIVE_CHANGES.entries;
  const notContent: readonly string[] = [
    ...(skipped ?? []),
    ...(isEntries ? [...LIVE_CHANGES.columns, LIVE_CHANGES.stamp] : []),
  ];
  const counted = notContent.length ? columns.filter((c) => !notContent.includes(c)) : null;
  return [
    trigger(table, "revision_insert", "INSERT", BUMP),
    trigger(table, "revision_update", `UPDATE${counted ? of(counted) : ""}`, BUMP),
    trigger(table, "revision_delete", "DELETE", BUMP),
    ...(isEntries
      ? [trigger(table, "live_update", `UPDATE${of(LIVE_CHANGES.columns)}`, `${LIVE_BUMP} ${stamp("= NEW.`id`")}`)]
      : []),
  ];
}

/**
 * A condition true only while nothing that a write about one entry read at `value` / `content` has
 * changed: no content change since (the session, the plan, the participant) and no live change of
 * that entry (its stamp, ADR 0047). Other entries' live changes leave it true: another participant's
 * move, a few a second in a big room, must not send a planned write down the transaction's path.
 */
export function entryUnchangedSince(entryId: SQL, value: unknown, content: unknown): SQL {
  return sql`(SELECT \`content_value\` FROM \`data_revision\` WHERE \`id\` = 1) = ${content}
    AND (SELECT ${sql.identifier(LIVE_CHANGES.stamp)} FROM ${sql.identifier(LIVE_CHANGES.entries)} WHERE \`id\` = ${entryId}) <= ${value}`;
}

/**
 * The database's revision and its content revision, read together (ADR 0047). `value` moves at
 * every counted change; `content` is the `value` of the last change that was not a live one
 * (LIVE_CHANGES), so `content <= R < value` says that since R only live rows changed.
 */
export type Revision = { readonly value: number; readonly content: number };

/**
 * The database's revision as `reader` sees it: one primary-key read of one row. Inside a write
 * transaction it includes that transaction's own changes.
 */
export async function readRevision(reader: Reader): Promise<Revision> {
  return revisionOf(await reader.$client.execute(REVISION_READ));
}

/** readRevision's statement, for a planned write's batch to read the revision inside its transaction. */
export const REVISION_READ = "SELECT `value`, `content_value` FROM `data_revision` WHERE `id` = 1";

/** The revision REVISION_READ answered. */
export function revisionOf({ rows }: { rows: ArrayLike<ArrayLike<unknown>> }): Revision {
  return { value: Number(rows[0]?.[0] ?? 0), content: Number(rows[0]?.[1] ?? 0) };
}

/** The newest committed revision this process has read of each database (noteRevision). */
const newestRead = new WeakMap<TenantDb, Revision>();

/**
 * Notes a committed revision of `tdb` this process has read: out of a transaction (sharedRevision),
 * or at the end of its own committed write (the live gateway's advanceKept).
 */
export function noteRevision(tdb: TenantDb, revision: Revision): void {
  const known = newestRead.get(tdb);
  if (!known || revision.value > known.value) newestRead.set(tdb, revision);
}

/**
 * The revision a group of planned writes is planned at (ADR 0051): the newest this process has read
 * of `tdb`, which is at least the one each write's request read before it came (its login check),
 * or a read now when there is none. A plan's conditions hold it to what it read whatever the
 * revision's age (entryUnchangedSince): another process may write between any read and the batch.
 */
export function revisionToPlanAt(tdb: TenantDb): Promise<Revision> {
  const known = newestRead.get(tdb);
  return known ? Promise.resolve(known) : sharedRevision(tdb);
}

/** Each database's revision reads out of a transaction: the one sent, and the one its later callers share. */
const revisionReads = sharedRuns<TenantDb, Revision>();

/**
 * The database's revision, from a read sent after this call (so it counts every write committed
 * before it), shared: callers who ask while a read is out share the next one. On a libSQL server
 * each read is a request, and a busy room's requests asked hundreds of times a second
 * (docs/benchmarks.md); the busier the server, the more callers share a read.
 */
export function sharedRevision(tdb: TenantDb): Promise<Revision> {
  return revisionReads(tdb, async () => {
    const revision = await readRevision(tdb.db);
    noteRevision(tdb, revision);
    return revision;
  });
}

/**
 * Tables the live gateway writes (app/modules/live/gateway.server.ts): the live run's rows, a
 * session's status and an entry's live fields. No list page is kept of them (defineEntity).
 */
export const LIVE_TABLES = [
  "scheduled_sessions",
  "scheduled_session_participant_entries",
  "live_progress",
  "live_overrides",
  "live_answers",
] as const;

/**
 * Values read from tenant databases and kept per open database at the revision read before them (a
 * login session with its account, a page of a list). `get` answers only at that revision, or, for
 * a store that reads no live row, at any later one whose content revision is not past it: only live
 * rows changed since (ADR 0047), in this process or another. `set` keeps a value read at the
 * revision of what is kept, starts over at a newer one, and drops one read at an older one.
 * Bounded: past `max` values, a database's are dropped.
 */
export class KeptAtRevision<V> {
  private readonly kept = new WeakMap<TenantDb, { revision: number; values: Map<string, V> }>();
  private readonly readsLiveTables: boolean;

  /**
   * `readsLiveTables`: whether any value depends on a row a live change writes (LIVE_CHANGES).
   * When none does, a live change leaves the values exact at its new revision.
   */
  constructor(
    private readonly max: number,
    { readsLiveTables }: { readsLiveTables: boolean },
  ) {
    this.readsLiveTables = readsLiveTables;
  }

  /** What is kept, carried to `revision` when only live rows changed since its own. */
  private at(tdb: TenantDb, revision: Revision) {
    const kept = this.kept.get(tdb);
    if (kept && !this.readsLiveTables && kept.revision < revision.value && revision.content <= kept.revision) {
      kept.revision = revision.value;
    }
    return kept;
  }

  get(tdb: TenantDb, revision: Revision, key: string): V | undefined {
    const kept = this.at(tdb, revision);
    return kept?.revision === revision.value ? kept.values.get(key) : undefined;
  }

  set(tdb: TenantDb, revision: Revision, key: string, value: V): void {
    let kept = this.at(tdb, revision);
    if (!kept || kept.revision < revision.value)
      this.kept.set(tdb, (kept = { revision: revision.value, values: new Map() }));
    if (kept.revision !== revision.value) return;
    if (kept.values.size >= this.max) kept.values.clear();
    kept.values.set(key, value);
  }

  /** Replaces a kept value after a change of it that moves no revision (a session's touch). */
  replace(tdb: TenantDb, key: string, value: V): void {
    const kept = this.kept.get(tdb);
    if (kept?.values.has(key)) kept.values.set(key, value);
  }
}
