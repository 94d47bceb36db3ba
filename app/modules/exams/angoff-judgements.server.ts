// Angoff judgements: a judge (the signed-in staff member) estimates, per question step or whole
// question of the exam, the probability that a minimally competent candidate gets it right, in
// round 1 (before) or 2 (after seeing the facility values). A whole question's estimate holds for
// each of its steps unless the judge rated that step itself in the same round (ADR 0035).
import { and, asc, eq } from "drizzle-orm";
import { z } from "zod";
import { angoffJudgements, evaluations, questions, sessionTemplates } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import type { AngoffItem, AngoffJudgement } from "./angoff";
import { itemKey } from "./exam-marks.server";
import { findExamRow, READ, WRITE } from "./exams.server";

export type StoredAngoffJudgement = {
  judge: string;
  round: number;
  evaluation: string;
  question: string;
  /** null: the whole question. */
  stepIndex: number | null;
  probability: number;
  updatedAt: Date;
};

export const angoffInput = z.object({
  round: z.number().int().min(1, "validation:angoff-round").max(2, "validation:angoff-round"),
  judgements: z
    .array(
      z.object({
        evaluation: z.string().min(1).max(100),
        question: z.string().min(1).max(100),
        stepIndex: z.number().int().min(0).max(1000).nullish(),
        probability: z.number().min(0, "validation:probability").max(1, "validation:probability"),
      }),
    )
    .max(5000),
});

/** evaluation → question → number of steps, for the exam's session template. */
async function templateItems(db: Reader, sessionTemplateId: string): Promise<Map<string, Map<string, number>>> {
  const template = await db.select().from(sessionTemplates).where(eq(sessionTemplates.id, sessionTemplateId)).get();
  const result = new Map<string, Map<string, number>>();
  for (const evaluationId of template?.evaluationIds ?? []) {
    const evaluation = await db.select().from(evaluations).where(eq(evaluations.id, evaluationId)).get();
    const perQuestion = new Map<string, number>();
    for (const questionId of evaluation?.questionIds ?? []) {
      const question = await db
        .select({ steps: questions.steps })
        .from(questions)
        .where(eq(questions.id, questionId))
        .get();
      perQuestion.set(questionId, Array.isArray(question?.steps) ? question.steps.length : 0);
    }
    result.set(evaluationId, perQuestion);
  }
  return result;
}

/** Stores the signed-in judge's estimates for one round (replacing their earlier ones for the same items). */
export async function setAngoffJudgements(ctx: Ctx, examId: string, input: unknown): Promise<StoredAngoffJudgement[]> {
  requirePermission(ctx, WRITE);
  const v = parseInput(angoffInput, input);
  const exam = await findExamRow(ctx.tdb.db, examId);
  const known = await templateItems(ctx.tdb.db, exam.sessionTemplateId);
  for (const [i, j] of v.judgements.entries()) {
    const steps = known.get(j.evaluation)?.get(j.question);
    if (steps === undefined || (j.stepIndex != null && j.stepIndex >= steps))
      throw fieldError(`judgements.${i}`, "validation:angoff-item");
  }
  const now = new Date();
  await ctx.tdb.write(async (tx) => {
    for (const j of v.judgements) {
      const row = {
        examId: exam.id,
        judgeId: ctx.actor.userId,
        round: v.round,
        itemKey: itemKey(j.evaluation, j.question, j.stepIndex),
        evaluationId: j.evaluation,
        questionId: j.question,
        stepIndex: j.stepIndex ?? null,
        probability: j.probability,
        updatedAt: now,
      };
      await tx
        .insert(angoffJudgements)
        .values(row)
        .onConflictDoUpdate({
          target: [angoffJudgements.examId, angoffJudgements.judgeId, angoffJudgements.round, angoffJudgements.itemKey],
          set: { probability: row.probability, updatedAt: now },
        });
    }
  });
  return (await judgementRows(ctx.tdb.db, exam.id)).filter((j) => j.judge === ctx.actor.userId && j.round === v.round);
}

async function judgementRows(db: Reader, examId: string): Promise<StoredAngoffJudgement[]> {
  const rows = await db
    .select()
    .from(angoffJudgements)
    .where(eq(angoffJudgements.examId, examId))
    .orderBy(asc(angoffJudgements.judgeId), asc(angoffJudgements.round), asc(angoffJudgements.itemKey))
    .all();
  return rows.map((r) => ({
    judge: r.judgeId,
    round: r.round,
    evaluation: r.evaluationId,
    question: r.questionId,
    stepIndex: r.stepIndex,
    probability: r.probability,
    updatedAt: r.updatedAt,
  }));
}

/** Every judge's estimates of the exam, by judge, round and item. */
export async function listAngoffJudgements(ctx: Ctx, examId: string): Promise<StoredAngoffJudgement[]> {
  requirePermission(ctx, READ);
  const exam = await findExamRow(ctx.tdb.db, examId);
  return judgementRows(ctx.tdb.db, exam.id);
}

/** Removes the signed-in judge's estimates of one round. */
export async function clearAngoffJudgements(ctx: Ctx, examId: string, round: number): Promise<void> {
  requirePermission(ctx, WRITE);
  const exam = await findExamRow(ctx.tdb.db, examId);
  await ctx.tdb.write((tx) =>
    tx
      .delete(angoffJudgements)
      .where(
        and(
          eq(angoffJudgements.examId, exam.id),
          eq(angoffJudgements.judgeId, ctx.actor.userId),
          eq(angoffJudgements.round, Number(round)),
        ),
      ),
  );
}

/** The judgements per step item, a whole question's estimate spread over its steps. No permission check. */
export async function angoffJudgementsOf(
  db: Reader,
  examId: string,
  items: readonly AngoffItem[],
): Promise<AngoffJudgement[]> {
  const rows = await judgementRows(db, examId);
  const stepsOf = new Map<string, string[]>();
  for (const item of items) {
    const question = item.id.split("/").slice(0, 2).join("/");
    stepsOf.set(question, [...(stepsOf.get(question) ?? []), item.id]);
  }
  const result = new Map<string, AngoffJudgement>();
  // Whole questions first, so a step's own estimate in the same round replaces the question's.
  for (const r of [...rows].sort((a, b) => Number(a.stepIndex !== null) - Number(b.stepIndex !== null))) {
    const ids =
      r.stepIndex === null
        ? (stepsOf.get(itemKey(r.evaluation, r.question)) ?? [])
        : [itemKey(r.evaluation, r.question, r.stepIndex)];
    for (const itemId of ids)
      result.set(`${r.judge}\u0000${r.round}\u0000${itemId}`, {
        judgeId: r.judge,
        itemId,
        probability: r.probability,
        round: r.round,
      });
  }
  return [...result.values()];
}
