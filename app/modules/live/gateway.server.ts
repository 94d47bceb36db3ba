import type { InStatement } from "@libsql/client";
import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import type { TenantDb, TenantTx } from "~db/tenant/client";
import { PLAN_AGAIN, type PlannedKind } from "~db/tenant/planned-write";
import { preparedStatement, preparedWrite } from "~db/tenant/prepared";
import { entryUnchangedSince, readRevision, REVISION_READ, revisionOf, type Revision } from "~db/tenant/revision";
import {
  liveAnswers,
  liveProgress,
  scheduledSessionParticipantEntries as entries,
  scheduledSessions,
  type StoredAnswer,
} from "~db/tenant/schema";
import { AppError, badRequest, type FieldErrors } from "~/lib/app-error";
import { fieldError } from "~/lib/parse-input";
import { assertStatusTransition } from "~/modules/scheduling";
import { parseParticipantAnswer } from "./answers";
import { isHelpRequested, isSessionPaused } from "./clock";
import type { LiveEvent } from "./events.server";
import { screenClockOf, type LivePatch } from "./live-patch";
import {
  advanceKept,
  keptSessionEntries,
  liveEntryState,
  planAt,
  sessionEntryInputs,
  type EntryInputs,
  type KeptChange,
} from "./live-state.server";
import { entriesOfSession, entryStates, findSession, stateOf } from "./plan.server";
import type { EntryRow, EntryState, RunPlan } from "./plan.server";
import type { SessionRow } from "./plan.server";
import {
  appendOverride,
  appendOverrides,
  bumpEntries,
  bumpEntry,
  closeOpenSections,
  openSectionRows,
  type OverrideRow,
} from "./progress.server";
import { nextEvaluation, nextSectionIn, openSection } from "./status";
import { outsideAnswerTime } from "./answer-time.server";
import { entryRevisionOf, loadLiveData, WHOLE_EVALUATION } from "./store.server";
import { screenView } from "./screen-view.server";
import { AUDIT_ROW_LENGTH, insertAuditRowsFrom, systemOrigin, type AuditOrigin } from "~/modules/audit/index.server";
import {
  answerSaveAuditRow,
  auditAnswerSave,
  auditInputsChanged,
  auditSessionStatus,
  inputsChangedAuditRows,
} from "./audit-trail.server";

// The live gateway: the only code that writes live rows (answers, progress, overrides, entries'
// live fields, a session's start and end), and the owner of the live state kept in memory
// (live-state.server.ts). Each write runs in one transaction, reads the database's revision before
// and after its own rows, and once committed carries what is kept forward with the states it wrote
// (liveWrite): the next save or screen of any participant reads nothing, while another process's
// change, which moves the revision, is never taken for this one's. Callers (participant.server.ts,
// run.server.ts, outage.server.ts) check permissions and inputs, and publish the events.

/** A save this long after the deadline still counts as in time: the client submits at time-up and the network takes a moment. */
export const LATE_GRACE_MS = 5_000;

/** What a live write answers, and the new states of what it wrote (live-state.server.ts's KeptChange). */
type Done<T> = { value: T; keep?: KeptChange[] };

/**
 * Where a live write waits: `queued` behind every write before it; `first` before the writes still
 * waiting (tdb.writeFirst, ADR 0045), for a staff action whose effect does not depend on the saves
 * waiting with it: a pause, a resume, an extension, a help answered, an unlock of participants who
 * wait (they have no question open, so none of their saves can be on one).
 */
type Lane = "queued" | "first";

/**
 * A write of live rows. `work` gets the revision its transaction sees before it writes; what it
 * returns to keep (the new states of every entry it changed, or a session to read again) is applied
 * to the kept state after the commit, from that revision to the one read after its rows.
 */
async function liveWrite<T>(
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
const entryEvent = (entry: EntryRow, revision: number, reason: string, live?: LivePatch): LiveEvent => ({
  type: "entry.changed",
  participantId: entry.participantId,
  payload: { participantId: entry.participantId, revision, reason, ...(live ? { live } : {}) },
});

/**
 * A participant's new screen state for the write's room event: what myLiveSession would answer
 * after it, but for the answers, which the write did not change (the screen keeps its own). The
 * screen shows it without asking the app again (ADR 0048).
 */
function carriedView(plan: RunPlan, state: EntryState, revision: number, now: Date) {
  const { answers: _unchanged, ...view } = screenView(
    plan,
    { ...state, entry: { ...state.entry, rev: revision } },
    now,
  );
  return view;
}

/** The entry's inputs once `row` is appended to its overrides (what the write just wrote). */
function withOverride(input: EntryInputs, row: OverrideRow): EntryInputs {
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
async function withProgressRead(tx: TenantTx, inputs: readonly EntryInputs[]): Promise<EntryInputs[]> {
  if (inputs.length === 0) return [];
  const read = await loadLiveData(
    tx,
    inputs.map((i) => i.entry.id),
    { answers: false, overrides: false },
  );
  return inputs.map((i) => ({ ...i, live: { ...i.live, progress: read.get(i.entry.id)!.progress } }));
}

const stateOfInputs = (plan: RunPlan, input: EntryInputs, now: Date): EntryState =>
  stateOf(plan, input.entry, input.live, input.extraTimePercent, input.assessmentComplete, now);

/** What a participant's own write keeps: its new state, or what was read of it in the transaction. */
const ownKeep = (session: SessionRow, inputs: EntryInputs): KeptChange[] => [
  { session, entries: [inputs], whole: false },
];

const inputsOfState = (state: EntryState): EntryInputs => ({
  entry: state.entry,
  live: { ...state.live, answers: [] },
  extraTimePercent: state.facts.extraTimePercent,
  assessmentComplete: state.facts.assessmentComplete ?? false,
});

// ---- The participant's own writes ----

export type AnswerInput = {
  scheduledSession: string;
  evaluation: string;
  question: string;
  stepIndex: number;
  answer: Record<string, unknown>;
  revision: number;
};

export type SaveAnswerResult = {
  revision: number;
  late: boolean;
  savedAt: Date;
  receivedAt: Date | null;
  stored: boolean;
  entryRevision: number;
};

type AnswerKey = "entryId" | "evaluationId" | "questionId" | "stepIndex";
type AnswerRef = Pick<typeof liveAnswers.$inferInsert, AnswerKey>;
type AnswerWrite = Omit<typeof liveAnswers.$inferInsert, AnswerKey>;

/**
 * The one upsert of an answer, in time or late: the columns in `row` are written, and only a higher
 * revision replaces what is stored (else no row is returned, and what is stored answers).
 */
function answerUpsert(tx: TenantTx, ref: AnswerRef, row: AnswerWrite) {
  const set = Object.fromEntries(
    Object.keys(row).map((key) => [key, sql`excluded.${sql.identifier(liveAnswers[key as keyof AnswerWrite].name)}`]),
  );
  return tx
    .insert(liveAnswers)
    .values({ ...ref, ...row })
    .onConflictDoUpdate({
      target: [liveAnswers.entryId, liveAnswers.evaluationId, liveAnswers.questionId, liveAnswers.stepIndex],
      set,
      setWhere: sql`${liveAnswers.revision} < excluded.revision`,
    })
    .returning({ revision: liveAnswers.revision });
}

const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;

/** The upsert of an answer in time, the statement a full room runs most (ADR 0024). An answer in time keeps no in-time copy beside it. */
const inTimeUpsert = preparedWrite((tx) =>
  answerUpsert(
    tx,
    {
      entryId: placeholder("entryId"),
      evaluationId: placeholder("evaluationId"),
      questionId: placeholder("questionId"),
      stepIndex: placeholder("stepIndex"),
    },
    {
      answer: placeholder("answer"),
      revision: placeholder("revision"),
      savedAt: placeholder("savedAt"),
      late: false,
      receivedAt: null,
      inTimeAnswer: null,
      inTimeRevision: null,
    },
  ),
);

// ---- Answers saved in time, planned (ADR 0039, ADR 0046) ----
// A group's saves are three statements whatever their number, each over one JSON array of the
// saves, [entry, evaluation, question, step, revision, answer JSON, saved at ms] a row: the audit
// entries, the entries' bumps and the upserts. Each writes a save only while nothing its plan read
// has changed since the group's revision: no content, and no live change of its own participant
// (asPlanned; another participant's move does not count, ADR 0047). The first two go before the
// upsert and write for exactly the saves it will write (savePlanned): nothing stored for their step
// at their revision or a later one. None of the three moves the revision or a stamp (UNCOUNTED in
// revision.ts), so that holds for all.

const savesJson = sql.placeholder("saves");
const field = (at: number) => sql.raw(`json_extract(j.value, '$[${at}]')`);
/** Whether the participant of the save at positions `at`… is as the group was planned (ADR 0047). */
const asPlanned = (at: number) =>
  entryUnchangedSince(field(at), sql.placeholder("atRevision"), sql.placeholder("atContent"));

/** Whether the upsert will write the save at positions `at`… of `j.value`. */
const savePlanned = (at: number) =>
  sql`${asPlanned(at)} AND NOT EXISTS (SELECT 1 FROM ${liveAnswers} WHERE ${liveAnswers.entryId} = ${field(at)}
    AND ${liveAnswers.evaluationId} = ${field(at + 1)} AND ${liveAnswers.questionId} = ${field(at + 2)}
    AND ${liveAnswers.stepIndex} = ${field(at + 3)} AND ${liveAnswers.revision} >= ${field(at + 4)})`;

/** The audit entries of the saves the upsert will write; each row is the entry, then the save's row. */
const plannedSaveAudits = preparedStatement((db) =>
  insertAuditRowsFrom(db, sql.placeholder("audits"), savePlanned(AUDIT_ROW_LENGTH)),
);

/**
 * A planned write's bumps: each entry of the JSON array placeholder `rows` (its id first in a row)
 * for which `planned` holds moves its revision once, at the placeholder `at`; answers the entries moved.
 */
const plannedBumpsOf = (rows: string, planned: (at: number) => SQL) =>
  preparedStatement((db) =>
    db
      .update(entries)
      .set({ rev: sql`${entries.rev} + 1`, updatedAt: sql.placeholder("at") as unknown as Date })
      .where(
        sql`${entries.id} IN (SELECT ${field(0)} FROM json_each(${sql.placeholder(rows)}) AS j WHERE ${planned(0)})`,
      )
      .returning({ id: entries.id, rev: entries.rev }),
  );

/** Each entry with a save the upsert will write moves its revision once: one change of the entry. */
const plannedBumps = plannedBumpsOf("saves", savePlanned);

/** Every column of an answer saved in time, in the table's order, from its row. */
const inTimeColumns: Record<keyof typeof liveAnswers.$inferInsert, SQL> = {
  entryId: field(0),
  evaluationId: field(1),
  questionId: field(2),
  stepIndex: field(3),
  revision: field(4),
  answer: field(5),
  savedAt: field(6),
  late: sql`0`,
  receivedAt: sql`NULL`,
  inTimeAnswer: sql`NULL`,
  inTimeRevision: sql`NULL`,
};

/** The saves' upsert: only over a lower revision; answers the rows it wrote. */
const plannedUpserts = preparedStatement((db) =>
  db
    .insert(liveAnswers)
    .select(
      sql`SELECT ${sql.join(
        Object.keys(getTableColumns(liveAnswers)).map((key) => inTimeColumns[key as keyof typeof inTimeColumns]),
        sql`, `,
      )} FROM json_each(${savesJson}) AS j WHERE ${asPlanned(0)}`,
    )
    .onConflictDoUpdate({
      target: [liveAnswers.entryId, liveAnswers.evaluationId, liveAnswers.questionId, liveAnswers.stepIndex],
      set: Object.fromEntries(
        (["answer", "revision", "savedAt", "late", "receivedAt", "inTimeAnswer", "inTimeRevision"] as const).map(
          (key) => [key, sql`excluded.${sql.identifier(liveAnswers[key].name)}`],
        ),
      ),
      setWhere: sql`${liveAnswers.revision} < excluded.revision`,
    })
    .returning({
      entryId: liveAnswers.entryId,
      evaluationId: liveAnswers.evaluationId,
      questionId: liveAnswers.questionId,
      stepIndex: liveAnswers.stepIndex,
      revision: liveAnswers.revision,
    }),
);

/**
 * The step a save answers, with its parsed answer, when the participant's open section holds its
 * question and the answer is valid; else null (the transaction's path then says why).
 */
function stepToSave(plan: RunPlan, state: EntryState, data: AnswerInput) {
  const section = openSection(state.live.progress);
  const evaluation = plan.evaluations.get(data.evaluation);
  const onSection =
    !!section &&
    !!evaluation &&
    section.evaluation === data.evaluation &&
    (section.question === null ? evaluation.questionIds.includes(data.question) : section.question === data.question);
  const step = plan.questions.get(data.question)?.steps[data.stepIndex];
  const checked = step ? parseParticipantAnswer(step, data.answer) : null;
  return { onSection, step, checked };
}

const isLate = (state: EntryState) =>
  !!state.clock && state.clock.remainingMs !== null && state.clock.remainingMs < -LATE_GRACE_MS;

type SaveItem = { tdb: TenantDb; participantId: string; data: AnswerInput; origin: AuditOrigin | undefined };

const saveKey = (entryId: string, d: { evaluation: string; question: string; stepIndex: number }) =>
  JSON.stringify([entryId, d.evaluation, d.question, d.stepIndex]);

/**
 * Answers saved in time, planned at `revision` from the participants' kept states (ADR 0039, ADR
 * 0046): the group's three statements above. A save is answered null, and takes the transaction's
 * path, for anything else: a refusal, a late answer, a second save of the same step in the group
 * (it must come after the first, with its own entry), or a save the batch refused twice (a change
 * of the participant or of content since the revision, or a retry): refused once, it is planned
 * again at a fresh revision (PLAN_AGAIN, ADR 0051).
 */
const inTimeSaves: PlannedKind<SaveItem, SaveAnswerResult> = {
  async plan(revision, items) {
    const now = new Date();
    const planned = await Promise.all(
      items.map(async ({ tdb, participantId, data }) => {
        // A refusal (not in the session: NOT_FOUND) is the transaction's path to give, with its checks.
        const found = await liveEntryState(tdb, tdb.db, data.scheduledSession, participantId, now, revision).catch(
          () => null,
        );
        if (!found || found.plan.session.status !== "ONGOING" || isLate(found.state)) return null;
        // Outside a circuit's station time: late, the transaction's path keeps it as such.
        const save = { participant: participantId, evaluation: data.evaluation };
        if (await outsideAnswerTime(tdb.db, found.plan.session, save, now)) return null;
        const { onSection, checked } = stepToSave(found.plan, found.state, data);
        return onSection && checked?.success ? { entryId: found.state.entry.id, answer: checked.data } : null;
      }),
    );
    const keys = new Set<string>();
    const taken = planned.map((p, i) => {
      if (!p) return null;
      const key = saveKey(p.entryId, items[i]!.data);
      if (keys.has(key)) return null;
      keys.add(key);
      return { ...p, key };
    });
    const saves: unknown[] = [];
    const audits: unknown[] = [];
    taken.forEach((t, i) => {
      if (!t) return;
      const { participantId, data, origin } = items[i]!;
      const save = [
        t.entryId,
        data.evaluation,
        data.question,
        data.stepIndex,
        data.revision,
        liveAnswers.answer.mapToDriverValue(t.answer),
        liveAnswers.savedAt.mapToDriverValue(now),
      ];
      saves.push(save);
      const audit = {
        scheduledSession: data.scheduledSession,
        participant: participantId,
        evaluation: data.evaluation,
        question: data.question,
        stepIndex: data.stepIndex,
        revision: data.revision,
        answer: t.answer,
        savedAt: now,
        late: false,
        receivedAt: null,
      };
      audits.push([...answerSaveAuditRow(origin, audit, now), ...save]);
    });
    if (saves.length === 0) return { statements: [], finish: () => items.map(() => null) };
    const tdb = items[0]!.tdb;
    const values = { saves: JSON.stringify(saves), atRevision: revision.value, atContent: revision.content };
    return {
      statements: [
        plannedSaveAudits(tdb, {
          audits: JSON.stringify(audits),
          atRevision: revision.value,
          atContent: revision.content,
        }),
        plannedBumps(tdb, { ...values, at: now }),
        plannedUpserts(tdb, values),
      ],
      finish: ([, bumps, upserts]) => {
        const revisions = new Map(bumps!.rows.map((row) => [String(row[0]), Number(row[1])]));
        const written = new Set(
          upserts!.rows.map((row) =>
            saveKey(String(row[0]), {
              evaluation: String(row[1]),
              question: String(row[2]),
              stepIndex: Number(row[3]),
            }),
          ),
        );
        return taken.map((t, i) => {
          if (!t) return null;
          if (!written.has(t.key)) return PLAN_AGAIN; // a change since its revision, or a retry: planned again
          const entryRevision = revisions.get(t.entryId);
          if (entryRevision === undefined) throw new Error(`No entry ${t.entryId} to bump`);
          return {
            revision: items[i]!.data.revision,
            late: false,
            savedAt: now,
            receivedAt: null,
            stored: true,
            entryRevision,
          };
        });
      },
    };
  },
};

/**
 * Stores one step's answer of the participant (participant.server.ts's saveAnswer checked the
 * input). A higher revision replaces the stored one; an equal or lower one is acknowledged with
 * what is stored (a retry is harmless). After the deadline (plus LATE_GRACE_MS) it is stored with
 * late=true and receivedAt, never discarded. Moves no revision: nothing kept depends on answers.
 */
export async function writeAnswer(
  tdb: TenantDb,
  participantId: string,
  data: AnswerInput,
  origin?: AuditOrigin,
): Promise<SaveAnswerResult> {
  const planned = await tdb.planned(inTimeSaves, { tdb, participantId, data, origin });
  return planned ?? writeAnswerInTransaction(tdb, participantId, data, origin);
}

/** A save in the tenant's write transaction: every case, with its checks and refusals. */
function writeAnswerInTransaction(
  tdb: TenantDb,
  participantId: string,
  data: AnswerInput,
  origin?: AuditOrigin,
): Promise<SaveAnswerResult> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const now = new Date();
    // Not in the session: NOT_FOUND, before anything else is looked at or stored.
    const { plan, state, unkept } = await liveEntryState(tdb, tx, data.scheduledSession, participantId, now, revision);
    const keep = unkept ? [unkept] : undefined;
    const { session } = plan;
    const { entry } = state;
    if (session.status !== "ONGOING")
      throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
    const storedNow = () =>
      tx
        .select()
        .from(liveAnswers)
        .where(
          and(
            eq(liveAnswers.entryId, entry.id),
            eq(liveAnswers.evaluationId, data.evaluation),
            eq(liveAnswers.questionId, data.question),
            eq(liveAnswers.stepIndex, data.stepIndex),
          ),
        )
        .get();
    // What is stored already answers a retry of an equal or older revision, whatever else changed
    // since (the question may have closed): an acknowledged answer is never refused on a retry.
    const acknowledge = async (existing: Awaited<ReturnType<typeof storedNow>>) =>
      existing && existing.revision >= data.revision
        ? {
            revision: existing.revision,
            late: existing.late,
            savedAt: existing.savedAt,
            receivedAt: existing.receivedAt,
            stored: false,
            entryRevision: await entryRevisionOf(tx, entry.id),
          }
        : null;
    const { onSection, step, checked } = stepToSave(plan, state, data);
    if (!onSection || !step || !checked?.success) {
      const retry = await acknowledge(await storedNow());
      if (retry) return { value: retry, keep };
      if (!onSection) throw new AppError("BAD_REQUEST", "live_question_not_current");
      if (!step || !checked) throw badRequest({ stepIndex: { key: "validation:invalid" } });
      const fieldErrors: FieldErrors = {};
      if (!checked.success)
        for (const issue of checked.issues)
          fieldErrors[issue.path ? `answer.${issue.path}` : "answer"] ??= { key: issue.message };
      throw badRequest(fieldErrors);
    }
    const late =
      isLate(state) ||
      (await outsideAnswerTime(tx, session, { participant: participantId, evaluation: data.evaluation }, now));
    // The first late revision over an in-time answer keeps that answer: only it counts unless staff accept the late one.
    // An answer in time (e.g. after staff extended the time) is itself what counts: nothing to keep beside it.
    // Only a late save reads what it replaces first; an answer in time is written straight away.
    let inTime: { inTimeAnswer?: StoredAnswer | null; inTimeRevision?: number | null } = {
      inTimeAnswer: null,
      inTimeRevision: null,
    };
    if (late) {
      const existing = await storedNow();
      const retry = await acknowledge(existing);
      if (retry) return { value: retry, keep };
      inTime = existing && !existing.late ? { inTimeAnswer: existing.answer, inTimeRevision: existing.revision } : {};
    }
    const row = {
      answer: checked.data,
      revision: data.revision,
      savedAt: now,
      late,
      receivedAt: late ? now : null,
      ...inTime,
    };
    const ref = {
      entryId: entry.id,
      evaluationId: data.evaluation,
      questionId: data.question,
      stepIndex: data.stepIndex,
    };
    const written = !late
      ? (await inTimeUpsert(tx, { ...ref, answer: checked.data, revision: data.revision, savedAt: now }))[0]
      : await answerUpsert(tx, ref, row).get();
    if (!written) return { value: (await acknowledge(await storedNow()))!, keep };
    await auditAnswerSave(tx, origin, {
      ...ref,
      scheduledSession: session.id,
      participant: participantId,
      evaluation: data.evaluation,
      question: data.question,
      revision: data.revision,
      answer: checked.data,
      savedAt: now,
      late,
      receivedAt: row.receivedAt,
      replaced: inTime.inTimeRevision
        ? { revision: inTime.inTimeRevision, answer: inTime.inTimeAnswer, late: false }
        : null,
    });
    const entryRevision = await bumpEntry(tx, entry, now);
    return {
      value: { revision: data.revision, late, savedAt: now, receivedAt: row.receivedAt, stored: true, entryRevision },
      keep,
    };
  });
}

/** The participant's entry in a running session, with the session's plan and the entry's live state (without answers). */
async function ongoingStateOf(
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

/** The participant says they are ready (or not): before and during the session; not once it is over. */
export function writeReady(
  tdb: TenantDb,
  sessionId: string,
  participantId: string,
  ready: boolean,
): Promise<LiveEvent | null> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const { plan, state } = await liveEntryState(tdb, tx, sessionId, participantId, new Date(), revision);
    const { session } = plan;
    if (session.status === "COMPLETED" || session.status === "CANCELED")
      throw new AppError("BAD_REQUEST", "live_session_over");
    if (state.entry.ready === ready) return { value: null };
    await tx.update(entries).set({ ready }).where(eq(entries.id, state.entry.id));
    const rev = await bumpEntry(tx, state.entry, new Date());
    return {
      value: entryEvent(state.entry, rev, ready ? "ready" : "not-ready"),
      keep: ownKeep(session, { ...inputsOfState(state), entry: { ...state.entry, ready } }),
    };
  });
}

// ---- A participant's move to their next section, planned (ADR 0049) ----
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
export const plannedMoves: PlannedKind<MoveItem, { event: LiveEvent }> = {
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

// ---- Staff writes ----

function requireOngoing(session: SessionRow): void {
  if (session.status !== "ONGOING")
    throw new AppError("BAD_REQUEST", "live_session_not_ongoing", { values: { status: session.status } });
}

async function setSessionStatus(
  tx: TenantTx,
  session: SessionRow,
  status: SessionRow["status"],
  at: Date,
): Promise<number> {
  assertStatusTransition(session.status, status, { change: true });
  const rev = session.rev + 1;
  await tx.update(scheduledSessions).set({ status, rev, updatedAt: at }).where(eq(scheduledSessions.id, session.id));
  return rev;
}

/**
 * SCHEDULED → ONGOING; every participant's clock starts on their first evaluation. The session is
 * read again by its first screen (one read for all).
 */
export function writeSessionStart(
  tdb: TenantDb,
  sessionId: string,
  origin?: AuditOrigin,
): Promise<{ revision: number; events: LiveEvent[] }> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    const sessionRevision = await setSessionStatus(tx, session, "ONGOING", now);
    await recordWebhookEvent(tx, {
      tenant: tdb.slug,
      event: "SCHEDULED_SESSION_STARTED",
      data: { scheduledSession: session.id, reference: session.reference },
      now,
    });
    const started = { ...session, status: "ONGOING" as const };
    const plan = await planAt(tdb, tx, revision, started);
    // A statement each for all entries (a room of 1,000 was 3,000 statements, 124 ms).
    const states = await entryStates(tx, plan, await entriesOfSession(tx, sessionId), now, { answers: false });
    await tx.update(entries).set({ sessionStart: now }).where(eq(entries.scheduledSessionId, sessionId));
    const sections = states.flatMap((state) => {
      const first = openSection(state.live.progress) ? null : nextEvaluation(state.facts);
      const section = first ? nextSectionIn(state.facts, first) : undefined;
      return first && section !== undefined ? [{ entryId: state.entry.id, evaluation: first, question: section }] : [];
    });
    await openSectionRows(tx, sections, now);
    await auditSessionStatus(tx, origin, sessionId, session.status, "ONGOING", states.length, now);
    const revisions = await bumpEntries(
      tx,
      states.map((state) => state.entry.id),
      now,
    );
    return {
      value: {
        revision: sessionRevision,
        events: states.map((state) => entryEvent(state.entry, revisions.get(state.entry.id)!, "started")),
      },
      keep: [{ drop: sessionId }],
    };
  });
}

/** ONGOING → COMPLETED; open sections end now, answers stay. Answers the session's new revision. */
export function writeSessionComplete(tdb: TenantDb, sessionId: string, origin?: AuditOrigin): Promise<number> {
  return liveWrite(tdb, "queued", async (tx) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    const revision = await setSessionStatus(tx, session, "COMPLETED", now);
    await recordWebhookEvent(tx, {
      tenant: tdb.slug,
      event: "SCHEDULED_SESSION_COMPLETED",
      data: { scheduledSession: session.id, reference: session.reference },
      now,
    });
    const ids = (await entriesOfSession(tx, sessionId)).map((entry) => entry.id);
    await closeOpenSections(tx, ids, now);
    await auditSessionStatus(tx, origin, sessionId, session.status, "COMPLETED", ids.length, now);
    await bumpEntries(tx, ids, now);
    return { value: revision, keep: [{ drop: sessionId }] };
  });
}

/** The most extra time one EXTEND_TIME override gives: a day. */
export const MAX_EXTEND_SECONDS = 86_400;

export const LIVE_OVERRIDE_TYPES = [
  "EXTEND_TIME",
  "SESSION_PAUSE",
  "SESSION_RESUME",
  "HELP_REQUEST_RESOLVED",
  "OPEN_EVALUATION",
] as const;

export type StaffOverride = {
  overrideType: (typeof LIVE_OVERRIDE_TYPES)[number];
  evaluation?: string | null;
  question?: string | null;
  value?: { numericValue?: number | null; textValue?: string | null } | null;
};

/**
 * The rows of the session's entries (all, or these participants'), with their inputs: from what
 * is kept at `revision` when the whole session is (nothing read), else read in the transaction (a
 * staff action's read of every entry's overrides grows all day: ADR 0023).
 */
async function sessionInputs(
  tdb: TenantDb,
  tx: TenantTx,
  sessionId: string,
  participantIds: readonly string[] | null,
  revision: Revision,
): Promise<{ all: boolean; inputs: EntryInputs[] }> {
  const kept = await keptSessionEntries(tdb, tx, sessionId, revision);
  const named = participantIds && [...new Set(participantIds)];
  const wanted = named && new Set(named);
  let rows: EntryRow[];
  if (kept) rows = kept.map((k) => k.entry).filter((e) => !wanted || wanted.has(e.participantId));
  else if (wanted)
    rows = wanted.size
      ? await tx
          .select()
          .from(entries)
          .where(and(eq(entries.scheduledSessionId, sessionId), inArray(entries.participantId, [...wanted])))
          .all()
      : [];
  else rows = await entriesOfSession(tx, sessionId);
  if (wanted && rows.length !== wanted.size)
    throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  const byParticipant = new Map(rows.map((r) => [r.participantId, r]));
  const ordered = named ? named.map((p) => byParticipant.get(p)!) : rows;
  const read = await sessionEntryInputs(tdb, tx, sessionId, ordered, revision);
  return { all: !wanted, inputs: ordered.map((row) => read.get(row.id)!) };
}

/**
 * Applies one live override to some (participantIds) or all (null) entries of an ONGOING session.
 * Pause, resume and resolve only apply where they change something, so "pause all" twice is harmless.
 */
export function writeOverride(
  tdb: TenantDb,
  sessionId: string,
  participantIds: string[] | null,
  override: StaffOverride,
  origin?: AuditOrigin,
): Promise<LiveEvent[]> {
  // Opening an evaluation moves the participants to other questions: the saves sent before it
  // are stored first.
  const lane = override.overrideType === "OPEN_EVALUATION" ? "queued" : "first";
  return liveWrite(tdb, lane, async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    requireOngoing(session);
    const plan = await planAt(tdb, tx, revision, session);
    if (override.evaluation && !plan.evaluations.has(override.evaluation))
      throw new AppError("NOT_FOUND", "evaluation_not_found");
    const { all, inputs } = await sessionInputs(tdb, tx, sessionId, participantIds, revision);
    const changed: { input: EntryInputs; override: OverrideRow }[] = [];
    const named = participantIds !== null;
    for (const input of inputs) {
      // Synchronous but for opening an evaluation: a thousand awaits were a tenth of a "pause all".
      const row =
        override.overrideType === "OPEN_EVALUATION"
          ? await openFor(tx, plan, input, override, now, named)
          : overrideFor(plan, input, override, now, named);
      if (row) changed.push({ input, override: row });
    }
    await appendOverrides(
      tx,
      changed.map((c) => ({ entryId: c.input.entry.id, override: c.override })),
    );
    const revisions = await bumpEntries(
      tx,
      changed.map((c) => c.input.entry.id),
      now,
    );
    // The states as written: the override appended (and for an opened evaluation, the progress
    // read back). They are kept as the write commits, so the participants' next saves read nothing.
    let after = changed.map(({ input, override: row }) => withOverride(input, row));
    if (override.overrideType === "OPEN_EVALUATION") after = await withProgressRead(tx, after);
    const afterById = new Map(after.map((a) => [a.entry.id, a]));
    const audited = changed.map(({ input }) => ({ before: input, after: afterById.get(input.entry.id)! }));
    const states = await auditInputsChanged(tx, origin, plan, override.overrideType, audited, now, override.value);
    const keep: KeptChange[] = [
      { session, entries: inputs.map((input) => afterById.get(input.entry.id) ?? input), whole: all },
    ];
    // Opening an evaluation changes the questions (and the progress): that screen reloads. Every
    // other override changes only the clock and the status: the event carries them.
    if (override.overrideType === "OPEN_EVALUATION")
      return {
        value: changed.map(({ input }) =>
          entryEvent(input.entry, revisions.get(input.entry.id)!, override.overrideType),
        ),
        keep,
      };
    return {
      value: changed.map(({ input }) => {
        const rev = revisions.get(input.entry.id)!;
        return entryEvent(input.entry, rev, override.overrideType, {
          revision: rev,
          ...screenClockOf(states.get(input.entry.id)!, now),
        });
      }),
      keep,
    };
  });
}

/** The override to record for one entry, or null when it changes nothing there (OPEN_EVALUATION: see openFor). */
function overrideFor(
  plan: RunPlan,
  input: EntryInputs,
  o: StaffOverride,
  now: Date,
  named: boolean,
): OverrideRow | null {
  const overrides = input.live.overrides;
  const current = openSection(input.live.progress);
  const base = {
    datetime: now,
    evaluation: o.evaluation ?? current?.evaluation ?? null,
    question: o.question ?? current?.question ?? null,
  };
  switch (o.overrideType) {
    case "SESSION_PAUSE":
      if (isSessionPaused(overrides, now)) return null;
      return { ...base, overrideType: "SESSION_PAUSE" };
    case "SESSION_RESUME":
      if (!isSessionPaused(overrides, now)) return null;
      return { ...base, overrideType: "SESSION_RESUME" };
    case "HELP_REQUEST_RESOLVED":
      if (!isHelpRequested(overrides, now)) return null;
      return { ...base, overrideType: "HELP_REQUEST_RESOLVED" };
    case "EXTEND_TIME": {
      // For the section named, else the participant's current one (a whole evaluation: question null).
      const evaluation = o.evaluation ?? current?.evaluation;
      if (!evaluation) {
        if (named) throw fieldError("evaluation", "live:override.no-current-section");
        return null;
      }
      const question = plan.options.allQuestionsInEvaluationShownByDefault
        ? null
        : (o.question ?? (current?.evaluation === evaluation ? current.question : null));
      if (!plan.options.allQuestionsInEvaluationShownByDefault && !question)
        throw fieldError("question", "validation:required");
      // Without time limits there is no deadline to move: refused for one named, skipped among all (ADR 0031).
      if (!plan.evaluations.get(evaluation)?.enableTimer) {
        if (named)
          throw new AppError("BAD_REQUEST", "live_no_time_limit", {
            values: { evaluation: plan.evaluations.get(evaluation)?.name ?? "" },
          });
        return null;
      }
      return {
        overrideType: "EXTEND_TIME",
        datetime: now,
        evaluation,
        question,
        numericValue: o.value?.numericValue ?? 0,
      };
    }
    case "OPEN_EVALUATION":
      throw new Error("OPEN_EVALUATION writes progress: openFor records it");
  }
}

/** OPEN_EVALUATION for one entry: opens the evaluation's next section, and the override to record (null when none is left). */
async function openFor(
  tx: TenantTx,
  plan: RunPlan,
  input: EntryInputs,
  o: StaffOverride,
  now: Date,
  named: boolean,
): Promise<OverrideRow | null> {
  const evaluation = o.evaluation!;
  const section = nextSectionIn(
    {
      evaluations: plan.evaluations,
      wholeEvaluations: plan.options.allQuestionsInEvaluationShownByDefault,
      progress: input.live.progress,
    },
    evaluation,
  );
  if (section === undefined) {
    if (named) throw new AppError("BAD_REQUEST", "live_nothing_to_open");
    return null;
  }
  await openSectionRows(tx, [{ entryId: input.entry.id, evaluation, question: section }], now);
  return { overrideType: "OPEN_EVALUATION", datetime: now, evaluation, question: null };
}

/**
 * After an unlock every unlocked screen reloads its state and starts on its new questions. At
 * 1,000 participants that was hundreds of state reads and thousands of saves within a few hundred
 * milliseconds, which held every other participant's saves for a quarter of a second. So each
 * event names when its screen should reload, two milliseconds apart per participant (about what
 * the app spends on one participant's reload and first answers), at most two seconds after the
 * unlock (docs/benchmarks.md).
 */
const UNLOCK_RELOAD_SPACING_MS = 2;
const UNLOCK_RELOAD_SPREAD_MAX_MS = 2_000;

/**
 * Each listed participant who is waiting gets the next evaluation of their order (recorded as
 * OPEN_EVALUATION). Others are left as they are. Answers who was unlocked, and their events.
 */
export function writeUnlock(
  tdb: TenantDb,
  sessionId: string,
  participantIds: string[],
  origin?: AuditOrigin,
): Promise<{ unlocked: string[]; events: LiveEvent[] }> {
  return liveWrite(tdb, "first", async (tx, revision) => {
    const now = new Date();
    const session = await findSession(tx, sessionId);
    requireOngoing(session);
    const plan = await planAt(tdb, tx, revision, session);
    const { inputs } = await sessionInputs(tdb, tx, sessionId, participantIds, revision);
    const opened: { input: EntryInputs; state: EntryState; override: OverrideRow; section: string | null }[] = [];
    for (const input of inputs) {
      // Only someone in no section can be waiting: the others' clocks are not computed.
      if (openSection(input.live.progress)) continue;
      const state = stateOfInputs(plan, input, now);
      if (state.status !== "waiting") continue;
      const next = nextEvaluation(state.facts);
      const section = next ? nextSectionIn(state.facts, next) : undefined;
      if (!next || section === undefined) continue;
      opened.push({
        input,
        state,
        section,
        override: { overrideType: "OPEN_EVALUATION", datetime: now, evaluation: next, question: null },
      });
    }
    // What openFor does for one, for all of them at once.
    await openSectionRows(
      tx,
      opened.map((o) => ({ entryId: o.state.entry.id, evaluation: o.override.evaluation!, question: o.section })),
      now,
    );
    await appendOverrides(
      tx,
      opened.map((o) => ({ entryId: o.state.entry.id, override: o.override })),
    );
    const revisions = await bumpEntries(
      tx,
      opened.map((o) => o.state.entry.id),
      now,
    );
    // The opened entries' progress as written, their override appended: kept as the write commits,
    // so the burst of saves on the new questions reads nothing first.
    const after = new Map(
      (
        await withProgressRead(
          tx,
          opened.map(({ input, override }) => withOverride(input, override)),
        )
      ).map((a) => [a.entry.id, a]),
    );
    const unlockedInputs = opened.map((o) => ({ before: o.input, after: after.get(o.input.entry.id)! }));
    const states = await auditInputsChanged(tx, origin, plan, "UNLOCK", unlockedInputs, now);
    const events = opened.map((o, i) => {
      const revision = revisions.get(o.state.entry.id)!;
      const event = entryEvent(o.state.entry, revision, "unlocked");
      return {
        ...event,
        payload: {
          ...event.payload,
          view: carriedView(plan, states.get(o.state.entry.id)!, revision, now),
          // A screen that cannot read the view (an older page) reloads, spread as before.
          reloadInMs: Math.min(i * UNLOCK_RELOAD_SPACING_MS, UNLOCK_RELOAD_SPREAD_MAX_MS),
        },
      };
    });
    return {
      value: { unlocked: opened.map((o) => o.state.entry.participantId), events },
      keep: [{ session, entries: inputs.map((i) => after.get(i.entry.id) ?? i), whole: false }],
    };
  });
}

/**
 * Gives back, to each participant of an ONGOING session, the time their clock ran between `from`
 * and `to` (outage.server.ts, ADR 0032), as EXTEND_TIME overrides marked `reason`. Null when the
 * session is no longer ongoing.
 */
export function writeTimeGivenBack(
  tdb: TenantDb,
  sessionId: string,
  from: Date,
  to: Date,
  reason: string,
): Promise<{ events: LiveEvent[]; seconds: number[] } | null> {
  return liveWrite(tdb, "queued", async (tx, revision) => {
    const session = await findSession(tx, sessionId).catch(() => null);
    if (!session || session.status !== "ONGOING") return { value: null };
    const plan = await planAt(tdb, tx, revision, session);
    const { inputs } = await sessionInputs(tdb, tx, sessionId, null, revision);
    const given: { input: EntryInputs; override: OverrideRow }[] = [];
    for (const input of inputs) {
      const before = stateOfInputs(plan, input, from);
      const after = stateOfInputs(plan, input, to);
      if (!before.clock || !before.current || before.clock.timeUp || before.clock.allowedMs === null || !after.clock)
        continue;
      const ranMs = after.clock.elapsedMs - before.clock.elapsedMs;
      if (ranMs <= 0) continue;
      const { evaluation, question } = before.current;
      given.push({
        input,
        override: {
          overrideType: "EXTEND_TIME",
          datetime: to,
          evaluation,
          question,
          numericValue: Math.ceil(ranMs / 1000),
          textValue: reason,
        },
      });
    }
    await appendOverrides(
      tx,
      given.map((g) => ({ entryId: g.input.entry.id, override: g.override })),
    );
    const revisions = await bumpEntries(
      tx,
      given.map((g) => g.input.entry.id),
      to,
    );
    const after = new Map(given.map(({ input, override }) => [input.entry.id, withOverride(input, override)]));
    const givenBack = given.map((g) => ({ before: g.input, after: after.get(g.input.entry.id)! }));
    await auditInputsChanged(tx, systemOrigin(reason), plan, "EXTEND_TIME", givenBack, to, {
      numericValue: null,
      textValue: reason,
    });
    // Each screen gets its new clock in the event (no reload), as after a staff extension.
    const events: LiveEvent[] = given.map(({ input }) => {
      const rev = revisions.get(input.entry.id)!;
      const state = stateOfInputs(plan, after.get(input.entry.id)!, to);
      return entryEvent(input.entry, rev, reason, { revision: rev, ...screenClockOf(state, to) });
    });
    return {
      value: { events, seconds: given.map((g) => g.override.numericValue!) },
      keep: [{ session, entries: inputs.map((i) => after.get(i.entry.id) ?? i), whole: true }],
    };
  });
}
