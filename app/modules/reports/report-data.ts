// The report's `data`, computed from a ScoredParticipant with pure
// functions: no database, so totals can be checked against hand-computed fixtures (ADR 0018).
// Shared by the server (which stores the snapshot) and the screens (which only render it).
import type { PassedStatus, SessionReportOptions, StoredRichContent } from "~db/tenant/schema";
import type { ScoredParticipant, ScoredQuestion } from "~/modules/corrections";
import type { RichBlock, StepType } from "~/modules/assessments";
import { type AppliedStandardRef, type ReportStandard, reportStandardDecision } from "~/modules/exams";

/** A score and the most it could have been. */
export type Score = { score: number; maxScore: number };
export type NamedScore = { id: string; name: string; score: Score };

export type ReportStep = {
  type: StepType;
  question: RichBlock[];
  answer: unknown;
  correctAnswer: unknown;
  /** A step that still awaits scoring counts 0 of its maximum and has `scored: false`. */
  score: Score;
  scored: boolean;
  comment: string | null;
  /** A hotzone image's height / width (ADR 0011): which zone the point is in. Absent: 1. */
  aspect?: number;
};
export type ReportQuestion = { id: string; name: string; score: Score; steps: ReportStep[] };
export type ReportEvaluation = {
  id: string;
  name: string;
  comment: string | null;
  score: Score;
  questions: ReportQuestion[];
};
export type CategoryComment = { categoryId: string; name: string; comment: string };

export type SessionReportData = {
  participantName: string;
  sessionName: string;
  /** ISO 8601. */
  sessionDatetime: string;
  passPercentage: number;
  passedStatus: PassedStatus;
  /** PASSED / NOT_PASSED from the scores, whatever staff decided. */
  computedPassedStatus: PassedStatus;
  passedStatusReason: string | null;
  sessionComment: StoredRichContent | null;
  categoryComments: CategoryComment[];
  evaluations: ReportEvaluation[];
  summaryInfo: { perCategory: NamedScore[]; perPrimaryCategory: NamedScore[]; perEvaluation: NamedScore[] };
  totalScore: Score;
  /** How many steps had no score yet when the report was built (the report shows a warning). */
  unscoredSteps: number;
  /** The exam standard the computed status followed (absent in reports built before exams). */
  standard?: ReportStandard | null;
};

/** What staff decide in the builder on top of the computed scores. */
export type ReportOverrides = {
  passedStatusOverride?: "DELIBERATED" | "TRAINING_REQUIRED" | null;
  passedStatusReason?: string | null;
  /** Category id → comment; blank comments are left out. */
  categoryComments?: Record<string, string>;
};

const zero = (): Score => ({ score: 0, maxScore: 0 });
const add = (a: Score, b: Score): Score => ({ score: a.score + b.score, maxScore: a.maxScore + b.maxScore });
/** Sums of many floats pick up noise (0.1 + 0.2); scores are shown to at most 6 decimals. */
const clean = (s: Score): Score => ({ score: round6(s.score), maxScore: round6(s.maxScore) });
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/**
 * PASSED iff score / maxScore × 100 ≥ passPercentage: the boundary is inclusive (60 % of 60 % passes).
 * Nothing to score (maxScore 0) never passes.
 */
export function passedStatusOf(total: Score, passPercentage: number): "PASSED" | "NOT_PASSED" {
  if (total.maxScore <= 0) return "NOT_PASSED";
  // Compared without dividing, with a tolerance far below any score step, so 0.7/1 at 70 % passes.
  return total.score * 100 >= passPercentage * total.maxScore - 1e-9 ? "PASSED" : "NOT_PASSED";
}

/**
 * The computed status: the exam's applied standard when it decides (a whole report, not one narrowed
 * to some evaluations), else the session template's pass percentage (ADR 0035).
 */
export function computedStatusOf(
  total: Score,
  passPercentage: number,
  standard: ReportStandard | null,
): "PASSED" | "NOT_PASSED" {
  if (standard && standard.passed !== null) return standard.passed ? "PASSED" : "NOT_PASSED";
  return passedStatusOf(total, passPercentage);
}

export function percentOf(score: Score): number {
  return score.maxScore > 0 ? (score.score / score.maxScore) * 100 : 0;
}

/**
 * The report data of one participant. `options.onlyEvaluations` (evaluation ids, empty = all)
 * narrows the report to those evaluations: their content, totals and pass status. `standard`: the
 * applied standard of the exam the session belongs to, if any.
 */
export function computeReportData(
  scored: ScoredParticipant,
  options: Pick<SessionReportOptions, "onlyEvaluations">,
  overrides: ReportOverrides = {},
  standard: AppliedStandardRef | null = null,
): SessionReportData {
  const only = new Set(options.onlyEvaluations ?? []);
  const evaluations = scored.evaluations.filter((e) => only.size === 0 || only.has(e.id));

  const categoryName = new Map(scored.categories.map((c) => [c.id, c.name]));
  const parentOf = new Map(scored.categories.map((c) => [c.id, c.parentId]));
  const perCategory = new Map<string, Score>();
  const perPrimary = new Map<string, Score>();
  let unscoredSteps = 0;

  const reportEvaluations: ReportEvaluation[] = evaluations.map((evaluation) => {
    const questions = evaluation.questions.map((question): ReportQuestion => {
      const steps = question.steps.map((step): ReportStep => {
        if (step.score === null) unscoredSteps++;
        return {
          type: step.type,
          question: step.question,
          answer: step.type === "PRACTICAL" ? { booleanlistValue: step.ticks ?? [] } : step.answer,
          correctAnswer: step.correctAnswer,
          score: { score: step.score ?? 0, maxScore: step.maxScore },
          scored: step.score !== null,
          comment: step.comment,
          ...(step.type === "HOTZONE" && step.aspect ? { aspect: step.aspect } : {}),
        };
      });
      const score = clean(steps.reduce((sum, s) => add(sum, s.score), zero()));
      // A question counts once for each of its categories, and once for each root above them.
      const categories = categoriesOf(question, evaluation.categoryIds);
      for (const id of categories) perCategory.set(id, add(perCategory.get(id) ?? zero(), score));
      for (const root of new Set(categories.map((id) => rootOf(id, parentOf))))
        perPrimary.set(root, add(perPrimary.get(root) ?? zero(), score));
      return { id: question.id, name: question.name, score, steps };
    });
    const summed = clean(questions.reduce((sum, q) => add(sum, q.score), zero()));
    // A resolved double mark decides the station's points (ADR 0036); its steps stay the first examiner's.
    const resolved = evaluation.resolvedScore;
    const score = resolved === null || resolved === undefined ? summed : clean({ ...summed, score: resolved });
    return { id: evaluation.id, name: evaluation.name, comment: evaluation.comment, score, questions };
  });

  const totalScore = clean(reportEvaluations.reduce((sum, e) => add(sum, e.score), zero()));
  const decision = standard && only.size === 0 ? reportStandardDecision(standard, reportEvaluations) : null;
  const computedPassedStatus = computedStatusOf(totalScore, scored.passPercentage, decision);
  const override = overrides.passedStatusOverride ?? null;
  const named = (scores: Map<string, Score>): NamedScore[] =>
    // In the order the categories are listed (the corrections module lists them in tree order).
    scored.categories
      .filter((c) => scores.has(c.id))
      .map((c) => ({ id: c.id, name: c.name, score: clean(scores.get(c.id)!) }));

  return {
    participantName: scored.participantName,
    sessionName: scored.sessionName,
    sessionDatetime: scored.sessionDatetime.toISOString(),
    passPercentage: scored.passPercentage,
    passedStatus: override ?? computedPassedStatus,
    computedPassedStatus,
    passedStatusReason: override ? (overrides.passedStatusReason ?? null) : null,
    sessionComment: scored.comment,
    categoryComments: Object.entries(overrides.categoryComments ?? {})
      .filter(([id, comment]) => categoryName.has(id) && comment.trim() !== "")
      .map(([id, comment]) => ({ categoryId: id, name: categoryName.get(id)!, comment: comment.trim() })),
    evaluations: reportEvaluations,
    summaryInfo: {
      perCategory: named(perCategory),
      perPrimaryCategory: named(perPrimary),
      perEvaluation: reportEvaluations.map((e) => ({ id: e.id, name: e.name, score: e.score })),
    },
    totalScore,
    unscoredSteps,
    standard: decision,
  };
}

/** A question's own categories; one without any counts for its evaluation's categories. */
function categoriesOf(question: ScoredQuestion, evaluationCategoryIds: string[]): string[] {
  return [...new Set(question.categoryIds.length > 0 ? question.categoryIds : evaluationCategoryIds)];
}

/** The topmost ancestor that the category list knows (a cycle cannot hang it). */
function rootOf(id: string, parentOf: Map<string, string | null>): string {
  let current = id;
  const seen = new Set<string>([id]);
  for (;;) {
    const parent = parentOf.get(current);
    if (!parent || !parentOf.has(parent) || seen.has(parent)) return current;
    seen.add(parent);
    current = parent;
  }
}
