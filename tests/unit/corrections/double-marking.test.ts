import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { correctionEntries, correctionStationMarks, scheduledSessions } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import {
  DEFAULT_DISCREPANCY_THRESHOLD,
  doubleMarkStatus,
  isDiscrepancy,
  resolvedScoreOf,
} from "~/modules/corrections/double-marking";
import {
  listDoubleMarks,
  resolveStationDiscrepancy,
  setDiscrepancyThreshold,
} from "~/modules/corrections/double-marking.server";
import { submitAutoScoreEntries } from "~/modules/corrections/auto-score.server";
import { getParticipantCorrection } from "~/modules/corrections/participant-correction.server";
import { loadScoredParticipant } from "~/modules/corrections/scored-participant.server";
import { markStation, stationCorrection, stationParticipants } from "~/modules/corrections/stations.server";
import { submitStationTick } from "~/modules/corrections/submit.server";
import { loadExamMarks } from "~/modules/exams/exam-marks.server";
import { examBoard } from "~/modules/exams/board.server";
import { examDiscrepancyThreshold, setExamDiscrepancyThreshold } from "~/modules/exams/double-marking.server";
import { addExam } from "~/modules/exams/exams.server";
import { examAnalysis, examStandard } from "~/modules/exams/standards.server";
import { computeReportData } from "~/modules/reports";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeAnsweredSession, type AnsweredSession } from "./fixtures";

// Double marking (ADR 0036) against a real tenant database. Station one of the fixture has six
// steps of 1 point: the answered participant's four auto-scored answers give 4, the numeric step
// of question two 0, and the practical step (index 4) is what the examiners tick.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;
let first: Ctx;
let second: Ctx;

beforeAll(async () => {
  slug = (await makeTenant("double-marking")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  first = await staffCtx(slug, ["ORGANIZATION_REALTIME_USER"]);
  second = await staffCtx(slug, ["ORGANIZATION_REALTIME_USER"]);
});

describe("the rules", () => {
  it("flags a difference above the threshold only, and computes the mean to two decimals", () => {
    expect(DEFAULT_DISCREPANCY_THRESHOLD).toBe(20);
    expect(isDiscrepancy(10, 6, 20, 20)).toBe(false); // 4 = exactly 20 % of 20
    expect(isDiscrepancy(10, 5.9, 20, 20)).toBe(true);
    expect(isDiscrepancy(0.7, 0.1, 3, 20)).toBe(false); // 0.6 of 3 = 20 %, despite 0.7 − 0.1 in floats
    expect(isDiscrepancy(1, 0, 0, 20)).toBe(false); // nothing to score
    const base = { firstDone: true, secondDone: true, first: 5, second: 4, maxScore: 6, resolved: false };
    expect(doubleMarkStatus({ ...base, thresholdPercent: 20 })).toBe("agreed");
    expect(doubleMarkStatus({ ...base, thresholdPercent: 10 })).toBe("discrepancy");
    expect(doubleMarkStatus({ ...base, secondDone: false, thresholdPercent: 10 })).toBe("pending");
    expect(doubleMarkStatus({ ...base, thresholdPercent: 10, resolved: true })).toBe("resolved");
    expect(resolvedScoreOf("MEAN", 5, 4.33, 99)).toBe(4.67);
    expect(resolvedScoreOf("AGREED", 5, 4, 4.5)).toBe(4.5);
    expect(resolvedScoreOf("THIRD_EXAMINER", 5, 4, null)).toBeNull();
  });
});

/** A double-marked participant: the first examiner ticks and rates, the second unticks and rates. */
async function doubleMarked(f: AnsweredSession) {
  const ref = { scheduledSession: f.sessionId, participant: f.answered };
  const practical = { evaluation: f.evaluations[0]!, question: f.questions[0]![0]!, stepIndex: 4 };
  await submitAutoScoreEntries(manager, ref);
  await submitStationTick(first, { ...ref, ...practical, ticks: [true], revision: 1 });
  await markStation(first, {
    ...ref,
    evaluation: practical.evaluation,
    globalRating: "CLEAR_PASS",
    comment: "First's view",
    done: true,
  });
  return { ref, practical };
}

describe("double marking", () => {
  it("keeps the first examiner's ticks, rating and comment from the second examiner", async () => {
    const f = await makeAnsweredSession(manager);
    const { ref, practical } = await doubleMarked(f);
    const seen = await stationCorrection(second, f.sessionId, practical.evaluation, f.answered, 2);
    const step = seen.evaluation.questions[0]!.steps[4]!;
    expect([step.ticks, step.score, step.revision]).toEqual([null, null, 0]);
    expect([seen.evaluation.globalRating, seen.evaluation.markComment, seen.evaluation.markedAt]).toEqual([
      null,
      null,
      null,
    ]);
    expect(seen.correction.evaluations).toHaveLength(1); // not the other stations either
    expect(JSON.stringify(seen)).not.toContain("First's view");
    const list = await stationParticipants(second, f.sessionId, practical.evaluation, 2);
    expect(list.participants.find((p) => p.participantId === f.answered)).toMatchObject({
      markedAt: null,
      globalRating: null,
    });
    // The first examiner cannot be the second one.
    const same = await refusal(submitStationTick(first, { ...ref, ...practical, ticks: [false], marker: 2 }));
    expect([same.code, same.reason]).toEqual(["FORBIDDEN", "second_examiner_same"]);
  });

  it("keeps both marks, and compares them with the session's threshold", async () => {
    const f = await makeAnsweredSession(manager);
    const { ref, practical } = await doubleMarked(f);
    const tick = await submitStationTick(second, { ...ref, ...practical, ticks: [false], revision: 1, marker: 2 });
    expect(tick).toEqual({ revision: 1, score: 0 });
    await submitStationTick(second, { ...ref, ...practical, ticks: [true], revision: 1, marker: 2 }); // a re-send
    let [mark] = await listDoubleMarks(manager, f.sessionId);
    expect(mark).toMatchObject({ status: "pending", first: { score: 5 }, second: { score: 4, markedAt: null } });
    await markStation(second, {
      ...ref,
      evaluation: practical.evaluation,
      globalRating: "BORDERLINE",
      done: true,
      marker: 2,
    });

    // Both kept: the first examiner's step and mark are unchanged.
    const c = await getParticipantCorrection(manager, f.sessionId, f.answered);
    expect(c.evaluations[0]!.questions[0]!.steps[4]).toMatchObject({ ticks: [true], score: 1 });
    expect(c.evaluations[0]).toMatchObject({ globalRating: "CLEAR_PASS", markComment: "First's view" });
    const firstMarks = await manager.tdb.db.select().from(correctionStationMarks).all();
    expect(firstMarks.filter((m) => m.correctionId === c.id)).toHaveLength(1);

    [mark] = await listDoubleMarks(manager, f.sessionId);
    expect(mark).toMatchObject({
      evaluationName: "Station one",
      maxScore: 6,
      first: { score: 5, globalRating: "CLEAR_PASS", markedBy: first.actor.type === "ADMIN" && first.actor.userId },
      second: {
        score: 4,
        globalRating: "BORDERLINE",
        markedByName: second.actor.type === "ADMIN" && second.actor.name,
      },
      difference: 1,
      thresholdPercent: 20,
      status: "agreed", // 1 of 6 = 16.7 % ≤ 20 %
      resolution: null,
      countedScore: 5,
    });
    await setDiscrepancyThreshold(manager, { scheduledSession: f.sessionId, percent: 10 });
    [mark] = await listDoubleMarks(manager, f.sessionId);
    expect(mark).toMatchObject({ thresholdPercent: 10, status: "discrepancy", countedScore: 5 });
    expect(await listDoubleMarks(manager, f.sessionId, f.late)).toEqual([]);
  });

  it("resolves by each method, recorded with who and when; reports and exam statistics use it", async () => {
    const f = await makeAnsweredSession(manager);
    const { ref, practical } = await doubleMarked(f);
    const station = { ...ref, evaluation: practical.evaluation };
    await submitStationTick(second, { ...ref, ...practical, ticks: [false], marker: 2 });
    const early = await refusal(resolveStationDiscrepancy(manager, { ...station, method: "MEAN" }));
    expect(early.reason).toBe("double_mark_incomplete");
    await markStation(second, { ...station, done: true, marker: 2 });
    await setDiscrepancyThreshold(manager, { scheduledSession: f.sessionId, percent: 10 });
    const exam = await addExam(manager, { name: "Double", scheduledSessions: [f.sessionId] });
    const stationOne = async () => {
      const scored = await loadScoredParticipant(manager, f.sessionId, f.answered);
      const report = computeReportData(scored, { onlyEvaluations: [] });
      const marks = (await loadExamMarks(manager, exam._id)).input.marks;
      return {
        report: report.evaluations[0]!.score,
        total: report.totalScore.score,
        exam: marks.find((m) => m.candidateId === f.answered && m.stationId === practical.evaluation)?.points,
      };
    };
    // Unresolved: the first examiner's mark counts, and the board's statistics say so.
    expect(await stationOne()).toMatchObject({ report: { score: 5, maxScore: 6 }, exam: 5 });
    const unresolved = { code: "UNRESOLVED_DISCREPANCIES", count: 1 };
    const analysis = await examAnalysis(manager, exam._id);
    expect(analysis.unresolvedDiscrepancies).toBe(1);
    expect(analysis.warnings).toContainEqual(unresolved);
    expect((await examStandard(manager, exam._id, { method: "FIXED" })).warnings).toContainEqual(unresolved);

    const before = Date.now();
    const mean = await resolveStationDiscrepancy(manager, { ...station, method: "MEAN", score: 1, note: " Talked " });
    expect(mean).toMatchObject({
      status: "resolved",
      countedScore: 4.5,
      resolution: {
        method: "MEAN",
        score: 4.5,
        resolvedBy: manager.actor.type === "ADMIN" && manager.actor.userId,
        note: "Talked",
      },
    });
    expect(mean.resolution!.resolvedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const meanScores = await stationOne();
    expect(meanScores).toMatchObject({ report: { score: 4.5, maxScore: 6 }, exam: 4.5 });
    const resolvedAnalysis = await examAnalysis(manager, exam._id);
    expect(resolvedAnalysis.unresolvedDiscrepancies).toBe(0);
    expect(resolvedAnalysis.warnings).not.toContainEqual(unresolved);

    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const agreed = await resolveStationDiscrepancy(writer, { ...station, method: "AGREED", score: 4 });
    expect(agreed.resolution).toMatchObject({
      method: "AGREED",
      score: 4,
      resolvedBy: writer.actor.type === "ADMIN" && writer.actor.userId,
      resolvedByName: writer.actor.type === "ADMIN" && writer.actor.name,
      note: null,
    });
    expect(await stationOne()).toMatchObject({ report: { score: 4 }, total: meanScores.total - 0.5, exam: 4 });

    const third = await resolveStationDiscrepancy(manager, { ...station, method: "THIRD_EXAMINER", score: 6 });
    expect(third).toMatchObject({ countedScore: 6, resolution: { method: "THIRD_EXAMINER", score: 6 } });
    expect(await stationOne()).toMatchObject({ report: { score: 6 }, exam: 6 });

    // The first examiner's steps stay as they were.
    const steps = await manager.tdb.db.select().from(correctionEntries).all();
    expect(steps.find((s) => s.stepIndex === 4 && s.evaluationId === practical.evaluation)?.ticks).toEqual([true]);

    const missing = await refusal(resolveStationDiscrepancy(manager, { ...station, method: "AGREED" }));
    expect(missing.fieldErrors?.score?.key).toBe("validation:required");
    const over = await refusal(resolveStationDiscrepancy(manager, { ...station, method: "AGREED", score: 7 }));
    expect(over.fieldErrors?.score?.key).toBe("corrections:validation.score-out-of-range");
    const single = await refusal(
      resolveStationDiscrepancy(manager, { ...station, evaluation: f.evaluations[1], method: "MEAN" }),
    );
    expect(single.reason).toBe("double_mark_not_found");
  });
});

describe("the exam's discrepancy threshold", () => {
  it("is set for every session of the exam, validated, and moves the flags the board sees", async () => {
    const f = await makeAnsweredSession(manager);
    // A second circuit of the same session template, nobody double marked there.
    const template = (await manager.tdb.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.id, f.sessionId))
      .get())!;
    const other = await addScheduledSession(manager, {
      session: template.sessionTemplateId,
      datetime: new Date(Date.now() + 7200_000),
      participants: [],
      options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: false },
    });
    const { ref, practical } = await doubleMarked(f);
    await submitStationTick(second, { ...ref, ...practical, ticks: [false], marker: 2 });
    await markStation(second, { ...ref, evaluation: practical.evaluation, done: true, marker: 2 });
    const exam = await addExam(manager, { name: "Thresholds", scheduledSessions: [f.sessionId, other._id] });
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);

    // Default 20 %: 1 of 6 points apart (16.7 %) agrees.
    expect(await examDiscrepancyThreshold(reader, exam._id)).toEqual({
      percent: 20,
      sessions: [
        { scheduledSession: f.sessionId, percent: 20 },
        { scheduledSession: other._id, percent: 20 },
      ],
    });
    let board = await examBoard(reader, exam._id);
    expect(board.doubleMarking.marks.map((m) => [m.participantId, m.status])).toEqual([[f.answered, "agreed"]]);
    expect(board.analysis.unresolvedDiscrepancies).toBe(0);

    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    expect((await setExamDiscrepancyThreshold(writer, exam._id, { percent: 12.5 })).percent).toBe(12.5);
    expect(await listDoubleMarks(reader, other._id)).toEqual([]);
    expect((await listDoubleMarks(reader, f.sessionId))[0]).toMatchObject({ thresholdPercent: 12.5 });
    board = await examBoard(reader, exam._id);
    expect(board.doubleMarking.threshold.percent).toBe(12.5);
    expect(board.doubleMarking.marks[0]).toMatchObject({
      status: "discrepancy",
      first: { score: 5 },
      second: { score: 4 },
    });
    expect(board.analysis.warnings[0]).toEqual({ code: "UNRESOLVED_DISCREPANCIES", count: 1 });
    expect(board.staffNames).toMatchObject({
      [second.actor.type === "ADMIN" ? second.actor.userId : ""]: second.actor.type === "ADMIN" && second.actor.name,
    });

    // One session set apart: the exam has no single threshold any more.
    await setDiscrepancyThreshold(manager, { scheduledSession: other._id, percent: 30 });
    expect((await examDiscrepancyThreshold(reader, exam._id)).percent).toBeNull();

    // Refused with a translated key: out of range, not a number, missing; readers and other tenants.
    for (const percent of [-1, 100.5, Number.NaN, Infinity, "20"])
      expect((await refusal(setExamDiscrepancyThreshold(writer, exam._id, { percent }))).fieldErrors).toEqual({
        percent: { key: "validation:percentage" },
      });
    expect((await refusal(setExamDiscrepancyThreshold(writer, exam._id, {}))).fieldErrors).toEqual({
      percent: { key: "validation:required" },
    });
    expect((await refusal(setExamDiscrepancyThreshold(reader, exam._id, { percent: 5 }))).code).toBe("FORBIDDEN");
    expect((await refusal(setExamDiscrepancyThreshold(second, exam._id, { percent: 5 }))).code).toBe("FORBIDDEN");
    const outsider = await staffCtx((await makeTenant("double-marking-exam")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    expect((await refusal(setExamDiscrepancyThreshold(outsider, exam._id, { percent: 5 }))).code).toBe("NOT_FOUND");
    expect((await refusal(examDiscrepancyThreshold(outsider, exam._id))).code).toBe("NOT_FOUND");
    expect((await examDiscrepancyThreshold(reader, exam._id)).sessions.map((s) => s.percent)).toEqual([12.5, 30]);
  });
});

describe("permissions and tenants", () => {
  it("lets readers see double marks, only writers and managers resolve, and no other tenant anything", async () => {
    const f = await makeAnsweredSession(manager);
    const { ref, practical } = await doubleMarked(f);
    const station = { ...ref, evaluation: practical.evaluation };
    await submitStationTick(second, { ...ref, ...practical, ticks: [false], marker: 2 });
    await markStation(second, { ...station, done: true, marker: 2 });
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    expect(await listDoubleMarks(reader, f.sessionId)).toHaveLength(1);
    for (const ctx of [reader, second]) {
      expect((await refusal(resolveStationDiscrepancy(ctx, { ...station, method: "MEAN" }))).code).toBe("FORBIDDEN");
      expect((await refusal(setDiscrepancyThreshold(ctx, { scheduledSession: f.sessionId, percent: 5 }))).code).toBe(
        "FORBIDDEN",
      );
    }
    expect((await refusal(submitStationTick(reader, { ...ref, ...practical, ticks: [true], marker: 2 }))).code).toBe(
      "FORBIDDEN",
    );
    expect((await listDoubleMarks(manager, f.sessionId))[0]!.resolution).toBeNull();

    const other = await staffCtx((await makeTenant("double-marking-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    const refusals = [
      listDoubleMarks(other, f.sessionId),
      resolveStationDiscrepancy(other, { ...station, method: "MEAN" }),
      setDiscrepancyThreshold(other, { scheduledSession: f.sessionId, percent: 5 }),
      submitStationTick(other, { ...ref, ...practical, ticks: [true], marker: 2 }),
      markStation(other, { ...station, done: true, marker: 2 }),
    ].map(refusal);
    for (const e of await Promise.all(refusals))
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "scheduled_session_not_found"]);
  });
});
