import { describe, expect, it } from "vitest";
import { byId } from "../support/defined";
import { examinerAnalysis } from "~/modules/exams/examiners";
import { EXAM, STATIONS, finiteEverywhere } from "./fixture";

// d(c, s) = score %(c, s) − mean of c's score % at their other two stations (fixture.ts):
//   A: c1 40 − (50+25)/2 = 2.5   c2 50 − (55+50)/2 = −2.5   c3 60 − (50+75)/2 = −2.5
//      c4 70 − (80+75)/2 = −7.5  c5 80 − (75+100)/2 = −7.5  c6 90 − (90+75)/2 = 7.5    D(A) = −10/6 = −5/3
//   B: c1 50 − (40+25)/2 = 17.5  c2 55 − (50+50)/2 = 5      c3 50 − (60+75)/2 = −17.5
//      c4 80 − (70+75)/2 = 7.5   c5 75 − (80+100)/2 = −15   c6 90 − (90+75)/2 = 7.5    D(B) = 5/6
//   C: c1 25 − (40+50)/2 = −20   c2 50 − (50+55)/2 = −2.5   c3 75 − (60+50)/2 = 20
//      c4 75 − (70+80)/2 = 0     c5 100 − (80+75)/2 = 22.5  c6 75 − (90+90)/2 = −15    D(C) = 5/6
// offset = mean over the examiner's marks of d − D(station):
//   e1 (A, c1–c3): raw (2.5 − 2.5 − 2.5)/3 = −5/6;  offset −5/6 + 5/3 = 5/6
//   e2 (A, c4–c6): raw (−7.5 − 7.5 + 7.5)/3 = −5/2; offset −5/2 + 5/3 = −5/6
//   e3 (B, all):   raw 5/6; offset 0 (a station's only examiner)
//   e4 (C, c1–c3): raw (−20 − 2.5 + 20)/3 = −5/6;   offset −5/6 − 5/6 = −5/3
//   e5 (C, c4–c6): raw (0 + 22.5 − 15)/3 = 5/2;     offset 5/2 − 5/6 = 5/3
describe("examiner offsets (hawks and doves)", () => {
  it("computes each examiner's offset against the same candidates' other stations", () => {
    const analysis = examinerAnalysis(EXAM, 1.5);
    expect(analysis.map((e) => e.examinerId).sort()).toEqual(["e1", "e2", "e3", "e4", "e5"]);
    const examiners = byId(analysis, (e) => e.examinerId, ["e1", "e2", "e3", "e4", "e5"]);
    expect(examiners.e1).toMatchObject({ candidatesMarked: 3, comparedMarks: 3, flag: null, stations: ["A"] });
    expect(examiners.e1.offset).toBeCloseTo(5 / 6, 10);
    expect(examiners.e1.rawDifference).toBeCloseTo(-5 / 6, 10);
    expect(examiners.e2.offset).toBeCloseTo(-5 / 6, 10);
    expect(examiners.e3).toMatchObject({ candidatesMarked: 6, flag: null });
    expect(examiners.e3.offset).toBeCloseTo(0, 10);
    expect(examiners.e3.rawDifference).toBeCloseTo(5 / 6, 10);
    // Beyond 1.5 percentage points: e4 marks lower than expected (hawk), e5 higher (dove).
    expect(examiners.e4).toMatchObject({ flag: "HAWK", offset: expect.closeTo(-5 / 3, 10) });
    expect(examiners.e5).toMatchObject({ flag: "DOVE", offset: expect.closeTo(5 / 3, 10) });
  });

  it("flags nobody at the default threshold of 5 points", () => {
    expect(examinerAnalysis(EXAM).map((e) => e.flag)).toEqual([null, null, null, null, null]);
  });

  it("cannot compare an examiner whose candidates have no other station", () => {
    const single = {
      stations: STATIONS,
      marks: [{ candidateId: "x", stationId: "A", points: 5, grade: 1, examinerId: "e9", sessionId: null }],
    };
    const [e9] = examinerAnalysis(single);
    expect(e9).toMatchObject({
      candidatesMarked: 1,
      comparedMarks: 0,
      offset: null,
      flag: null,
      problem: "NO_COMPARABLE_MARKS",
    });
    expect(finiteEverywhere(e9)).toEqual([]);
  });
});
