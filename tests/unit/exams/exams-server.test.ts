import { describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import {
  applyExamStandard,
  appliedExamStandard,
  listExamStandardHistory,
  removeExam,
  removeExamStandard,
} from "~/modules/exams/applied-standard.server";
import { listAngoffJudgements, setAngoffJudgements } from "~/modules/exams/angoff-judgements.server";
import { loadExamMarks, type LoadedExam } from "~/modules/exams/exam-marks.server";
import { addExam, getExam, listExams, updateExam } from "~/modules/exams/exams.server";
import { evaluationRatingScale, setEvaluationRatingScale } from "~/modules/exams/rating-scales.server";
import { standardHistoryRows } from "~/modules/exams/standard-rows.server";
import { examAnalysis, examStandard } from "~/modules/exams/standards.server";
import {
  createSessionReport,
  getSessionReport,
  saveParticipantReport,
  sessionReportFor,
} from "~/modules/reports/reports.server";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { markedSession } from "./server-fixture";

describe("exam board on a real tenant database", async () => {
  const { tenant } = await makeTenant();
  const manager = await staffCtx(tenant.slug);
  const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
  const other = await makeTenant();
  const outsider = await staffCtx(other.tenant.slug);
  const live = await markedSession(manager);
  const [p0, p1, p2, p3] = live.people as [string, string, string, string];
  const [s1, s2] = live.evaluations as [string, string];
  const exam = await addExam(writer, { name: "Finals", scheduledSessions: [live.sessionId] });
  /** The grades at a station in the fixture's participant order. */
  const gradesAt = (loaded: LoadedExam, station: string) =>
    live.people.map((p) => loaded.input.marks.find((m) => m.candidateId === p && m.stationId === station)!.grade);
  const userIdOf = (ctx: Ctx) => (ctx.actor.type === "ADMIN" ? ctx.actor.userId : null);

  it("groups scheduled sessions into an exam; a session joins at most one exam", async () => {
    expect(await getExam(reader, exam._id)).toMatchObject({ name: "Finals", scheduledSessions: [live.sessionId] });
    expect((await listExams(reader)).map((e) => e._id)).toContain(exam._id);
    const taken = await refusal(addExam(manager, { name: "Again", scheduledSessions: [live.sessionId] }));
    expect(taken.fieldErrors?.scheduledSessions?.key).toBe("validation:exam-session-taken");
    expect((await updateExam(writer, exam._id, { name: "Finals 2026" })).name).toBe("Finals 2026");
  });

  it("the marks loader gives the station scores the reports show", async () => {
    const loaded = await loadExamMarks(reader, exam._id);
    expect(loaded.stations.map((s) => s.maxPoints)).toEqual([6, 1]);
    for (const person of live.people) {
      const report = await createSessionReport(manager, { participant: person, scheduledSession: live.sessionId });
      const points = live.evaluations.map(
        (e) => loaded.input.marks.find((m) => m.candidateId === person && m.stationId === e)!.points,
      );
      expect(points).toEqual(report.data.summaryInfo.perEvaluation.map((e) => e.score.score));
    }
    // Grades on the default 5-point scale: EXCELLENT 4, BORDERLINE 1, GOOD 3, CLEAR_PASS 2, CLEAR_FAIL 0.
    expect(gradesAt(loaded, s1)).toEqual([4, 1, 3, 1]);
    expect(new Set(loaded.input.marks.map((m) => m.examinerId))).toEqual(new Set([userIdOf(manager)]));
  });

  it("readers see the analysis and a computed standard; nothing is applied by computing", async () => {
    const analysis = await examAnalysis(reader, exam._id);
    expect(analysis.candidates).toBe(4);
    expect(analysis.stations.map((s) => s.n)).toEqual([4, 4]);
    expect(analysis.stations[0]!.mean).toBeCloseTo((100 + 66.6667 + 83.3333 + 75) / 4, 3);
    const regression = await examStandard(reader, exam._id, { method: "BORDERLINE_REGRESSION" });
    expect(regression.stations.map((s) => s.stationId)).toEqual([s1, s2]);
    expect(regression.stations[0]!.slope).not.toBeNull();
    expect(regression.warnings.map((w) => w.code)).toContain("SMALL_COHORT");
    expect(await appliedExamStandard(reader, exam._id)).toBeNull();
  });

  it("applying a standard changes computed statuses, keeps TRAINING_REQUIRED, flags released reports without rewriting them", async () => {
    const draft = (await sessionReportFor(manager, live.sessionId, p3))!;
    expect(draft.data.passedStatus).toBe("PASSED"); // 4.5 / 7 = 64 % ≥ 60 %
    const decided = (await sessionReportFor(manager, live.sessionId, p2))!;
    await saveParticipantReport(manager, decided._id, {
      passedStatusOverride: "TRAINING_REQUIRED",
      passedStatusReason: "Redo",
    });
    const released = (await sessionReportFor(manager, live.sessionId, p1))!;
    const releasedBefore = await saveParticipantReport(manager, released._id, { draft: false });

    const result = await applyExamStandard(writer, exam._id, { method: "FIXED", cutPercent: 50 });
    expect(result.standard.cutScore).toBe(50);
    expect(result.reports).toEqual({ rebuiltDrafts: 3, flaggedReleased: 1 });

    const after = await getSessionReport(manager, draft._id);
    expect(after.data.passedStatus).toBe("NOT_PASSED"); // total 37.5 % < 50 %
    expect(after.data.standard).toMatchObject({ exam: exam._id, cutScore: 50, passed: false });
    expect((await sessionReportFor(manager, live.sessionId, p0))!.data.passedStatus).toBe("PASSED");
    const kept = await getSessionReport(manager, decided._id);
    expect(kept.passedStatus).toBe("TRAINING_REQUIRED");
    expect(kept.data.computedPassedStatus).toBe("PASSED"); // 91.7 % ≥ 50 %

    const flagged = await getSessionReport(manager, released._id);
    expect(flagged.data).toEqual(releasedBefore.data);
    expect(flagged.standardChangedAt).toBeInstanceOf(Date);
    const rebuilt = await saveParticipantReport(manager, released._id, {});
    expect(rebuilt.standardChangedAt).toBeNull();
    expect(rebuilt.data.standard?.cutScore).toBe(50);

    const changed = await applyExamStandard(manager, exam._id, { method: "FIXED", cutPercent: 30 });
    expect(changed.standard.cutScore).toBe(30);
    expect((await getSessionReport(manager, draft._id)).data.passedStatus).toBe("PASSED"); // 37.5 % ≥ 30 %

    await removeExamStandard(writer, exam._id);
    expect((await getSessionReport(manager, draft._id)).data.standard).toBeNull();
    const history = await listExamStandardHistory(reader, exam._id);
    expect(history.map((h) => [h.action, h.cutScore, h.actorId])).toEqual([
      ["APPLIED", 50, userIdOf(writer)],
      ["CHANGED", 30, userIdOf(manager)],
      ["REMOVED", null, userIdOf(writer)],
    ]);
  });

  it("a standard without a cut is refused", async () => {
    const refused = await refusal(applyExamStandard(writer, exam._id, { method: "ANGOFF" }));
    expect(refused.fieldErrors?.method?.key).toBe("validation:exam-standard-no-cut");
  });

  it("Angoff judgements: a whole question's estimate holds for its steps; the cut is the judges' mean", async () => {
    const q = live.questions;
    const all = [
      { evaluation: s1, question: q[0]![0]!, probability: 0.5 },
      { evaluation: s1, question: q[0]![1]!, probability: 0.5 },
      { evaluation: s2, question: q[1]![0]!, probability: 0.5 },
    ];
    await setAngoffJudgements(writer, exam._id, { round: 1, judgements: all });
    await setAngoffJudgements(manager, exam._id, {
      round: 1,
      judgements: all.map((j) => ({ ...j, probability: 0.7 })),
    });
    expect(await listAngoffJudgements(reader, exam._id)).toHaveLength(6);
    const angoff = await examStandard(reader, exam._id, { method: "ANGOFF" });
    expect(angoff.cutScore).toBeCloseTo(60, 9);
    expect(angoff.angoff?.countedJudges).toBe(2);
    const wrong = await refusal(
      setAngoffJudgements(writer, exam._id, {
        round: 1,
        judgements: [{ evaluation: s1, question: q[1]![0]!, probability: 1 }],
      }),
    );
    expect(wrong.fieldErrors?.["judgements.0"]?.key).toBe("validation:angoff-item");
  });

  it("a station's rating scale: default 5-point, set by writers, refused out of order", async () => {
    expect(await evaluationRatingScale(reader, s1)).toEqual({
      labels: ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS", "GOOD", "EXCELLENT"],
      borderlineGrades: [1],
    });
    const three = { labels: ["CLEAR_FAIL", "BORDERLINE", "CLEAR_PASS"], borderlineGrades: [1] };
    expect(await setEvaluationRatingScale(writer, s2, three)).toEqual(three);
    const loaded = await loadExamMarks(reader, exam._id);
    // GOOD is not on the 3-point scale: that mark reads as unrated.
    expect(gradesAt(loaded, s2)).toEqual([2, 0, null, 1]);
    const bad = await refusal(
      setEvaluationRatingScale(writer, s2, { labels: ["CLEAR_PASS", "CLEAR_FAIL"], borderlineGrades: [0] }),
    );
    expect(bad.fieldErrors?.labels?.key).toBe("validation:rating-scale-labels");
    await setEvaluationRatingScale(writer, s2, null);
  });

  it("readers cannot change anything; every write needs write:reports", async () => {
    const forbidden = async (call: Promise<unknown>) => expect((await refusal(call)).code).toBe("FORBIDDEN");
    await forbidden(addExam(reader, { name: "No", scheduledSessions: [live.sessionId] }));
    await forbidden(updateExam(reader, exam._id, { name: "No" }));
    await forbidden(removeExam(reader, exam._id));
    await forbidden(applyExamStandard(reader, exam._id, { method: "FIXED", cutPercent: 50 }));
    await forbidden(removeExamStandard(reader, exam._id));
    await forbidden(setAngoffJudgements(reader, exam._id, { round: 1, judgements: [] }));
    await forbidden(setEvaluationRatingScale(reader, s1, null));
    const anonymous: Ctx = { ...reader, actor: { type: "ANONYMOUS" }, permissions: [] };
    expect((await refusal(examAnalysis(anonymous, exam._id))).code).toBe("UNAUTHORIZED");
  });

  it("another tenant can neither read nor change this tenant's exam", async () => {
    const notFound = async (call: Promise<unknown>) => expect((await refusal(call)).code).toBe("NOT_FOUND");
    await notFound(getExam(outsider, exam._id));
    await notFound(updateExam(outsider, exam._id, { name: "Mine" }));
    await notFound(examAnalysis(outsider, exam._id));
    await notFound(examStandard(outsider, exam._id, { method: "FIXED" }));
    await notFound(applyExamStandard(outsider, exam._id, { method: "FIXED", cutPercent: 10 }));
    await notFound(removeExamStandard(outsider, exam._id));
    await notFound(listExamStandardHistory(outsider, exam._id));
    await notFound(appliedExamStandard(outsider, exam._id));
    await notFound(setAngoffJudgements(outsider, exam._id, { round: 1, judgements: [] }));
    await notFound(listAngoffJudgements(outsider, exam._id));
    await notFound(removeExam(outsider, exam._id));
    await notFound(addExam(outsider, { name: "Theirs", scheduledSessions: [live.sessionId] }));
    await notFound(setEvaluationRatingScale(outsider, s1, null));
    expect(await listExams(outsider)).toEqual([]);
    expect((await getExam(reader, exam._id)).name).toBe("Finals 2026");
  });

  it("removing the exam removes its standard (reports follow) and keeps the history", async () => {
    await applyExamStandard(manager, exam._id, { method: "FIXED", cutPercent: 50 });
    const draft = (await sessionReportFor(manager, live.sessionId, p3))!;
    expect(draft.data.passedStatus).toBe("NOT_PASSED");
    await removeExam(writer, exam._id);
    expect((await getSessionReport(manager, draft._id)).data.passedStatus).toBe("PASSED");
    expect((await refusal(getExam(reader, exam._id))).code).toBe("NOT_FOUND");
    const kept = await standardHistoryRows(manager.tdb.db, exam._id);
    expect(kept.map((h) => h.action)).toEqual(["APPLIED", "CHANGED", "REMOVED", "APPLIED", "REMOVED"]);
  });
});
