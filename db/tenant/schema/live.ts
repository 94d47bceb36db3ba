import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { scheduledSessionParticipantEntries } from "./scheduling";

// The live run (ADR 0012): small rows written by frequent, independent events, so a save never
// rewrites a whole JSON document of the entry.

export const OVERRIDE_TYPES = [
  "EXTEND_TIME",
  "HELP_REQUEST",
  "HELP_REQUEST_RESOLVED",
  "OPEN_EVALUATION",
  "SESSION_PAUSE",
  "SESSION_RESUME",
] as const;
export type OverrideType = (typeof OVERRIDE_TYPES)[number];

/** A participant's answer to one step: the answer fields they may give (app/modules/live/answers.ts). */
export type StoredAnswer = {
  textValue?: string;
  numericValue?: number;
  booleanValue?: boolean;
  textlistValue?: string[];
  numericlistValue?: number[];
};

/**
 * The answer store: one row per (entry, evaluation, question, stepIndex). An upsert keeps the
 * highest client revision; a late row (received after the deadline) is kept and flagged.
 */
export const liveAnswers = sqliteTable(
  "live_answers",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => scheduledSessionParticipantEntries.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    questionId: text("question_id").notNull(),
    stepIndex: integer("step_index").notNull(),
    answer: text("answer", { mode: "json" }).$type<StoredAnswer>().notNull(),
    /** The client's revision of this answer; only a higher one replaces the row. */
    revision: integer("revision").notNull(),
    /** When the stored revision was written. */
    savedAt: timestamp("saved_at").notNull(),
    late: integer("late", { mode: "boolean" }).notNull().default(false),
    /** When a late revision arrived (null for an answer in time). */
    receivedAt: timestamp("received_at"),
    /**
     * The last answer given in time, kept when a late revision replaces `answer`: the late one
     * does not count unless staff accept it, so the in-time one must not be lost.
     */
    inTimeAnswer: text("in_time_answer", { mode: "json" }).$type<StoredAnswer>(),
    inTimeRevision: integer("in_time_revision"),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.evaluationId, t.questionId, t.stepIndex] })],
);

/**
 * The entry's log of live events (sessionOverrides): appended, never edited, so clocks replay.
 * Triggers refuse an edit, and a deletion but with the entry (LIVE_CHANGES.appendedOnly, ADR 0054).
 */
export const liveOverrides = sqliteTable(
  "live_overrides",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    entryId: text("entry_id")
      .notNull()
      .references(() => scheduledSessionParticipantEntries.id, { onDelete: "cascade" }),
    overrideType: text("override_type", { enum: OVERRIDE_TYPES }).notNull(),
    datetime: timestamp("datetime").notNull(),
    evaluationId: text("evaluation_id"),
    questionId: text("question_id"),
    numericValue: real("numeric_value"),
    textValue: text("text_value"),
  },
  (t) => [index("live_overrides_entry_idx").on(t.entryId, t.id)],
);

/**
 * sessionProgress: one row per section a participant entered. A section is a question, or with
 * allQuestionsInEvaluationShownByDefault the whole evaluation (questionId ""). The open section
 * (sectionEnd null) is where the participant is.
 */
export const liveProgress = sqliteTable(
  "live_progress",
  {
    entryId: text("entry_id")
      .notNull()
      .references(() => scheduledSessionParticipantEntries.id, { onDelete: "cascade" }),
    evaluationId: text("evaluation_id").notNull(),
    questionId: text("question_id").notNull(),
    sectionStart: timestamp("section_start").notNull(),
    sectionEnd: timestamp("section_end"),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.evaluationId, t.questionId] })],
);
