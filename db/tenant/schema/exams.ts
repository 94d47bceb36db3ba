import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { documentColumns, timestamp } from "./columns";
import type { GlobalRating } from "./corrections";
import { scheduledSessions } from "./scheduling";

// The exam board (ADR 0034, 0035): exams grouping scheduled sessions of one session template, the
// stations' global rating scales, Angoff judgements and the applied standard with its history.

export const STANDARD_METHODS = ["FIXED", "BORDERLINE_REGRESSION", "BORDERLINE_GROUPS", "ANGOFF"] as const;
export type StoredStandardMethod = (typeof STANDARD_METHODS)[number];

/** An exam: scheduled sessions of one session template analysed and standard-set together. */
export const exams = sqliteTable(
  "exams",
  {
    ...documentColumns(),
    name: text("name").notNull(),
    sessionTemplateId: text("session_template_id").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [index("exams_template_idx").on(t.sessionTemplateId)],
);

/** A scheduled session belongs to at most one exam (its primary key), so its reports follow one standard. */
export const examSessions = sqliteTable(
  "exam_sessions",
  {
    scheduledSessionId: text("scheduled_session_id")
      .primaryKey()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    examId: text("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
  },
  (t) => [index("exam_sessions_exam_idx").on(t.examId)],
);

/** An evaluation's (station's) global rating scale; without a row the default 5-point scale applies. */
export const evaluationRatingScales = sqliteTable("evaluation_rating_scales", {
  evaluationId: text("evaluation_id").primaryKey(),
  /** Lowest first: a subset of the stored rating labels, in their order. */
  labels: text("labels", { mode: "json" }).$type<GlobalRating[]>().notNull(),
  borderlineGrades: text("borderline_grades", { mode: "json" }).$type<number[]>().notNull(),
  updatedAt: timestamp("updated_at").notNull(),
  updatedBy: text("updated_by"),
});

/**
 * A judge's Angoff estimate for one item: a question step, or a whole question (step_index null,
 * item key without a step) whose estimate holds for each of its steps.
 */
export const angoffJudgements = sqliteTable(
  "angoff_judgements",
  {
    examId: text("exam_id")
      .notNull()
      .references(() => exams.id, { onDelete: "cascade" }),
    judgeId: text("judge_id").notNull(),
    round: integer("round").notNull(),
    /** evaluationId/questionId or evaluationId/questionId/stepIndex. */
    itemKey: text("item_key").notNull(),
    evaluationId: text("evaluation_id").notNull(),
    questionId: text("question_id").notNull(),
    stepIndex: integer("step_index"),
    probability: real("probability").notNull(),
    updatedAt: timestamp("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.examId, t.judgeId, t.round, t.itemKey] })],
);

/** What a board chose: the method's options and the conjunctive rules, as given. */
export type StoredStandardOptions = {
  cutPercent?: number | null;
  statistic?: "MEAN" | "MEDIAN" | null;
  semMultiplier?: number | null;
  minStationsPassed?: number | null;
  mustPassStations?: string[] | null;
};

/** The standard applied to an exam (at most one): its cut and station cuts as computed when applied. */
export const examStandards = sqliteTable("exam_standards", {
  examId: text("exam_id")
    .primaryKey()
    .references(() => exams.id, { onDelete: "cascade" }),
  method: text("method", { enum: STANDARD_METHODS }).notNull(),
  options: text("options", { mode: "json" }).$type<StoredStandardOptions>().notNull(),
  cutScore: real("cut_score").notNull(),
  /** Evaluation id → station cut (%), null when the method gave none. */
  stationCuts: text("station_cuts", { mode: "json" }).$type<Record<string, number | null>>().notNull(),
  appliedBy: text("applied_by"),
  appliedAt: timestamp("applied_at").notNull(),
});

export const STANDARD_ACTIONS = ["APPLIED", "CHANGED", "REMOVED"] as const;
export type StandardAction = (typeof STANDARD_ACTIONS)[number];

/**
 * Append-only: every apply, change and removal of an exam's standard, with who and when. No foreign
 * key: the record outlives a removed exam.
 */
export const examStandardHistory = sqliteTable(
  "exam_standard_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    examId: text("exam_id").notNull(),
    action: text("action", { enum: STANDARD_ACTIONS }).notNull(),
    method: text("method", { enum: STANDARD_METHODS }),
    options: text("options", { mode: "json" }).$type<StoredStandardOptions>(),
    cutScore: real("cut_score"),
    stationCuts: text("station_cuts", { mode: "json" }).$type<Record<string, number | null>>(),
    actorId: text("actor_id"),
    at: timestamp("at").notNull(),
  },
  (t) => [index("exam_standard_history_exam_idx").on(t.examId, t.id)],
);
