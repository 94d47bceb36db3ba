import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { documentColumns, timestamp } from "./columns";
import { scheduledSessionParticipantEntries, scheduledSessions } from "./scheduling";

// Corrections (ScheduledSessionParticipantCorrection): the scores an assessor or the auto-scorer
// gives to a participant's answers. Like the answer store, one small row per step, so a tick on a
// station tablet is one upsert, not a rewrite of the whole correction.

/**
 * A station examiner's overall judgement, for standard setting (borderline methods). The 5-point
 * scale's labels; the older 3-point ratings are its first three (ADR 0034).
 */
export const GLOBAL_RATINGS = ["CLEAR_PASS", "BORDERLINE", "CLEAR_FAIL", "GOOD", "EXCELLENT"] as const;
export type GlobalRating = (typeof GLOBAL_RATINGS)[number];

/** Rich content blocks (app/modules/assessments/steps.ts), as stored for comments. */
export type StoredRichContent = Array<Record<string, unknown>>;

/** One correction per (scheduled session, participant): the whole-participant comment. */
export const scheduledSessionParticipantCorrections = sqliteTable(
  "scheduled_session_participant_corrections",
  {
    ...documentColumns(),
    scheduledSessionId: text("scheduled_session_id")
      .notNull()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    entryId: text("entry_id")
      .notNull()
      .references(() => scheduledSessionParticipantEntries.id, { onDelete: "cascade" }),
    participantId: text("participant_id").notNull(),
    comment: text("comment", { mode: "json" }).$type<StoredRichContent>(),
    /** Set when every step of every evaluation taken has a score (status assessment_complete). */
    completedAt: timestamp("completed_at"),
  },
  (t) => [
    uniqueIndex("corrections_pair_unique").on(t.scheduledSessionId, t.participantId),
    index("corrections_entry_idx").on(t.entryId),
  ],
);

/**
 * One scored step. `ticks` holds a practical step's checklist (booleanlistValue); `revision` is the
 * marking client's revision, so a re-sent tick from a tablet that lost its network is harmless.
 * `lateAccepted`: a late answer (live_answers.late) counts only when staff accepted it.
 */
export const correctionEntries = sqliteTable(
  "correction_entries",
  {
    correctionId: text("correction_id")
      .notNull()
      .references(() => scheduledSessionParticipantCorrections.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    questionId: text("question_id").notNull(),
    stepIndex: integer("step_index").notNull(),
    /** null while a step awaits an assessor. */
    score: real("score"),
    comment: text("comment"),
    ticks: text("ticks", { mode: "json" }).$type<boolean[]>(),
    autoScored: integer("auto_scored", { mode: "boolean" }).notNull().default(false),
    lateAccepted: integer("late_accepted", { mode: "boolean" }).notNull().default(false),
    revision: integer("revision").notNull().default(0),
    scoredBy: text("scored_by"),
    scoredAt: timestamp("scored_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.evaluationId, t.questionId, t.stepIndex] })],
);

/** A station examiner's mark of one participant at one evaluation (station). */
export const correctionStationMarks = sqliteTable(
  "correction_station_marks",
  {
    correctionId: text("correction_id")
      .notNull()
      .references(() => scheduledSessionParticipantCorrections.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    globalRating: text("global_rating", { enum: GLOBAL_RATINGS }),
    comment: text("comment"),
    /** Set when the examiner is done with this participant at this station (greyed in the list). */
    markedAt: timestamp("marked_at"),
    markedBy: text("marked_by"),
    revision: integer("revision").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.evaluationId] })],
);
