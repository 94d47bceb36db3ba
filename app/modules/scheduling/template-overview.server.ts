import { inArray } from "drizzle-orm";
import { evaluations, questions } from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { getSession } from "~/modules/assessments/index.server";
import { READ } from "./scheduled-sessions.server";

export type TemplateOverview = {
  id: string;
  name: string;
  passPercentage: number;
  seconds: number;
  points: number;
  /** `timed`: the evaluation's questions' time limits run (enableTimer); false: no countdown and no deadline (ADR 0031). */
  evaluations: Array<{
    id: string;
    name: string;
    seconds: number;
    points: number;
    timed: boolean;
    questions: Array<{ id: string; name: string; seconds: number; points: number }>;
  }>;
};

/**
 * What a session template holds, before a session is planned with it (the plan screen's session
 * overview): its evaluations in order, each with its questions' time limits and points, and totals.
 * The template is read with the staff member's access (a private template of someone else is
 * NOT_FOUND).
 */
export async function templateOverview(ctx: Ctx, templateId: string): Promise<TemplateOverview> {
  requirePermission(ctx, READ);
  const template = await getSession(ctx, templateId);
  const evals = await ctx.tdb.db
    .select({
      id: evaluations.id,
      name: evaluations.name,
      questionIds: evaluations.questionIds,
      enableTimer: evaluations.enableTimer,
    })
    .from(evaluations)
    .where(inArray(evaluations.id, template.evaluations))
    .all();
  const questionIds = [...new Set(evals.flatMap((e) => e.questionIds))];
  const rows = await ctx.tdb.db
    .select({
      id: questions.id,
      name: questions.name,
      maxTime: questions.maxTime,
      totalScore: questions.totalScore,
    })
    .from(questions)
    .where(inArray(questions.id, questionIds))
    .all();
  const byId = new Map(rows.map((q) => [q.id, { id: q.id, name: q.name, seconds: q.maxTime, points: q.totalScore }]));
  const evalById = new Map(evals.map((e) => [e.id, e]));
  const list = template.evaluations.flatMap((id) => {
    const e = evalById.get(id);
    if (!e) return [];
    const qs = e.questionIds.flatMap((q) => (byId.has(q) ? [byId.get(q)!] : []));
    return [
      {
        id: e.id,
        name: e.name,
        timed: e.enableTimer,
        questions: qs,
        seconds: sum(qs.map((q) => q.seconds)),
        points: sum(qs.map((q) => q.points)),
      },
    ];
  });
  return {
    id: template._id,
    name: template.name,
    passPercentage: template.passPercentage,
    seconds: sum(list.map((e) => e.seconds)),
    points: sum(list.map((e) => e.points)),
    evaluations: list,
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
