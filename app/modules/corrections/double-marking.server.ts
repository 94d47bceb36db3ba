// Double marking (ADR 0036): a second examiner marks a participant at a station apart from the
// first; both marks are kept; a discrepancy above the session's threshold is flagged until staff
// resolve it (an agreed mark, the mean, or a third examiner's mark), recorded with who and when.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import {
  correctionSecondEntries,
  correctionSecondMarks,
  DISCREPANCY_METHODS,
  doubleMarkingSettings,
  scheduledSessionParticipantCorrections as corrections,
  type DiscrepancyMethod,
  type GlobalRating,
} from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import type { Reader } from "~db/tenant/client";
import { AppError, badRequest } from "~/lib/app-error";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { can } from "~/lib/permissions";
import { parseInput } from "~/lib/parse-input";
import { staffNames } from "~/lib/staff-names.server";
import { findSession } from "~/modules/live/index.server";
import { loadCorrectionData, type CorrectionData } from "./correction-data.server";
import {
  DEFAULT_DISCREPANCY_THRESHOLD,
  doubleMarkStatus,
  resolvedScoreOf,
  type DoubleMarkStatus,
} from "./double-marking";
import type { CorrectionEvaluation, ParticipantCorrection } from "./participant-correction.server";
import { READ } from "./scored-participant.server";
import { practicalScore, roundScore } from "./scoring";
import { changeCorrection, type StepRef } from "./write.server";
import type { TakenStep } from "./correction-data.server";

/** Resolving a discrepancy and setting the threshold are the exam board's (writers, managers), not an examiner's. */
export const RESOLVE = "write:reports" as const;

/** Whether the screen offers resolving: the same rule the functions below check. */
export const canResolveDiscrepancies = (ctx: Ctx) => can(ctx.permissions, RESOLVE);

export type ExaminerMark = {
  score: number;
  markedBy: string | null;
  markedByName: string | null;
  markedAt: Date | null;
  globalRating: GlobalRating | null;
  comment: string | null;
};

export type DoubleMark = {
  scheduledSessionId: string;
  participantId: string;
  participantName: string;
  evaluationId: string;
  evaluationName: string;
  maxScore: number;
  first: ExaminerMark;
  second: ExaminerMark;
  /** |first − second| in points. */
  difference: number;
  thresholdPercent: number;
  status: DoubleMarkStatus;
  resolution: {
    method: DiscrepancyMethod;
    score: number;
    resolvedBy: string | null;
    resolvedByName: string | null;
    resolvedAt: Date;
    note: string | null;
  } | null;
  /** The station's points that count: the resolved score, else the first examiner's (ADR 0036). */
  countedScore: number;
};

const stepsOf = (data: CorrectionData, evaluationId: string) =>
  data.steps.filter((s) => s.evaluationId === evaluationId);
const sameStep = (s: TakenStep, e: { questionId: string; stepIndex: number }) =>
  s.questionId === e.questionId && s.stepIndex === e.stepIndex;

/** The first examiner's station points: the station's scored steps (unscored count 0). */
export function firstStationScore(data: CorrectionData, evaluationId: string): number {
  return roundScore(stepsOf(data, evaluationId).reduce((sum, s) => sum + (s.entry?.score ?? 0), 0));
}

/**
 * The second examiner's station points: their ticks of the practical steps; the steps a station
 * examiner does not mark (written answers) count as the first marking scored them.
 */
export function secondStationScore(data: CorrectionData, evaluationId: string): number {
  const second = data.secondEntries.filter((e) => e.evaluationId === evaluationId);
  return roundScore(
    stepsOf(data, evaluationId).reduce((sum, s) => {
      if (s.step.type !== "PRACTICAL") return sum + (s.entry?.score ?? 0);
      return sum + (second.find((e) => sameStep(s, e))?.score ?? 0);
    }, 0),
  );
}

/** Whether this participant is double marked at this station (the second examiner ticked or marked). */
export const isDoubleMarked = (data: CorrectionData, evaluationId: string): boolean =>
  data.secondMarks.has(evaluationId) || data.secondEntries.some((e) => e.evaluationId === evaluationId);

export function doubleMarkOf(
  data: CorrectionData,
  evaluationId: string,
  thresholdPercent: number,
  names: Map<string, string> = new Map(),
): DoubleMark | null {
  if (!isDoubleMarked(data, evaluationId)) return null;
  const firstMark = data.marks.get(evaluationId);
  const secondMark = data.secondMarks.get(evaluationId);
  const maxScore = roundScore(stepsOf(data, evaluationId).reduce((sum, s) => sum + s.maxScore, 0));
  const first = firstStationScore(data, evaluationId);
  const second = secondStationScore(data, evaluationId);
  const resolved =
    secondMark?.resolutionMethod && secondMark.resolvedScore !== null && secondMark.resolvedAt
      ? {
          method: secondMark.resolutionMethod,
          score: secondMark.resolvedScore,
          resolvedBy: secondMark.resolvedBy,
          resolvedByName: secondMark.resolvedBy ? (names.get(secondMark.resolvedBy) ?? null) : null,
          resolvedAt: secondMark.resolvedAt,
          note: secondMark.resolutionNote,
        }
      : null;
  const examiner = (score: number, m: typeof firstMark | typeof secondMark): ExaminerMark => ({
    score,
    markedBy: m?.markedBy ?? null,
    markedByName: m?.markedBy ? (names.get(m.markedBy) ?? null) : null,
    markedAt: m?.markedAt ?? null,
    globalRating: m?.globalRating ?? null,
    comment: m?.comment ?? null,
  });
  return {
    scheduledSessionId: data.session.id,
    participantId: data.entry.participantId,
    participantName: data.participant?.name ?? "",
    evaluationId,
    evaluationName: data.plan.evaluations.get(evaluationId)?.name ?? "",
    maxScore,
    first: examiner(first, firstMark),
    second: examiner(second, secondMark),
    difference: roundScore(Math.abs(first - second)),
    thresholdPercent,
    status: doubleMarkStatus({
      firstDone: !!firstMark?.markedAt,
      secondDone: !!secondMark?.markedAt,
      first,
      second,
      maxScore,
      thresholdPercent,
      resolved: !!resolved,
    }),
    resolution: resolved,
    countedScore: resolved ? resolved.score : first,
  };
}

/** The station's points that count, when a resolution decided them (reports and statistics). */
export function resolvedStationScore(data: CorrectionData, evaluationId: string): number | null {
  const m = data.secondMarks.get(evaluationId);
  return m?.resolutionMethod && m.resolvedAt && m.resolvedScore !== null ? m.resolvedScore : null;
}

export async function discrepancyThreshold(db: Reader, scheduledSessionId: string): Promise<number> {
  const row = await db
    .select({ value: doubleMarkingSettings.thresholdPercent })
    .from(doubleMarkingSettings)
    .where(eq(doubleMarkingSettings.scheduledSessionId, scheduledSessionId))
    .get();
  return row?.value ?? DEFAULT_DISCREPANCY_THRESHOLD;
}

/** `discrepancyThreshold` of the API: the session's threshold, for readers. */
export async function discrepancyThresholdOf(ctx: Ctx, scheduledSessionId: string): Promise<number> {
  requirePermission(ctx, READ);
  return discrepancyThreshold(ctx.tdb.db, (await findSession(ctx.tdb.db, String(scheduledSessionId ?? ""))).id);
}

async function withNames(ctx: Ctx, list: Array<{ data: CorrectionData; evaluationId: string }>, threshold: number) {
  const bare = list.map((l) => doubleMarkOf(l.data, l.evaluationId, threshold)).filter((m) => !!m);
  const names = await staffNames(
    ctx.tdb.db,
    bare
      .flatMap((m) => [m.first.markedBy, m.second.markedBy, m.resolution?.resolvedBy])
      .filter((i): i is string => !!i),
  );
  return list.map((l) => doubleMarkOf(l.data, l.evaluationId, threshold, names)).filter((m) => !!m);
}

/** The double marks of a session (optionally one participant's), in participant then station order. */
export async function listDoubleMarks(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId?: string | null,
): Promise<DoubleMark[]> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const session = await findSession(db, String(scheduledSessionId ?? ""));
  const secondOf = await db
    .selectDistinct({ participantId: corrections.participantId })
    .from(corrections)
    .innerJoin(correctionSecondEntries, eq(correctionSecondEntries.correctionId, corrections.id))
    .where(eq(corrections.scheduledSessionId, session.id))
    .union(
      db
        .selectDistinct({ participantId: corrections.participantId })
        .from(corrections)
        .innerJoin(correctionSecondMarks, eq(correctionSecondMarks.correctionId, corrections.id))
        .where(eq(corrections.scheduledSessionId, session.id)),
    )
    .all();
  const ids = secondOf.map((r) => r.participantId).filter((p) => !participantId || p === participantId);
  const threshold = await discrepancyThreshold(db, session.id);
  const list: Array<{ data: CorrectionData; evaluationId: string }> = [];
  for (const id of ids) {
    const data = await loadCorrectionData(db, ctx.tenant, session.id, id);
    for (const evaluationId of data.order) list.push({ data, evaluationId });
  }
  const marks = await withNames(ctx, list, threshold);
  return marks.sort(
    (a, b) =>
      a.participantName.localeCompare(b.participantName) ||
      a.participantId.localeCompare(b.participantId) ||
      list.findIndex((l) => l.evaluationId === a.evaluationId) -
        list.findIndex((l) => l.evaluationId === b.evaluationId),
  );
}

/** A first examiner may not second-mark their own participant: the second mark must be independent. */
function refuseSameExaminer(ctx: StaffCtx, data: CorrectionData, evaluationId: string) {
  const first = data.marks.get(evaluationId)?.markedBy;
  const firstTicks = stepsOf(data, evaluationId).some(
    (s) => s.step.type === "PRACTICAL" && s.entry && !s.entry.autoScored && s.entry.scoredBy === ctx.actor.userId,
  );
  if (first === ctx.actor.userId || firstTicks) throw new AppError("FORBIDDEN", "second_examiner_same");
}

/** The second examiner's ticks of one practical step (the tick endpoint with marker 2). */
export async function saveSecondTicks(
  ctx: StaffCtx,
  tx: TenantTx,
  data: CorrectionData,
  correctionId: string,
  step: TakenStep,
  ref: StepRef,
  ticks: boolean[],
  revision: number | null | undefined,
  now: Date,
): Promise<void> {
  refuseSameExaminer(ctx, data, ref.evaluation);
  const before = data.secondEntries.find((e) => e.evaluationId === ref.evaluation && sameStep(step, e));
  if (before && revision !== null && revision !== undefined && revision <= before.revision) return; // a retry
  const row = {
    correctionId,
    evaluationId: ref.evaluation,
    questionId: ref.question,
    stepIndex: ref.stepIndex,
    ticks,
    score: practicalScore(step.step, ticks),
    revision: revision ?? (before?.revision ?? 0) + 1,
    scoredBy: ctx.actor.userId,
    scoredAt: now,
  };
  const { correctionId: _c, evaluationId: _e, questionId: _q, stepIndex: _s, ...set } = row;
  await tx
    .insert(correctionSecondEntries)
    .values(row)
    .onConflictDoUpdate({
      target: [
        correctionSecondEntries.correctionId,
        correctionSecondEntries.evaluationId,
        correctionSecondEntries.questionId,
        correctionSecondEntries.stepIndex,
      ],
      set,
    });
}

/** The second examiner's rating, comment and "done" (markStation with marker 2). */
export async function saveSecondMark(
  ctx: StaffCtx,
  tx: TenantTx,
  data: CorrectionData,
  correctionId: string,
  input: {
    evaluation: string;
    globalRating?: GlobalRating | null;
    comment?: string | null;
    done?: boolean | null;
    revision?: number | null;
  },
  now: Date,
): Promise<void> {
  refuseSameExaminer(ctx, data, input.evaluation);
  const before = data.secondMarks.get(input.evaluation);
  if (before && input.revision !== null && input.revision !== undefined && input.revision <= before.revision) return;
  const set = {
    globalRating: input.globalRating !== undefined ? input.globalRating : (before?.globalRating ?? null),
    comment:
      input.comment !== undefined ? (input.comment?.trim() ? input.comment.trim() : null) : (before?.comment ?? null),
    markedAt:
      input.done === true ? (before?.markedAt ?? now) : input.done === false ? null : (before?.markedAt ?? null),
    markedBy: ctx.actor.userId,
    revision: input.revision ?? (before?.revision ?? 0) + 1,
  };
  await tx
    .insert(correctionSecondMarks)
    .values({ correctionId, evaluationId: input.evaluation, ...set })
    .onConflictDoUpdate({ target: [correctionSecondMarks.correctionId, correctionSecondMarks.evaluationId], set });
}

/**
 * What the second examiner's tablet may see: this station only, with their own ticks, rating and
 * comment, never the first examiner's (nor the participant's other stations).
 */
export function blindedForSecond(
  correction: ParticipantCorrection,
  evaluation: CorrectionEvaluation,
  data: CorrectionData,
): { correction: ParticipantCorrection; evaluation: CorrectionEvaluation } {
  const mark = data.secondMarks.get(evaluation.id);
  const blinded: CorrectionEvaluation = {
    ...evaluation,
    globalRating: mark?.globalRating ?? null,
    markComment: mark?.comment ?? null,
    markedAt: mark?.markedAt ?? null,
    questions: evaluation.questions.map((q) => ({
      ...q,
      steps: q.steps.map((s) => {
        const own = data.secondEntries.find(
          (e) => e.evaluationId === evaluation.id && e.questionId === s.questionId && e.stepIndex === s.stepIndex,
        );
        return s.type === "PRACTICAL"
          ? { ...s, ticks: own?.ticks ?? null, score: own?.score ?? null, revision: own?.revision ?? 0, comment: null }
          : s;
      }),
    })),
  };
  return {
    correction: { ...correction, comment: [], evaluations: [blinded], scored: 0, total: 0 },
    evaluation: blinded,
  };
}

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const resolveInput = z.object({
  scheduledSession: id,
  participant: id,
  evaluation: id,
  method: z.enum(DISCREPANCY_METHODS, { invalid_type_error: "validation:invalid" }),
  /** AGREED and THIRD_EXAMINER: the station's points (0..its maximum); MEAN computes it. */
  score: z.number({ invalid_type_error: "validation:invalid" }).finite().nullish(),
  note: z.string().max(2000).nullish(),
});

/** Resolves a double mark: the station's points that count from now on, with who and when. */
export async function resolveStationDiscrepancy(ctx: Ctx, input: unknown): Promise<DoubleMark> {
  requirePermission(ctx, RESOLVE);
  const data = parseInput(resolveInput, input);
  const threshold = await discrepancyThreshold(ctx.tdb.db, (await findSession(ctx.tdb.db, data.scheduledSession)).id);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, current, correctionId, now) => {
    const mark = doubleMarkOf(current, data.evaluation, threshold);
    if (!mark) throw new AppError("NOT_FOUND", "double_mark_not_found");
    if (!mark.first.markedAt || !mark.second.markedAt) throw new AppError("BAD_REQUEST", "double_mark_incomplete");
    if (data.method !== "MEAN" && (data.score === null || data.score === undefined))
      throw badRequest({ score: { key: "validation:required" } });
    if (data.score !== null && data.score !== undefined && (data.score < 0 || data.score > mark.maxScore))
      throw badRequest({ score: { key: "corrections:validation.score-out-of-range", values: { max: mark.maxScore } } });
    const score = resolvedScoreOf(data.method, mark.first.score, mark.second.score, data.score)!;
    await tx
      .update(correctionSecondMarks)
      .set({
        resolutionMethod: data.method,
        resolvedScore: roundScore(score),
        resolvedBy: ctx.actor.userId,
        resolvedAt: now,
        resolutionNote: data.note?.trim() ? data.note.trim() : null,
      })
      .where(
        and(
          eq(correctionSecondMarks.correctionId, correctionId),
          eq(correctionSecondMarks.evaluationId, data.evaluation),
        ),
      );
  });
  const marks = await listDoubleMarks(ctx, data.scheduledSession, data.participant);
  return marks.find((m) => m.evaluationId === data.evaluation)!;
}

/**
 * A discrepancy threshold: a percentage of the station's maximum, 0–100 (0: any difference is a
 * discrepancy). One translated message for every refusal.
 */
export const thresholdPercent = z
  .number({ required_error: "validation:required", invalid_type_error: "validation:percentage" })
  .finite("validation:percentage")
  .min(0, "validation:percentage")
  .max(100, "validation:percentage");

const thresholdInput = z.object({ scheduledSession: id, percent: thresholdPercent });

/**
 * Writes the threshold of several sessions at once (an exam's), in one transaction. The caller
 * checked the permission (RESOLVE), that the sessions exist in this tenant, and the percentage.
 */
export async function saveDiscrepancyThresholds(ctx: StaffCtx, sessionIds: string[], percent: number) {
  await ctx.tdb.write(async (tx) => {
    for (const scheduledSessionId of sessionIds) {
      const row = { thresholdPercent: percent, updatedBy: ctx.actor.userId, updatedAt: new Date() };
      await tx
        .insert(doubleMarkingSettings)
        .values({ scheduledSessionId, ...row })
        .onConflictDoUpdate({ target: doubleMarkingSettings.scheduledSessionId, set: row });
    }
  });
}

/** A session's own discrepancy threshold (% of a station's maximum). */
export async function setDiscrepancyThreshold(ctx: Ctx, input: unknown): Promise<number> {
  requirePermission(ctx, RESOLVE);
  const data = parseInput(thresholdInput, input);
  const session = await findSession(ctx.tdb.db, data.scheduledSession);
  await saveDiscrepancyThresholds(ctx, [session.id], data.percent);
  return data.percent;
}
