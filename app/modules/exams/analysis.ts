// The exam's quality analysis in one call: the exam's reliability, each station, each objective
// item and each examiner. Station values use every candidate marked at the station; the exam's
// totals, alpha and SEM only candidates marked at every station (ADR 0034).
import { reaches } from "./conjunctive";
import { type ExaminerAnalysis, examinerAnalysis } from "./examiners";
import { type ItemAnalysis, type ItemResponse, type ObjectiveItem, itemAnalysis } from "./items";
import { type ExamMarks, examTable, stationMarks, totalPercent } from "./marks";
import { examReliability } from "./reliability";
import { linearRegression, mean, sampleSd } from "./statistics";
import { type AlphaProblem, type ExamWarning, cohortWarnings, discrepancyWarnings } from "./warnings";

export type ExamAnalysisInput = ExamMarks & {
  items?: readonly ObjectiveItem[];
  responses?: readonly ItemResponse[];
};

export type AnalysisOptions = {
  /** The cut to report pass rate and failures against (e.g. an applied or a compared standard). */
  cut?: { cutScore: number | null; stationCuts: Record<string, number | null> } | null;
  /** Percentage points beyond which an examiner is a hawk or a dove. */
  hawkDoveThreshold?: number;
};

export type SessionMean = { sessionId: string; n: number; mean: number | null; sd: number | null };

export type StationAnalysis = {
  stationId: string;
  /** Candidates marked at the station. */
  n: number;
  /** Score % (0–100). */
  mean: number | null;
  sd: number | null;
  /** Mean score as a fraction of the maximum (0–1). */
  facility: number | null;
  /** Regression of score % on the global rating grade (slope: inter-grade discrimination). */
  intercept: number | null;
  slope: number | null;
  rSquared: number | null;
  /** Candidates below the station's cut; null without a cut. */
  failures: number | null;
  alphaIfDeleted: number | null;
  /** Between-circuit differences: the mean score % per scheduled session. */
  sessions: SessionMean[];
};

export type ExamAnalysis = {
  candidates: number;
  completeCandidates: number;
  meanTotal: number | null;
  sdTotal: number | null;
  alpha: number | null;
  alphaProblem: AlphaProblem | null;
  sem: number | null;
  /** Share (0–1) of complete candidates whose total reaches the cut; null without a cut or candidates. */
  passRate: number | null;
  stations: StationAnalysis[];
  items: ItemAnalysis[];
  examiners: ExaminerAnalysis[];
  /** Unresolved double-marking discrepancies: their first examiner's mark is counted (warned). */
  unresolvedDiscrepancies: number;
  warnings: ExamWarning[];
};

export function analyseExam(input: ExamAnalysisInput, options: AnalysisOptions = {}): ExamAnalysis {
  const table = examTable(input);
  const reliability = examReliability(table);
  const warnings: ExamWarning[] = [...discrepancyWarnings(input.marks), ...cohortWarnings(table.candidateIds.length)];
  if (reliability.completeCandidates < reliability.candidates)
    warnings.push({ code: "INCOMPLETE_CANDIDATES", count: reliability.candidates - reliability.completeCandidates });
  if (reliability.alpha.problem) warnings.push({ code: "ALPHA_UNAVAILABLE", reason: reliability.alpha.problem });

  const stations = input.stations.map((station, j): StationAnalysis => {
    const marks = stationMarks(table, station.id);
    if (marks.length === 0) warnings.push({ code: "STATION_WITHOUT_MARKS", stationId: station.id });
    const scores = marks.map((m) => m.percent);
    const rated = marks.filter((m) => m.grade !== null);
    const regression = linearRegression(
      rated.map((m) => m.grade!),
      rated.map((m) => m.percent),
    );
    const m = mean(scores);
    const cut = options.cut?.stationCuts[station.id] ?? null;
    const sessionIds = [...new Set(marks.map((mark) => mark.sessionId).filter((s): s is string => s !== null))];
    return {
      stationId: station.id,
      n: marks.length,
      mean: m,
      sd: sampleSd(scores),
      facility: m === null ? null : m / 100,
      intercept: regression.intercept,
      slope: regression.slope,
      rSquared: regression.rSquared,
      failures: cut === null ? null : scores.filter((s) => !reaches(s, cut)).length,
      alphaIfDeleted: reliability.alphaIfDeleted[j]?.alpha ?? null,
      sessions: sessionIds.map((sessionId) => {
        const inSession = marks.filter((mark) => mark.sessionId === sessionId).map((mark) => mark.percent);
        return { sessionId, n: inSession.length, mean: mean(inSession), sd: sampleSd(inSession) };
      }),
    };
  });

  const cutScore = options.cut?.cutScore ?? null;
  const totals = table.candidateIds.map((c) => totalPercent(table, c)).filter((t): t is number => t !== null);
  return {
    candidates: reliability.candidates,
    completeCandidates: reliability.completeCandidates,
    meanTotal: reliability.meanTotal,
    sdTotal: reliability.sdTotal,
    alpha: reliability.alpha.alpha,
    alphaProblem: reliability.alpha.problem,
    sem: reliability.sem,
    passRate:
      cutScore === null || totals.length === 0
        ? null
        : totals.filter((t) => reaches(t, cutScore)).length / totals.length,
    stations,
    items: itemAnalysis(input.items ?? [], input.responses ?? []),
    examiners: examinerAnalysis(input, options.hawkDoveThreshold),
    unresolvedDiscrepancies: input.marks.filter((m) => m.unresolvedDiscrepancy).length,
    warnings,
  };
}
