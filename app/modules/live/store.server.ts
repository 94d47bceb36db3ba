import { asc, count, eq, inArray, sql } from "drizzle-orm";
import {
  liveAnswers,
  liveOverrides,
  liveProgress,
  scheduledSessionParticipantEntries,
  type OverrideType,
  type StoredAnswer,
} from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";

// Reading the live tables of entries in bulk. No permission check here: callers (module
// functions) have checked theirs and pass only entries the actor may see.

export type Override = {
  overrideType: OverrideType;
  datetime: Date;
  evaluation: string | null;
  question: string | null;
  value: { numericValue: number | null; textValue: string | null };
};

export type Progress = { evaluation: string; question: string | null; sectionStart: Date; sectionEnd: Date | null };

export type SavedAnswer = {
  evaluation: string;
  question: string;
  stepIndex: number;
  answer: StoredAnswer;
  revision: number;
  savedAt: Date;
  late: boolean;
  receivedAt: Date | null;
  /** The last in-time answer a late revision replaced (it is what counts unless staff accept the late one). */
  inTimeAnswer: StoredAnswer | null;
  inTimeRevision: number | null;
};

export type LiveData = { overrides: Override[]; progress: Progress[]; answers: SavedAnswer[] };

/** A whole-evaluation section (allQuestionsInEvaluationShownByDefault) is stored with questionId "". */
export const WHOLE_EVALUATION = "";

/**
 * `answers: false` skips the answer rows (a save needs only progress and overrides for the clock);
 * `clock: false` skips progress and overrides (a refresh that keeps them); `overrides: false` skips
 * the overrides only (a caller that knows them).
 */
export async function loadLiveData(
  db: Reader,
  entryIds: string[],
  { answers: withAnswers = true, clock: withClock = true, overrides: withOverrides = true } = {},
): Promise<Map<string, LiveData>> {
  const byEntry = new Map<string, LiveData>(entryIds.map((id) => [id, { overrides: [], progress: [], answers: [] }]));
  if (entryIds.length === 0) return byEntry;
  const [overrides, progress, answers] = await Promise.all([
    !withClock || !withOverrides
      ? Promise.resolve([])
      : db
          .select()
          .from(liveOverrides)
          .where(inArray(liveOverrides.entryId, entryIds))
          .orderBy(asc(liveOverrides.id))
          .all(),
    !withClock
      ? Promise.resolve([])
      : db
          .select()
          .from(liveProgress)
          .where(inArray(liveProgress.entryId, entryIds))
          .orderBy(asc(liveProgress.sectionStart))
          .all(),
    !withAnswers
      ? Promise.resolve([])
      : db
          .select()
          .from(liveAnswers)
          .where(inArray(liveAnswers.entryId, entryIds))
          .orderBy(asc(liveAnswers.evaluationId), asc(liveAnswers.questionId), asc(liveAnswers.stepIndex))
          .all(),
  ]);
  for (const o of overrides) byEntry.get(o.entryId)?.overrides.push(overrideOf(o));
  for (const p of progress) {
    byEntry.get(p.entryId)?.progress.push({
      evaluation: p.evaluationId,
      question: p.questionId === WHOLE_EVALUATION ? null : p.questionId,
      sectionStart: p.sectionStart,
      sectionEnd: p.sectionEnd,
    });
  }
  for (const a of answers) {
    byEntry.get(a.entryId)?.answers.push({
      evaluation: a.evaluationId,
      question: a.questionId,
      stepIndex: a.stepIndex,
      answer: a.answer,
      revision: a.revision,
      savedAt: a.savedAt,
      late: a.late,
      receivedAt: a.receivedAt,
      inTimeAnswer: a.inTimeAnswer ?? null,
      inTimeRevision: a.inTimeRevision ?? null,
    });
  }
  return byEntry;
}

type StoredOverride = Omit<typeof liveOverrides.$inferSelect, "id" | "entryId">;

const overrideOf = (o: StoredOverride): Override => ({
  overrideType: o.overrideType,
  datetime: o.datetime,
  evaluation: o.evaluationId,
  question: o.questionId,
  value: { numericValue: o.numericValue, textValue: o.textValue },
});

/**
 * Each entry's overrides after the first `known.get(entry)` of them, by entry id (in log order).
 * An entry's log is only appended to, and its ids only grow (AUTOINCREMENT), so the first n rows
 * by id are the n already read: a catch-up reads what was appended since, not the whole day's log.
 * The known counts drive the loop (CROSS JOIN keeps them outside), each entry's rows found by the
 * entry index: a JSON lookup for every override row cost sqld more than sending them all.
 */
export async function overridesAfter(db: Reader, known: ReadonlyMap<string, number>): Promise<Map<string, Override[]>> {
  const byEntry = new Map<string, Override[]>([...known.keys()].map((id) => [id, []]));
  if (known.size === 0) return byEntry;
  const rows = await db.all<Omit<StoredOverride, "datetime"> & { entryId: string; datetime: number }>(
    sql`SELECT entry_id AS entryId, override_type AS overrideType, datetime, evaluation_id AS evaluationId,
               question_id AS questionId, numeric_value AS numericValue, text_value AS textValue FROM (
          SELECT o.*, k.value AS known, row_number() OVER (PARTITION BY o.entry_id ORDER BY o.id) AS n
          FROM json_each(${JSON.stringify(Object.fromEntries(known))}) AS k CROSS JOIN live_overrides AS o
          WHERE o.entry_id = k.key)
        WHERE n > known ORDER BY id`,
  );
  for (const row of rows) byEntry.get(row.entryId)?.push(overrideOf({ ...row, datetime: new Date(row.datetime) }));
  return byEntry;
}

/** Per entry: how many answers are saved, and how many of them late (the dashboard's counts, without reading the answers). */
export async function answerCounts(
  db: Reader,
  entryIds: string[],
): Promise<Map<string, { saved: number; late: number }>> {
  if (entryIds.length === 0) return new Map();
  const rows = await db
    .select({ entryId: liveAnswers.entryId, saved: count(), late: sql<number | null>`sum(${liveAnswers.late})` })
    .from(liveAnswers)
    .where(inArray(liveAnswers.entryId, entryIds))
    .groupBy(liveAnswers.entryId)
    .all();
  return new Map(rows.map((r) => [r.entryId, { saved: r.saved, late: Number(r.late ?? 0) }]));
}

/** The entry's revision counter as stored now (kept entry rows may be behind it: every save moves it). */
export async function entryRevisionOf(db: Reader, entryId: string): Promise<number> {
  const row = await db
    .select({ rev: scheduledSessionParticipantEntries.rev })
    .from(scheduledSessionParticipantEntries)
    .where(eq(scheduledSessionParticipantEntries.id, entryId))
    .get();
  return row?.rev ?? 0;
}
