// The exam's reliability: totals, Cronbach's alpha over stations and the SEM, on complete cases.
import { type ExamTable, percentMatrix, totalPercent } from "./marks";
import { type Alpha, alphaIfDeleted, cronbachAlpha, mean, sampleSd, standardErrorOfMeasurement } from "./statistics";

export type ExamReliability = {
  /** Candidates with at least one mark. */
  candidates: number;
  /** Candidates marked at every station: the totals, alpha and SEM use only these. */
  completeCandidates: number;
  meanTotal: number | null;
  sdTotal: number | null;
  alpha: Alpha;
  /** In percentage points of the total: SD of the total % · √(1 − α). */
  sem: number | null;
  /** Per station (same order as the exam's stations). */
  alphaIfDeleted: Alpha[];
};

export function examReliability(table: ExamTable): ExamReliability {
  const totals = table.candidateIds.map((c) => totalPercent(table, c)).filter((t): t is number => t !== null);
  const matrix = percentMatrix(table);
  const alpha = cronbachAlpha(matrix, table.stations.length);
  const sdTotal = sampleSd(totals);
  return {
    candidates: table.candidateIds.length,
    completeCandidates: totals.length,
    meanTotal: mean(totals),
    sdTotal,
    alpha,
    sem: standardErrorOfMeasurement(sdTotal, alpha.alpha),
    alphaIfDeleted: alphaIfDeleted(matrix, table.stations.length),
  };
}
