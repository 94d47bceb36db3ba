import type { CircuitSettings } from "./circuit";
import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { documentColumns } from "./columns";

export const OBJECT_OWNER_TYPES = ["ORGANIZATION", "USER"] as const;
export type ObjectOwnerType = (typeof OBJECT_OWNER_TYPES)[number];
export const VISIBILITIES = ["ORGANIZATION", "PRIVATE"] as const;
export type Visibility = (typeof VISIBILITIES)[number];
export const SHARE_LEVELS = ["EDITOR", "VIEWER"] as const;
export type ShareLevel = (typeof SHARE_LEVELS)[number];
export const SHAREABLE_TYPES = ["Question", "Evaluation", "Session"] as const;
export type ShareableType = (typeof SHAREABLE_TYPES)[number];

/** Ownership and visibility columns shared by questions, evaluations and session templates. */
const ownedColumns = () => ({
  workspaceId: text("workspace_id").notNull(),
  ownerType: text("owner_type", { enum: OBJECT_OWNER_TYPES }).notNull().default("ORGANIZATION"),
  /** The staff user who owns (USER) or created (ORGANIZATION) the object. */
  ownerUserId: text("owner_user_id").notNull(),
  visibility: text("visibility", { enum: VISIBILITIES }).notNull().default("ORGANIZATION"),
});

/**
 * Questions. JSON columns: `categoryIds`/`supplyIds` (string[]), `preparationInfo` (rich content
 * blocks), `steps` ([{ key, type, question, answer, score }]). `stepTypes` is ",TYPE,TYPE," for filtering.
 */
export const questions = sqliteTable(
  "questions",
  {
    ...documentColumns(),
    ...ownedColumns(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    maxTime: integer("max_time").notNull(),
    categoryIds: text("category_ids", { mode: "json" }).$type<string[]>().notNull(),
    supplyIds: text("supply_ids", { mode: "json" }).$type<string[]>().notNull(),
    preparationInfo: text("preparation_info", { mode: "json" }).$type<unknown[]>().notNull(),
    steps: text("steps", { mode: "json" }).$type<unknown[]>().notNull(),
    stepTypes: text("step_types").notNull().default(""),
    totalScore: real("total_score").notNull().default(0),
  },
  (t) => [index("questions_name_idx").on(t.nameLower), index("questions_owner_idx").on(t.ownerUserId)],
);

/**
 * Evaluations: an ordered list of question ids (JSON) and options. `enableTimer`: the questions'
 * time limits run (countdown and deadline); on unless chosen off (ADR 0031).
 */
export const evaluations = sqliteTable(
  "evaluations",
  {
    ...documentColumns(),
    ...ownedColumns(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    description: text("description"),
    categoryIds: text("category_ids", { mode: "json" }).$type<string[]>().notNull(),
    questionIds: text("question_ids", { mode: "json" }).$type<string[]>().notNull(),
    enableTimer: integer("enable_timer", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [index("evaluations_name_idx").on(t.nameLower), index("evaluations_owner_idx").on(t.ownerUserId)],
);

/** Session templates ("Session" in the API): an ordered list of evaluation ids (JSON). */
export const sessionTemplates = sqliteTable(
  "session_templates",
  {
    ...documentColumns(),
    ...ownedColumns(),
    name: text("name").notNull(),
    nameLower: text("name_lower").notNull(),
    categoryIds: text("category_ids", { mode: "json" }).$type<string[]>().notNull(),
    evaluationIds: text("evaluation_ids", { mode: "json" }).$type<string[]>().notNull(),
    passPercentage: integer("pass_percentage").notNull(),
    referenceFormat: text("reference_format").notNull().default(""),
    /** The circuit settings a session planned from this template starts with (issue 32). */
    circuit: text("circuit", { mode: "json" }).$type<CircuitSettings>(),
  },
  (t) => [index("session_templates_name_idx").on(t.nameLower), index("session_templates_owner_idx").on(t.ownerUserId)],
);

/** Who else may see (VIEWER) or change (EDITOR) a question, evaluation or session template. */
export const objectShares = sqliteTable(
  "object_shares",
  {
    objectId: text("object_id").notNull(),
    objectType: text("object_type", { enum: SHAREABLE_TYPES }).notNull(),
    userId: text("user_id").notNull(),
    level: text("level", { enum: SHARE_LEVELS }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.objectId, t.userId] }), index("object_shares_user_idx").on(t.userId)],
);
