import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { documentColumns, timestamp } from "./columns";
import { scheduledSessions } from "./scheduling";

// Session reports and their layouts (ADR 0018). A report stores
// its computed `data` as a snapshot: what a participant was sent never changes under them when a
// correction is edited later; staff rebuild the report to take the change.

export const PASSED_STATUSES = ["PASSED", "NOT_PASSED", "DELIBERATED", "TRAINING_REQUIRED"] as const;
export type PassedStatus = (typeof PASSED_STATUSES)[number];

export const CHART_TYPES = ["BAR", "RADAR"] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_SOURCES = ["ALL_CATEGORIES", "EVALUATIONS", "PRIMARY_CATEGORIES"] as const;
export type ChartSource = (typeof CHART_SOURCES)[number];
export const COMMENT_SOURCES = ["CATEGORY", "SESSION"] as const;
export type CommentSource = (typeof COMMENT_SOURCES)[number];

/** The blocks of a SessionReportLayout, in the order they are shown. */
export type SessionReportLayoutBlock =
  | { type: "chart"; chartType: ChartType; source: ChartSource }
  | { type: "comments"; source: CommentSource }
  | {
      type: "evaluationDetails";
      displayNumericScore: boolean;
      showEvaluationComments: boolean;
      showQuestionComments: boolean;
      showQuestions: boolean;
    }
  | { type: "summary"; displayNumericScore: boolean };

export type SessionReportOptions = {
  chartType: ChartType;
  onlyEvaluations: string[];
  showCategoryComments: boolean;
  showChart: boolean;
  showCorrectAnswers: boolean;
  showEvaluationComments: boolean;
  showQuestionComments: boolean;
  showSessionComments: boolean;
};

export const sessionReportLayouts = sqliteTable(
  "session_report_layouts",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    ownerId: text("owner_id"),
    name: text("name").notNull(),
    /** At most one layout is the organisation's default (enforced by the module). */
    isDefaultLayout: integer("is_default_layout", { mode: "boolean" }).notNull().default(false),
    layout: text("layout", { mode: "json" }).$type<SessionReportLayoutBlock[]>().notNull(),
  },
  (t) => [index("session_report_layouts_name_idx").on(t.name)],
);

/**
 * One report per (scheduled session, participant). `data` is the computed snapshot (its type lives
 * in app/modules/reports); `draft` reports are never shown to participants. The access code opens
 * `/sessionreport/{id}` from the e-mail link; it is random, per report, and only valid together with
 * the report id inside its own tenant's database.
 */
export const sessionReports = sqliteTable(
  "session_reports",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    ownerId: text("owner_id"),
    scheduledSessionId: text("scheduled_session_id")
      .notNull()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    participantId: text("participant_id").notNull(),
    layoutId: text("layout_id"),
    /** The layout's blocks as used when the report was built. */
    layout: text("layout", { mode: "json" }).$type<SessionReportLayoutBlock[]>().notNull(),
    options: text("options", { mode: "json" }).$type<SessionReportOptions>().notNull(),
    data: text("data", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    draft: integer("draft", { mode: "boolean" }).notNull().default(true),
    /** Staff's decision over the computed PASSED / NOT_PASSED, with the reason shown to the board. */
    passedStatusOverride: text("passed_status_override", { enum: PASSED_STATUSES }),
    passedStatusReason: text("passed_status_reason"),
    accessCode: text("access_code").notNull(),
    releasedAt: timestamp("released_at"),
    /** Set when an exam standard changed this released report's computed status; cleared by a rebuild. */
    standardChangedAt: timestamp("standard_changed_at"),
  },
  (t) => [
    uniqueIndex("session_reports_pair_unique").on(t.scheduledSessionId, t.participantId),
    uniqueIndex("session_reports_access_code_unique").on(t.accessCode),
    index("session_reports_participant_idx").on(t.participantId),
  ],
);

/** Every time a report was e-mailed: when, to whom, by whom (sendParticipantReport). */
export const sessionReportDeliveries = sqliteTable(
  "session_report_deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    reportId: text("report_id")
      .notNull()
      .references(() => sessionReports.id, { onDelete: "cascade" }),
    recipients: text("recipients", { mode: "json" }).$type<string[]>().notNull(),
    language: text("language").notNull(),
    sentAt: timestamp("sent_at").notNull(),
    sentBy: text("sent_by"),
  },
  (t) => [index("session_report_deliveries_report_idx").on(t.reportId, t.id)],
);
