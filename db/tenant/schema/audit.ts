import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { scheduledSessions } from "./scheduling";

// An exam day's record for an appeal (issue 32): the audit trail (append-only), the incidents
// staff and examiners record, and the last contact of every device taking part.

export const AUDIT_KINDS = [
  "ANSWER",
  "OVERRIDE",
  "SESSION",
  "TICK",
  "SCORE",
  "COMMENT",
  "GLOBAL_RATING",
  "LATE_ACCEPTANCE",
  "REPORT",
  "REPLAN",
  "INCIDENT",
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export const AUDIT_ACTOR_TYPES = ["STAFF", "PARTICIPANT", "SYSTEM"] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/**
 * One change that could matter in an appeal. Append-only: triggers refuse UPDATE and DELETE
 * (APPEND_ONLY below, migration 0016), and no foreign key, so removing a session or a participant
 * leaves the trail as it was. `before`/`after` hold the values as JSON.
 */
export const auditEntries = sqliteTable(
  "audit_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    scheduledSessionId: text("scheduled_session_id").notNull(),
    /** null: the whole session. */
    participantId: text("participant_id"),
    evaluationId: text("evaluation_id"),
    questionId: text("question_id"),
    stepIndex: integer("step_index"),
    kind: text("kind", { enum: AUDIT_KINDS }).notNull(),
    /** What happened, e.g. `answer.saved`, `override.SESSION_PAUSE`, `report.released`. */
    action: text("action").notNull(),
    at: timestamp("at").notNull(),
    actorType: text("actor_type", { enum: AUDIT_ACTOR_TYPES }).notNull(),
    actorId: text("actor_id"),
    actorName: text("actor_name"),
    /** The device the change came from (its id, else its address). */
    device: text("device"),
    /** The app process that wrote it (host:pid). */
    process: text("process"),
    before: text("before", { mode: "json" }).$type<unknown>(),
    after: text("after", { mode: "json" }).$type<unknown>(),
  },
  (t) => [index("audit_entries_participant_idx").on(t.scheduledSessionId, t.participantId, t.id)],
);

/** The statements that make a table append-only: every UPDATE and DELETE is refused. */
export function appendOnlyTriggers(table: string): string[] {
  return ["UPDATE", "DELETE"].map(
    (op) =>
      `CREATE TRIGGER \`${table}_append_only_${op.toLowerCase()}\` BEFORE ${op} ON \`${table}\` BEGIN SELECT RAISE(ABORT, '${table} is append-only'); END;`,
  );
}
/** The tables whose rows can never change (tests/unit/db/revision.test.ts checks their triggers). */
export const APPEND_ONLY = ["audit_entries"] as const;

export const INCIDENT_CATEGORIES = [
  "EQUIPMENT",
  "ILLNESS",
  "MISCONDUCT",
  "EXAMINER_CONCERN",
  "TIMING",
  "OTHER",
] as const;
export type IncidentCategory = (typeof INCIDENT_CATEGORIES)[number];

/** An incident or "cause for comment" on a participant, a station, or (both null) the whole session. */
export const incidents = sqliteTable(
  "incidents",
  {
    id: text("id").primaryKey(),
    scheduledSessionId: text("scheduled_session_id")
      .notNull()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    participantId: text("participant_id"),
    evaluationId: text("evaluation_id"),
    category: text("category", { enum: INCIDENT_CATEGORIES }).notNull(),
    text: text("text").notNull(),
    at: timestamp("at").notNull(),
    recordedBy: text("recorded_by").notNull(),
    recordedByName: text("recorded_by_name").notNull(),
  },
  (t) => [index("incidents_session_idx").on(t.scheduledSessionId, t.participantId, t.at)],
);

export const DEVICE_KINDS = ["PARTICIPANT", "EXAMINER"] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/**
 * The last contact of each device of a session, and how many answers or ticks it said were still
 * waiting on it. Written at most every CONTACT_WRITE_MS per device and process, or when the waiting
 * count changes (app/modules/audit/contacts.server.ts, ADR 0043).
 */
export const deviceContacts = sqliteTable(
  "device_contacts",
  {
    scheduledSessionId: text("scheduled_session_id")
      .notNull()
      .references(() => scheduledSessions.id, { onDelete: "cascade" }),
    /** `participant:<id>` or `examiner:<user id>:<device id>`. */
    deviceKey: text("device_key").notNull(),
    kind: text("kind", { enum: DEVICE_KINDS }).notNull(),
    participantId: text("participant_id"),
    userId: text("user_id"),
    userName: text("user_name"),
    /** The station an examiner's tablet marks. */
    evaluationId: text("evaluation_id"),
    lastContactAt: timestamp("last_contact_at").notNull(),
    waiting: integer("waiting").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.scheduledSessionId, t.deviceKey] })],
);
