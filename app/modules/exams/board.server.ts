// What the exam board's screens and exports read: the exams with the sessions they may group, and
// one exam with its names, every method's standard side by side, the applied standard with its
// history, the Angoff judgements and the quality statistics. Readers see all of it (ADR 0035).
import { asc, eq, inArray } from "drizzle-orm";
import { examSessions, participants, scheduledSessions, sessionReports, sessionTemplates } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { staffNames } from "~/lib/staff-names.server";
import type { DoubleMark } from "~/modules/corrections/index.server";
import { type ExamAnalysis, analyseExam } from "./analysis";
import { type ExamDiscrepancyThreshold, examThresholdOf } from "./double-marking.server";
import { listAngoffJudgements, type StoredAngoffJudgement } from "./angoff-judgements.server";
import { type CandidateOutcome, candidateOutcomes, reaches } from "./conjunctive";
import { type ExamItemInfo, type ExamStationInfo, loadExamMarks, type LoadedExam } from "./exam-marks.server";
import { type Exam, getExam, listExams, READ } from "./exams.server";
import { examTable, stationMarks } from "./marks";
import { resultsCsv } from "./results-csv";
import { incidentsOfSessions } from "~/modules/incidents/index.server";
import { appliedStandardRow, standardHistoryRows, type AppliedStandardRow } from "./standard-rows.server";
import { analysisOptions, standardInput, standardOf, type StandardInput } from "./standards.server";
import { type ExamStandard, STANDARD_METHODS, type StandardMethod } from "./standard-setting";

export type SchedulableSession = {
  id: string;
  datetime: Date;
  reference: string;
  sessionTemplate: string;
  sessionTemplateName: string;
  /** The exam it belongs to, if any. */
  exam: string | null;
};

export type ExamsOverview = {
  exams: Array<Exam & { sessionTemplateName: string }>;
  sessions: SchedulableSession[];
};

/** The exams and every scheduled session (newest first) with the exam it belongs to. */
export async function examsOverview(ctx: Ctx): Promise<ExamsOverview> {
  requirePermission(ctx, READ);
  const exams = await listExams(ctx);
  const rows = await ctx.tdb.db
    .select({
      id: scheduledSessions.id,
      datetime: scheduledSessions.datetime,
      reference: scheduledSessions.reference,
      sessionTemplate: scheduledSessions.sessionTemplateId,
      sessionTemplateName: sessionTemplates.name,
      exam: examSessions.examId,
    })
    .from(scheduledSessions)
    .innerJoin(sessionTemplates, eq(sessionTemplates.id, scheduledSessions.sessionTemplateId))
    .leftJoin(examSessions, eq(examSessions.scheduledSessionId, scheduledSessions.id))
    .orderBy(asc(scheduledSessions.datetime))
    .all();
  const templateNames = new Map(rows.map((r) => [r.sessionTemplate, r.sessionTemplateName]));
  return {
    exams: exams.map((e) => ({ ...e, sessionTemplateName: templateNames.get(e.sessionTemplate) ?? "" })),
    sessions: rows.reverse(),
  };
}

export type HistoryEntry = {
  action: string;
  method: StandardMethod | null;
  cutScore: number | null;
  actor: string | null;
  at: Date;
};

export type ExamBoard = {
  exam: Exam & { sessionTemplateName: string; passPercentage: number };
  sessions: Array<{ id: string; datetime: Date; reference: string }>;
  stations: ExamStationInfo[];
  items: ExamItemInfo[];
  candidates: LoadedExam["candidates"];
  /** The standard of the chosen options by each method, side by side (not applied). */
  standards: Record<StandardMethod, ExamStandard>;
  options: StandardInput;
  applied: AppliedStandardRow | null;
  history: HistoryEntry[];
  judgements: StoredAngoffJudgement[];
  analysis: ExamAnalysis;
  /** Per station: each rated candidate's grade and score %, for the score-against-rating charts. */
  chartPoints: Record<string, Array<{ grade: number; percent: number }>>;
  /** Double marking: the exam's discrepancy threshold and every double-marked station. */
  doubleMarking: { threshold: ExamDiscrepancyThreshold; marks: DoubleMark[] };
  /** Staff user id → name: examiners, judges, who applied the standard or resolved a double mark. */
  staffNames: Record<string, string>;
};

/**
 * The exam page's and quality page's data. `options` are the board's standard-setting options
 * (the method field is ignored: every method is computed); `hawkDoveThreshold` the examiners' flag.
 */
export async function examBoard(
  ctx: Ctx,
  examId: string,
  options: Partial<Omit<StandardInput, "method">> = {},
  analysis: unknown = {},
): Promise<ExamBoard> {
  requirePermission(ctx, READ);
  const exam = await getExam(ctx, examId);
  const loaded = await loadExamMarks(ctx, exam._id);
  const chosen = parseInput(standardInput, { ...options, method: "FIXED" });
  const standards = {} as Record<StandardMethod, ExamStandard>;
  for (const method of STANDARD_METHODS)
    standards[method] = (await standardOf(ctx, loaded, { ...chosen, method })).standard;
  const applied = await appliedStandardRow(ctx.tdb.db, exam._id);
  const history = await standardHistoryRows(ctx.tdb.db, exam._id);
  const judgements = await listAngoffJudgements(ctx, exam._id);
  const v = parseInput(analysisOptions, analysis);
  const quality = analyseExam(loaded.input, {
    cut: applied ? { cutScore: applied.cutScore, stationCuts: applied.stationCuts } : null,
    hawkDoveThreshold: v.hawkDoveThreshold ?? undefined,
  });
  const template = await ctx.tdb.db
    .select({ name: sessionTemplates.name })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, exam.sessionTemplate))
    .get();
  const sessions = await ctx.tdb.db
    .select({
      id: scheduledSessions.id,
      datetime: scheduledSessions.datetime,
      reference: scheduledSessions.reference,
    })
    .from(scheduledSessions)
    .where(inArray(scheduledSessions.id, exam.scheduledSessions))
    .orderBy(asc(scheduledSessions.datetime))
    .all();
  return {
    exam: { ...exam, sessionTemplateName: template?.name ?? "", passPercentage: loaded.passPercentage },
    sessions,
    stations: loaded.stations,
    items: loaded.items,
    candidates: loaded.candidates,
    standards,
    options: chosen,
    applied,
    history: history.map((h) => ({
      action: h.action,
      method: h.method,
      cutScore: h.cutScore,
      actor: h.actorId,
      at: h.at,
    })),
    judgements,
    analysis: quality,
    chartPoints: ratedPoints(loaded),
    doubleMarking: { threshold: examThresholdOf(loaded.discrepancyThresholds), marks: loaded.doubleMarks },
    staffNames: Object.fromEntries(
      await staffNames(ctx.tdb.db, [
        ...quality.examiners.map((e) => e.examinerId),
        ...judgements.map((j) => j.judge),
        ...history.map((h) => h.actorId),
        applied?.appliedBy ?? null,
        ...loaded.doubleMarks.flatMap((m) => [m.first.markedBy, m.second.markedBy, m.resolution?.resolvedBy ?? null]),
      ]),
    ),
  };
}

export type ResultRow = {
  participantId: string;
  name: string;
  email: string;
  externalId: string;
  session: string;
  /** Per station (the exam's order): score %, null while unmarked. */
  scores: Array<number | null>;
  /** Per station: the global rating's label, null when unrated. */
  ratings: Array<string | null>;
  totalPercent: number | null;
  status: string;
  /** The participant's incidents in their session (issue 32): for the board, never for the participant. */
  incidents: Array<{ category: string; at: Date; station: string | null; text: string }>;
};

export type ExamResults = {
  exam: Exam;
  stations: ExamStationInfo[];
  /** The cut in force: the applied standard's, else the session template's pass percentage. */
  cutScore: number;
  method: StandardMethod;
  rows: ResultRow[];
};

/**
 * Every participant's result under the standard in force: PASSED or NOT_PASSED as computed, a
 * board decision (DELIBERATED, TRAINING_REQUIRED) kept, empty when undecided.
 */
export async function examResults(ctx: Ctx, examId: string): Promise<ExamResults> {
  requirePermission(ctx, READ);
  const exam = await getExam(ctx, examId);
  const loaded = await loadExamMarks(ctx, exam._id);
  const applied = await appliedStandardRow(ctx.tdb.db, exam._id);
  const cutScore = applied?.cutScore ?? loaded.passPercentage;
  const stationCuts = applied?.stationCuts ?? Object.fromEntries(loaded.stations.map((s) => [s.id, cutScore]));
  const rules = {
    minStationsPassed: applied?.options.minStationsPassed ?? undefined,
    mustPassStations: applied?.options.mustPassStations ?? undefined,
  };
  const table = examTable(loaded.input);
  const outcomes = new Map<string, CandidateOutcome>(
    candidateOutcomes(table, cutScore, stationCuts, rules).map((o) => [o.candidateId, o]),
  );
  const ids = loaded.candidates.map((c) => c.id);
  const people = await ctx.tdb.db
    .select({ id: participants.id, email: participants.email, externalId: participants.externalId })
    .from(participants)
    .where(inArray(participants.id, ids))
    .all();
  const person = new Map(people.map((p) => [p.id, p]));
  const overrides = await boardDecisions(ctx.tdb.db, exam.scheduledSessions);
  const incidentsOf = new Map<string, ResultRow["incidents"]>();
  const stationName = new Map(loaded.stations.map((s) => [s.id, s.name]));
  for (const i of await incidentsOfSessions(ctx.tdb.db, exam.scheduledSessions)) {
    if (!i.participant) continue;
    const key = `${i.scheduledSession}\u0000${i.participant}`;
    const list = incidentsOf.get(key) ?? [];
    list.push({
      category: i.category,
      at: i.at,
      station: i.evaluation ? (stationName.get(i.evaluation) ?? null) : null,
      text: i.text,
    });
    incidentsOf.set(key, list);
  }
  const sessionRefs = new Map(
    (
      await ctx.tdb.db
        .select({ id: scheduledSessions.id, reference: scheduledSessions.reference })
        .from(scheduledSessions)
        .where(inArray(scheduledSessions.id, exam.scheduledSessions.length ? exam.scheduledSessions : [""]))
        .all()
    ).map((s) => [s.id, s.reference]),
  );
  const rows = loaded.candidates.map((c): ResultRow => {
    const marks = loaded.input.marks.filter((m) => m.candidateId === c.id);
    const outcome = outcomes.get(c.id);
    // Without a standard the reports' rule holds: the points' share of the maximum against the
    // session template's pass percentage (report-data.ts), marked at every station.
    const points = loaded.stations.map((s) => marks.find((m) => m.stationId === s.id)?.points ?? null);
    const complete = points.every((p) => p !== null);
    const maximum = loaded.stations.reduce((sum, s) => sum + s.maxPoints, 0);
    const pointsTotal =
      complete && maximum > 0 ? (points.reduce((sum: number, p) => sum + p!, 0) / maximum) * 100 : null;
    // A standard that cannot decide a candidate leaves the pass percentage to decide, as on the report.
    const passed =
      (applied ? (outcome?.passed ?? null) : null) ??
      (pointsTotal === null ? null : reaches(pointsTotal, loaded.passPercentage));
    const decided = passed === true ? "PASSED" : passed === false ? "NOT_PASSED" : "";
    return {
      participantId: c.id,
      name: c.name,
      email: person.get(c.id)?.email ?? "",
      externalId: person.get(c.id)?.externalId ?? "",
      session: sessionRefs.get(c.scheduledSession) ?? c.scheduledSession,
      scores: loaded.stations.map((s) => table.marks.get(c.id)?.get(s.id)?.percent ?? null),
      ratings: loaded.stations.map((s) => {
        const grade = marks.find((m) => m.stationId === s.id)?.grade ?? null;
        return grade === null ? null : (s.ratingScale.labels[grade] ?? null);
      }),
      totalPercent: applied ? (outcome?.totalPercent ?? null) : pointsTotal,
      status: overrides.get(`${c.scheduledSession}\u0000${c.id}`) ?? decided,
      incidents: incidentsOf.get(`${c.scheduledSession}\u0000${c.id}`) ?? [],
    };
  });
  return { exam, stations: loaded.stations, cutScore, method: applied?.method ?? "FIXED", rows };
}

/** The board's own decisions on reports (DELIBERATED, TRAINING_REQUIRED), by session and participant. */
async function boardDecisions(db: Reader, sessionIds: string[]): Promise<Map<string, string>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .select({
      session: sessionReports.scheduledSessionId,
      participant: sessionReports.participantId,
      override: sessionReports.passedStatusOverride,
    })
    .from(sessionReports)
    .where(inArray(sessionReports.scheduledSessionId, sessionIds))
    .all();
  return new Map(
    rows
      .filter((r) => r.override === "DELIBERATED" || r.override === "TRAINING_REQUIRED")
      .map((r) => [`${r.session}\u0000${r.participant}`, r.override!]),
  );
}

/** The exam's results as CSV text (results-csv.ts), with the exam's name for the file. */
export async function examResultsCsv(ctx: Ctx, examId: string): Promise<{ name: string; csv: string }> {
  const results = await examResults(ctx, examId);
  return { name: results.exam.name, csv: resultsCsv(results) };
}

/** Per station: the rated marks as (grade, score %). */
export function ratedPoints(loaded: LoadedExam): Record<string, Array<{ grade: number; percent: number }>> {
  const table = examTable(loaded.input);
  return Object.fromEntries(
    loaded.stations.map((s) => [
      s.id,
      stationMarks(table, s.id)
        .filter((m) => m.grade !== null)
        .map((m) => ({ grade: m.grade!, percent: m.percent })),
    ]),
  );
}
