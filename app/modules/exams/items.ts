// Objective items (question steps): facility and discrimination, flagged when dubious. Both are
// computed over the candidates who have a score on EVERY item (complete cases), in points.
// Facility = mean score / item maximum (0–1); discrimination = the corrected item-total correlation
// (the item against the sum of the other items). ADR 0034.
import { correctedItemTotal, facility } from "./statistics";

export type ObjectiveItem = { id: string; stationId: string; maxPoints: number };
export type ItemResponse = { candidateId: string; itemId: string; points: number | null };

/** Below this discrimination an item hardly separates strong from weak candidates. */
export const MIN_DISCRIMINATION = 0.2;
/** Facility outside this range: nearly everyone fails (too hard) or passes (too easy) the item. */
export const MIN_FACILITY = 0.2;
export const MAX_FACILITY = 0.95;

export type ItemFlag = "LOW_DISCRIMINATION" | "TOO_HARD" | "TOO_EASY";

export type ItemAnalysis = {
  itemId: string;
  stationId: string;
  /** Complete cases the values use. */
  n: number;
  facility: number | null;
  discrimination: number | null;
  /** Why discrimination is null: fewer than 2 complete cases, or no spread in the item or the rest. */
  discriminationProblem: "TOO_FEW_CANDIDATES" | "NO_SPREAD" | null;
  flags: ItemFlag[];
};

export function itemAnalysis(items: readonly ObjectiveItem[], responses: readonly ItemResponse[]): ItemAnalysis[] {
  const byCandidate = new Map<string, Map<string, number | null>>();
  for (const r of responses) {
    const row = byCandidate.get(r.candidateId) ?? new Map<string, number | null>();
    row.set(r.itemId, r.points !== null && Number.isFinite(r.points) ? r.points : null);
    byCandidate.set(r.candidateId, row);
  }
  const matrix = [...byCandidate.values()].map((row) => items.map((i) => row.get(i.id) ?? null));
  const complete = matrix.filter((row) => row.every((v) => v !== null)) as number[][];
  const discrimination = correctedItemTotal(matrix);

  return items.map((item, j) => {
    const fac = facility(
      complete.map((row) => row[j]!), // every row has one value per item (items.map above)
      item.maxPoints,
    );
    // Without any candidate there is no column to correlate: no discrimination either.
    const disc = items.length < 2 ? null : (discrimination[j] ?? null);
    const flags: ItemFlag[] = [];
    if (disc !== null && disc < MIN_DISCRIMINATION) flags.push("LOW_DISCRIMINATION");
    if (fac !== null && fac < MIN_FACILITY) flags.push("TOO_HARD");
    if (fac !== null && fac > MAX_FACILITY) flags.push("TOO_EASY");
    return {
      itemId: item.id,
      stationId: item.stationId,
      n: complete.length,
      facility: fac,
      discrimination: disc,
      discriminationProblem: disc !== null ? null : complete.length < 2 ? "TOO_FEW_CANDIDATES" : "NO_SPREAD",
      flags,
    };
  });
}
