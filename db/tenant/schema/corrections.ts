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

/**
 * Double marking (ADR 0036): the second examiner's ticks of a station's practical steps, kept apart
 * from the first examiner's (correction_entries), so neither sees nor overwrites the other's.
 */
export const correctionSecondEntries = sqliteTable(
  "correction_second_entries",
  {
    correctionId: text("correction_id")
      .notNull()
      .references(() => scheduledSessionParticipantCorrections.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    questionId: text("question_id").notNull(),
    stepIndex: integer("step_index").notNull(),
    score: real("score"),
    ticks: text("ticks", { mode: "json" }).$type<boolean[]>(),
    revision: integer("revision").notNull().default(0),
    scoredBy: text("scored_by"),
    scoredAt: timestamp("scored_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.evaluationId, t.questionId, t.stepIndex] })],
);

export const DISCREPANCY_METHODS = ["AGREED", "MEAN", "THIRD_EXAMINER"] as const;
export type DiscrepancyMethod = (typeof DISCREPANCY_METHODS)[number];

/**
 * The second examiner's mark of one participant at one station, and how a discrepancy between the
 * two marks was resolved (ADR 0036): the resolved station score in points, by whom and when.
 */
export const correctionSecondMarks = sqliteTable(
  "correction_second_marks",
  {
    correctionId: text("correction_id")
      .notNull()
      .references(() => scheduledSessionParticipantCorrections.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    globalRating: text("global_rating", { enum: GLOBAL_RATINGS }),
    comment: text("comment"),
    markedAt: timestamp("marked_at"),
    markedBy: text("marked_by"),
    revision: integer("revision").notNull().default(0),
    resolutionMethod: text("resolution_method", { enum: DISCREPANCY_METHODS }),
    /** The station's points that count once resolved. */
    resolvedScore: real("resolved_score"),
    resolvedBy: text("resolved_by"),
    resolvedAt: timestamp("resolved_at"),
    resolutionNote: text("resolution_note"),
  },
  (t) => [primaryKey({ columns: [t.correctionId, t.evaluationId] })],
);

/** A session's discrepancy threshold for double marking, in % of a station's maximum (default 20, ADR 0036). */
export const doubleMarkingSettings = sqliteTable("double_marking_settings", {
  scheduledSessionId: text("scheduled_session_id")
    .primaryKey()
    .references(() => scheduledSessions.id, { onDelete: "cascade" }),
  thresholdPercent: real("threshold_percent").notNull(),
  updatedBy: text("updated_by"),
  updatedAt: timestamp("updated_at").notNull(),
});
