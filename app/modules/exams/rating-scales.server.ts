// Each evaluation's (station's) global rating scale: an ordered subset of the stored rating labels
// with its borderline grade(s); the default 5-point scale when none was set (ADR 0034, 0035).
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { evaluationRatingScales, evaluations, GLOBAL_RATINGS, type GlobalRating } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { fieldError, parseInput } from "~/lib/parse-input";
import { READ, WRITE } from "./exams.server";
import { DEFAULT_RATING_SCALE, FIVE_POINT_LABELS, ratingScaleProblems, type RatingScale } from "./rating-scale";

export type StationRatingScale = { labels: GlobalRating[]; borderlineGrades: number[] };

const DEFAULT: StationRatingScale = {
  labels: [...FIVE_POINT_LABELS],
  borderlineGrades: [...DEFAULT_RATING_SCALE.borderlineGrades],
};

/** The scales of these evaluations (the default where none was set). No permission check. */
export async function ratingScalesOf(db: Reader, evaluationIds: string[]): Promise<Map<string, StationRatingScale>> {
  const rows = evaluationIds.length
    ? await db
        .select()
        .from(evaluationRatingScales)
        .where(inArray(evaluationRatingScales.evaluationId, evaluationIds))
        .all()
    : [];
  const set = new Map(rows.map((r) => [r.evaluationId, { labels: r.labels, borderlineGrades: r.borderlineGrades }]));
  return new Map(evaluationIds.map((id) => [id, set.get(id) ?? DEFAULT]));
}

export async function evaluationRatingScale(ctx: Ctx, evaluationId: string): Promise<StationRatingScale> {
  requirePermission(ctx, READ);
  return (await ratingScalesOf(ctx.tdb.db, [String(evaluationId ?? "")])).get(String(evaluationId ?? ""))!;
}

const FIVE_ORDER: readonly string[] = FIVE_POINT_LABELS;
export const ratingScaleInput = z.object({
  labels: z
    .array(z.enum(GLOBAL_RATINGS, { invalid_type_error: "validation:invalid-choice" }))
    .min(2, "validation:rating-scale-labels")
    .max(5),
  borderlineGrades: z.array(z.number().int()).min(1, "validation:rating-scale-borderline").max(5),
});

/**
 * Sets an evaluation's scale: labels lowest first in the 5-point order (so a stored rating keeps its
 * place on every scale), at least one borderline grade on the scale. null returns to the default.
 */
export async function setEvaluationRatingScale(
  ctx: Ctx,
  evaluationId: string,
  input: unknown,
): Promise<StationRatingScale> {
  requirePermission(ctx, WRITE);
  const id = String(evaluationId ?? "");
  const evaluation = await ctx.tdb.db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(eq(evaluations.id, id))
    .get();
  if (!evaluation) throw new AppError("NOT_FOUND", "evaluation_not_found");
  if (input === null) {
    await ctx.tdb.write((tx) => tx.delete(evaluationRatingScales).where(eq(evaluationRatingScales.evaluationId, id)));
    return DEFAULT;
  }
  const v = parseInput(ratingScaleInput, input);
  const positions = v.labels.map((l) => FIVE_ORDER.indexOf(l));
  if (positions.some((p, i) => i > 0 && p <= positions[i - 1]!))
    throw fieldError("labels", "validation:rating-scale-labels");
  const scale: RatingScale = {
    labels: v.labels,
    borderlineGrades: [...new Set(v.borderlineGrades)].sort((a, b) => a - b),
  };
  if (ratingScaleProblems(scale).length > 0) throw fieldError("borderlineGrades", "validation:rating-scale-borderline");
  const row = {
    evaluationId: id,
    labels: v.labels,
    borderlineGrades: [...scale.borderlineGrades],
    updatedAt: new Date(),
    updatedBy: ctx.actor.userId,
  };
  await ctx.tdb.write((tx) =>
    tx
      .insert(evaluationRatingScales)
      .values(row)
      .onConflictDoUpdate({ target: evaluationRatingScales.evaluationId, set: row }),
  );
  return { labels: row.labels, borderlineGrades: row.borderlineGrades };
}
