import type { Reader, TenantDb } from "~db/tenant/client";
import { noteRevision, readRevision, sharedRevision, type Revision } from "~db/tenant/revision";
import {
  entriesFacts,
  entriesLiveAfter,
  entriesOfSession,
  entriesStampedAfter,
  findEntryOf,
  findSession,
  loadTemplatePlan,
  planOf,
  stateOf,
} from "./plan.server";
import type { EntryRow, EntryState, RunPlan, SessionRow, TemplatePlan } from "./plan.server";
import type { LiveData } from "./store.server";

// A room of candidates saves answers several hundred times a second, and every save checks the
// participant's session, entry, open section and clock (progress, overrides, extra time) against
// the run plan (template, evaluations, questions). None of that changes when an answer is saved,
// so it is kept in memory, per open tenant database, stamped with the database's revision
// (db/tenant/revision.ts, ADR 0038): a request reads the revision (one primary-key read) and uses
// what is kept only when it is the same number. Any change by any writer in any process moves the
// revision, except answer saves (and the login rows), which change nothing kept here.
// The gateway (gateway.server.ts) writes every live row; after its own write it carries what is
// kept forward to its transaction's revision with the rows it wrote (advanceKept), so a
// participant's move or a staff action does not make the whole room read its state again. Another
// process's live writes are caught up with by entry (ADR 0047): while the content revision is not
// past what is kept, only live rows changed, each stamping its entry, and only those are read again.

/** What a participant's state is computed from (stateOf), without answers, which saves change. */
export type EntryInputs = {
  entry: EntryRow;
  /** Progress and overrides; `answers` is always empty here. */
  live: LiveData;
  extraTimePercent: number;
  assessmentComplete: boolean;
};

type KeptSession = {
  session: SessionRow;
  /** By participant. An entry row's `rev` and `updatedAt` may be behind (every save moves them). */
  entries: Map<string, EntryInputs>;
  /** Every entry of the session is in `entries`. */
  whole: boolean;
};

/**
 * What is kept of one database, all of it exact at `revision`. `content`: the database's content
 * revision at `revision` (ADR 0047): between the two, only live rows changed.
 */
type Kept = {
  revision: number;
  content: number;
  sessions: Map<string, KeptSession>;
  plans: Map<string, Promise<TemplatePlan>>;
};

const SESSIONS_KEPT = 1_000;
const PLANS_KEPT = 200;

const keptOf = new WeakMap<TenantDb, Kept>();

/** What is kept of `tdb` if it is exact at `revision`. */
function keptAt(tdb: TenantDb, revision: number): Kept | null {
  const kept = keptOf.get(tdb);
  return kept && kept.revision === revision ? kept : null;
}

const isTransaction = (tdb: TenantDb, reader: Reader) => reader !== tdb.db;

/**
 * What is kept, to read from (not to keep in) at `revision` as `reader` sees it: exact, or out of
 * a transaction, newer by live changes only. Those newer states are committed, and were read after
 * `revision` was, as any read made after it may see them. On a busy server the revision a request
 * reads is often a step behind what another request caught up to; it then reads nothing again.
 */
function readable(tdb: TenantDb, reader: Reader, revision: Revision): Kept | null {
  const kept = keptOf.get(tdb);
  if (!kept) return null;
  if (kept.revision === revision.value) return kept;
  const newer = !isTransaction(tdb, reader) && kept.revision > revision.value && kept.content <= revision.value;
  return newer ? kept : null;
}

// One catch-up at a time per database, shared: every screen of the room asks at once, and on a busy
// server the revision moves again while one is out. A request at a later revision waits for it and
// catches up from where it left what is kept: catch-ups racing each other would leave all but one
// of their requests without a store at their revision, to read the whole session again.
const catchUps = new WeakMap<TenantDb, Promise<void>>();

/**
 * What is kept of `tdb`, exact at `revision` as `reader` sees it: as kept, or caught up when only
 * live rows changed since (its content revision is not past what is kept, ADR 0047). Each live
 * change stamped its entry with a revision after it, so the entries stamped after what is kept are
 * exactly the ones to read again, for every session kept; plans and sessions' rows are content.
 * Inside a write transaction only when it holds no change of its own that moved the revision:
 * then it reads committed rows. Null when neither.
 */
async function currentKept(tdb: TenantDb, reader: Reader, revision: Revision): Promise<Kept | null> {
  let committed = !isTransaction(tdb, reader);
  for (;;) {
    const kept = keptOf.get(tdb);
    if (!kept || kept.revision === revision.value) return kept ?? null;
    if (kept.revision > revision.value || revision.content > kept.revision) return null;
    if (!committed) {
      if ((await sharedRevision(tdb)).value !== revision.value) return null;
      committed = true;
      continue; // what is kept may have moved meanwhile
    }
    const running = catchUps.get(tdb);
    if (running) {
      await running;
      continue;
    }
    const read: Promise<void> = catchUp(tdb, reader, kept, revision)
      .catch(() => undefined) // the callers read what they need themselves
      .finally(() => {
        if (catchUps.get(tdb) === read) catchUps.delete(tdb);
      });
    catchUps.set(tdb, read);
    await read;
    return keptAt(tdb, revision.value);
  }
}

/**
 * The inputs of entries a live change stamped since what is kept. An entry kept already has its
 * progress read again and, of its overrides, only those appended since: after a "pause all" by
 * another process a catch-up read every override of the day of all 1,000 entries (1.6 MB from sqld,
 * docs/benchmarks.md). Its extra time and assessment are content, which no catch-up crosses. Any
 * other entry is read whole.
 */
async function stampedInputs(reader: Reader, kept: Kept, rows: EntryRow[]): Promise<EntryInputs[]> {
  const known = new Map<string, EntryInputs>();
  for (const row of rows) {
    const before = kept.sessions.get(row.scheduledSessionId)?.entries.get(row.participantId);
    if (before?.entry.id === row.id) known.set(row.id, before);
  }
  const unknown = rows.filter((row) => !known.has(row.id));
  const [facts, live] = await Promise.all([
    unknown.length > 0 ? entriesFacts(reader, unknown) : new Map<string, never>(),
    known.size > 0
      ? entriesLiveAfter(reader, new Map([...known].map(([id, before]) => [id, before.live])))
      : new Map<string, never>(),
  ]);
  return rows.map((row) => {
    const before = known.get(row.id);
    return before ? { ...before, entry: row, live: live.get(row.id)! } : inputsOf(row, facts.get(row.id)!);
  });
}

/** Reads the entries `kept` lacks at `to`, and moves it there: unless it moved meanwhile (a gateway write, another catch-up). */
async function catchUp(tdb: TenantDb, reader: Reader, kept: Kept, to: Revision): Promise<void> {
  const from = kept.revision;
  if (from >= to.value) return;
  const rows = await entriesStampedAfter(reader, [...kept.sessions.keys()], from);
  const inputs = rows.length > 0 ? await stampedInputs(reader, kept, rows) : [];
  if (keptOf.get(tdb) !== kept || kept.revision !== from) return;
  for (const caught of inputs)
    kept.sessions.get(caught.entry.scheduledSessionId)?.entries.set(caught.entry.participantId, caught);
  kept.revision = to.value;
  kept.content = to.content;
}

/**
 * Where values read from committed data at `revision` (read before them) go: what is kept if it is
 * at that revision, a new empty store if the revision is newer, null if the read is older.
 */
function keepAt(tdb: TenantDb, revision: Revision): Kept | null {
  const kept = keptOf.get(tdb);
  if (kept && kept.revision === revision.value) return kept;
  if (kept && kept.revision > revision.value) return null;
  const fresh: Kept = { revision: revision.value, content: revision.content, sessions: new Map(), plans: new Map() };
  keptOf.set(tdb, fresh);
  return fresh;
}

/**
 * Where values read through `reader` at `revision` may be kept at once, or null: what is kept,
 * caught up if it can be (currentKept), else as keepAt. Inside a write transaction only when the
 * transaction holds no uncommitted change that moved the revision (its revision is the committed
 * one), so what it reads is committed data.
 */
async function keepable(tdb: TenantDb, reader: Reader, revision: Revision): Promise<Kept | null> {
  const kept = await currentKept(tdb, reader, revision);
  if (kept) return kept;
  if (!isTransaction(tdb, reader)) return keepAt(tdb, revision);
  return (await sharedRevision(tdb)).value === revision.value ? keepAt(tdb, revision) : null;
}

/** A change the gateway's own write made to what is kept: entries' new states, or a session to read again. */
export type KeptChange =
  { session: SessionRow; entries: readonly EntryInputs[]; whole: boolean } | { drop: string /* session id */ };

/**
 * After a gateway write has committed. `from` and `to` are the revisions its transaction read
 * before and after its own rows: between them the database changed by exactly those rows. So what
 * was kept at `from` is exact at `to` once `changes` (the new states of everything it wrote) are
 * applied. Kept at an older revision that only live changes separate from `from`, it is left as it
 * is: its next catch-up reads this write's entries with the others' (they are stamped). Kept at any
 * other revision, nothing can be carried: the changes then start a store of their own at `to`,
 * unless something newer is kept already. Only the gateway calls this.
 */
export function advanceKept(tdb: TenantDb, from: Revision, to: Revision, changes: readonly KeptChange[]): void {
  noteRevision(tdb, to); // the next planned group plans at it, at least (ADR 0051)
  const current = keptOf.get(tdb);
  let kept: Kept | null;
  if (current && current.revision === from.value) {
    current.revision = to.value;
    current.content = to.content;
    kept = current;
  } else if (current && current.revision < from.value && from.content <= current.revision) return;
  else kept = keepAt(tdb, to);
  if (!kept) return;
  for (const change of changes) {
    if ("drop" in change) {
      kept.sessions.delete(change.drop);
      continue;
    }
    keepSession(kept, to.value, change.session, change.entries, change.whole);
  }
}

/**
 * Keeps a session's entries read at `revision`, if what is kept is still at that revision: a read
 * that overlapped a gateway's write must not put older rows into a store carried past them.
 */
function keepSession(
  kept: Kept,
  revision: number,
  session: SessionRow,
  entries: readonly EntryInputs[],
  whole: boolean,
): void {
  if (kept.revision !== revision) return;
  let known = kept.sessions.get(session.id);
  if (!known || whole) {
    if (!known && kept.sessions.size >= SESSIONS_KEPT) kept.sessions.clear();
    known = { session, entries: new Map(), whole };
    kept.sessions.set(session.id, known);
  }
  known.session = session;
  for (const inputs of entries) known.entries.set(inputs.entry.participantId, inputs);
}

/** The entry's inputs, with answers empty, from what entriesFacts read. */
const inputsOf = (
  entry: EntryRow,
  facts: { live: LiveData; extraTimePercent: number; assessmentComplete: boolean },
): EntryInputs => ({
  entry,
  live: { progress: facts.live.progress, overrides: facts.live.overrides, answers: [] },
  extraTimePercent: facts.extraTimePercent,
  assessmentComplete: facts.assessmentComplete,
});

// After a change by another writer (a content edit, another app process's staff action) every
// participant's screen asks for its state at once: the first of them reads the whole session in a
// handful of queries for everyone, the others wait for that read (one per session and revision).
const sessionReads = new Map<string, Promise<void>>();

async function wholeSessionRead(tdb: TenantDb, reader: Reader, sessionId: string, revision: Revision): Promise<void> {
  const key = `${tdb.slug}\n${sessionId}\n${revision.value}`;
  let read = sessionReads.get(key);
  if (!read) {
    read = readWholeSession(tdb, reader, sessionId, revision)
      .catch(() => undefined) // NOT_FOUND and the like: the caller's own read says so
      .finally(() => sessionReads.delete(key));
    sessionReads.set(key, read);
  }
  await read;
}

async function readWholeSession(tdb: TenantDb, reader: Reader, sessionId: string, revision: Revision): Promise<void> {
  const kept = await keepable(tdb, reader, revision);
  if (!kept) return; // a transaction's own changes: its caller reads what it needs in it
  if (kept.sessions.get(sessionId)?.whole) return; // caught up meanwhile (keepable)
  const session = await findSession(reader, sessionId);
  const rows = await entriesOfSession(reader, session.id);
  const facts = await entriesFacts(reader, rows);
  keepSession(
    kept,
    revision.value,
    session,
    rows.map((entry) => inputsOf(entry, facts.get(entry.id)!)),
    true,
  );
}

/**
 * The session's plan at `revision`: kept per template, read (and kept when it can be) on a miss.
 * The session's own options come from its row. A plan depends on content only, so a catch-up past
 * live changes keeps it.
 */
export async function planAt(tdb: TenantDb, reader: Reader, revision: Revision, session: SessionRow): Promise<RunPlan> {
  const kept = await keepable(tdb, reader, revision);
  if (!kept) {
    const newer = readable(tdb, reader, revision)?.plans.get(session.sessionTemplateId);
    return planOf(session, await (newer ?? loadTemplatePlan(reader, session.sessionTemplateId)));
  }
  let plan = kept.plans.get(session.sessionTemplateId);
  if (!plan) {
    if (kept.plans.size >= PLANS_KEPT) kept.plans.clear();
    plan = loadTemplatePlan(reader, session.sessionTemplateId);
    kept.plans.set(session.sessionTemplateId, plan);
    const failed = plan;
    failed.catch(
      () => kept.plans.get(session.sessionTemplateId) === failed && kept.plans.delete(session.sessionTemplateId),
    );
  }
  return planOf(session, await plan);
}

/**
 * The participant's session, plan and entry state at `now`, without answers, as `reader` sees them
 * (a write transaction, or the database). `revision` is the one `reader` sees, when the caller read
 * it already. `unkept`: the state as read inside a transaction that could not keep it; the gateway
 * keeps it once its write has committed. The entry's `rev` and `updatedAt` may be behind: read them
 * where they matter. Throws NOT_FOUND like findSession / findEntryOf.
 */
export async function liveEntryState(
  tdb: TenantDb,
  reader: Reader,
  sessionId: string,
  participantId: string,
  now: Date,
  knownRevision?: Revision,
): Promise<{ plan: RunPlan; state: EntryState; revision: Revision; unkept: KeptChange | null }> {
  const revision = knownRevision ?? (await (isTransaction(tdb, reader) ? readRevision(reader) : sharedRevision(tdb)));
  const entryOf = () => readable(tdb, reader, revision)?.sessions.get(sessionId);
  await currentKept(tdb, reader, revision);
  let session = entryOf();
  let inputs = session?.entries.get(participantId);
  if (!inputs && !session?.whole) {
    await wholeSessionRead(tdb, reader, sessionId, revision);
    session = entryOf();
    inputs = session?.entries.get(participantId);
  }
  let unkept: KeptChange | null = null;
  let sessionRow = session?.session;
  if (!inputs || !sessionRow) {
    sessionRow = await findSession(reader, sessionId);
    const entry = await findEntryOf(reader, sessionRow.id, participantId);
    inputs = inputsOf(entry, (await entriesFacts(reader, [entry])).get(entry.id)!);
    const change = { session: sessionRow, entries: [inputs], whole: false };
    const kept = await keepable(tdb, reader, revision);
    if (kept) keepSession(kept, revision.value, sessionRow, change.entries, false);
    else unkept = change;
  }
  const plan = await planAt(tdb, reader, revision, sessionRow);
  const state = stateOf(plan, inputs.entry, inputs.live, inputs.extraTimePercent, inputs.assessmentComplete, now);
  return { plan, state, revision, unkept };
}

/**
 * Every entry's inputs for a staff screen or action: from what is kept at `revision` where it can,
 * after one shared whole-session read if some are missing, and from `reader` for any left.
 */
export async function sessionEntryInputs(
  tdb: TenantDb,
  reader: Reader,
  sessionId: string,
  rows: readonly EntryRow[],
  revision: Revision,
): Promise<Map<string, EntryInputs>> {
  const inputs = new Map<string, EntryInputs>();
  await currentKept(tdb, reader, revision);
  const fromKept = (row: EntryRow) => {
    const value = readable(tdb, reader, revision)?.sessions.get(sessionId)?.entries.get(row.participantId);
    if (value) inputs.set(row.id, { ...value, entry: row });
    return !!value;
  };
  let missing = rows.filter((row) => !fromKept(row));
  // Mostly missing: reading the whole session (and keeping it) costs no more.
  if (missing.length * 4 > rows.length) {
    await wholeSessionRead(tdb, reader, sessionId, revision);
    missing = missing.filter((row) => !fromKept(row));
  }
  if (missing.length > 0) {
    const facts = await entriesFacts(reader, missing);
    for (const row of missing) inputs.set(row.id, inputsOf(row, facts.get(row.id)!));
  }
  return inputs;
}

/**
 * The entries of a session as kept at `revision` as `reader` sees it (caught up past live changes
 * if need be), when every one of them is: a staff action then reads none, or only the changed ones.
 */
export async function keptSessionEntries(
  tdb: TenantDb,
  reader: Reader,
  sessionId: string,
  revision: Revision,
): Promise<EntryInputs[] | null> {
  const session = (await currentKept(tdb, reader, revision))?.sessions.get(sessionId);
  return session?.whole ? [...session.entries.values()] : null;
}
