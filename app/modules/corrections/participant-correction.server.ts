import type { GlobalRating, StoredAnswer } from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import type { RichBlock, StepType } from "~/modules/assessments";
import { correctionDataFor, type CorrectionData, type TakenStep } from "./correction-data.server";
import { isComplete, READ } from "./scored-participant.server";
import { autoScore } from "./scoring";

// What the participant detail page and the API read of a correction: every step of every
// question taken, the answer that counts beside the correct one, a late answer apart, the score
// and what auto-scoring would give.

export type CorrectionStep = {
  evaluationId: string;
  questionId: string;
  stepIndex: number;
  type: StepType;
  question: RichBlock[];
  correctAnswer: unknown;
  answer: StoredAnswer | null;
  lateAnswer: StoredAnswer | null;
  lateReceivedAt: Date | null;
  lateAccepted: boolean;
  /** PRACTICAL: the criteria with their weights, in order. */
  criteria: Array<{ label: string; weight: number }>;
  ticks: boolean[] | null;
  score: number | null;
  maxScore: number;
  comment: string | null;
  autoScored: boolean;
  /** What the rules give now (null: an assessor decides). */
  suggestedScore: number | null;
  revision: number;
  /** HOTZONE: the image and its height / width. */
  imageUrl: string | null;
  aspect: number;
};

export type CorrectionEvaluation = {
  id: string;
  name: string;
  globalRating: GlobalRating | null;
  markComment: string | null;
  markedAt: Date | null;
  questions: Array<{ id: string; name: string; steps: CorrectionStep[] }>;
};

export type ParticipantCorrection = {
  /** The correction's id, null until something was scored or commented. */
  id: string | null;
  scheduledSessionId: string;
  sessionName: string;
  sessionStatus: CorrectionData["session"]["status"];
  participantId: string;
  participantName: string;
  comment: RichBlock[];
  completedAt: Date | null;
  complete: boolean;
  scored: number;
  total: number;
  evaluations: CorrectionEvaluation[];
  updatedAt: Date | null;
};

function criteriaOf(step: TakenStep): CorrectionStep["criteria"] {
  if (step.step.type !== "PRACTICAL") return [];
  const answer = (step.step.answer ?? {}) as { textlistValue?: unknown[]; numericlistValue?: unknown[] };
  return (answer.textlistValue ?? []).map((label, i) => ({
    label: String(label),
    weight: Number(answer.numericlistValue?.[i] ?? 0),
  }));
}

export function correctionStep(step: TakenStep): CorrectionStep {
  const image =
    step.step.type === "HOTZONE" ? (step.step.answer as { textValue?: unknown } | undefined)?.textValue : null;
  return {
    evaluationId: step.evaluationId,
    questionId: step.questionId,
    stepIndex: step.stepIndex,
    type: step.step.type,
    question: Array.isArray(step.step.question) ? (step.step.question as RichBlock[]) : [],
    correctAnswer: step.step.answer ?? null,
    answer: step.answer,
    lateAnswer: step.lateAnswer,
    lateReceivedAt: step.lateAnswer ? (step.saved?.receivedAt ?? null) : null,
    lateAccepted: step.entry?.lateAccepted ?? false,
    criteria: criteriaOf(step),
    ticks: step.entry?.ticks ?? null,
    score: step.entry?.score ?? null,
    maxScore: step.maxScore,
    comment: step.entry?.comment ?? null,
    autoScored: step.entry?.autoScored ?? false,
    suggestedScore: autoScore(step.step, step.answer, { ticks: step.entry?.ticks, aspect: step.aspect }),
    revision: step.entry?.revision ?? 0,
    imageUrl: typeof image === "string" ? image : null,
    aspect: step.aspect,
  };
}

export function toParticipantCorrection(data: CorrectionData): ParticipantCorrection {
  const steps = data.steps.map(correctionStep);
  return {
    id: data.correction?.id ?? null,
    scheduledSessionId: data.session.id,
    sessionName: data.template?.name ?? data.session.reference,
    sessionStatus: data.session.status,
    participantId: data.entry.participantId,
    participantName: data.participant?.name ?? "",
    comment: (data.correction?.comment ?? []) as RichBlock[],
    completedAt: data.correction?.completedAt ?? null,
    complete: isComplete(data),
    scored: steps.filter((s) => s.score !== null).length,
    total: steps.length,
    evaluations: data.order.map((id) => {
      const evaluation = data.plan.evaluations.get(id)!;
      const mark = data.marks.get(id);
      return {
        id,
        name: evaluation.name,
        globalRating: mark?.globalRating ?? null,
        markComment: mark?.comment ?? null,
        markedAt: mark?.markedAt ?? null,
        questions: evaluation.questionIds.map((q) => ({
          id: q,
          name: data.plan.questions.get(q)?.name ?? "",
          steps: steps.filter((s) => s.evaluationId === id && s.questionId === q),
        })),
      };
    }),
    updatedAt: data.correction?.updatedAt ?? null,
  };
}

/** The correction of one participant of a scheduled session (readers may look). */
export async function getParticipantCorrection(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<ParticipantCorrection> {
  requirePermission(ctx, READ);
  return toParticipantCorrection(await correctionDataFor(ctx, scheduledSessionId, participantId));
}
