// An exam's marks, read from the corrections exactly as the reports read them: each participant's
// correction data → the scored participant → the report's evaluation scores (computeReportData).
// A station's points are the report's evaluation score once every step of it is scored (missing
// before); its global rating, examiner (who marked it in the station view) and scheduled session
// come from the station mark. Candidate = participant (a participant in two sessions of one exam
// is one candidate: their later session's marks count). ADR 0035.
import { asc, eq } from "drizzle-orm";
import { examSessions, scheduledSessions, sessionTemplates } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import {
  buildScoredParticipant,
  discrepancyThreshold,
  type DoubleMark,
  doubleMarkOf,
  loadCorrectionData,
} from "~/modules/corrections/index.server";
import { maxScoreOf } from "~/modules/corrections";
import { entriesOfSession, loadPlan } from "~/modules/live/index.server";
import { computeReportData } from "~/modules/reports";
import type { ExamAnalysisInput } from "./analysis";
import type { AngoffItem } from "./angoff";
import { findExamRow, READ } from "./exams.server";
import type { ItemResponse, ObjectiveItem } from "./items";
import type { StationMark } from "./marks";
import { gradeOf } from "./rating-scale";
import { ratingScalesOf, type StationRatingScale } from "./rating-scales.server";
import { stationPointsOfReport } from "./report-decision";

export type ExamStationInfo = { id: string; name: string; maxPoints: number; ratingScale: StationRatingScale };
/** An objective item: one question step (id evaluationId/questionId/stepIndex). */
export type ExamItemInfo = ObjectiveItem & { questionId: string; questionName: string; stepIndex: number };
export type ExamCandidateInfo = { id: string; name: string; scheduledSession: string };

export type LoadedExam = {
  examId: string;
  sessionTemplate: string;
  passPercentage: number;
  stations: ExamStationInfo[];
  items: ExamItemInfo[];
  candidates: ExamCandidateInfo[];
  /** The stations marked by two examiners (any status), in session, candidate and station order. */
  doubleMarks: DoubleMark[];
  /** The threshold of each scheduled session (% of a station's maximum), in session order. */
  discrepancyThresholds: Array<{ scheduledSession: string; percent: number }>;
  /** phase-1 input of examAnalysis / computeStandard. */
  input: ExamAnalysisInput;
};

export const itemKey = (evaluationId: string, questionId: string, stepIndex?: number | null) =>
  stepIndex === null || stepIndex === undefined
    ? `${evaluationId}/${questionId}`
    : `${evaluationId}/${questionId}/${stepIndex}`;

export async function loadExamMarks(ctx: Ctx, examId: string): Promise<LoadedExam> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const exam = await findExamRow(db, examId);
  const template = await db
    .select()
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, exam.sessionTemplateId))
    .get();
  if (!template) throw new AppError("NOT_FOUND", "session_not_found");
  const examSessionRows = await db
    .select({ session: scheduledSessions })
    .from(examSessions)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examSessions.scheduledSessionId))
    .where(eq(examSessions.examId, exam.id))
    .orderBy(asc(scheduledSessions.datetime), asc(scheduledSessions.id))
    .all()
    .then((rows) => rows.map((r) => r.session));

  const scales = await ratingScalesOf(db, template.evaluationIds);
  const plan = examSessionRows[0] ? await loadPlan(db, examSessionRows[0]) : null;
  const stations: ExamStationInfo[] = template.evaluationIds.map((id) => {
    const evaluation = plan?.evaluations.get(id);
    const steps = (evaluation?.questionIds ?? []).flatMap((q) => plan?.questions.get(q)?.steps ?? []);
    return {
      id,
      name: evaluation?.name ?? "",
      maxPoints: steps.reduce((sum, s) => sum + maxScoreOf(s), 0),
      ratingScale: scales.get(id)!,
    };
  });
  const items: ExamItemInfo[] = template.evaluationIds.flatMap((evaluationId) =>
    (plan?.evaluations.get(evaluationId)?.questionIds ?? []).flatMap((questionId) => {
      const question = plan?.questions.get(questionId);
      return (question?.steps ?? []).map((step, stepIndex) => ({
        id: itemKey(evaluationId, questionId, stepIndex),
        stationId: evaluationId,
        maxPoints: maxScoreOf(step),
        questionId,
        questionName: question?.name ?? "",
        stepIndex,
      }));
    }),
  );

  const marks: StationMark[] = [];
  const responses: ItemResponse[] = [];
  const candidates = new Map<string, ExamCandidateInfo>();
  const doubleMarks: DoubleMark[] = [];
  const discrepancyThresholds: LoadedExam["discrepancyThresholds"] = [];
  for (const session of examSessionRows) {
    const threshold = await discrepancyThreshold(db, session.id);
    discrepancyThresholds.push({ scheduledSession: session.id, percent: threshold });
    for (const entry of await entriesOfSession(db, session.id)) {
      const data = await loadCorrectionData(db, ctx.tenant, session.id, entry.participantId);
      const scored = await buildScoredParticipant(ctx, data);
      const report = computeReportData(scored, { onlyEvaluations: [] });
      candidates.set(entry.participantId, {
        id: entry.participantId,
        name: scored.participantName,
        scheduledSession: session.id,
      });
      for (const station of stationPointsOfReport(report.evaluations)) {
        const stationInfo = stations.find((s) => s.id === station.stationId);
        if (!stationInfo) continue;
        const mark = data.marks.get(station.stationId);
        // A resolved double mark's points are already the report's; an unresolved discrepancy
        // counts the first examiner's (ADR 0036) and is flagged for the statistics' warning.
        const double = doubleMarkOf(data, station.stationId, threshold);
        if (double) doubleMarks.push(double);
        marks.push({
          candidateId: entry.participantId,
          stationId: station.stationId,
          points: station.points,
          grade: gradeOf(stationInfo.ratingScale, mark?.globalRating),
          examinerId: mark?.markedBy ?? null,
          sessionId: session.id,
          ...(double?.status === "discrepancy" ? { unresolvedDiscrepancy: true } : {}),
        });
      }
      for (const step of data.steps)
        responses.push({
          candidateId: entry.participantId,
          itemId: itemKey(step.evaluationId, step.questionId, step.stepIndex),
          points: step.entry?.score ?? null,
        });
    }
  }
  return {
    examId: exam.id,
    sessionTemplate: exam.sessionTemplateId,
    passPercentage: template.passPercentage,
    stations,
    items,
    candidates: [...candidates.values()],
    doubleMarks,
    discrepancyThresholds,
    input: {
      stations: stations.map((s) => ({ id: s.id, maxPoints: s.maxPoints, ratingScale: s.ratingScale })),
      marks,
      items,
      responses,
    },
  };
}

/** The exam's Angoff items: its question steps. */
export const angoffItemsOf = (exam: LoadedExam): AngoffItem[] =>
  exam.items.map((i) => ({ id: i.id, stationId: i.stationId, maxPoints: i.maxPoints }));
