import type { Reader } from "~db/tenant/client";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { categories, questions, supplyObjects } from "~db/tenant/schema";
import { defineOwned, idList, ownershipInput, requireExisting } from "./owned-documents.server";
import type { DocumentFilter, ListArgs, OwnedDoc } from "./owned-documents.server";
import { nameText } from "~/lib/validation";
import { announcePlanChange } from "~/modules/live/index.server";
import { sanitizeRichContent } from "./rich-content.server";
import { richContent, STEP_TYPES, steps, type RichBlock, type Step, type StepType } from "./steps";

export const MAX_TIME_LIMIT = 24 * 3600;

export const questionInput = z.object({
  name: nameText(),
  maxTime: z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .int()
    .min(1) // whole seconds, at least one: "Enter at least 1." states the rule (positive() said "at least 0")
    .max(MAX_TIME_LIMIT),
  categories: idList,
  supplies: idList,
  preparationInfo: richContent,
  steps,
  ...ownershipInput,
});
export type QuestionInput = z.infer<typeof questionInput>;

export type NamedRef = { _id: string; name: string };
export type Question = OwnedDoc & {
  name: string;
  maxTime: number;
  categories: string[];
  supplies: string[];
  resolvedCategories: NamedRef[];
  resolvedSupplies: NamedRef[];
  preparationInfo: RichBlock[];
  steps: Step[];
  stepTypes: StepType[];
  totalScore: number;
};

export type QuestionFilter = DocumentFilter & { steps?: StepType[] | null };

type Row = typeof questions.$inferSelect;

/** Names of the given categories/supplies (for display). */
export async function namesOf(
  db: Reader,
  table: typeof categories | typeof supplyObjects,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select({ id: table.id, name: table.name }).from(table).where(inArray(table.id, unique)).all();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of the categories the rows refer to. */
export const categoryNames = (db: Reader, rows: Array<{ categoryIds: string[] }>) =>
  namesOf(
    db,
    categories,
    rows.flatMap((r) => r.categoryIds),
  );

export const refsOf = (ids: string[], names: Map<string, string>): NamedRef[] =>
  ids.flatMap((id) => (names.has(id) ? [{ _id: id, name: names.get(id)! }] : []));

export const questionEntity = defineOwned({
  type: "Question",
  table: questions,
  notFound: "question_not_found",
  schema: questionInput,
  filters: (f: QuestionFilter) => [
    f.steps?.length
      ? sql`(${sql.join(
          f.steps
            .filter((s) => (STEP_TYPES as readonly string[]).includes(s))
            .map((s) => sql`instr(${questions.stepTypes}, ${`,${s},`}) > 0`),
          sql` or `,
        )})`
      : undefined,
  ],
  inputOf: (r: Row) => ({
    name: r.name,
    maxTime: r.maxTime,
    categories: r.categoryIds,
    supplies: r.supplyIds,
    preparationInfo: r.preparationInfo,
    steps: r.steps,
  }),
  values: (i: QuestionInput, ctx) => {
    const cleanSteps = i.steps.map((s) => ({ ...s, question: sanitizeRichContent(s.question, ctx.tenant.slug) }));
    return {
      name: i.name,
      nameLower: i.name.toLowerCase(),
      maxTime: i.maxTime,
      categoryIds: [...new Set(i.categories)],
      supplyIds: [...new Set(i.supplies)],
      preparationInfo: sanitizeRichContent(i.preparationInfo, ctx.tenant.slug),
      steps: cleanSteps,
      stepTypes: cleanSteps.length ? `,${[...new Set(cleanSteps.map((s) => s.type))].join(",")},` : "",
      totalScore: cleanSteps.reduce((sum, s) => sum + s.score, 0),
    };
  },
  check: async (tx, _ctx, i) => {
    await requireExisting(tx, categories, i.categories, "categories");
    await requireExisting(tx, supplyObjects, i.supplies, "supplies");
  },
  extra: async (db, _ctx, rows: Row[]) => ({
    categories: await categoryNames(db, rows),
    supplies: await namesOf(
      db,
      supplyObjects,
      rows.flatMap((r) => r.supplyIds),
    ),
  }),
  toDoc: (r: Row, base, extra): Question => {
    const list = (r.steps ?? []) as Step[];
    return {
      ...base,
      name: r.name,
      maxTime: r.maxTime,
      categories: r.categoryIds,
      supplies: r.supplyIds,
      resolvedCategories: refsOf(r.categoryIds, extra?.categories ?? new Map()),
      resolvedSupplies: refsOf(r.supplyIds, extra?.supplies ?? new Map()),
      preparationInfo: r.preparationInfo as RichBlock[],
      steps: list,
      stepTypes: [...new Set(list.map((s) => s.type))],
      totalScore: r.totalScore,
    };
  },
  // A question edited while a session using it runs (its time limit, its steps) reaches the open screens at once (ADR 0031).
  afterUpdate: (ctx, question) => announcePlanChange(ctx, { questions: [question._id] }),
});

export const listQuestions = (ctx: Parameters<typeof questionEntity.list>[0], args?: ListArgs<QuestionFilter>) =>
  questionEntity.list(ctx, args);
export const getQuestion = questionEntity.get;
export const addQuestion = questionEntity.add;
export const updateQuestion = questionEntity.update;
export const removeQuestion = questionEntity.remove;
