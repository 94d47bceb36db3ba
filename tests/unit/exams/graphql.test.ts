import { describe, expect, it } from "vitest";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";
import { markedSession } from "./server-fixture";

describe("exam board over GraphQL", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await markedSession(ctx);
  const [s1, s2] = live.evaluations as [string, string];
  const cookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
  const ask = async (query: string, variables: Record<string, unknown> = {}, locale?: string) => {
    const result = await gql("admin", query, variables, { cookie, locale });
    return result.body;
  };
  const ok = async (query: string, variables: Record<string, unknown> = {}) => {
    const body = await ask(query, variables);
    expect(body.errors).toBeUndefined();
    return body.data;
  };
  let examId = "";

  it("addExam, exams, exam with its sessions, updateExam", async () => {
    const added = await ok(
      `mutation($s: [ID!]!) { addExam(input: { name: "Finals", scheduledSessions: $s }) { _id } }`,
      {
        s: [live.sessionId],
      },
    );
    examId = added.addExam._id;
    expect((await ok(`{ exams { _id name } }`)).exams).toEqual([{ _id: examId, name: "Finals" }]);
    const exam = (
      await ok(`query($id: ID!) { exam(id: $id) { name scheduledSessions { _id } standard { cutScore } } }`, {
        id: examId,
      })
    ).exam;
    expect(exam).toEqual({ name: "Finals", scheduledSessions: [{ _id: live.sessionId }], standard: null });
    const updated = await ok(`mutation($id: ID!) { updateExam(id: $id, input: { name: "Finals 2026" }) { name } }`, {
      id: examId,
    });
    expect(updated.updateExam.name).toBe("Finals 2026");
  });

  it("a session already in an exam is refused with the spec's code and a translated message", async () => {
    const body = await ask(
      `mutation($s: [ID!]!) { addExam(input: { name: "Again", scheduledSessions: $s }) { _id } }`,
      { s: [live.sessionId] },
      "nl-nl",
    );
    expect(body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(body.errors?.[0])).toContain("hoort bij hoogstens één examen");
  });

  it("examAnalysis and examStandard, typed", async () => {
    const analysis = (
      await ok(
        `query($e: ID!) { examAnalysis(exam: $e) { candidates alpha sem stations { evaluation mean sd rSquared alphaIfDeleted sessions { scheduledSession n } } items { item facility flags } examiners { examiner offset } unresolvedDiscrepancies warnings { code evaluation } } }`,
        { e: examId },
      )
    ).examAnalysis;
    expect(analysis.candidates).toBe(4);
    expect(analysis.stations.map((s: { evaluation: string }) => s.evaluation)).toEqual([s1, s2]);
    expect(analysis.stations[0].sessions).toEqual([{ scheduledSession: live.sessionId, n: 4 }]);
    expect(analysis.warnings.map((w: { code: string }) => w.code)).toContain("SMALL_COHORT");
    expect(analysis.unresolvedDiscrepancies).toBe(0);
    const standard = (
      await ok(
        `query($e: ID!) { examStandard(exam: $e, method: BORDERLINE_REGRESSION) { cutScore stations { evaluation cutScore intercept slope rSquared } candidates { participant passed } warnings { code } } }`,
        { e: examId },
      )
    ).examStandard;
    expect(standard.stations).toHaveLength(2);
    expect(standard.stations[0].slope).toEqual(expect.any(Number));
    expect(standard.candidates).toHaveLength(4);
  });

  it("applyExamStandard, history, the report's flag and data, removeExamStandard", async () => {
    const applied = (
      await ok(
        `mutation($e: ID!) { applyExamStandard(exam: $e, input: { method: FIXED, cutPercent: 50 }) { standard { exam method cutScore stationCuts { evaluation value } } reports { rebuiltDrafts flaggedReleased } } }`,
        { e: examId },
      )
    ).applyExamStandard;
    expect(applied.standard).toMatchObject({ exam: examId, method: "FIXED", cutScore: 50 });
    const created = await ok(
      `mutation($p: ID!, $s: ID!) { createSessionReport(participant: $p, scheduledSession: $s) { passedStatus standardChangedAt data { standard { exam cutScore passed } } } }`,
      { p: live.people[3], s: live.sessionId },
    );
    expect(created.createSessionReport).toEqual({
      passedStatus: "NOT_PASSED",
      standardChangedAt: null,
      data: { standard: { exam: examId, cutScore: 50, passed: false } },
    });
    const history = await ok(`query($e: ID!) { examStandardHistory(exam: $e) { action cutScore actor at } }`, {
      e: examId,
    });
    expect(history.examStandardHistory).toEqual([
      { action: "APPLIED", cutScore: 50, actor: expect.any(String), at: expect.any(String) },
    ]);
    const removed = await ok(`mutation($e: ID!) { removeExamStandard(exam: $e) { rebuiltDrafts flaggedReleased } }`, {
      e: examId,
    });
    expect(removed.removeExamStandard).toEqual({ rebuiltDrafts: 1, flaggedReleased: 0 });
  });

  it("setAngoffJudgements and angoffJudgements", async () => {
    const set = await ok(
      `mutation($e: ID!, $j: [AngoffJudgementInput!]!) { setAngoffJudgements(exam: $e, round: 1, judgements: $j) { judge round evaluation question stepIndex probability } }`,
      { e: examId, j: [{ evaluation: s2, question: live.questions[1]![0], probability: 0.6 }] },
    );
    expect(set.setAngoffJudgements).toEqual([
      {
        judge: expect.any(String),
        round: 1,
        evaluation: s2,
        question: live.questions[1]![0],
        stepIndex: null,
        probability: 0.6,
      },
    ]);
    const listed = await ok(`query($e: ID!) { angoffJudgements(exam: $e) { probability } }`, { e: examId });
    expect(listed.angoffJudgements).toEqual([{ probability: 0.6 }]);
  });

  it("the evaluation's rating scale: setEvaluationRatingScale, evaluationRatingScale and Evaluation.ratingScale", async () => {
    const set = await ok(
      `mutation($e: ID!) { setEvaluationRatingScale(evaluation: $e, input: { labels: [CLEAR_FAIL, BORDERLINE, CLEAR_PASS], borderlineGrades: [1] }) { labels borderlineGrades } }`,
      { e: s1 },
    );
    expect(set.setEvaluationRatingScale).toEqual({
      labels: ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS"],
      borderlineGrades: [1],
    });
    const read = await ok(`query($e: ID!) { evaluationRatingScale(evaluation: $e) { labels } }`, { e: s2 });
    expect(read.evaluationRatingScale.labels).toHaveLength(5);
    const onEvaluation = await ok(`query($e: ID!) { evaluationById(id: $e) { ratingScale { borderlineGrades } } }`, {
      e: s1,
    });
    expect(onEvaluation.evaluationById.ratingScale).toEqual({ borderlineGrades: [1] });
  });

  it("setExamDiscrepancyThreshold and Exam.discrepancyThreshold; a bad percentage is refused in the caller's language", async () => {
    const read = async () =>
      (await ok(`query($id: ID!) { exam(id: $id) { discrepancyThreshold } }`, { id: examId })).exam
        .discrepancyThreshold;
    expect(await read()).toBe(20);
    const set = await ok(`mutation($e: ID!) { setExamDiscrepancyThreshold(exam: $e, percent: 15) }`, { e: examId });
    expect(set.setExamDiscrepancyThreshold).toBe(15);
    expect(await read()).toBe(15);
    const refused = await ask(
      `mutation($e: ID!) { setExamDiscrepancyThreshold(exam: $e, percent: 120) }`,
      { e: examId },
      "fr-fr",
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    expect(JSON.stringify(refused.errors?.[0])).toContain("pourcentage");
    expect(await read()).toBe(15);
  });

  it("removeExam", async () => {
    const removed = await ok(`mutation($id: ID!) { removeExam(id: $id) { id } }`, { id: examId });
    expect(removed.removeExam.id).toBe(examId);
    const gone = await ask(`query($id: ID!) { exam(id: $id) { _id } }`, { id: examId });
    expect(gone.errors?.[0]?.extensions?.code).toBe("NOT_FOUND");
  });
});
