// The statistics of the exam board, pure. Every function returns null (never NaN or Infinity) when
// its value cannot be computed; variances and SDs are sample ones (divisor n − 1). ADR 0034.
import type { AlphaProblem } from "./warnings";

const finite = (x: number): boolean => Number.isFinite(x);
const sum = (xs: readonly number[]): number => xs.reduce((s, x) => s + x, 0);
/** Exact equality rather than a variance test: 0.1 three times has a variance of 1e-34, not 0. */
const allEqual = (xs: readonly number[]): boolean => xs.every((x) => x === xs[0]);
const orNull = (x: number): number | null => (finite(x) ? x : null);

export function mean(xs: readonly number[]): number | null {
  return xs.length === 0 ? null : orNull(sum(xs) / xs.length);
}

/** Sample variance, divisor n − 1; null below 2 values. */
export function sampleVariance(xs: readonly number[]): number | null {
  if (xs.length < 2) return null;
  if (allEqual(xs)) return 0;
  const m = sum(xs) / xs.length;
  return orNull(sum(xs.map((x) => (x - m) ** 2)) / (xs.length - 1));
}

/** Sample standard deviation, divisor n − 1; null below 2 values. */
export function sampleSd(xs: readonly number[]): number | null {
  const v = sampleVariance(xs);
  return v === null ? null : Math.sqrt(v);
}

/** The middle value, or the mean of the two middle values. */
export function median(xs: readonly number[]): number | null {
  if (xs.length === 0) return null;
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  // Not empty (above): mid, and mid − 1 for an even length, are in range.
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Pearson's r; null below 2 pairs or when either side has no spread. */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 2 || allEqual(x) || allEqual(y)) return null;
  const mx = sum(x) / x.length;
  const my = sum(y) / y.length;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  x.forEach((xi, i) => {
    const yi = y[i]!; // x and y have the same length (checked above)
    sxy += (xi - mx) * (yi - my);
    sxx += (xi - mx) ** 2;
    syy += (yi - my) ** 2;
  });
  const r = orNull(sxy / Math.sqrt(sxx * syy));
  return r === null ? null : Math.max(-1, Math.min(1, r));
}

export type RegressionProblem = "TOO_FEW_POINTS" | "NO_SPREAD_IN_X" | "NO_SPREAD_IN_Y";

/**
 * Least squares y = intercept + slope·x. slope = Sxy/Sxx, intercept = ȳ − slope·x̄,
 * R² = Sxy²/(Sxx·Syy). Below 2 points or with every x equal there is no line (all null); with every
 * y equal the line is flat (slope 0) but R² is undefined (null, NO_SPREAD_IN_Y).
 */
export type Regression = {
  n: number;
  intercept: number | null;
  slope: number | null;
  rSquared: number | null;
  problem: RegressionProblem | null;
};

export function linearRegression(x: readonly number[], y: readonly number[]): Regression {
  const n = Math.min(x.length, y.length);
  const none = (problem: RegressionProblem): Regression => ({
    n,
    intercept: null,
    slope: null,
    rSquared: null,
    problem,
  });
  if (n < 2) return none("TOO_FEW_POINTS");
  const xs = x.slice(0, n);
  const ys = y.slice(0, n);
  if (allEqual(xs)) return none("NO_SPREAD_IN_X");
  const mx = sum(xs) / n;
  const my = sum(ys) / n;
  if (allEqual(ys)) return { n, intercept: ys[0]!, slope: 0, rSquared: null, problem: "NO_SPREAD_IN_Y" };
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  xs.forEach((xi, i) => {
    const yi = ys[i]!; // xs and ys are both the first n values
    sxy += (xi - mx) * (yi - my);
    sxx += (xi - mx) ** 2;
    syy += (yi - my) ** 2;
  });
  const slope = orNull(sxy / sxx);
  const intercept = slope === null ? null : orNull(my - slope * mx);
  const r2 = orNull((sxy * sxy) / (sxx * syy));
  return { n, intercept, slope, rSquared: r2 === null ? null : Math.max(0, Math.min(1, r2)), problem: null };
}

/** The line's value at x; null when there is no line. */
export function predict(regression: Regression, x: number): number | null {
  if (regression.intercept === null || regression.slope === null) return null;
  return orNull(regression.intercept + regression.slope * x);
}

/** A candidates × items table; null is a missing mark. */
export type ScoreMatrix = ReadonlyArray<ReadonlyArray<number | null>>;

/** The rows with a finite value in every column (complete cases). */
export function completeRows(matrix: ScoreMatrix): number[][] {
  return matrix.filter((row) => row.every((v) => v !== null && finite(v))) as number[][];
}

/** A row too short for column j has no value there: NaN, so whatever uses it is null. */
const cell = (row: readonly number[], j: number): number => row[j] ?? NaN;
const column = (rows: readonly number[][], j: number): number[] => rows.map((row) => cell(row, j));

export type Alpha = { alpha: number | null; n: number; k: number; problem: AlphaProblem | null };

/**
 * `columns` (k) defaults to the first row's length; give it when the table may have no rows.
 * Cronbach's alpha = k/(k−1) · (1 − Σ s²ᵢ / s²_total) over the complete cases only (a candidate
 * missing any item is left out). Null below 2 items, below 2 complete cases, or when every total is
 * equal. Never above 1; it can be negative.
 */
export function cronbachAlpha(matrix: ScoreMatrix, columns: number = matrix[0]?.length ?? 0): Alpha {
  const rows = completeRows(matrix);
  const k = columns;
  const result = (alpha: number | null, problem: AlphaProblem | null): Alpha => ({ alpha, n: rows.length, k, problem });
  if (k < 2) return result(null, "TOO_FEW_STATIONS");
  if (rows.length < 2) return result(null, "TOO_FEW_COMPLETE_CANDIDATES");
  const totals = rows.map(sum);
  const totalVariance = sampleVariance(totals);
  if (totalVariance === null || totalVariance === 0) return result(null, "NO_TOTAL_VARIANCE");
  const itemVariances = sum(Array.from({ length: k }, (_, j) => sampleVariance(column(rows, j)) ?? 0));
  const alpha = orNull((k / (k - 1)) * (1 - itemVariances / totalVariance));
  return result(alpha === null ? null : Math.min(1, alpha), alpha === null ? "NO_TOTAL_VARIANCE" : null);
}

/**
 * Alpha with each column left out in turn, on the complete cases of the whole table, so every value
 * compares the same candidates as the exam's alpha.
 */
export function alphaIfDeleted(matrix: ScoreMatrix, columns: number = matrix[0]?.length ?? 0): Alpha[] {
  const rows = completeRows(matrix);
  return Array.from({ length: columns }, (_, j) =>
    cronbachAlpha(
      rows.map((row) => row.filter((_, i) => i !== j)),
      columns - 1,
    ),
  );
}

/** SEM = SD · √(1 − α); null when either is unknown. */
export function standardErrorOfMeasurement(sd: number | null, alpha: number | null): number | null {
  if (sd === null || alpha === null || alpha > 1) return null;
  return orNull(sd * Math.sqrt(1 - alpha));
}

/**
 * Corrected item-total correlation (discrimination) of each column: Pearson's r between the item
 * and the sum of the OTHER items, over the complete cases. Null when either has no spread.
 */
export function correctedItemTotal(matrix: ScoreMatrix): Array<number | null> {
  const rows = completeRows(matrix);
  const k = matrix[0]?.length ?? 0;
  return Array.from({ length: k }, (_, j) =>
    pearson(
      column(rows, j),
      rows.map((row) => sum(row) - cell(row, j)),
    ),
  );
}

/** Facility: the mean score as a fraction (0–1) of the maximum; null without scores or maximum. */
export function facility(scores: readonly number[], maxPoints: number): number | null {
  const m = mean(scores);
  return m === null || !(maxPoints > 0) ? null : orNull(m / maxPoints);
}

/** Two-sided 95 % Student t quantiles t(0.975, df) for df = 1…30. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
  2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

/** t(0.975, df) from the table for df ≤ 30, the normal 1.96 beyond; null for df < 1. */
export function tQuantile975(df: number): number | null {
  if (!Number.isInteger(df) || df < 1) return null;
  return df <= T_975.length ? T_975[df - 1]! : 1.96;
}
