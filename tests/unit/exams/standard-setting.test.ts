import { describe, expect, it } from "vitest";
import { byId, defined, first } from "../support/defined";
import { type AngoffJudgement, angoffStandard } from "~/modules/exams/angoff";
import { computeStandard } from "~/modules/exams/standard-setting";
import { EXAM, MARKS, STATIONS, finiteEverywhere, mark, station } from "./fixture";

// Hand computations on the fixture (fixture.ts); the lines come from statistics.test.ts:
//   A: 430/11 + 190/11·x   B: 125/3 + 12.5·x   C: 95/3 + 17.5·x   (x = grade, borderline = 1)
// Candidates' totals (mean of the 3 station %): c1 38.33, c2 51.67, c3 61.67, c4 75, c5 85, c6 85.

const byCandidate = (standard: ReturnType<typeof computeStandard>) =>
  byId(standard.candidates, (c) => c.candidateId, ["c1", "c2", "c3", "c4", "c5", "c6"]);
const codes = (standard: { warnings: Array<{ code: string }> }) => standard.warnings.map((w) => w.code);

describe("borderline regression", () => {
  const standard = computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" });

  it("reads each station's cut at the borderline grade, the exam cut is their mean", () => {
    // A: 430/11 + 190/11 = 620/11 = 56.3636;  B: 125/3 + 25/2 = 325/6 = 54.1667;  C: 95/3 + 35/2 = 295/6 = 49.1667
    const [a, b, c] = first(standard.stations, 3);
    expect(a).toMatchObject({ stationId: "A", n: 6, problem: null, borderlineCount: 2 });
    expect(a.cutScore).toBeCloseTo(620 / 11, 10);
    expect(a.slope).toBeCloseTo(190 / 11, 10);
    expect(a.intercept).toBeCloseTo(430 / 11, 10);
    expect(a.rSquared).toBeCloseTo(361 / 385, 10);
    expect(b.cutScore).toBeCloseTo(325 / 6, 10);
    expect(c.cutScore).toBeCloseTo(295 / 6, 10);
    // Exam cut = (620/11 + 325/6 + 295/6)/3 = (620/11 + 620/6)/3 = 620·17/66/3 = 5270/99 = 53.2323
    expect(standard.cutScore).toBeCloseTo(5270 / 99, 10);
    expect(standard.unadjustedCutScore).toBeCloseTo(5270 / 99, 10);
    // In points: A 620/11·10/100 = 62/11, B 325/6·20/100 = 65/6, C 295/6·4/100 = 59/30;
    // Σ = (1860 + 3575 + 649)/330 = 6084/330 = 18.4364 of 34 points.
    expect(a.cutPoints).toBeCloseTo(62 / 11, 10);
    expect(standard.cutPoints).toBeCloseTo(6084 / 330, 10);
  });

  it("passes the candidates whose total reaches the cut", () => {
    // 53.23: c1 38.33 and c2 51.67 fail, c3 61.67 and c4–c6 pass → 4 of 6.
    const c = byCandidate(standard);
    expect(c.c1).toMatchObject({ passed: false, failReasons: ["BELOW_CUT"], stationsPassed: 0 });
    expect(c.c2).toMatchObject({ passed: false, failReasons: ["BELOW_CUT"], stationsPassed: 2 });
    expect(c.c2.failedStations).toEqual(["A"]); // A 50 < 56.36; B 55 ≥ 54.17; C 50 ≥ 49.17
    expect(c.c3).toMatchObject({ passed: true, stationsPassed: 2, failedStations: ["B"] }); // B 50 < 54.17
    expect(c.c4.passed && c.c5.passed && c.c6.passed).toBe(true);
    expect(standard).toMatchObject({ passed: 4, failed: 2, undecided: 0 });
    expect(standard.passRate).toBeCloseTo(4 / 6, 10);
  });

  it("warns about the small cohort and the stations with fewer than 3 borderline candidates", () => {
    // Borderline (grade 1): A c2 c3 (2), B c1 c2 c3 (3), C c2 (1).
    expect(standard.warnings).toEqual([
      { code: "SMALL_COHORT", candidates: 6, minimum: 50 },
      { code: "FEW_BORDERLINE_CANDIDATES", stationId: "A", count: 2, minimum: 3 },
      { code: "FEW_BORDERLINE_CANDIDATES", stationId: "C", count: 1, minimum: 3 },
    ]);
  });

  it("adds k × SEM to the exam cut", () => {
    // SEM = √(1070/27) = 6.295207 (statistics.test.ts). k = 1: 5270/99 + 6.2952 = 59.5275, c3 (61.67) still passes.
    const up = computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { semMultiplier: 1 });
    expect(up.sem).toBeCloseTo(Math.sqrt(1070 / 27), 10);
    expect(up.cutScore).toBeCloseTo(5270 / 99 + Math.sqrt(1070 / 27), 10);
    expect(up.unadjustedCutScore).toBeCloseTo(5270 / 99, 10);
    expect(up.passed).toBe(4);
    // k = 2: 53.2323 + 12.5904 = 65.8227, c3 fails. k = −1: 46.9371, c2 (51.67) passes.
    expect(computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { semMultiplier: 2 }).passed).toBe(3);
    expect(computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { semMultiplier: -1 }).passed).toBe(5);
    // The station cuts are not adjusted.
    expect(defined(up.stations[0], "station A").cutScore).toBeCloseTo(620 / 11, 10);
  });
});

describe("conjunctive rules", () => {
  it("fails a candidate who passes too few stations", () => {
    const standard = computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { rules: { minStationsPassed: 3 } });
    const c = byCandidate(standard);
    expect(c.c3).toMatchObject({ passed: false, failReasons: ["TOO_FEW_STATIONS_PASSED"] });
    expect(c.c2.failReasons).toEqual(["BELOW_CUT", "TOO_FEW_STATIONS_PASSED"]);
    expect(standard.passed).toBe(3);
  });

  it("fails a candidate who fails a must-pass station", () => {
    const standard = computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { rules: { mustPassStations: ["B"] } });
    expect(byCandidate(standard).c3).toMatchObject({ passed: false, failReasons: ["MUST_PASS_STATION_FAILED"] });
    const onlyA = computeStandard(EXAM, { method: "BORDERLINE_REGRESSION" }, { rules: { mustPassStations: ["C"] } });
    expect(byCandidate(onlyA).c3.passed).toBe(true); // C 75 ≥ 49.17
  });
});

describe("borderline groups", () => {
  it("takes the borderline candidates' mean per station, the exam cut is the mean of those", () => {
    // A: c2 50, c3 60 → mean 55, median 55. B: c1 50, c2 55, c3 50 → mean 155/3 = 51.667, median 50.
    // C: c2 50 → 50, 50. Exam cut = (55 + 155/3 + 50)/3 = 470/9 = 52.222.
    const standard = computeStandard(EXAM, { method: "BORDERLINE_GROUPS" });
    const [a, b, c] = first(standard.stations, 3);
    expect(a).toMatchObject({ cutScore: 55, borderlineMean: 55, borderlineMedian: 55, borderlineCount: 2 });
    expect(b.cutScore).toBeCloseTo(155 / 3, 10);
    expect(b).toMatchObject({ borderlineMedian: 50, borderlineCount: 3, n: 6 });
    expect(c).toMatchObject({ cutScore: 50, borderlineMean: 50, borderlineMedian: 50, borderlineCount: 1 });
    expect(standard.cutScore).toBeCloseTo(470 / 9, 10);
    // c2's 51.67 is below 52.22.
    expect(byCandidate(standard).c2.passed).toBe(false);
    expect(codes(standard)).toEqual(["SMALL_COHORT", "FEW_BORDERLINE_CANDIDATES", "FEW_BORDERLINE_CANDIDATES"]);
  });

  it("can use the median; a total equal to the cut passes", () => {
    // (55 + 50 + 50)/3 = 155/3 = 51.667 = c2's total (50 + 55 + 50)/3 exactly: passes (inclusive).
    const standard = computeStandard(EXAM, { method: "BORDERLINE_GROUPS", statistic: "MEDIAN" });
    expect(standard.cutScore).toBeCloseTo(155 / 3, 10);
    expect(byCandidate(standard).c2.passed).toBe(true);
  });
});

describe("fixed percentage", () => {
  it("uses the percentage for the exam and every station", () => {
    const standard = computeStandard(EXAM, { method: "FIXED", cutPercent: 60 });
    expect(standard.cutScore).toBe(60);
    expect(standard.stations.map((s) => s.cutScore)).toEqual([60, 60, 60]);
    // 60 % of 10 + 20 + 4 points = 6 + 12 + 2.4 = 20.4
    expect(standard.cutPoints).toBeCloseTo(20.4, 10);
    expect(standard.passed).toBe(4); // c3 61.67 passes, c2 51.67 fails
    expect(standard.warnings).toEqual([]);
  });

  it("clamps an adjusted cut into 0–100 and says so", () => {
    // 95 + 2·6.2952 = 107.59 → 100
    const standard = computeStandard(EXAM, { method: "FIXED", cutPercent: 95 }, { semMultiplier: 2 });
    expect(standard.cutScore).toBe(100);
    expect(standard.warnings).toEqual([
      { code: "CUT_CLAMPED", unclamped: expect.closeTo(95 + 2 * Math.sqrt(1070 / 27), 8), cutScore: 100 },
    ]);
  });
});

// Judges' probabilities for items i1 (A, 1 point), i2 (A, 1 point), i3 (B, 2 points).
const ITEMS = [
  { id: "i1", stationId: "A", maxPoints: 1 },
  { id: "i2", stationId: "A", maxPoints: 1 },
  { id: "i3", stationId: "B", maxPoints: 2 },
];
const judge = (judgeId: string, [p1, p2, p3]: [number, number, number], round = 1): AngoffJudgement[] => [
  { judgeId, itemId: "i1", probability: p1, round },
  { judgeId, itemId: "i2", probability: p2, round },
  { judgeId, itemId: "i3", probability: p3, round },
];
const JUDGEMENTS = [...judge("J1", [0.5, 0.7, 0.6]), ...judge("J2", [0.6, 0.6, 0.7]), ...judge("J3", [0.4, 0.6, 0.6])];

describe("modified Angoff", () => {
  it("averages the judges' expected scores, with their SD and a t-based 95 % CI", () => {
    // J1 (0.5 + 0.7 + 2·0.6)/4 = 2.4/4 = 60 %;  J2 (0.6 + 0.6 + 1.4)/4 = 65 %;  J3 (0.4 + 0.6 + 1.2)/4 = 55 %.
    // Mean 60; deviations 0 5 −5 → Σd² = 50, s² = 50/2 = 25, SD = 5.
    // CI = 60 ± t(0.975, 2)·5/√3 = 60 ± 4.303·2.886751 = 60 ± 12.421691 → 47.578309 … 72.421691
    const result = angoffStandard(ITEMS, JUDGEMENTS, ["A", "B", "C"]);
    expect(result.judges.map((j) => j.cutScore)).toEqual([
      expect.closeTo(60, 10),
      expect.closeTo(65, 10),
      expect.closeTo(55, 10),
    ]);
    expect(result.countedJudges).toBe(3);
    expect(result.cutScore).toBeCloseTo(60, 10);
    expect(result.sd).toBeCloseTo(5, 10);
    expect(result.ciLow).toBeCloseTo(60 - (4.303 * 5) / Math.sqrt(3), 10);
    expect(result.ciHigh).toBeCloseTo(72.421691, 5);
    // Station A: J1 (0.5 + 0.7)/2 = 60, J2 60, J3 50 → 170/3; B: J1 60, J2 70, J3 60 → 190/3; C: no items.
    expect(result.stationCuts.A).toBeCloseTo(170 / 3, 10);
    expect(result.stationCuts.B).toBeCloseTo(190 / 3, 10);
    expect(result.stationCuts.C).toBeNull();
    expect(result.warnings).toEqual([{ code: "STATION_WITHOUT_ANGOFF_ITEMS", stationId: "C" }]);
  });

  it("is the exam standard's cut, and station cuts it lacks make conjunctive rules undecidable", () => {
    const standard = computeStandard(EXAM, { method: "ANGOFF", items: ITEMS, judgements: JUDGEMENTS });
    expect(standard.cutScore).toBeCloseTo(60, 10);
    expect(standard.cutPoints).toBeNull(); // station C has no cut
    expect(standard.stations[2]).toMatchObject({ cutScore: null, problem: "NO_ANGOFF_ITEMS" });
    expect(standard.passed).toBe(4); // c3 61.67 ≥ 60
    expect(codes(standard)).not.toContain("SMALL_COHORT"); // the judges set it, not the cohort
    const ruled = computeStandard(
      EXAM,
      { method: "ANGOFF", items: ITEMS, judgements: JUDGEMENTS },
      { rules: { minStationsPassed: 2 } },
    );
    expect(ruled.candidates.every((c) => c.undecided === "STATION_CUT_UNAVAILABLE" && c.passed === null)).toBe(true);
    expect(ruled.passRate).toBeNull();
  });

  it("counts each judge's latest round and leaves out a judge who did not rate every item", () => {
    // Round 2: J3 raises i1 to 0.6 → (0.6 + 0.6 + 1.2)/4 = 60 %; mean (60 + 65 + 60)/3 = 61.667.
    const round2 = [...JUDGEMENTS, { judgeId: "J3", itemId: "i1", probability: 0.6, round: 2 }];
    const partial = { judgeId: "J4", itemId: "i1", probability: 0.9, round: 1 };
    const result = angoffStandard(ITEMS, [...round2, partial], ["A", "B"]);
    expect(result.cutScore).toBeCloseTo(185 / 3, 10);
    expect(result.countedJudges).toBe(3);
    expect(result.judges.find((j) => j.judgeId === "J4")?.cutScore).toBeNull();
    expect(result.warnings).toEqual([{ code: "ANGOFF_JUDGE_INCOMPLETE", judgeId: "J4", missingItems: 2 }]);
  });

  it("has no spread or CI with one judge, and no cut without judgements", () => {
    const one = angoffStandard(ITEMS, judge("J1", [0.5, 0.7, 0.6]), ["A"]);
    expect(one).toMatchObject({ sd: null, ciLow: null, ciHigh: null });
    expect(one.cutScore).toBeCloseTo(60, 10);
    expect(one.warnings).toEqual([{ code: "SINGLE_ANGOFF_JUDGE" }]);
    const none = computeStandard(EXAM, { method: "ANGOFF", items: ITEMS, judgements: [] });
    expect(none.cutScore).toBeNull();
    expect(codes(none)).toContain("NO_ANGOFF_JUDGEMENTS");
    expect(none.candidates.every((c) => c.undecided === "NO_CUT")).toBe(true);
    expect(finiteEverywhere(none)).toEqual([]);
  });
});

describe("degenerate cohorts: null and a warning, never NaN", () => {
  it("no borderline candidates at a station: no borderline-groups cut", () => {
    const noBorderline = {
      stations: STATIONS,
      marks: MARKS.map((m) => (m.stationId === "A" && m.grade === 1 ? { ...m, grade: 2 } : m)),
    };
    const groups = computeStandard(noBorderline, { method: "BORDERLINE_GROUPS" });
    expect(groups.stations[0]).toMatchObject({
      cutScore: null,
      problem: "NO_BORDERLINE_CANDIDATES",
      borderlineMean: null,
    });
    expect(groups.cutScore).toBeNull();
    expect(groups.warnings).toContainEqual({ code: "FEW_BORDERLINE_CANDIDATES", stationId: "A", count: 0, minimum: 3 });
    expect(groups.candidates.every((c) => c.passed === null && c.undecided === "NO_CUT")).toBe(true);
    // The regression still reads a cut at grade 1 from the other grades.
    expect(
      defined(computeStandard(noBorderline, { method: "BORDERLINE_REGRESSION" }).stations[0], "station A").cutScore,
    ).not.toBeNull();
    expect(finiteEverywhere(groups)).toEqual([]);
  });

  it("all ratings equal at a station: no regression cut", () => {
    const equal = { stations: STATIONS, marks: MARKS.map((m) => (m.stationId === "B" ? { ...m, grade: 2 } : m)) };
    const standard = computeStandard(equal, { method: "BORDERLINE_REGRESSION" });
    expect(standard.stations[1]).toMatchObject({
      cutScore: null,
      slope: null,
      rSquared: null,
      problem: "ALL_RATINGS_EQUAL",
    });
    expect(standard.cutScore).toBeNull();
    expect(codes(standard)).toContain("ALL_RATINGS_EQUAL");
    expect(finiteEverywhere(standard)).toEqual([]);
  });

  it("one candidate", () => {
    const one = { stations: STATIONS, marks: MARKS.filter((m) => m.candidateId === "c1") };
    const standard = computeStandard(one, { method: "BORDERLINE_REGRESSION" }, { semMultiplier: 1 });
    expect(standard.cutScore).toBeNull();
    expect(standard.stations.map((s) => s.problem)).toEqual([
      "TOO_FEW_RATED_MARKS",
      "TOO_FEW_RATED_MARKS",
      "TOO_FEW_RATED_MARKS",
    ]);
    expect(codes(standard)).toEqual(
      expect.arrayContaining(["SINGLE_CANDIDATE", "TOO_FEW_RATED_MARKS", "SEM_UNAVAILABLE"]),
    );
    expect(finiteEverywhere(standard)).toEqual([]);
  });

  it("missing marks: the candidate is undecided, the station uses the marks it has", () => {
    // c6 has no mark at C (and c5 a mark without points): C's line uses c1–c4 only.
    // x = 0 1 2 2, x̄ = 5/4; y = 25 50 75 75, ȳ = 225/4.
    // dx = −5/4 −1/4 3/4 3/4; dy = −125/4 −25/4 75/4 75/4 → Sxx = (25+1+9+9)/16 = 44/16 = 11/4;
    // Sxy = (625 + 25 + 225 + 225)/16 = 1100/16 = 275/4 → slope = 25; intercept = 225/4 − 25·5/4 = 25.
    // Cut at grade 1 = 50.
    const missing = {
      stations: STATIONS,
      marks: MARKS.filter((m) => !(m.candidateId === "c6" && m.stationId === "C")).map((m) =>
        m.candidateId === "c5" && m.stationId === "C" ? { ...m, points: null } : m,
      ),
    };
    const standard = computeStandard(missing, { method: "BORDERLINE_REGRESSION" });
    expect(standard.stations[2]).toMatchObject({
      n: 4,
      slope: expect.closeTo(25, 10),
      intercept: expect.closeTo(25, 10),
    });
    expect(defined(standard.stations[2], "station C").cutScore).toBeCloseTo(50, 10);
    const c = byCandidate(standard);
    expect(c.c6).toMatchObject({ passed: null, undecided: "INCOMPLETE_MARKS", totalPercent: null });
    expect(c.c5.undecided).toBe("INCOMPLETE_MARKS");
    expect(standard.warnings).toContainEqual({ code: "INCOMPLETE_CANDIDATES", count: 2 });
    expect(standard.undecided).toBe(2);
  });

  it("a station without marks and unrated marks", () => {
    const exam = {
      stations: [...STATIONS, station("D", 10)],
      marks: MARKS,
    };
    const standard = computeStandard(exam, { method: "BORDERLINE_REGRESSION" });
    expect(standard.stations[3]).toMatchObject({ cutScore: null, problem: "NO_MARKS", n: 0 });
    expect(codes(standard)).toContain("STATION_WITHOUT_MARKS");
    // Marks without a rating are left out of the regression.
    const unrated = computeStandard(
      { stations: [station("D", 10)], marks: [mark("c1", "D", 5), mark("c2", "D", 6, 1)] },
      { method: "BORDERLINE_REGRESSION" },
    );
    expect(unrated.stations[0]).toMatchObject({ n: 1, problem: "TOO_FEW_RATED_MARKS" });
    expect(finiteEverywhere(unrated)).toEqual([]);
  });
});
