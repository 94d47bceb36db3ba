import type { InStatement } from "@libsql/client";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { TenantDb } from "~db/tenant/client";
import { PLAN_AGAIN, type PlannedKind } from "~db/tenant/planned-write";
import { preparedStatement } from "~db/tenant/prepared";
import { entryUnchangedSince, REVISION_READ, revisionOf } from "~db/tenant/revision";
import { liveProgress } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { isHelpRequested } from "../clock";
import type { LiveEvent } from "../events.server";
import { advanceKept, liveEntryState, type KeptChange } from "../live-state.server";
import type { EntryState, RunPlan } from "../plan.server";
import { appendOverride, bumpEntry, closeOpenSections, openSectionRows, type OverrideRow } from "../progress.server";
import { nextSectionIn, openSection } from "../status";
import { WHOLE_EVALUATION } from "../store.server";
import { AUDIT_ROW_LENGTH, insertAuditRowsFrom, type AuditOrigin } from "~/modules/audit/index.server";
import { auditInputsChanged, inputsChangedAuditRows } from "../audit-trail.server";
import {
  liveWrite,
  entryEvent,
  carriedView,
  withOverride,
  withProgressRead,
  ownKeep,
  inputsOfState,
  ongoingStateOf,
} from "./write.server";
import { asPlanned, plannedBumpsOf } from "./planned-sql.server";

// The live gateway's writes of a participant's move to their next section (planned, ADR 0049) and of
// their help request.
//
// On a libSQL server every statement of a transaction is a request, all of them while the
// organisation's write lock is held. A move in a transaction was about a dozen of them; moves come
// in bursts (a room finishes its question at about the same time), and a group of them held the
// lock for hundreds of milliseconds while the other app process's saves waited (docs/benchmarks.md).
// Planned, a group's moves are statements of the group's one batch, each written only while nothing
// its plan read has changed (entryUnchangedSince). Those that do not stamp the entry go first (its
// audit entry, its revision); then, per move, the close of its open section, which stamps it, and
// the open of the next, written only when that close just was (`changes()`: the rows the statement
// before changed, triggers' rows not counted).

/** A move's audit entries; each row is the entry's, then the moving entry's id. */
const plannedMoveAudits = preparedStatement((db) =>
  insertAuditRowsFrom(db, sql.placeholder("audits"), asPlanned(AUDIT_ROW_LENGTH)),
);

/** Each moving entry's revision, once; answers the entries moved, which are the moves written. */
const plannedMoveBumps = plannedBumpsOf("entries", asPlanned);

/** Ends the moving entry's open section. */
const plannedClose = preparedStatement((db) =>
  db
    .update(liveProgress)
    .set({ sectionEnd: sql.placeholder("at") as unknown as Date })
    .where(
      and(
        eq(liveProgress.entryId, sql.placeholder("entry")),
        isNull(liveProgress.sectionEnd),
        entryUnchangedSince(
          sql`${sql.placeholder("entry")}`,
          sql.placeholder("atRevision"),
          sql.placeholder("atContent"),
        ),
      ),
    ),
);

/** Opens its next section (entered again: its clock restarts), only when the close before it ended one. */
const plannedOpen = preparedStatement((db) =>
  db
    .insert(liveProgress)
    .select(
      sql`SELECT ${sql.placeholder("entry")}, ${sql.placeholder("evaluation")}, ${sql.placeholder("question")}, ${sql.placeholder("at")}, NULL WHERE changes() > 0`,
    )
    .onConflictDoUpdate({
      target: [liveProgress.entryId, liveProgress.evaluationId, liveProgress.questionId],
      set: { sectionStart: sql`excluded.section_start`, sectionEnd: sql`NULL` },
    }),
);

type MoveItem = {
  tdb: TenantDb;
  sessionId: string;
  participantId: string;
  evaluationId: string;
  questionId: string | null;
  origin: AuditOrigin | undefined;
};

/** A move worked out from the participant's kept state at the group's revision. */
function moveFromState(plan: RunPlan, state: EntryState, item: MoveItem, now: Date) {
  const section = openSection(state.live.progress);
  const wanted = plan.options.allQuestionsInEvaluationShownByDefault ? null : (item.questionId ?? null);
  if (!section || section.evaluation !== item.evaluationId || section.question !== wanted) return null;
  // As the transaction writes it: every open section ended now, then the next one opened.
  const closed = state.live.progress.map((p) => (p.sectionEnd === null ? { ...p, sectionEnd: now } : p));
  const next = nextSectionIn({ ...state.facts, progress: closed }, item.evaluationId);
  const progress =
    next === undefined
      ? closed
      : [
          ...closed.filter((p) => !(p.evaluation === item.evaluationId && p.question === next)),
          { evaluation: item.evaluationId, question: next, sectionStart: now, sectionEnd: null },
        ];
  const before = inputsOfState(state);
  return { before, after: { ...before, live: { ...before.live, progress } }, next };
}

/**
 * Moves planned at `revision` from the participants' kept states. A move is answered null, and
 * takes the transaction's path, for anything else: a refusal, a retry of a move already made, a
 * second move of the same participant in the group, or a move the batch refused twice (a change of
 * the participant since the revision: refused once, it is planned again, PLAN_AGAIN).
 */
const plannedMoves: PlannedKind<MoveItem, { event: LiveEvent }> = {
  async plan(revision, items) {
    const now = new Date();
    const found = await Promise.all(
      items.map((item) =>
        liveEntryState(item.tdb, item.tdb.db, item.sessionId, item.participantId, now, revision).catch(() => null),
      ),
    );
    const seen = new Set<string>();
    const moves = items.map((item, i) => {
      const at = found[i];
      if (!at || at.plan.session.status !== "ONGOING" || seen.has(at.state.entry.id)) return null;
      const move = moveFromState(at.plan, at.state, item, now);
      if (!move) return null;
      seen.add(at.state.entry.id);
      const audit = inputsChangedAuditRows(item.origin, at.plan, "FINISH_SECTION", [move], now);
      return { ...move, evaluationId: item.evaluationId, plan: at.plan, entry: at.state.entry, audit };
    });
    const taken = moves.filter((m) => m !== null);
    if (taken.length === 0) return { statements: [], finish: () => items.map(() => null) };
    const tdb = items[0]!.tdb;
    const at = { atRevision: revision.value, atContent: revision.content };
    const statements: InStatement[] = [
      { sql: REVISION_READ, args: [] },
      plannedMoveAudits(tdb, {
        ...at,
        audits: JSON.stringify(taken.flatMap((m) => m.audit.rows.map((row) => [...row, m.entry.id]))),
      }),
      plannedMoveBumps(tdb, { ...at, at: now, entries: JSON.stringify(taken.map((m) => [m.entry.id])) }),
    ];
    for (const m of taken) {
      statements.push(plannedClose(tdb, { ...at, entry: m.entry.id, at: now }));
      if (m.next !== undefined)
        statements.push(
          plannedOpen(tdb, {
            entry: m.entry.id,
            evaluation: m.evaluationId,
            question: m.next ?? WHOLE_EVALUATION,
            at: liveProgress.sectionStart.mapToDriverValue(now),
          }),
        );
    }
    statements.push({ sql: REVISION_READ, args: [] });
    return {
      statements,
      finish: (results) => {
        const moved = new Map(results[2]!.rows.map((row) => [String(row[0]), Number(row[1])]));
        const keep: KeptChange[] = [];
        const answers = moves.map((m) => {
          const rev = m ? moved.get(m.entry.id) : undefined;
          if (!m) return null;
          if (rev === undefined) return PLAN_AGAIN; // the participant changed since the revision
          keep.push(...ownKeep(m.plan.session, m.after));
          const event = entryEvent(m.entry, rev, m.next !== undefined ? "next-question" : "evaluation-finished");
          event.payload.view = carriedView(m.plan, m.audit.afterStates.get(m.entry.id)!, rev, now);
          return { event };
        });
        // Committed, and no other code ran since: between the batch's two reads of the revision,
        // the database changed by exactly these moves.
        if (keep.length) advanceKept(tdb, revisionOf(results[0]!), revisionOf(results.at(-1)!), keep);
        return answers;
      },
    };
  },
};

/**
 * Ends the participant's current section and opens the next one of the evaluation; after the last
 * they wait until staff unlock the next. Finishing a section that is already finished is
 * acknowledged without change (a retry): null.
 */
export async function writeFinishSection(
  tdb: TenantDb,
  sessionId: string,
  participantId: string,
  evaluationId: string,
  questionId: string | null,
  origin?: AuditOrigin,
): Promise<LiveEvent | null> {
  const item = { tdb, sessionId, participantId, evaluationId, questionId, origin };
  const planned = await tdb.planned(plannedMoves, item);
  return planned ? planned.event : finishSectionInTransaction(item);
}

/** A move in the tenant's write transaction: every case, with its checks and refusals. */
function finishSectionInTransaction({
  tdb,
  sessionId,
  participantId,
  evaluationId,
  questionId,
  origin,
}: MoveItem): Promise<LiveEvent | null> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const now = new Date();
    const { session, entry, plan, state } = await ongoingStateOf(tdb, tx, sessionId, participantId, now, revision);
    const section = openSection(state.live.progress);
    const whole = plan.options.allQuestionsInEvaluationShownByDefault;
    const wanted = whole ? null : (questionId ?? null);
    const matches = !!section && section.evaluation === evaluationId && section.question === wanted;
    if (!matches) {
      const done = state.live.progress.some(
        (p) => p.evaluation === evaluationId && p.question === wanted && p.sectionEnd !== null,
      );
      if (done) return { value: null };
      throw new AppError("BAD_REQUEST", "live_question_not_current");
    }
    const after = {
      ...state.facts,
      progress: state.live.progress.map((p) => (p === section ? { ...p, sectionEnd: now } : p)),
    };
    const next = nextSectionIn(after, evaluationId);
    if (next !== undefined)
      await openSectionRows(tx, [{ entryId: entry.id, evaluation: evaluationId, question: next }], now);
    else await closeOpenSections(tx, [entry.id], now);
    const rev = await bumpEntry(tx, entry, now);
    const [moved] = await withProgressRead(tx, [inputsOfState(state)]);
    const states = await auditInputsChanged(
      tx,
      origin,
      plan,
      "FINISH_SECTION",
      [{ before: inputsOfState(state), after: moved! }],
      now,
    );
    const event = entryEvent(entry, rev, next !== undefined ? "next-question" : "evaluation-finished");
    // The participant's other screens (and this one, should the event come before the answer) show it without asking.
    event.payload.view = carriedView(plan, states.get(entry.id)!, rev, now);
    return { value: event, keep: ownKeep(session, moved!) };
  });
}

/** A HELP_REQUEST override (auto-pauses the clock when the session says so); none while one is open. */
export function writeHelpRequest(
  tdb: TenantDb,
  sessionId: string,
  participantId: string,
  origin?: AuditOrigin,
): Promise<LiveEvent[]> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const now = new Date();
    const { session, entry, plan, state } = await ongoingStateOf(tdb, tx, sessionId, participantId, now, revision);
    if (isHelpRequested(state.live.overrides, now)) return { value: [] };
    const override: OverrideRow = {
      overrideType: "HELP_REQUEST",
      datetime: now,
      evaluation: state.current?.evaluation,
      question: state.current?.question,
    };
    await appendOverride(tx, entry.id, override);
    const change = { before: inputsOfState(state), after: withOverride(inputsOfState(state), override) };
    await auditInputsChanged(tx, origin, plan, "HELP_REQUEST", [change], now);
    const rev = await bumpEntry(tx, entry, now);
    const event: LiveEvent = {
      type: "help.requested",
      participantId,
      payload: {
        participantId,
        revision: rev,
        evaluation: state.current?.evaluation ?? null,
        question: state.current?.question ?? null,
      },
    };
    return { value: [event], keep: ownKeep(session, withOverride(inputsOfState(state), override)) };
  });
}
