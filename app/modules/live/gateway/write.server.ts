import type { TenantDb, TenantTx } from "~db/tenant/client";
import { readRevision, type Revision } from "~db/tenant/revision";
import { AppError } from "~/lib/app-error";
import type { LiveEvent } from "../events.server";
import type { LivePatch } from "../live-patch";
import { advanceKept, liveEntryState, type EntryInputs, type KeptChange } from "../live-state.server";
import { stateOf, type EntryRow, type EntryState, type RunPlan, type SessionRow } from "../plan.server";
import type { OverrideRow } from "../progress.server";
import { loadLiveData } from "../store.server";
import { screenView } from "../screen-view.server";

// How every write of the live gateway (../gateway.server.ts) runs, and what its writes share. Each
// write runs in one transaction, reads the database's revision before and after its own rows, and
// once committed carries what is kept forward with the states it wrote (liveWrite): the next save
// or screen of any participant reads nothing, while another process's change, which moves the
// revision, is never taken for this one's.

/** What a live write answers, and the new states of what it wrote (live-state.server.ts's KeptChange). */
export type Done<T> = { value: T; keep?: KeptChange[] };

/**
 * Where a live write waits: `queued` behind every write before it; `first` before the writes still
 * waiting (tdb.writeFirst, ADR 0045), for a staff action whose effect does not depend on the saves
 * waiting with it: a pause, a resume, an extension, a help answered, an unlock of participants who
 * wait (they have no question open, so none of their saves can be on one).
 */
export type Lane = "queued" | "first";

/**
 * A write of live rows. `work` gets the revision its transaction sees before it writes; what it
 * returns to keep (the new states of every entry it changed, or a session to read again) is applied
 * to the kept state after the commit, from that revision to the one read after its rows.
 */
export async function liveWrite<T>(
  tdb: TenantDb,
  lane: Lane,
  work: (tx: TenantTx, revision: Revision) => Promise<Done<T>>,
): Promise<T> {
  const bracket: { from?: Revision; to?: Revision; keep?: KeptChange[] } = {};
  const write = lane === "first" ? tdb.writeFirst : tdb.write;
  const value = await write(async (tx) => {
    const from = await readRevision(tx);
    const done = await work(tx, from);
    if (done.keep?.length) Object.assign(bracket, { from, to: await readRevision(tx), keep: done.keep });
    return done.value;
  });
  // Committed, and no other code ran since: carry what is kept forward. The stores that read no
  // live row need no carrying: the content revision says whether they still hold (ADR 0047).
  if (bracket.keep) advanceKept(tdb, bracket.from!, bracket.to!, bracket.keep);
  return value;
}

/** `live`: what changed on the participant's screen, when the event can carry it (live-patch.ts). */
export const entryEvent = (entry: EntryRow, revision: number, reason: string, live?: LivePatch): LiveEvent => ({
  type: "entry.changed",
  participantId: entry.participantId,
  payload: { participantId: entry.participantId, revision, reason, ...(live ? { live } : {}) },
});

/**
 * A participant's new screen state for the write's room event: what myLiveSession would answer
 * after it, but for the answers, which the write did not change (the screen keeps its own). The
 * screen shows it without asking the app again (ADR 0048).
 */
export function carriedView(plan: RunPlan, state: EntryState, revision: number, now: Date) {
  const { answers: _unchanged, ...view } = screenView(
    plan,
    { ...state, entry: { ...state.entry, rev: revision } },
    now,
  );
  return view;
}

/** The entry's inputs once `row` is appended to its overrides (what the write just wrote). */
export function withOverride(input: EntryInputs, row: OverrideRow): EntryInputs {
  const override = {
    overrideType: row.overrideType,
    datetime: row.datetime,
    evaluation: row.evaluation ?? null,
    question: row.question ?? null,
    value: { numericValue: row.numericValue ?? null, textValue: row.textValue ?? null },
  };
  return { ...input, live: { ...input.live, overrides: [...input.live.overrides, override] } };
}

/** The entries' inputs with their progress as the transaction now sees it (after opening sections). */
export async function withProgressRead(tx: TenantTx, inputs: readonly EntryInputs[]): Promise<EntryInputs[]> {
  if (inputs.length === 0) return [];
  const read = await loadLiveData(
    tx,
    inputs.map((i) => i.entry.id),
    { answers: false, overrides: false },
  );
  return inputs.map((i) => ({ ...i, live: { ...i.live, progress: read.get(i.entry.id)!.progress } }));
}

export const stateOfInputs = (plan: RunPlan, input: EntryInputs, now: Date): EntryState =>
  stateOf(plan, input.entry, input.live, input.extraTimePercent, input.assessmentComplete, now);

/** What a participant's own write keeps: its new state, or what was read of it in the transaction. */
export const ownKeep = (session: SessionRow, inputs: EntryInputs): KeptChange[] => [
  { session, entries: [inputs], whole: false },
];

export const inputsOfState = (state: EntryState): EntryInputs => ({
  entry: state.entry,
  live: { ...state.live, answers: [] },
  extraTimePercent: state.facts.extraTimePercent,
  assessmentComplete: state.facts.assessmentComplete ?? false,
});

/** The participant's entry in a running session, with the session's plan and the entry's live state (without answers). */
export async function ongoingStateOf(
  tdb: TenantDb,
  tx: TenantTx,
  sessionId: string,
  participantId: string,
  now: Date,
  revision: Revision,
) {
  const { plan, state } = await liveEntryState(tdb, tx, sessionId, participantId, now, revision);
  const { session } = plan;
  if (session.status !== "ONGOING")
    throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
  return { session, entry: state.entry, plan, state };
}
