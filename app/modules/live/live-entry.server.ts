import type { Reader, TenantDb, TenantTx } from "~db/tenant/client";
import { TenantReadCache } from "~db/tenant/read-cache";
import { entriesFacts, entriesOfSession, findEntryOf, findSession, loadPlanCached, stateOf } from "./plan.server";
import type { EntryRow, EntryState, RunPlan, SessionRow } from "./plan.server";
import type { LiveData } from "./store.server";
import { settings } from "~settings/settings.server";

// A room of candidates saves answers several hundred times a second, and every save checks the
// participant's session, entry, open section, clock (progress, overrides, extra time). None of
// that changes when an answer is saved: it changes only with staff actions, a participant moving
// on, or content edits, which are writes that move the database's live version. So it is kept per
// participant until the live version moves (or LIVE_STATE_CACHE_MS passes, for a change made by
// another app process: set it to 0 when several app processes share the tenant databases).
// Kept: everything but answers and the entry's revision counter, which saves change. A
// participant's own moves (next question, ready, help) forget only their own state (writeOwnEntry).

type Kept = {
  session: SessionRow;
  entry: EntryRow;
  live: Omit<LiveData, "answers">;
  extraTimePercent: number;
  assessmentComplete: boolean;
};

const keyOf = (sessionId: string, participantId: string) => `${sessionId}\n${participantId}`;
const keptMs = () => settings().LIVE_STATE_CACHE_MS;
const kept = new TenantReadCache<Kept>(20_000, keptMs, (tdb) => tdb.liveVersion());
/** The participants of a session, when every one of their states was kept together (a whole-session read, a staff action on all). */
const members = new TenantReadCache<string[]>(1_000, keptMs, (tdb) => tdb.liveVersion());

/**
 * The participant's session, plan and entry state at `now`, without answers. `reader` is the write
 * transaction when called inside one (a miss then reads within it, so the check and the write see
 * the same rows). The entry's `rev` and `updatedAt` may be behind: read them where they matter.
 * Throws NOT_FOUND like findSession / findEntryOf.
 */
export async function liveEntryState(
  tdb: TenantDb,
  reader: Reader,
  sessionId: string,
  participantId: string,
  now: Date,
): Promise<{ plan: RunPlan; state: EntryState }> {
  const key = keyOf(sessionId, participantId);
  let found = kept.get(tdb, key);
  if (!found) {
    await wholeSessionRead(tdb, reader, sessionId);
    found = kept.get(tdb, key);
  }
  if (!found) {
    const stamp = kept.stamp(tdb);
    const session = await findSession(reader, sessionId);
    const entry = await findEntryOf(reader, session.id, participantId);
    const facts = (await entriesFacts(reader, [entry])).get(entry.id)!;
    found = keptOf(session, entry, facts);
    kept.set(tdb, key, stamp, found);
  }
  const plan = await loadPlanCached(tdb, found.session);
  const state = stateOf(
    plan,
    found.entry,
    { ...found.live, answers: [] },
    found.extraTimePercent,
    found.assessmentComplete,
    now,
  );
  return { plan, state };
}

const keptOf = (
  session: SessionRow,
  entry: EntryRow,
  facts: { live: LiveData; extraTimePercent: number; assessmentComplete: boolean },
): Kept => ({
  session,
  entry,
  live: { progress: facts.live.progress, overrides: facts.live.overrides },
  extraTimePercent: facts.extraTimePercent,
  assessmentComplete: facts.assessmentComplete,
});

// A staff action (pause all, extend, unlock) moves the live version, and then every participant's
// screen asks for its state at once: the first of them reads the whole session in a handful of
// queries for everyone, the others wait for that read (one per session and live version).
type SessionRead = { tdb: TenantDb; version: number; done: Promise<void> };
const sessionReads = new Map<string, SessionRead>();
const SESSION_READS_KEPT = 1_000;

function wholeSessionRead(tdb: TenantDb, reader: Reader, sessionId: string): Promise<void> {
  const k = `${tdb.slug}\n${sessionId}`;
  const version = tdb.liveVersion();
  const known = sessionReads.get(k);
  if (known && known.tdb === tdb && known.version === version) return known.done;
  const read: SessionRead = { tdb, version, done: readWholeSession(tdb, reader, sessionId).catch(() => undefined) };
  sessionReads.delete(k);
  sessionReads.set(k, read);
  for (const oldest of sessionReads.keys()) {
    if (sessionReads.size <= SESSION_READS_KEPT) break;
    sessionReads.delete(oldest);
  }
  return read.done;
}

async function readWholeSession(tdb: TenantDb, reader: Reader, sessionId: string): Promise<void> {
  const stamp = kept.stamp(tdb);
  const session = await findSession(reader, sessionId);
  const rows = await entriesOfSession(reader, session.id);
  const facts = await entriesFacts(reader, rows);
  for (const entry of rows)
    kept.set(tdb, keyOf(sessionId, entry.participantId), stamp, keptOf(session, entry, facts.get(entry.id)!));
  members.set(
    tdb,
    sessionId,
    stamp,
    rows.map((r) => r.participantId),
  );
}

/**
 * Every entry's live facts (progress, overrides, extra time; not answers) for a staff screen:
 * from the kept states where they are current, after one shared whole-session read if some are
 * not (which also warms them for the participants' saves), and from the database for any left.
 */
export async function sessionEntryFacts(
  tdb: TenantDb,
  reader: Reader,
  sessionId: string,
  rows: readonly EntryRow[],
): Promise<Map<string, Omit<KeptEntry, "entry">>> {
  const facts = new Map<string, Omit<KeptEntry, "entry">>();
  const fromKept = (row: EntryRow) => {
    const value = kept.get(tdb, keyOf(sessionId, row.participantId));
    if (value)
      facts.set(row.id, {
        live: { ...value.live, answers: [] },
        extraTimePercent: value.extraTimePercent,
        assessmentComplete: value.assessmentComplete,
      });
    return !!value;
  };
  let missing = rows.filter((row) => !fromKept(row));
  if (missing.length > 0) {
    await wholeSessionRead(tdb, reader, sessionId);
    missing = missing.filter((row) => !fromKept(row));
  }
  if (missing.length > 0) for (const [id, read] of await entriesFacts(reader, missing)) facts.set(id, read);
  return facts;
}

/** What a staff action needs of one entry, from the kept state instead of the database. */
export type KeptEntry = { entry: EntryRow; live: LiveData; extraTimePercent: number; assessmentComplete: boolean };

/** Inside a staff action's write: the entries kept and still exact, and the participants whose state must be read. */
export type KeptSessionNow = { entries: KeptEntry[]; unread: string[] };

/**
 * Before a staff action's write, taken synchronously just before `tdb.write` is called: the
 * session's participants and the live version. Inside the write, `current()` gives the entries
 * kept since that version and not forgotten since, or null when another write that changes live
 * state ran or started meanwhile (the version moved by more than this write's own start). A
 * participant's own move (next question, ready, help) forgets its state as it starts and as it
 * commits, so that participant, like one whose state was not kept, is read in the transaction. The
 * action then reads only those few, not every entry's progress and overrides, which grow all day.
 */
export function keptSessionBeforeWrite(
  tdb: TenantDb,
  sessionId: string,
): { current: () => KeptSessionNow | null } | null {
  const participantIds = members.get(tdb, sessionId);
  if (!participantIds) return null;
  const version = tdb.liveVersion();
  return {
    current: () => {
      if (tdb.liveVersion() !== version + 1) return null;
      const entries: KeptEntry[] = [];
      const unread: string[] = [];
      for (const participantId of participantIds) {
        const value = kept.getSince(tdb, keyOf(sessionId, participantId), version);
        if (value) entries.push(keptEntryOf(value));
        else unread.push(participantId);
      }
      // Mostly not kept: reading the whole session costs no more.
      if (unread.length * 4 > participantIds.length) return null;
      return { entries, unread };
    },
  };
}

const keptEntryOf = (value: Kept): KeptEntry => ({
  entry: value.entry,
  live: { ...value.live, answers: [] },
  extraTimePercent: value.extraTimePercent,
  assessmentComplete: value.assessmentComplete,
});

/**
 * For a staff action's write (afterCommit): keeps the entries' states it read inside its
 * transaction, with what it changed, as the current ones. Without it, the action's new live
 * version would make the first save after it read the whole session again: a second read of every
 * entry's progress and overrides, which grow with every action of the day. Only for actions that
 * change overrides alone (not progress): their states are exact once the override is appended.
 */
export function keepAfterCommit(
  tdb: TenantDb,
  session: SessionRow,
  states: readonly KeptEntry[],
  wholeSession: boolean,
): () => void {
  return () => {
    const stamp = kept.stamp(tdb);
    for (const state of states)
      kept.set(tdb, keyOf(session.id, state.entry.participantId), stamp, keptOf(session, state.entry, state));
    if (wholeSession)
      members.set(
        tdb,
        session.id,
        stamp,
        states.map((s) => s.entry.participantId),
      );
  };
}

/**
 * A write that changes only this participant's own entry (moving on, ready, help): it keeps every
 * other participant's state and forgets only this one's, before and after, so a read that
 * overlaps the write is not kept.
 */
export async function writeOwnEntry<T>(
  tdb: TenantDb,
  sessionId: string,
  participantId: string,
  work: (tx: TenantTx) => Promise<T>,
): Promise<T> {
  const key = keyOf(sessionId, participantId);
  kept.forget(tdb, key);
  try {
    // Forgotten again as it commits, before the next write runs: a staff action queued behind this
    // move must not take a state read while it was being written (keptSessionBeforeWrite).
    return await tdb.write(work, { liveRunOnly: true, keepsLiveState: true, afterCommit: () => kept.forget(tdb, key) });
  } finally {
    kept.forget(tdb, key);
  }
}
