// Modified Angoff: judges estimate, per objective item, the probability that a minimally competent
// candidate gets it right. A judge's cut = Σ pᵢ·maxᵢ / Σ maxᵢ × 100 (the expected score of that
// candidate as a % of the maximum); the exam cut is the mean over judges, with the judges' sample SD
// and a 95 % CI = mean ± t(0.975, n−1)·SD/√n (ADR 0034).
import { mean, sampleSd, tQuantile975 } from "./statistics";
import type { ExamWarning } from "./warnings";

export type AngoffItem = { id: string; stationId: string; maxPoints: number };

export type AngoffJudgement = {
  judgeId: string;
  itemId: string;
  /** 0–1 (a value outside is clamped into it). */
  probability: number;
  /** 1 before the exam, 2 after seeing the facility values; a judge's latest round counts. */
  round: number;
};

export type AngoffJudgeCut = {
  judgeId: string;
  /** null when the judge did not rate every item (left out of the mean). */
  cutScore: number | null;
  /** Per station: the judge's estimate over the station's items as a % of their maximum. */
  stationCuts: Record<string, number | null>;
};

export type AngoffResult = {
  judges: AngoffJudgeCut[];
  /** Judges who rated every item: the mean, SD and CI use only these. */
  countedJudges: number;
  cutScore: number | null;
  sd: number | null;
  ciLow: number | null;
  ciHigh: number | null;
  /** Per station: the mean over counted judges of their station cut. */
  stationCuts: Record<string, number | null>;
  warnings: ExamWarning[];
};

/** Each judge's latest-round estimate per item. */
export function latestEstimates(judgements: readonly AngoffJudgement[]): Map<string, Map<string, number>> {
  const latest = new Map<string, Map<string, { round: number; p: number }>>();
  for (const j of judgements) {
    if (!Number.isFinite(j.probability)) continue;
    const items = latest.get(j.judgeId) ?? new Map<string, { round: number; p: number }>();
    const seen = items.get(j.itemId);
    if (!seen || j.round >= seen.round)
      items.set(j.itemId, { round: j.round, p: Math.max(0, Math.min(1, j.probability)) });
    latest.set(j.judgeId, items);
  }
  return new Map([...latest].map(([judge, items]) => [judge, new Map([...items].map(([i, e]) => [i, e.p]))]));
}

/** Σ p·max / Σ max × 100 over the items; null without a positive maximum or with a missing estimate. */
function expectedPercent(items: readonly AngoffItem[], estimates: Map<string, number>): number | null {
  const max = items.reduce((s, i) => s + i.maxPoints, 0);
  if (!(max > 0) || items.some((i) => !estimates.has(i.id))) return null;
  return (items.reduce((s, i) => s + estimates.get(i.id)! * i.maxPoints, 0) / max) * 100;
}

export function angoffStandard(
  items: readonly AngoffItem[],
  judgements: readonly AngoffJudgement[],
  stationIds: readonly string[],
): AngoffResult {
  const warnings: ExamWarning[] = [];
  const itemsOf = (stationId: string) => items.filter((i) => i.stationId === stationId);
  for (const s of stationIds)
    if (itemsOf(s).length === 0) warnings.push({ code: "STATION_WITHOUT_ANGOFF_ITEMS", stationId: s });

  const judges: AngoffJudgeCut[] = [...latestEstimates(judgements)].map(([judgeId, estimates]) => {
    const missingItems = items.filter((i) => !estimates.has(i.id)).length;
    if (missingItems > 0) warnings.push({ code: "ANGOFF_JUDGE_INCOMPLETE", judgeId, missingItems });
    return {
      judgeId,
      cutScore: missingItems > 0 ? null : expectedPercent(items, estimates),
      stationCuts: Object.fromEntries(stationIds.map((s) => [s, expectedPercent(itemsOf(s), estimates)])),
    };
  });
  const cuts = judges.map((j) => j.cutScore).filter((c): c is number => c !== null);
  if (cuts.length === 0) warnings.push({ code: "NO_ANGOFF_JUDGEMENTS" });
  if (cuts.length === 1) warnings.push({ code: "SINGLE_ANGOFF_JUDGE" });

  const cutScore = mean(cuts);
  const sd = sampleSd(cuts);
  const t = tQuantile975(cuts.length - 1);
  const half = cutScore !== null && sd !== null && t !== null ? (t * sd) / Math.sqrt(cuts.length) : null;
  const counted = judges.filter((j) => j.cutScore !== null);
  return {
    judges,
    countedJudges: cuts.length,
    cutScore,
    sd,
    ciLow: half === null ? null : cutScore! - half,
    ciHigh: half === null ? null : cutScore! + half,
    stationCuts: Object.fromEntries(
      stationIds.map((s) => [s, mean(counted.map((j) => j.stationCuts[s]).filter((c): c is number => c !== null))]),
    ),
    warnings,
  };
}
