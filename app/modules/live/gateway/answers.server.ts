import { and, eq, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { TenantDb, TenantTx } from "~db/tenant/client";
import { PLAN_AGAIN, type PlannedKind } from "~db/tenant/planned-write";
import { preparedStatement, preparedWrite } from "~db/tenant/prepared";
import { liveAnswers, scheduledSessionParticipantEntries as entries, type StoredAnswer } from "~db/tenant/schema";
import { AppError, badRequest, type FieldErrors } from "~/lib/app-error";
import { parseParticipantAnswer } from "../answers";
import type { LiveEvent } from "../events.server";
import { liveEntryState } from "../live-state.server";
import type { EntryState, RunPlan } from "../plan.server";
import { bumpEntry } from "../progress.server";
import { openSection } from "../status";
import { outsideAnswerTime } from "../answer-time.server";
import { entryRevisionOf } from "../store.server";
import { AUDIT_ROW_LENGTH, insertAuditRowsFrom, type AuditOrigin } from "~/modules/audit/index.server";
import { answerSaveAuditRow, auditAnswerSave } from "../audit-trail.server";
import { liveWrite, entryEvent, ownKeep, inputsOfState } from "./write.server";
import { placeholder, field, asPlanned, plannedBumpsOf } from "./planned-sql.server";

// The live gateway's writes of a participant's answers (planned with the group's others when they
// fit the plan, else in a transaction of their own: every case, with its checks and refusals) and
// of their being ready.

/** A save this long after the deadline still counts as in time: the client submits at time-up and the network takes a moment. */
export const LATE_GRACE_MS = 5_000;

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
/** Whether the upsert will write the save at positions `at`… of `j.value`. */
const savePlanned = (at: number) =>
  sql`${asPlanned(at)} AND NOT EXISTS (SELECT 1 FROM ${liveAnswers} WHERE ${liveAnswers.entryId} = ${field(at)}
    AND ${liveAnswers.evaluationId} = ${field(at + 1)} AND ${liveAnswers.questionId} = ${field(at + 2)}
    AND ${liveAnswers.stepIndex} = ${field(at + 3)} AND ${liveAnswers.revision} >= ${field(at + 4)})`;

/** The audit entries of the saves the upsert will write; each row is the entry, then the save's row. */
const plannedSaveAudits = preparedStatement((db) =>
  insertAuditRowsFrom(db, sql.placeholder("audits"), savePlanned(AUDIT_ROW_LENGTH)),
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
