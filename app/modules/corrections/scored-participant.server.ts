// INTERIM (reports branch): a plain reader of the stored answers and correction rows, so reports
// can be built and tested before the corrections branch lands. The corrections branch owns this
// file; on merge its implementation replaces this one (same signature).
import { and, eq, inArray } from "drizzle-orm";
import {
  categories,
  correctionEntries,
  correctionStationMarks,
  evaluations,
  liveAnswers,
  participants,
  questions,
  scheduledSessionParticipantCorrections,
  scheduledSessionParticipantEntries,
  scheduledSessions,
  sessionTemplates,
} from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import type { RichBlock, StepType } from "~/modules/assessments/steps";
import type { ScoredParticipant, ScoredStep } from "./scored-participant";

type StoredStep = { type: StepType; question?: RichBlock[]; answer?: unknown; score: number };

export async function loadScoredParticipant(ctx: Ctx, scheduledSessionId: string, participantId: string): Promise<ScoredParticipant> {
  requirePermission(ctx, "read:admin");
  const db = ctx.tdb.db;
  const session = await db.select().from(scheduledSessions).where(eq(scheduledSessions.id, scheduledSessionId)).get();
  if (!session) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  const entry = await db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(and(eq(scheduledSessionParticipantEntries.scheduledSessionId, scheduledSessionId), eq(scheduledSessionParticipantEntries.participantId, participantId)))
    .get();
  if (!entry) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  const person = await db.select().from(participants).where(eq(participants.id, participantId)).get();
  if (!person) throw new AppError("NOT_FOUND", "participant_not_found");
  const template = await db.select().from(sessionTemplates).where(eq(sessionTemplates.id, session.sessionTemplateId)).get();
  const evaluationRows = entry.sessionOrder.length ? await db.select().from(evaluations).where(inArray(evaluations.id, entry.sessionOrder)).all() : [];
  const questionIds = evaluationRows.flatMap((e) => e.questionIds);
  const questionRows = questionIds.length ? await db.select().from(questions).where(inArray(questions.id, questionIds)).all() : [];
  const answers = await db.select().from(liveAnswers).where(eq(liveAnswers.entryId, entry.id)).all();
  const correction = await db
    .select()
    .from(scheduledSessionParticipantCorrections)
    .where(and(eq(scheduledSessionParticipantCorrections.scheduledSessionId, scheduledSessionId), eq(scheduledSessionParticipantCorrections.participantId, participantId)))
    .get();
  const scores = correction ? await db.select().from(correctionEntries).where(eq(correctionEntries.correctionId, correction.id)).all() : [];
  const marks = correction ? await db.select().from(correctionStationMarks).where(eq(correctionStationMarks.correctionId, correction.id)).all() : [];
  const key = (e: string, q: string, s: number) => `${e}/${q}/${s}`;
  const answerOf = new Map(answers.map((a) => [key(a.evaluationId, a.questionId, a.stepIndex), a]));
  const scoreOf = new Map(scores.map((s) => [key(s.evaluationId, s.questionId, s.stepIndex), s]));
  const questionById = new Map(questionRows.map((q) => [q.id, q]));
  const evaluationById = new Map(evaluationRows.map((e) => [e.id, e]));

  const scoredEvaluations = entry.sessionOrder.flatMap((evaluationId) => {
    const evaluation = evaluationById.get(evaluationId);
    if (!evaluation) return [];
    const mark = marks.find((m) => m.evaluationId === evaluationId);
    return [
      {
        id: evaluation.id,
        name: evaluation.name,
        categoryIds: evaluation.categoryIds,
        comment: mark?.comment ?? null,
        globalRating: mark?.globalRating ?? null,
        questions: evaluation.questionIds.flatMap((questionId) => {
          const question = questionById.get(questionId);
          if (!question) return [];
          const steps = (question.steps as StoredStep[]).map((step, stepIndex): ScoredStep => {
            const stored = answerOf.get(key(evaluationId, questionId, stepIndex));
            const score = scoreOf.get(key(evaluationId, questionId, stepIndex));
            const answer = stored ? (stored.late && !score?.lateAccepted ? (stored.inTimeAnswer ?? null) : stored.answer) : null;
            return {
              stepIndex,
              type: step.type,
              question: step.question ?? [],
              correctAnswer: step.answer ?? null,
              answer,
              ticks: score?.ticks ?? null,
              score: score?.score ?? null,
              maxScore: step.score,
              comment: score?.comment ?? null,
            };
          });
          return [{ id: question.id, name: question.name, categoryIds: question.categoryIds, steps }];
        }),
      },
    ];
  });
  const categoryIds = new Set(scoredEvaluations.flatMap((e) => [...e.categoryIds, ...e.questions.flatMap((q) => q.categoryIds)]));
  const allCategories = await db.select().from(categories).all();
  const byId = new Map(allCategories.map((c) => [c.id, c]));
  // With their ancestors, so primary (root) categories can be named.
  for (const id of [...categoryIds]) for (let p = byId.get(id)?.parentId; p && !categoryIds.has(p); p = byId.get(p)?.parentId) categoryIds.add(p);
  return {
    scheduledSessionId,
    participantId,
    participantName: person.name,
    participantLanguage: person.locale ?? ctx.tenant.settings?.defaultLanguage ?? "en-us",
    participantEmail: person.email,
    sessionName: template?.name ?? "",
    sessionDatetime: session.datetime,
    passPercentage: template?.passPercentage ?? 0,
    comment: correction?.comment ?? null,
    evaluations: scoredEvaluations,
    categories: allCategories.filter((c) => categoryIds.has(c.id)).map((c) => ({ id: c.id, name: c.name, parentId: c.parentId })),
    complete: scoredEvaluations.every((e) => e.questions.every((q) => q.steps.every((s) => s.score !== null))),
  };
}
