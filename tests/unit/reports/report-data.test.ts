import { describe, expect, it } from "vitest";
import { computeReportData, passedStatusOf } from "~/modules/reports/report-data";
import { scoredFixture } from "./fixture";

const byName = (list: Array<{ name: string; score: { score: number; maxScore: number } }>) =>
  Object.fromEntries(list.map((x) => [x.name, x.score]));

describe("computeReportData", () => {
  const data = computeReportData(scoredFixture(), { onlyEvaluations: [] });

  it("sums steps into questions, evaluations and the total (hand-computed)", () => {
    expect(data.evaluations.map((e) => e.questions.map((q) => q.score))).toEqual([
      [
        { score: 2, maxScore: 5 },
        { score: 1.5, maxScore: 4 },
        { score: 0, maxScore: 1 },
      ],
      [
        { score: 7.5, maxScore: 10 },
        { score: 2, maxScore: 2 },
      ],
    ]);
    expect(byName(data.summaryInfo.perEvaluation)).toEqual({
      Theory: { score: 3.5, maxScore: 10 },
      Practice: { score: 9.5, maxScore: 12 },
    });
    expect(data.totalScore).toEqual({ score: 13, maxScore: 22 });
  });

  it("counts a question for each of its categories; one without inherits its evaluation's", () => {
    // Safety: Q2 (1.5/4) + Q3 (0/1, inherited) ; Fire: Q1 + Q2 + Q5 ; Technique: Q4 + Q5
    expect(byName(data.summaryInfo.perCategory)).toEqual({
      Safety: { score: 1.5, maxScore: 5 },
      Fire: { score: 5.5, maxScore: 11 },
      Technique: { score: 9.5, maxScore: 12 },
    });
  });

  it("aggregates primary categories over their subtree, a question once per root", () => {
    // Safety root: Q1 (fire), Q2 (safety+fire, once), Q3, Q5 (fire) ; Technique: Q4, Q5
    expect(byName(data.summaryInfo.perPrimaryCategory)).toEqual({
      Safety: { score: 5.5, maxScore: 12 },
      Technique: { score: 9.5, maxScore: 12 },
    });
  });

  it("counts an unscored step as 0 and reports how many wait", () => {
    expect(data.unscoredSteps).toBe(1);
    expect(data.evaluations[0]!.questions[2]!.steps[0]).toMatchObject({
      scored: false,
      score: { score: 0, maxScore: 1 },
    });
  });

  it("keeps names, comments, answers and the practical ticks", () => {
    expect(data).toMatchObject({
      participantName: "Alex Example",
      sessionName: "Safety certificate",
      sessionDatetime: "2026-11-20T09:00:00.000Z",
      passPercentage: 60,
    });
    expect(data.sessionComment).toEqual([{ type: "text", html: "<p>Well done overall</p>" }]);
    expect(data.evaluations[1]!.comment).toBe("Steady hands");
    expect(data.evaluations[0]!.questions[1]!.steps[0]!.comment).toBe("Half right");
    expect(data.evaluations[1]!.questions[0]!.steps[0]!.answer).toEqual({ booleanlistValue: [true, false, true] });
  });

  it("59.09 % is NOT_PASSED at 60 %", () => {
    expect(data.passedStatus).toBe("NOT_PASSED");
  });

  it("narrows to onlyEvaluations: content, totals and status", () => {
    const practice = computeReportData(scoredFixture(), { onlyEvaluations: ["practice"] });
    expect(practice.evaluations.map((e) => e.name)).toEqual(["Practice"]);
    expect(practice.totalScore).toEqual({ score: 9.5, maxScore: 12 });
    expect(practice.passedStatus).toBe("PASSED");
    expect(byName(practice.summaryInfo.perCategory)).toEqual({
      Fire: { score: 2, maxScore: 2 },
      Technique: { score: 9.5, maxScore: 12 },
    });
  });

  it("staff override with a reason; the computed status stays visible", () => {
    const d = computeReportData(
      scoredFixture(),
      { onlyEvaluations: [] },
      { passedStatusOverride: "DELIBERATED", passedStatusReason: "Board decision" },
    );
    expect(d).toMatchObject({
      passedStatus: "DELIBERATED",
      computedPassedStatus: "NOT_PASSED",
      passedStatusReason: "Board decision",
    });
  });

  it("category comments by id, blank ones and unknown categories left out", () => {
    const d = computeReportData(
      scoredFixture(),
      { onlyEvaluations: [] },
      { categoryComments: { fire: " Mind the exits ", tech: "  ", nope: "x" } },
    );
    expect(d.categoryComments).toEqual([{ categoryId: "fire", name: "Fire", comment: "Mind the exits" }]);
  });
});

describe("passedStatusOf at the boundary", () => {
  it("is inclusive: exactly the pass percentage passes", () => {
    expect(passedStatusOf({ score: 6, maxScore: 10 }, 60)).toBe("PASSED");
    expect(passedStatusOf({ score: 5.999, maxScore: 10 }, 60)).toBe("NOT_PASSED");
    expect(passedStatusOf({ score: 13.2, maxScore: 22 }, 60)).toBe("PASSED");
    expect(passedStatusOf({ score: 13.19, maxScore: 22 }, 60)).toBe("NOT_PASSED");
  });
  it("float sums at the boundary still pass (0.1 + 0.2 of 0.5 at 60 %)", () => {
    expect(passedStatusOf({ score: 0.1 + 0.2, maxScore: 0.5 }, 60)).toBe("PASSED");
    expect(passedStatusOf({ score: 0.7, maxScore: 1 }, 70)).toBe("PASSED");
  });
  it("0 % passes anything scorable; nothing to score never passes; 100 % needs everything", () => {
    expect(passedStatusOf({ score: 0, maxScore: 10 }, 0)).toBe("PASSED");
    expect(passedStatusOf({ score: 0, maxScore: 0 }, 0)).toBe("NOT_PASSED");
    expect(passedStatusOf({ score: 10, maxScore: 10 }, 100)).toBe("PASSED");
    expect(passedStatusOf({ score: 9.99, maxScore: 10 }, 100)).toBe("NOT_PASSED");
  });
  it("the report's status follows the boundary", () => {
    const at = computeReportData(scoredFixture({ passPercentage: 59 }), { onlyEvaluations: [] });
    expect(at.passedStatus).toBe("PASSED"); // 13/22 = 59.09 %
  });
});
