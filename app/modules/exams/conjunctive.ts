// Each candidate's computed pass or fail against a cut and the conjunctive rules. A score passes
// when it is at least the cut (inclusive; a 1e-9 slack absorbs binary rounding). ADR 0034.
import { type ExamTable, totalPercent } from "./marks";

export type ConjunctiveRules = {
  /** The candidate must pass at least this many stations (score % ≥ the station's cut). */
  minStationsPassed?: number;
  /** The candidate must pass each of these stations. */
  mustPassStations?: readonly string[];
};

export type FailReason = "BELOW_CUT" | "TOO_FEW_STATIONS_PASSED" | "MUST_PASS_STATION_FAILED";
/** Why no decision could be computed: the board decides these candidates itself. */
export type UndecidedReason = "INCOMPLETE_MARKS" | "NO_CUT" | "STATION_CUT_UNAVAILABLE";

export type CandidateOutcome = {
  candidateId: string;
  totalPercent: number | null;
  /** Stations with a cut at which the candidate scored at least the cut. */
  stationsPassed: number;
  failedStations: string[];
  /** true passed, false failed, null undecided (see `undecided`). */
  passed: boolean | null;
  failReasons: FailReason[];
  undecided: UndecidedReason | null;
};

const SLACK = 1e-9;
export const reaches = (score: number, cut: number): boolean => score >= cut - SLACK;

export function candidateOutcomes(
  table: ExamTable,
  cutScore: number | null,
  stationCuts: Record<string, number | null>,
  rules: ConjunctiveRules = {},
): CandidateOutcome[] {
  const minPassed = rules.minStationsPassed ?? 0;
  const mustPass = rules.mustPassStations ?? [];
  const needsStationCuts = minPassed > 0 || mustPass.length > 0;
  const stationCutMissing = table.stations.some((s) => (stationCuts[s.id] ?? null) === null);

  return table.candidateIds.map((candidateId) => {
    const total = totalPercent(table, candidateId);
    const row = table.marks.get(candidateId);
    let stationsPassed = 0;
    const failedStations: string[] = [];
    for (const station of table.stations) {
      const mark = row?.get(station.id);
      const cut = stationCuts[station.id] ?? null;
      if (!mark || cut === null) continue;
      if (reaches(mark.percent, cut)) stationsPassed++;
      else failedStations.push(station.id);
    }
    const outcome = { candidateId, totalPercent: total, stationsPassed, failedStations };
    const undecided = (reason: UndecidedReason): CandidateOutcome => ({
      ...outcome,
      passed: null,
      failReasons: [],
      undecided: reason,
    });
    if (total === null) return undecided("INCOMPLETE_MARKS");
    if (cutScore === null) return undecided("NO_CUT");
    if (needsStationCuts && stationCutMissing) return undecided("STATION_CUT_UNAVAILABLE");

    const failReasons: FailReason[] = [];
    if (!reaches(total, cutScore)) failReasons.push("BELOW_CUT");
    if (stationsPassed < minPassed) failReasons.push("TOO_FEW_STATIONS_PASSED");
    if (mustPass.some((s) => failedStations.includes(s))) failReasons.push("MUST_PASS_STATION_FAILED");
    return { ...outcome, passed: failReasons.length === 0, failReasons, undecided: null };
  });
}
