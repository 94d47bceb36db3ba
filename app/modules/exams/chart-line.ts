// The regression line of a score-against-rating chart, as drawn: from the first grade to the last,
// cut where it leaves the 0–100 % band (a line rising past 100 % stops at the top instead of
// running out of the plot, and keeps its slope). Pure; the screen's chart and the PDF's share it.

export type Segment = { x1: number; y1: number; x2: number; y2: number };

/** score % = intercept + slope × grade over grades 0…lastGrade, clipped to 0–100; null when nothing is inside. */
export function regressionSegment(intercept: number | null, slope: number | null, lastGrade: number): Segment | null {
  if (intercept === null || slope === null || !Number.isFinite(intercept) || !Number.isFinite(slope)) return null;
  const at = (x: number) => intercept + slope * x;
  let [x1, x2] = [0, lastGrade];
  if (slope !== 0) {
    // Where the line crosses 0 % and 100 %, in grades, kept within the grades shown.
    const [low, high] = [(0 - intercept) / slope, (100 - intercept) / slope].sort((a, b) => a - b) as [number, number];
    x1 = Math.max(x1, low);
    x2 = Math.min(x2, high);
  } else if (intercept < 0 || intercept > 100) return null;
  if (x1 > x2) return null;
  const clamp = (y: number) => Math.max(0, Math.min(100, y));
  return { x1, y1: clamp(at(x1)), x2, y2: clamp(at(x2)) };
}
