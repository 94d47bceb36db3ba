// Double marking's rules (ADR 0036), pure and shared by the server and the screens: when two
// examiners' station scores disagree too much, and which score counts.
import type { DiscrepancyMethod } from "~db/tenant/schema";
import { roundScore } from "./scoring";

/** A discrepancy is a difference above this share of the station's maximum, unless the session sets its own. */
export const DEFAULT_DISCREPANCY_THRESHOLD = 20;

/** Examiner slot at a station: 1 = the first examiner (today's marks), 2 = the second. */
export type Marker = 1 | 2;

export const markerOf = (value: unknown): Marker => (String(value ?? "") === "2" ? 2 : 1);

/**
 * pending: the second examiner (or the first) has not finished; agreed: both finished within the
 * threshold; discrepancy: both finished, the difference is above it; resolved: staff decided.
 */
export type DoubleMarkStatus = "pending" | "agreed" | "discrepancy" | "resolved";

/** |first − second| > threshold % of the maximum (exactly at the threshold is not a discrepancy). */
export function isDiscrepancy(first: number, second: number, maxScore: number, thresholdPercent: number): boolean {
  if (maxScore <= 0) return false;
  // Compared without dividing, with a tolerance below any score step, like the pass mark.
  return Math.abs(first - second) * 100 > thresholdPercent * maxScore + 1e-9;
}

export function doubleMarkStatus(m: {
  firstDone: boolean;
  secondDone: boolean;
  first: number;
  second: number;
  maxScore: number;
  thresholdPercent: number;
  resolved: boolean;
}): DoubleMarkStatus {
  if (m.resolved) return "resolved";
  if (!m.firstDone || !m.secondDone) return "pending";
  return isDiscrepancy(m.first, m.second, m.maxScore, m.thresholdPercent) ? "discrepancy" : "agreed";
}

/** The station score a resolution gives: the mean of the two, or the score staff entered. */
export function resolvedScoreOf(
  method: DiscrepancyMethod,
  first: number,
  second: number,
  entered: number | null | undefined,
): number | null {
  if (method === "MEAN") return roundScore((first + second) / 2);
  return entered === null || entered === undefined ? null : entered;
}
