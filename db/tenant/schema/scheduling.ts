import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { CircuitSettings } from "./circuit";
import { documentColumns, timestamp } from "./columns";

export const SCHEDULED_SESSION_STATUSES = ["SCHEDULED", "ONGOING", "COMPLETED", "CANCELED"] as const;
export type ScheduledSessionStatus = (typeof SCHEDULED_SESSION_STATUSES)[number];

export type ScheduledSessionOptions = {
  allQuestionsInEvaluationShownByDefault: boolean;
  enableAutoPauseOnHelpRequest: boolean;
};

/** A planned run of a session template at a date, time and place. */
export const scheduledSessions = sqliteTable(
  "scheduled_sessions",
  {
    ...documentColumns(),
    workspaceId: text("workspace_id").notNull(),
    sessionTemplateId: text("session_template_id").notNull(),
    datetime: timestamp("datetime").notNull(),
    locationId: text("location_id"),
    reference: text("reference").notNull(),
    status: text("status", { enum: SCHEDULED_SESSION_STATUSES }).notNull().default("SCHEDULED"),
    assignedUserId: text("assigned_user_id"),
    loginCode: text("login_code").notNull(),
    options: text("options", { mode: "json" }).$type<ScheduledSessionOptions>().notNull(),
    /** Run as a circuit with one clock (issue 32); null: every participant at their own pace. */
    circuit: text("circuit", { mode: "json" }).$type<CircuitSettings>(),
  },
  (t) => [
    index("scheduled_sessions_datetime_idx").on(t.datetime),
    index("scheduled_sessions_template_idx").on(t.sessionTemplateId),
    index("scheduled_sessions_location_idx").on(t.locationId),
    index("scheduled_sessions_login_code_idx").on(t.loginCode),
    uniqueIndex("scheduled_sessions_reference_unique").on(t.reference),
  ],
);

/**
 * One entry per participant of a scheduled session: readiness and order. Answers, overrides and
 * progress live in live_answers / live_overrides / live_progress (schema/live.ts); `rev` is the
 * entry's revision, bumped on every change to it or to them, so clients notice missed events.
 */
export const scheduledSessionParticipantEntries = sqliteTable(
  "scheduled_session_participant_entries",
  {
    ...documentColumns(),
    scheduledSessionId: text("scheduled_session_id")
      .notNull()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    participantId: text("participant_id").notNull(),
    ready: integer("ready", { mode: "boolean" }).notNull().default(false),
    sessionStart: timestamp("session_start"),
    /** Evaluation ids in the order this participant takes them. */
    sessionOrder: text("session_order", { mode: "json" }).$type<string[]>().notNull(),
    /**
     * The database's revision after the last live change of this entry, its progress or its
     * overrides, set by triggers (db/tenant/revision.ts, ADR 0047): a process kept at an older
     * revision reads only the entries stamped after it.
     */
    liveStamp: integer("live_stamp").notNull().default(0),
  },
  (t) => [
    uniqueIndex("scheduled_session_entries_pair_unique").on(t.scheduledSessionId, t.participantId),
    index("scheduled_session_entries_participant_idx").on(t.participantId),
    index("scheduled_session_entries_live_stamp_idx").on(t.scheduledSessionId, t.liveStamp),
  ],
);

/** An entry as stored: scheduling writes it, the live run and corrections read it. */
export type EntryRow = typeof scheduledSessionParticipantEntries.$inferSelect;

/** The last counter used for a reference prefix on a day (yyyymmdd). */
export const scheduledSessionReferenceCounters = sqliteTable(
  "scheduled_session_reference_counters",
  {
    prefix: text("prefix").notNull(),
    day: text("day").notNull(),
    lastCounter: integer("last_counter").notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
);
