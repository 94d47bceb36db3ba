// Hawks and doves: how an examiner's marks compare with what the same candidates scored elsewhere.
// For a mark of candidate c at station s: d(c, s) = score %(c, s) − the mean of c's score % at their
// OTHER stations. The station's expected difference D(s) is the mean of d over all its marks. An
// examiner's offset is the mean, over their marks, of d(c, s) − D(s): negative marks lower than the
// same candidates' other stations predict (a hawk), positive higher (a dove). Subtracting D(s) takes
// the station's own difficulty out, so a station's only examiner has offset 0 by construction;
// `rawDifference` (the mean of d alone) is shown beside it. ADR 0034.
import { type ExamMarks, type ScoredMark, examTable } from "./marks";
import { mean } from "./statistics";

/** A board that chooses no threshold flags beyond 5 percentage points. */
export const DEFAULT_HAWK_DOVE_THRESHOLD = 5;

export type ExaminerFlag = "HAWK" | "DOVE";

export type ExaminerAnalysis = {
  examinerId: string;
  /** Distinct candidates this examiner marked (at any station). */
  candidatesMarked: number;
  /** Marks that could be compared (the candidate has marks at other stations). */
  comparedMarks: number;
  /** Percentage points; null with NO_COMPARABLE_MARKS. */
  offset: number | null;
  rawDifference: number | null;
  flag: ExaminerFlag | null;
  problem: "NO_COMPARABLE_MARKS" | null;
  stations: string[];
};

export function examinerAnalysis(exam: ExamMarks, threshold: number = DEFAULT_HAWK_DOVE_THRESHOLD): ExaminerAnalysis[] {
  const table = examTable(exam);
  const all: ScoredMark[] = [...table.marks.values()].flatMap((row) => [...row.values()]);
  const difference = new Map<ScoredMark, number>();
  for (const mark of all) {
    const others = [...table.marks.get(mark.candidateId)!.values()].filter((m) => m.stationId !== mark.stationId);
    const othersMean = mean(others.map((m) => m.percent));
    if (othersMean !== null) difference.set(mark, mark.percent - othersMean);
  }
  const stationExpected = new Map(
    exam.stations.map((s) => [
      s.id,
      mean(all.filter((m) => m.stationId === s.id && difference.has(m)).map((m) => difference.get(m)!)),
    ]),
  );

  const examiners = [...new Set(all.map((m) => m.examinerId).filter((e): e is string => e !== null))];
  return examiners.map((examinerId) => {
    const marks = all.filter((m) => m.examinerId === examinerId);
    const compared = marks.filter((m) => difference.has(m));
    const offset = mean(compared.map((m) => difference.get(m)! - stationExpected.get(m.stationId)!));
    return {
      examinerId,
      candidatesMarked: new Set(marks.map((m) => m.candidateId)).size,
      comparedMarks: compared.length,
      offset,
      rawDifference: mean(compared.map((m) => difference.get(m)!)),
      flag: offset === null ? null : offset < -threshold ? "HAWK" : offset > threshold ? "DOVE" : null,
      problem: offset === null ? "NO_COMPARABLE_MARKS" : null,
      stations: [...new Set(marks.map((m) => m.stationId))],
    };
  });
}
