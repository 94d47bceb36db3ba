import { requirePermission, type Ctx } from "~/lib/context.server";
import type { RichBlock } from "~/modules/assessments";
import {
  categoriesWithAncestors,
  categoryIdsOf,
  correctionDataFor,
  type CorrectionData,
} from "./correction-data.server";
import type { ScoredEvaluation, ScoredParticipant, ScoredStep } from "./scored-participant";

// The contract for reports (scored-participant.ts), built from the answer store and the correction rows.

export const READ = "read:admin" as const;

function scoredStep(s: CorrectionData["steps"][number]): ScoredStep {
  return {
    stepIndex: s.stepIndex,
    type: s.step.type,
    question: Array.isArray(s.step.question) ? (s.step.question as RichBlock[]) : [],
    correctAnswer: s.step.answer ?? null,
    answer: s.answer,
    ticks: s.entry?.ticks ?? null,
    score: s.entry?.score ?? null,
    maxScore: s.maxScore,
    comment: s.entry?.comment ?? null,
    ...(s.step.type === "HOTZONE" ? { aspect: s.aspect } : {}),
  };
}

/** Every step scored (a participant with nothing to score is complete too). */
export const isComplete = (data: Pick<CorrectionData, "steps">): boolean =>
  data.steps.every((s) => s.entry?.score !== null && s.entry?.score !== undefined);

export async function buildScoredParticipant(ctx: Ctx, data: CorrectionData): Promise<ScoredParticipant> {
  const questionIds = [...new Set(data.order.flatMap((e) => data.plan.evaluations.get(e)?.questionIds ?? []))];
  const tags = await categoryIdsOf(ctx.tdb.db, data.order, questionIds);
  const evaluations: ScoredEvaluation[] = data.order.map((evaluationId) => {
    const plan = data.plan.evaluations.get(evaluationId)!;
    const mark = data.marks.get(evaluationId);
    const second = data.secondMarks.get(evaluationId);
    return {
      id: evaluationId,
      name: plan.name,
      categoryIds: tags.evaluations.get(evaluationId) ?? [],
      questions: plan.questionIds.map((questionId) => ({
        id: questionId,
        name: data.plan.questions.get(questionId)?.name ?? "",
        categoryIds: tags.questions.get(questionId) ?? [],
        steps: data.steps.filter((s) => s.evaluationId === evaluationId && s.questionId === questionId).map(scoredStep),
      })),
      comment: mark?.comment ?? null,
      globalRating: mark?.globalRating ?? null,
      // Double marking (ADR 0036): a resolved double mark decides the station's points.
      resolvedScore: second?.resolutionMethod && second.resolvedAt ? second.resolvedScore : null,
    };
  });
  const categoryIds = evaluations.flatMap((e) => [...e.categoryIds, ...e.questions.flatMap((q) => q.categoryIds)]);
  return {
    scheduledSessionId: data.session.id,
    participantId: data.entry.participantId,
    participantName: data.participant?.name ?? "",
    participantLanguage: data.participant?.locale ?? "en-us",
    participantEmail: data.participant?.email ?? null,
    sessionName: data.template?.name ?? data.session.reference,
    sessionDatetime: data.session.datetime,
    passPercentage: data.template?.passPercentage ?? 0,
    comment: data.correction?.comment ?? null,
    evaluations,
    categories: await categoriesWithAncestors(ctx.tdb.db, categoryIds),
    complete: isComplete(data),
  };
}

/** Everything a report is computed from, for one participant of one scheduled session. */
export async function loadScoredParticipant(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<ScoredParticipant> {
  requirePermission(ctx, READ);
  return buildScoredParticipant(ctx, await correctionDataFor(ctx, scheduledSessionId, participantId));
}
