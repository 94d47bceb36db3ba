import { mapNodes } from "~/lib/paging.server";
import { z } from "zod";
import { categories, evaluations } from "~db/tenant/schema";
import type { StaffCtx } from "~/lib/context.server";
import { defineOwned, idList, ownershipInput, requireExisting } from "./owned-documents.server";
import type { DocumentFilter, ListArgs, OwnedDoc } from "./owned-documents.server";
import { nameText } from "~/lib/validation";
import { announcePlanChange } from "~/modules/live/index.server";
import { categoryNames, questionEntity, refsOf, type NamedRef, type Question } from "./questions.server";

export const evaluationInput = z.object({
  name: nameText(),
  description: z
    .string()
    .trim()
    .max(5000)
    .nullish()
    .transform((v) => v || null),
  categories: idList,
  questions: idList,
  // The questions' time limits run unless chosen off (ADR 0031); null (cleared) is the default too.
  options: z
    .object({
      enableTimer: z
        .boolean({ invalid_type_error: "validation:invalid-choice" })
        .nullish()
        .transform((v) => v ?? true),
    })
    .nullish()
    .transform((o) => ({ enableTimer: o?.enableTimer ?? true })),
  ...ownershipInput,
});
export type EvaluationInput = z.infer<typeof evaluationInput>;

export type Evaluation = OwnedDoc & {
  name: string;
  description: string | null;
  categories: string[];
  questions: string[];
  options: { enableTimer: boolean };
  resolvedCategories: NamedRef[];
  /** Null in a summary list (asSummary). */
  resolvedQuestions: Question[] | null;
  questionCount: number;
};
export type EvaluationFilter = DocumentFilter;

type Row = typeof evaluations.$inferSelect;

const fieldsOf = (r: Row) => ({
  name: r.name,
  description: r.description,
  categories: r.categoryIds,
  questions: r.questionIds,
  options: { enableTimer: r.enableTimer },
});

export const evaluationEntity = defineOwned({
  type: "Evaluation",
  table: evaluations,
  notFound: "evaluation_not_found",
  schema: evaluationInput,
  inputOf: fieldsOf,
  values: (i: EvaluationInput) => ({
    name: i.name,
    nameLower: i.name.toLowerCase(),
    description: i.description,
    categoryIds: [...new Set(i.categories)],
    questionIds: i.questions,
    enableTimer: i.options.enableTimer,
  }),
  check: async (tx, ctx, i) => {
    await requireExisting(tx, categories, i.categories, "categories");
    await questionEntity.requireVisible(tx, ctx, i.questions, "questions");
  },
  extra: async (db, _ctx, rows: Row[]) => ({ categories: await categoryNames(db, rows) }),
  toDoc: (r: Row, base, extra): Evaluation => ({
    ...base,
    ...fieldsOf(r),
    resolvedCategories: refsOf(r.categoryIds, extra?.categories ?? new Map()),
    resolvedQuestions: null,
    questionCount: r.questionIds.length,
  }),
  // An evaluation edited while a session using it runs reaches the open screens at once (ADR 0031).
  afterUpdate: (ctx, evaluation) => announcePlanChange(ctx, { evaluations: [evaluation._id] }),
});

/** Resolves the evaluation's questions (visible ones, in order). */
export async function withQuestions(ctx: StaffCtx, evaluation: Evaluation): Promise<Evaluation> {
  const rows = await questionEntity.visibleRows(ctx.tdb.db, ctx, evaluation.questions);
  return { ...evaluation, resolvedQuestions: await questionEntity.docs(ctx.tdb.db, ctx, rows) };
}

export async function listEvaluations(
  ctx: Parameters<typeof evaluationEntity.list>[0],
  args: ListArgs<EvaluationFilter> & { asSummary?: boolean | null } = {},
) {
  const list = await evaluationEntity.list(ctx, args);
  if (args.asSummary) return list;
  return mapNodes(list, (nodes) => Promise.all(nodes.map((node) => withQuestions(ctx as StaffCtx, node))));
}
export async function getEvaluation(ctx: Parameters<typeof evaluationEntity.get>[0], id: string): Promise<Evaluation> {
  const evaluation = await evaluationEntity.get(ctx, id);
  return withQuestions(ctx as StaffCtx, evaluation);
}
export const addEvaluation = evaluationEntity.add;
export const updateEvaluation = evaluationEntity.update;
export const removeEvaluation = evaluationEntity.remove;
