import { getSession } from "~/modules/assessments/index.server";
import * as applied from "~/modules/exams/index.server";
import * as angoff from "~/modules/exams/index.server";
import * as examsM from "~/modules/exams/index.server";
import {
  evaluationRatingScale,
  setEvaluationRatingScale,
  examAnalysis,
  examStandard,
} from "~/modules/exams/index.server";
import type { ExamWarning } from "~/modules/exams";
import { getScheduledSession } from "~/modules/scheduling/index.server";
import { ctxOf, orNull, type Args, type SchemaPiece } from "./types";

// The exam board (admin API): exams, their quality analysis, standards computed and applied, Angoff
// judgements and the stations' rating scales. Scores and cuts are percentages (0–100) of the
// maximum; facility and pass rates fractions (0–1); a value that cannot be computed is null, with a
// warning code or a problem saying why (ADR 0034, 0035).

const stationValues = (map: Record<string, number | null> | null | undefined) =>
  Object.entries(map ?? {}).map(([evaluation, value]) => ({ evaluation, value }));

/** A warning's fields under the API's names (stationId → evaluation, judgeId → judge). */
const warningOf = (w: ExamWarning) => {
  const { stationId, judgeId, ...rest } = w as ExamWarning & { stationId?: string; judgeId?: string };
  return { ...rest, evaluation: stationId ?? null, judge: judgeId ?? null };
};

/** The arguments of examStandard that choose the standard (all but `exam`). */
const STANDARD_ARGS = ["method", "cutPercent", "statistic", "semMultiplier", "minStationsPassed", "mustPassStations"];
const standardArgs = (a: Args) => Object.fromEntries(STANDARD_ARGS.map((name) => [name, a[name]]));

export const examsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum StandardMethod {
      FIXED
      BORDERLINE_REGRESSION
      BORDERLINE_GROUPS
      ANGOFF
    }
    enum BorderlineStatistic {
      MEAN
      MEDIAN
    }
    enum ExamWarningCode {
      SMALL_COHORT
      SINGLE_CANDIDATE
      NO_CANDIDATES
      INCOMPLETE_CANDIDATES
      STATION_WITHOUT_MARKS
      ALL_RATINGS_EQUAL
      TOO_FEW_RATED_MARKS
      FEW_BORDERLINE_CANDIDATES
      STATION_WITHOUT_ANGOFF_ITEMS
      NO_ANGOFF_JUDGEMENTS
      SINGLE_ANGOFF_JUDGE
      ANGOFF_JUDGE_INCOMPLETE
      ALPHA_UNAVAILABLE
      SEM_UNAVAILABLE
      CUT_CLAMPED
      "Double marks over the discrepancy threshold nobody resolved (count): the first examiner's mark counts meanwhile."
      UNRESOLVED_DISCREPANCIES
    }
    enum AlphaProblem {
      TOO_FEW_STATIONS
      TOO_FEW_COMPLETE_CANDIDATES
      NO_TOTAL_VARIANCE
    }
    enum StationCutProblem {
      NO_MARKS
      TOO_FEW_RATED_MARKS
      ALL_RATINGS_EQUAL
      NO_BORDERLINE_CANDIDATES
      NO_ANGOFF_ITEMS
      NO_BORDERLINE_GRADE
    }
    enum ItemFlag {
      LOW_DISCRIMINATION
      TOO_HARD
      TOO_EASY
    }
    enum DiscriminationProblem {
      TOO_FEW_CANDIDATES
      NO_SPREAD
    }
    enum ExaminerFlag {
      HAWK
      DOVE
    }
    enum ExaminerProblem {
      NO_COMPARABLE_MARKS
    }
    enum FailReason {
      BELOW_CUT
      TOO_FEW_STATIONS_PASSED
      MUST_PASS_STATION_FAILED
    }
    enum UndecidedReason {
      INCOMPLETE_MARKS
      NO_CUT
      STATION_CUT_UNAVAILABLE
    }
    enum ExamStandardAction {
      APPLIED
      CHANGED
      REMOVED
    }
    "A warning as a code with its values (the screens translate it)."
    type ExamWarning {
      code: ExamWarningCode!
      evaluation: ID
      judge: ID
      count: Int
      candidates: Int
      minimum: Int
      missingItems: Int
      reason: AlphaProblem
      unclamped: Float
      cutScore: Float
    }
    type ExamStationValue {
      evaluation: ID!
      value: Float
    }
    "A station's global rating scale: labels lowest first (grade = position from 0) and the borderline grade(s)."
    type RatingScale {
      labels: [GlobalRating!]!
      borderlineGrades: [Int!]!
    }
    input RatingScaleInput {
      labels: [GlobalRating!]!
      borderlineGrades: [Int!]!
    }
    type Exam {
      _id: ID!
      _createdAt: DateTime!
      _updatedAt: DateTime!
      _rev: Int!
      _type: String!
      name: String!
      sessionTemplateId: ID!
      sessionTemplate: Session
      createdBy: ID
      scheduledSessionIds: [ID!]!
      scheduledSessions: [ScheduledSession!]!
      "The double-marking discrepancy threshold of its sessions (% of a station's maximum); null when they differ."
      discrepancyThreshold: Float
      "The applied standard, null when none."
      standard: AppliedExamStandard
      standardHistory: [ExamStandardHistoryEntry!]!
    }
    input ExamInput {
      name: String!
      scheduledSessions: [ID!]!
    }
    input ExamUpdateInput {
      name: String
      scheduledSessions: [ID!]
    }
    type ExamSessionMean {
      scheduledSession: ID!
      n: Int!
      mean: Float
      sd: Float
    }
    type ExamStationAnalysis {
      evaluation: ID!
      n: Int!
      mean: Float
      sd: Float
      facility: Float
      intercept: Float
      "Inter-grade discrimination."
      slope: Float
      rSquared: Float
      "Below the applied station cut; null without one."
      failures: Int
      alphaIfDeleted: Float
      sessions: [ExamSessionMean!]!
    }
    type ExamItemAnalysis {
      "evaluationId/questionId/stepIndex"
      item: ID!
      evaluation: ID!
      n: Int!
      facility: Float
      discrimination: Float
      discriminationProblem: DiscriminationProblem
      flags: [ItemFlag!]!
    }
    type ExamExaminerAnalysis {
      examiner: ID!
      candidatesMarked: Int!
      comparedMarks: Int!
      offset: Float
      rawDifference: Float
      flag: ExaminerFlag
      problem: ExaminerProblem
      evaluations: [ID!]!
    }
    type ExamAnalysis {
      candidates: Int!
      completeCandidates: Int!
      meanTotal: Float
      sdTotal: Float
      alpha: Float
      alphaProblem: AlphaProblem
      sem: Float
      "At the applied cut; null without one."
      passRate: Float
      stations: [ExamStationAnalysis!]!
      items: [ExamItemAnalysis!]!
      examiners: [ExamExaminerAnalysis!]!
      "Double-marking discrepancies not resolved yet: their first examiner's mark is counted (and warned)."
      unresolvedDiscrepancies: Int!
      warnings: [ExamWarning!]!
    }
    type ExamStationCut {
      evaluation: ID!
      cutScore: Float
      cutPoints: Float
      problem: StationCutProblem
      n: Int!
      intercept: Float
      slope: Float
      rSquared: Float
      borderlineCount: Int!
      borderlineMean: Float
      borderlineMedian: Float
    }
    type AngoffJudgeCut {
      judge: ID!
      cutScore: Float
      stationCuts: [ExamStationValue!]!
    }
    type AngoffStandard {
      judges: [AngoffJudgeCut!]!
      countedJudges: Int!
      cutScore: Float
      sd: Float
      ciLow: Float
      ciHigh: Float
      stationCuts: [ExamStationValue!]!
    }
    type ExamCandidateOutcome {
      participant: ID!
      totalPercent: Float
      stationsPassed: Int!
      failedEvaluations: [ID!]!
      passed: Boolean
      failReasons: [FailReason!]!
      undecided: UndecidedReason
    }
    type ExamStandard {
      method: StandardMethod!
      cutScore: Float
      unadjustedCutScore: Float
      cutPoints: Float
      semMultiplier: Float
      sem: Float
      stations: [ExamStationCut!]!
      angoff: AngoffStandard
      candidates: [ExamCandidateOutcome!]!
      passed: Int!
      failed: Int!
      undecided: Int!
      passRate: Float
      warnings: [ExamWarning!]!
    }
    input ExamStandardInput {
      method: StandardMethod!
      "FIXED: the cut (default the session template's pass percentage)."
      cutPercent: Float
      statistic: BorderlineStatistic
      "Adds k × SEM to the exam cut."
      semMultiplier: Float
      minStationsPassed: Int
      mustPassStations: [ID!]
    }
    type ExamStandardOptions {
      cutPercent: Float
      statistic: BorderlineStatistic
      semMultiplier: Float
      minStationsPassed: Int
      mustPassStations: [ID!]
    }
    type AppliedExamStandard {
      exam: ID!
      method: StandardMethod!
      options: ExamStandardOptions!
      cutScore: Float!
      stationCuts: [ExamStationValue!]!
      appliedBy: ID
      appliedAt: DateTime!
    }
    type ExamStandardHistoryEntry {
      action: ExamStandardAction!
      method: StandardMethod
      options: ExamStandardOptions
      cutScore: Float
      stationCuts: [ExamStationValue!]
      actor: ID
      at: DateTime!
    }
    "How the exam's reports followed: drafts rebuilt, released ones marked changed (standardChangedAt)."
    type ExamReportsFollowed {
      rebuiltDrafts: Int!
      flaggedReleased: Int!
    }
    type ApplyExamStandardResult {
      standard: AppliedExamStandard!
      reports: ExamReportsFollowed!
    }
    type AngoffJudgement {
      judge: ID!
      round: Int!
      evaluation: ID!
      question: ID!
      "null: the whole question."
      stepIndex: Int
      probability: Float!
      updatedAt: DateTime!
    }
    input AngoffJudgementInput {
      evaluation: ID!
      question: ID!
      stepIndex: Int
      probability: Float!
    }
    "The standard a report's computed status followed."
    type ReportExamStandard {
      exam: ID!
      method: StandardMethod!
      cutScore: Float!
      totalPercent: Float
      "null: the standard could not decide, the pass percentage did."
      passed: Boolean
      failReasons: [FailReason!]!
      undecided: UndecidedReason
    }
    extend type SessionReportData {
      standard: ReportExamStandard
    }
    extend type SessionReport {
      "Set when an exam standard changed what this released report shows; rebuild and release it again."
      standardChangedAt: DateTime
    }
    extend type Evaluation {
      ratingScale: RatingScale!
    }

    extend type Query {
      exams: [Exam!]!
      exam(id: ID!): Exam!
      examAnalysis(exam: ID!, hawkDoveThreshold: Float): ExamAnalysis!
      "Computed from the marks now, not applied."
      examStandard(
        exam: ID!
        method: StandardMethod!
        cutPercent: Float
        statistic: BorderlineStatistic
        semMultiplier: Float
        minStationsPassed: Int
        mustPassStations: [ID!]
      ): ExamStandard!
      examStandardHistory(exam: ID!): [ExamStandardHistoryEntry!]!
      angoffJudgements(exam: ID!): [AngoffJudgement!]!
      evaluationRatingScale(evaluation: ID!): RatingScale!
    }
    extend type Mutation {
      addExam(input: ExamInput!): Exam!
      updateExam(id: ID!, input: ExamUpdateInput!): Exam!
      removeExam(id: ID!): RemoveResult!
      applyExamStandard(exam: ID!, input: ExamStandardInput!): ApplyExamStandardResult!
      removeExamStandard(exam: ID!): ExamReportsFollowed!
      "The signed-in judge's estimates for one round (1 before the exam, 2 after seeing facilities)."
      setAngoffJudgements(exam: ID!, round: Int!, judgements: [AngoffJudgementInput!]!): [AngoffJudgement!]!
      "Sets the discrepancy threshold (0–100 % of a station's maximum) of every session of the exam."
      setExamDiscrepancyThreshold(exam: ID!, percent: Float!): Float!
      "null returns the evaluation to the default 5-point scale."
      setEvaluationRatingScale(evaluation: ID!, input: RatingScaleInput): RatingScale!
    }
  `,
  resolvers: {
    Exam: {
      sessionTemplateId: (e: examsM.Exam) => e.sessionTemplate,
      sessionTemplate: (e: examsM.Exam, _a, g) => orNull(() => getSession(ctxOf(g), e.sessionTemplate)),
      scheduledSessionIds: (e: examsM.Exam) => e.scheduledSessions,
      scheduledSessions: async (e: examsM.Exam, _a, g) =>
        (await Promise.all(e.scheduledSessions.map((id) => orNull(() => getScheduledSession(ctxOf(g), id))))).filter(
          (s) => s !== null,
        ),
      discrepancyThreshold: async (e: examsM.Exam, _a, g) =>
        (await examsM.examDiscrepancyThreshold(ctxOf(g), e._id)).percent,
      standard: (e: examsM.Exam, _a, g) => applied.appliedExamStandard(ctxOf(g), e._id),
      standardHistory: (e: examsM.Exam, _a, g) => applied.listExamStandardHistory(ctxOf(g), e._id),
    },
    ExamSessionMean: { scheduledSession: (s: { sessionId: string }) => s.sessionId },
    ExamStationAnalysis: { evaluation: (s: { stationId: string }) => s.stationId },
    ExamItemAnalysis: {
      item: (i: { itemId: string }) => i.itemId,
      evaluation: (i: { stationId: string }) => i.stationId,
    },
    ExamExaminerAnalysis: {
      examiner: (e: { examinerId: string }) => e.examinerId,
      evaluations: (e: { stations: string[] }) => e.stations,
    },
    ExamAnalysis: { warnings: (a: { warnings: ExamWarning[] }) => a.warnings.map(warningOf) },
    ExamStandard: { warnings: (a: { warnings: ExamWarning[] }) => a.warnings.map(warningOf) },
    ExamStationCut: { evaluation: (s: { stationId: string }) => s.stationId },
    AngoffJudgeCut: {
      judge: (j: { judgeId: string }) => j.judgeId,
      stationCuts: (j: { stationCuts: Record<string, number | null> }) => stationValues(j.stationCuts),
    },
    AngoffStandard: {
      stationCuts: (a: { stationCuts: Record<string, number | null> }) => stationValues(a.stationCuts),
    },
    ExamCandidateOutcome: {
      participant: (c: { candidateId: string }) => c.candidateId,
      failedEvaluations: (c: { failedStations: string[] }) => c.failedStations,
    },
    AppliedExamStandard: {
      exam: (s: applied.AppliedStandardRow) => s.examId,
      stationCuts: (s: applied.AppliedStandardRow) => stationValues(s.stationCuts),
    },
    ExamStandardHistoryEntry: {
      actor: (h: applied.StandardHistoryRow) => h.actorId,
      stationCuts: (h: applied.StandardHistoryRow) => (h.stationCuts ? stationValues(h.stationCuts) : null),
    },
    Evaluation: {
      ratingScale: (e: { _id: string }, _a, g) => evaluationRatingScale(ctxOf(g), e._id),
    },
    Query: {
      exams: (_p, _a, g) => examsM.listExams(ctxOf(g)),
      exam: (_p, a: Args, g) => examsM.getExam(ctxOf(g), a.id),
      examAnalysis: (_p, a: Args, g) => examAnalysis(ctxOf(g), a.exam, { hawkDoveThreshold: a.hawkDoveThreshold }),
      examStandard: (_p, a: Args, g) => examStandard(ctxOf(g), a.exam, standardArgs(a)),
      examStandardHistory: (_p, a: Args, g) => applied.listExamStandardHistory(ctxOf(g), a.exam),
      angoffJudgements: (_p, a: Args, g) => angoff.listAngoffJudgements(ctxOf(g), a.exam),
      evaluationRatingScale: (_p, a: Args, g) => evaluationRatingScale(ctxOf(g), a.evaluation),
    },
    Mutation: {
      addExam: (_p, a: Args, g) => examsM.addExam(ctxOf(g), a.input),
      updateExam: (_p, a: Args, g) => examsM.updateExam(ctxOf(g), a.id, a.input),
      removeExam: (_p, a: Args, g) => applied.removeExam(ctxOf(g), a.id),
      applyExamStandard: (_p, a: Args, g) => applied.applyExamStandard(ctxOf(g), a.exam, a.input),
      removeExamStandard: (_p, a: Args, g) => applied.removeExamStandard(ctxOf(g), a.exam),
      setAngoffJudgements: (_p, a: Args, g) =>
        angoff.setAngoffJudgements(ctxOf(g), a.exam, { round: a.round, judgements: a.judgements }),
      setEvaluationRatingScale: (_p, a: Args, g) => setEvaluationRatingScale(ctxOf(g), a.evaluation, a.input),
      setExamDiscrepancyThreshold: async (_p, a: Args, g) =>
        (await examsM.setExamDiscrepancyThreshold(ctxOf(g), a.exam, { percent: a.percent })).percent,
    },
  },
};
