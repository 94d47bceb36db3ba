import type { Reader } from "~db/tenant/client";
import { fieldError } from "~/lib/parse-input";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { categories, evaluations, sessionTemplates } from "~db/tenant/schema";
import type { StaffCtx } from "~/lib/context.server";
import { registerReferenceFinder } from "~/lib/references.server";
import {
  containsCI,
  defineOwned,
  idList,
  jsonContainsAny,
  ownershipInput,
  requireExisting,
  type ListArgs,
  type OwnedDoc,
} from "./owned-documents.server";
import { nameText } from "~/lib/validation";
import { announcePlanChange } from "~/modules/live/index.server";
import { namesOf, questionEntity, refsOf, type NamedRef, type Question } from "./questions.server";

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
export type EvaluationFilter = {
  id?: string | null;
  name?: string | null;
  categories?: string[] | null;
  behavior?: string | null;
};

type Row = typeof evaluations.$inferSelect;

/** Every id must be a question the actor can see. */
async function requireVisibleQuestions(db: Reader, ctx: StaffCtx, ids: string[]) {
  const unique = [...new Set(ids)];
  const rows = await questionEntity.visibleRows(db, ctx, unique);
  if (rows.length !== unique.length) throw fieldError("questions", "assessments:validation.unknown-reference");
}

export const evaluationEntity = defineOwned({
  type: "Evaluation",
  table: evaluations,
  notFound: "evaluation_not_found",
  schema: evaluationInput,
  filters: (f: EvaluationFilter) => [
    f.id ? sql`${evaluations.id} = ${f.id}` : undefined,
    f.name ? containsCI(evaluations.name, f.name) : undefined,
    f.categories?.length ? jsonContainsAny(evaluations.categoryIds, f.categories) : undefined,
  ],
  inputOf: (r: Row) => ({
    name: r.name,
    description: r.description,
    categories: r.categoryIds,
    questions: r.questionIds,
    options: { enableTimer: r.enableTimer },
  }),
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
    await requireVisibleQuestions(tx, ctx, i.questions);
  },
  extra: async (db, _ctx, rows: Row[]) => ({
    categories: await namesOf(
      db,
      categories,
      rows.flatMap((r) => r.categoryIds),
    ),
  }),
  toDoc: (r: Row, base, extra): Evaluation => ({
    ...base,
    name: r.name,
    description: r.description,
    categories: r.categoryIds,
    questions: r.questionIds,
    options: { enableTimer: r.enableTimer },
    resolvedCategories: refsOf(r.categoryIds, extra?.categories ?? new Map()),
    resolvedQuestions: null,
    questionCount: r.questionIds.length,
  }),
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
  const staff = ctx as StaffCtx;
  const nodes = await Promise.all(list.edges.map((e) => withQuestions(staff, e.node)));
  return { ...list, edges: list.edges.map((e, i) => ({ cursor: e.cursor, node: nodes[i]! })) };
}
export async function getEvaluation(ctx: Parameters<typeof evaluationEntity.get>[0], id: string): Promise<Evaluation> {
  const evaluation = await evaluationEntity.get(ctx, id);
  return withQuestions(ctx as StaffCtx, evaluation);
}
export const addEvaluation = evaluationEntity.add;
/** An evaluation edited while a session using it runs reaches the open screens at once (ADR 0031). */
export async function updateEvaluation(
  ctx: Parameters<typeof evaluationEntity.update>[0],
  id: string,
  input: unknown,
): Promise<Evaluation> {
  const evaluation = await evaluationEntity.update(ctx, id, input);
  await announcePlanChange(ctx, { evaluations: [evaluation._id] });
  return evaluation;
}
export const removeEvaluation = evaluationEntity.remove;

/** Session templates use evaluations. Called once at start-up (registerReferenceChecks). */
export function registerEvaluationReferenceFinders(): void {
  registerReferenceFinder("Evaluation", async (db, ids) => {
    const rows = await db
      .select({ id: sessionTemplates.id, name: sessionTemplates.name })
      .from(sessionTemplates)
      .where(jsonContainsAny(sessionTemplates.evaluationIds, ids))
      .all();
    return rows.map((r) => ({ id: r.id, title: r.name, type: "Session" }));
  });
}
