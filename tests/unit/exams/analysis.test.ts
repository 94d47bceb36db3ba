import { describe, expect, it } from "vitest";
import { byId, defined, first } from "../support/defined";
import { analyseExam } from "~/modules/exams/analysis";
import { computeStandard } from "~/modules/exams/standard-setting";
import { EXAM, ITEM_POINTS, MARKS, STATIONS, finiteEverywhere } from "./fixture";

// The whole quality analysis on the fixture; the values are worked out in statistics.test.ts,
// standard-setting.test.ts and examiners.test.ts, the rest here.

const ITEMS = [
  { id: "i1", stationId: "A", maxPoints: 1 },
  { id: "i2", stationId: "A", maxPoints: 1 },
  { id: "i3", stationId: "B", maxPoints: 2 },
  { id: "i4", stationId: "C", maxPoints: 1 },
  { id: "i5", stationId: "C", maxPoints: 1 },
];
const CANDIDATES = ["c1", "c2", "c3", "c4", "c5", "c6"];
const RESPONSES = ITEMS.flatMap((item) =>
  CANDIDATES.map((candidateId, c) => ({
    candidateId,
    itemId: item.id,
    points: defined(ITEM_POINTS[item.id as keyof typeof ITEM_POINTS][c], `${item.id} of ${candidateId}`),
  })),
);
const BRM_CUT = {
  cutScore: 5270 / 99,
  stationCuts: { A: 620 / 11, B: 325 / 6, C: 295 / 6 },
};

describe("the exam's quality analysis", () => {
  const analysis = analyseExam(
    { ...EXAM, items: ITEMS, responses: RESPONSES },
    { cut: BRM_CUT, hawkDoveThreshold: 1.5 },
  );

  it("reports the exam: candidates, total mean and SD, alpha, SEM, pass rate", () => {
    // Totals 115/3 155/3 185/3 75 85 85: mean = 1190/18 = 595/9 = 66.111; SD = √(9680/27) = 18.934585.
    expect(analysis).toMatchObject({ candidates: 6, completeCandidates: 6, alphaProblem: null });
    expect(analysis.meanTotal).toBeCloseTo(595 / 9, 10);
    expect(analysis.sdTotal).toBeCloseTo(Math.sqrt(9680 / 27), 10);
    expect(analysis.alpha).toBeCloseTo(861 / 968, 10);
    expect(analysis.sem).toBeCloseTo(Math.sqrt(1070 / 27), 10);
    // At 53.23: c3–c6 reach it → 4/6.
    expect(analysis.passRate).toBeCloseTo(4 / 6, 10);
    expect(analysis.warnings).toEqual([{ code: "SMALL_COHORT", candidates: 6, minimum: 50 }]);
  });

  it("reports each station", () => {
    const [a, b, c] = first(analysis.stations, 3);
    // A: mean 65, SD √350, facility 0.65; below 620/11 = 56.36: 40, 50 → 2 failures.
    expect(a).toMatchObject({ stationId: "A", n: 6, mean: 65, facility: 0.65, failures: 2 });
    expect(a.sd).toBeCloseTo(Math.sqrt(350), 10);
    expect(a.slope).toBeCloseTo(190 / 11, 10);
    expect(a.rSquared).toBeCloseTo(361 / 385, 10);
    expect(a.alphaIfDeleted).toBeCloseTo(320 / 449, 10);
    // B: below 325/6 = 54.17: c1 50, c3 50 → 2.  C: below 295/6 = 49.17: c1 25 → 1.
    expect(b.failures).toBe(2);
    expect(b.sd).toBeCloseTo(Math.sqrt(890 / 3), 10);
    expect(b.alphaIfDeleted).toBeCloseTo(96 / 109, 10);
    expect(c.failures).toBe(1);
    expect(c.rSquared).toBeCloseTo(0.91875, 10);
    expect(c.alphaIfDeleted).toBeCloseTo(87 / 92, 10);
  });

  it("compares the circuits: the mean per scheduled session", () => {
    // A: s1 40 50 60 → mean 50, SD 10; s2 70 80 90 → 80, 10.
    expect(defined(analysis.stations[0], "station A").sessions).toEqual([
      { sessionId: "s1", n: 3, mean: 50, sd: 10 },
      { sessionId: "s2", n: 3, mean: 80, sd: 10 },
    ]);
    // B: s1 50 55 50 → 155/3, deviations −5/3 10/3 −5/3 → Σd² = 150/9, s² = 25/3;
    //    s2 80 75 90 → 245/3, deviations −5/3 −20/3 25/3 → Σd² = 1050/9, s² = 175/3.
    const [s1, s2] = first(defined(analysis.stations[1], "station B").sessions, 2);
    expect(s1.mean).toBeCloseTo(155 / 3, 10);
    expect(s1.sd).toBeCloseTo(Math.sqrt(25 / 3), 10);
    expect(s2.mean).toBeCloseTo(245 / 3, 10);
    expect(s2.sd).toBeCloseTo(Math.sqrt(175 / 3), 10);
  });

  it("reports and flags the objective items", () => {
    const items = byId(analysis.items, (i) => i.itemId, ["i1", "i2", "i3", "i4", "i5"]);
    // Discrimination by hand in statistics.test.ts: i1 0.625, i2 0.2132, i3 13/17, i4 −0.3612, i5 none.
    expect(items.i1).toMatchObject({
      n: 6,
      facility: expect.closeTo(4 / 6, 10),
      discrimination: expect.closeTo(0.625, 10),
      flags: [],
    });
    expect(items.i2.flags).toEqual([]); // 0.2132 ≥ 0.2
    expect(items.i3).toMatchObject({
      facility: expect.closeTo(7 / 12, 10),
      discrimination: expect.closeTo(13 / 17, 10),
    });
    expect(items.i4).toMatchObject({ facility: 0.5, flags: ["LOW_DISCRIMINATION"] });
    expect(items.i5).toMatchObject({
      facility: 1,
      discrimination: null,
      discriminationProblem: "NO_SPREAD",
      flags: ["TOO_EASY"],
    });
  });

  it("flags an item too hard and leaves out a candidate missing an item response", () => {
    // c6 has no response to h2: complete cases c1–c5. h1 = 0 0 0 0 1 → facility 1/5 = 0.2 (not below);
    // h2 = 0 0 0 0 0 → facility 0 (too hard), no spread → no discrimination.
    const items = [
      { id: "h1", stationId: "A", maxPoints: 1 },
      { id: "h2", stationId: "A", maxPoints: 1 },
    ];
    const responses = [
      ...CANDIDATES.map((candidateId, c) => ({ candidateId, itemId: "h1", points: c === 4 ? 1 : 0 })),
      ...CANDIDATES.slice(0, 5).map((candidateId) => ({ candidateId, itemId: "h2", points: 0 })),
    ];
    const [h1, h2] = analyseExam({ ...EXAM, items, responses }).items;
    expect(h1).toMatchObject({ n: 5, facility: 0.2, flags: [] });
    expect(h2).toMatchObject({ n: 5, facility: 0, discrimination: null, flags: ["TOO_HARD"] });
  });

  it("reports the examiners", () => {
    expect(analysis.examiners.filter((e) => e.flag).map((e) => [e.examinerId, e.flag])).toEqual([
      ["e4", "HAWK"],
      ["e5", "DOVE"],
    ]);
  });

  it("has no pass rate or failures without a cut", () => {
    const plain = analyseExam(EXAM);
    expect(plain.passRate).toBeNull();
    expect(plain.stations.map((s) => s.failures)).toEqual([null, null, null]);
    expect(plain.items).toEqual([]);
  });
});

describe("degenerate exams: null and a reason, never NaN", () => {
  it("an exam without marks", () => {
    const empty = analyseExam({ stations: STATIONS, marks: [] }, { cut: BRM_CUT });
    expect(empty).toMatchObject({
      candidates: 0,
      meanTotal: null,
      sdTotal: null,
      alpha: null,
      sem: null,
      passRate: null,
    });
    expect(empty.alphaProblem).toBe("TOO_FEW_COMPLETE_CANDIDATES");
    expect(empty.warnings.map((w) => w.code)).toEqual([
      "NO_CANDIDATES",
      "ALPHA_UNAVAILABLE",
      "STATION_WITHOUT_MARKS",
      "STATION_WITHOUT_MARKS",
      "STATION_WITHOUT_MARKS",
    ]);
    expect(finiteEverywhere(empty)).toEqual([]);
  });

  it("one candidate", () => {
    const one = analyseExam(
      { stations: STATIONS, marks: MARKS.filter((m) => m.candidateId === "c1") },
      { cut: BRM_CUT },
    );
    // Total (40 + 50 + 25)/3 = 38.33 < 53.23: pass rate 0; no SD, alpha or SEM.
    expect(one).toMatchObject({ candidates: 1, sdTotal: null, alpha: null, sem: null, passRate: 0 });
    expect(one.meanTotal).toBeCloseTo(115 / 3, 10);
    expect(one.stations[0]).toMatchObject({
      n: 1,
      mean: 40,
      sd: null,
      slope: null,
      rSquared: null,
      alphaIfDeleted: null,
    });
    expect(one.warnings.map((w) => w.code)).toEqual(["SINGLE_CANDIDATE", "ALPHA_UNAVAILABLE"]);
    expect(finiteEverywhere(one)).toEqual([]);
  });

  it("missing marks: stations use what they have, the totals and alpha only complete candidates", () => {
    // Without c6's mark at A: A's mean = (40+50+60+70+80)/5 = 60; totals and alpha over c1–c5.
    // c1–c5 sums 115 155 185 225 255 (mean 187), deviations −72 −32 −2 38 68 → Σd² = 5184+1024+4+1444+4624 = 12280,
    // s² = 3070. Station variances over c1–c5: A 250, B (50 55 50 80 75: mean 62, Σd² 144+49+144+324+169 = 830) 207.5,
    // C (25 50 75 75 100: mean 65, Σd² 1600+225+100+100+1225 = 3250) 812.5. Σ = 1270.
    // α = 3/2 · (1 − 1270/3070) = 3/2 · 1800/3070 = 2700/3070 = 270/307 = 0.879479
    const missing = analyseExam({
      stations: STATIONS,
      marks: MARKS.filter((m) => !(m.candidateId === "c6" && m.stationId === "A")),
    });
    expect(missing).toMatchObject({ candidates: 6, completeCandidates: 5 });
    expect(missing.stations[0]).toMatchObject({ n: 5, mean: 60 });
    expect(defined(missing.stations[1], "station B").n).toBe(6);
    expect(missing.meanTotal).toBeCloseTo(187 / 3, 10);
    expect(missing.alpha).toBeCloseTo(270 / 307, 10);
    expect(missing.warnings).toContainEqual({ code: "INCOMPLETE_CANDIDATES", count: 1 });
  });

  it("all totals equal: no alpha, no SEM", () => {
    const flat = analyseExam({
      stations: STATIONS.slice(0, 2),
      marks: MARKS.filter((m) => m.stationId !== "C").map((m) => ({ ...m, points: m.stationId === "A" ? 5 : 10 })),
    });
    expect(flat).toMatchObject({ alpha: null, alphaProblem: "NO_TOTAL_VARIANCE", sem: null, sdTotal: 0 });
    expect(finiteEverywhere(flat)).toEqual([]);
  });
});

describe("double marking: the resolved mark counts, an unresolved discrepancy is never silent", () => {
  // c2 at A is double marked: the first examiner gave 5 (the fixture's), the second 9 of 10, beyond
  // the threshold and not resolved yet. The first examiner's 5 counts meanwhile, with a warning.
  const disputed = MARKS.map((m) =>
    m.candidateId === "c2" && m.stationId === "A" ? { ...m, unresolvedDiscrepancy: true } : m,
  );

  it("counts the first examiner's mark and warns: quality statistics", () => {
    const plain = analyseExam(EXAM, { cut: BRM_CUT });
    const open = analyseExam({ stations: STATIONS, marks: disputed }, { cut: BRM_CUT });
    expect(open.unresolvedDiscrepancies).toBe(1);
    expect(open.warnings[0]).toEqual({ code: "UNRESOLVED_DISCREPANCIES", count: 1 });
    expect(open.warnings.slice(1)).toEqual(plain.warnings);
    const { warnings: _w, unresolvedDiscrepancies: _u, ...numbers } = open;
    const { warnings: _pw, unresolvedDiscrepancies: _pu, ...plainNumbers } = plain;
    expect(numbers).toEqual(plainNumbers);
    expect(open.stations[0]!.mean).toBe(65); // (40 + 50 + 60 + 70 + 80 + 90) / 6 with the first's 50 %
    expect(plain.unresolvedDiscrepancies).toBe(0);
  });

  it("counts the first examiner's mark and warns: every method of standard setting", () => {
    for (const choice of [{ method: "FIXED", cutPercent: 60 }, { method: "BORDERLINE_REGRESSION" }] as const) {
      const plain = computeStandard(EXAM, choice);
      const open = computeStandard({ stations: STATIONS, marks: disputed }, choice);
      expect(open.warnings[0]).toEqual({ code: "UNRESOLVED_DISCREPANCIES", count: 1 });
      expect(open.cutScore).toBe(plain.cutScore);
      expect(open.candidates).toEqual(plain.candidates);
    }
  });

  it("uses the resolved mark once resolved: no warning, the statistics move", () => {
    // Resolved by the mean: (5 + 9) / 2 = 7 points = 70 %. A: (40 + 70 + 60 + 70 + 80 + 90) / 6 = 410/6.
    const resolved = MARKS.map((m) => (m.candidateId === "c2" && m.stationId === "A" ? { ...m, points: 7 } : m));
    const analysis = analyseExam({ stations: STATIONS, marks: resolved });
    expect(analysis.unresolvedDiscrepancies).toBe(0);
    expect(analysis.warnings.map((w) => w.code)).not.toContain("UNRESOLVED_DISCREPANCIES");
    expect(analysis.stations[0]!.mean).toBeCloseTo(410 / 6, 10);
    // c2's total: (70 + 55 + 50) / 3 = 175/3.
    expect(
      computeStandard({ stations: STATIONS, marks: resolved }, { method: "FIXED", cutPercent: 60 }).candidates[1],
    ).toMatchObject({ candidateId: "c2", totalPercent: expect.closeTo(175 / 3, 10) });
  });
});
