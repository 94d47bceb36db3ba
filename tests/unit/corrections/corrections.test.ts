import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { correctionEntries, scheduledSessionParticipantEntries } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { previewAutoScoreEntries, submitAutoScoreEntries } from "~/modules/corrections/auto-score.server";
import { getParticipantCorrection } from "~/modules/corrections/participant-correction.server";
import { correctionProgress, listCorrections } from "~/modules/corrections/progress.server";
import { markStation, stationParticipants, stationProgress } from "~/modules/corrections/stations.server";
import {
  setLateAnswerAccepted,
  submitCorrectionComment,
  submitCorrectionEntry,
} from "~/modules/corrections/submit.server";
import { liveDashboard } from "~/modules/live/run.server";
import { completeScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeAnsweredSession, type AnsweredSession } from "./fixtures";

// Corrections against a real tenant database: auto-score, manual scores, ticks, late answers,
// completion, progress, station marking, permissions and tenant isolation.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;

beforeAll(async () => {
  slug = (await makeTenant("corrections")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
});

const stepOf = (f: AnsweredSession, e: number, q: number, stepIndex: number) => ({
  evaluation: f.evaluations[e]!,
  question: f.questions[e]![q]!,
  stepIndex,
});
const scores = async (f: AnsweredSession, participant: string) =>
  (await getParticipantCorrection(manager, f.sessionId, participant)).evaluations.map((e) =>
    e.questions.map((q) => q.steps.map((s) => s.score)),
  );

describe("auto-scoring", () => {
  it("previews what the rules would score, then saves exactly that", async () => {
    const f = await makeAnsweredSession(manager);
    const preview = await previewAutoScoreEntries(manager, f.sessionId, f.answered);
    expect(preview.map((p) => [p.stepIndex, p.autoScore])).toEqual([
      [0, 1], // choice
      [1, 1], // numeric on the tolerance's bound
      [2, 1], // text matching the model answer
      [3, 1], // point in the circle
      [0, 0], // the unanswered numeric of question two
    ]);
    const saved = await submitAutoScoreEntries(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      entries: preview.slice(0, 2),
    });
    expect(saved.scored).toBe(2);
    await submitAutoScoreEntries(manager, { scheduledSession: f.sessionId, participant: f.answered });
    expect(await scores(f, f.answered)).toEqual([[[1, 1, 1, 1, null], [0]], [[null]]]);
    expect(await previewAutoScoreEntries(manager, f.sessionId, f.answered)).toEqual([]);
  });

  it("never overwrites a score an assessor gave", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    await submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 0), score: 0.25 });
    expect(
      (await previewAutoScoreEntries(manager, f.sessionId, f.answered)).some(
        (p) => p.stepIndex === 0 && p.question === f.questions[0]![0],
      ),
    ).toBe(false);
    await submitAutoScoreEntries(manager, ref);
    expect((await scores(f, f.answered))[0]![0]![0]).toBe(0.25);
  });

  it("re-scores an auto-scored late step when staff accept or refuse the late answer", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.late };
    const view = await getParticipantCorrection(manager, f.sessionId, f.late);
    expect(view.evaluations[0]!.questions[0]!.steps[2]).toMatchObject({
      answer: { textValue: "in time" },
      lateAnswer: { textValue: "SECRET-TEXT-MODEL" },
      lateAccepted: false,
    });
    expect(view.evaluations[0]!.questions[0]!.steps[2]!.lateReceivedAt).toBeInstanceOf(Date);
    await submitAutoScoreEntries(manager, ref);
    expect((await scores(f, f.late))[0]![0]![2]).toBeNull(); // "in time" is not the model answer
    await setLateAnswerAccepted(manager, { ...ref, ...stepOf(f, 0, 0, 2), accept: true });
    await submitAutoScoreEntries(manager, ref);
    expect((await scores(f, f.late))[0]![0]![2]).toBe(1);
    await setLateAnswerAccepted(manager, { ...ref, ...stepOf(f, 0, 0, 2), accept: false });
    expect((await scores(f, f.late))[0]![0]![2]).toBeNull();
    const none = await refusal(setLateAnswerAccepted(manager, { ...ref, ...stepOf(f, 0, 0, 0), accept: true }));
    expect(none.fieldErrors?.stepIndex?.key).toBe("corrections:validation.no-late-answer");
  });
});

describe("manual corrections", () => {
  it("scores a practical step from the ticked weights", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.answered, ...stepOf(f, 0, 0, 4) };
    const c = await submitCorrectionEntry(manager, { ...ref, ticks: [true], comment: " Neat knot " });
    expect(c.evaluations[0]!.questions[0]!.steps[4]).toMatchObject({
      ticks: [true],
      score: 1,
      comment: "Neat knot",
      autoScored: false,
      criteria: [{ label: "SECRET-CRITERION", weight: 100 }],
    });
    const off = await submitCorrectionEntry(manager, { ...ref, ticks: [false] });
    expect(off.evaluations[0]!.questions[0]!.steps[4]).toMatchObject({
      ticks: [false],
      score: 0,
      comment: "Neat knot",
    });
  });

  it("refuses a score outside 0..the step's score, ticks on a non-practical step and an unknown step, changing nothing", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    const high = await refusal(submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 2), score: 1.5 }));
    expect([high.code, high.fieldErrors?.score?.key, high.fieldErrors?.score?.values]).toEqual([
      "BAD_REQUEST",
      "corrections:validation.score-out-of-range",
      { max: 1 },
    ]);
    expect(manager.t(high.fieldErrors!.score!.key, high.fieldErrors!.score!.values)).toBe("Give a score from 0 to 1.");
    expect(
      (await refusal(submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 2), score: -1 }))).fieldErrors?.score,
    ).toBeDefined();
    expect(
      (await refusal(submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 2), ticks: [true] }))).fieldErrors
        ?.ticks?.key,
    ).toBe("corrections:validation.ticks-not-practical");
    expect(
      (await refusal(submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 9), score: 1 }))).fieldErrors
        ?.stepIndex?.key,
    ).toBe("corrections:validation.step-not-taken");
    expect((await refusal(submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 2), score: "1" }))).code).toBe(
      "BAD_REQUEST",
    );
    expect(
      await manager.tdb.db
        .select()
        .from(correctionEntries)
        .all()
        .then((rows) => rows.filter((r) => r.evaluationId === f.evaluations[0])),
    ).toHaveLength(0);
  });

  it("is idempotent by revision: a re-sent or older revision changes nothing", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.answered, ...stepOf(f, 0, 0, 4) };
    await submitCorrectionEntry(manager, { ...ref, ticks: [true], revision: 5 });
    const again = await submitCorrectionEntry(manager, { ...ref, ticks: [false], revision: 5 });
    expect(again.evaluations[0]!.questions[0]!.steps[4]).toMatchObject({ ticks: [true], score: 1, revision: 5 });
    await submitCorrectionEntry(manager, { ...ref, ticks: [false], revision: 4 });
    const newer = await submitCorrectionEntry(manager, { ...ref, ticks: [false], revision: 6 });
    expect(newer.evaluations[0]!.questions[0]!.steps[4]).toMatchObject({ ticks: [false], score: 0, revision: 6 });
  });

  it("keeps the whole-participant comment as sanitised rich content", async () => {
    const f = await makeAnsweredSession(manager);
    const c = await submitCorrectionComment(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      comment: [
        {
          type: "text",
          html: "<p>Good <strong>work</strong><script>alert(1)</script><img src=x onerror=alert(1)></p>",
        },
      ],
    });
    expect(c.comment).toEqual([{ type: "text", html: "<p>Good <strong>work</strong></p>" }]);
    const bad = await refusal(
      submitCorrectionComment(manager, { scheduledSession: f.sessionId, participant: f.answered, comment: "plain" }),
    );
    expect(bad.code).toBe("BAD_REQUEST");
  });
});

describe("completion", () => {
  it("sets completedAt when every step is scored and shows assessment_complete once the participant is done", async () => {
    const f = await makeAnsweredSession(manager);
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    await submitAutoScoreEntries(manager, ref);
    await submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 0, 0, 4), ticks: [true] });
    expect((await correctionProgress(manager, f.sessionId)).find((p) => p.participantId === f.answered)).toMatchObject({
      status: "active",
      scored: 6,
      total: 7,
    });
    const done = await submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 1, 0, 0), score: 0 });
    expect(done.completedAt).toBeInstanceOf(Date);
    expect(done.complete).toBe(true);
    await completeScheduledSession(manager, f.sessionId);
    const rows = (await liveDashboard(manager, f.sessionId)).rows;
    expect(rows.find((r) => r.participantId === f.answered)?.status).toBe("assessment_complete");
    expect(rows.find((r) => r.participantId === f.late)?.status).not.toBe("assessment_complete");
    const progress = await correctionProgress(manager, f.sessionId);
    expect(progress.map((p) => [p.participantId, p.status])).toEqual([
      [f.answered, "correction_complete"],
      [f.late, "completed"],
    ]);
    // Clearing a score re-opens the correction.
    const reopened = await submitCorrectionEntry(manager, { ...ref, ...stepOf(f, 1, 0, 0), score: null });
    expect(reopened.completedAt).toBeNull();
    expect((await correctionProgress(manager, f.sessionId))[0]!.status).toBe("completed");
  });

  it("lists the session's corrections paged", async () => {
    const f = await makeAnsweredSession(manager, 3);
    const first = await listCorrections(manager, f.sessionId, { first: 2 });
    expect(first.pageInfo).toMatchObject({ totalCount: 3, hasNextPage: true });
    expect(first.edges.map((e) => e.node.participantId)).toEqual(f.people.slice(0, 2));
    const next = await listCorrections(manager, f.sessionId, { first: 2, after: first.pageInfo.endCursor });
    expect(next.edges.map((e) => e.node.participantId)).toEqual([f.people[2]]);
  });
});

describe("station marking", () => {
  it("lists a station's participants in rotation order and counts the marked ones", async () => {
    const f = await makeAnsweredSession(manager, 3);
    // The third participant takes station two first (a rotation).
    await manager.tdb.write((tx) =>
      tx
        .update(scheduledSessionParticipantEntries)
        .set({ sessionOrder: [f.evaluations[1]!, f.evaluations[0]!] })
        .where(eq(scheduledSessionParticipantEntries.participantId, f.people[2]!)),
    );
    const list = await stationParticipants(manager, f.sessionId, f.evaluations[0]!);
    expect(list.participants.map((p) => [p.participantId, p.position])).toEqual([
      [f.people[0], 1],
      [f.people[1], 1],
      [f.people[2], 2],
    ]);
    expect(list.participants[0]!.live).toBe("here"); // on question two of station one
    const two = await stationParticipants(manager, f.sessionId, f.evaluations[1]!);
    expect(two.participants.map((p) => [p.participantId, p.position, p.live])).toEqual([
      [f.people[2], 1, "due"], // reordered after the start: station one, opened then, is still open
      [f.people[0], 2, "due"],
      [f.people[1], 2, "due"],
    ]);
    const ref = { scheduledSession: f.sessionId, participant: f.people[1]!, evaluation: f.evaluations[0]! };
    const c = await markStation(manager, {
      ...ref,
      globalRating: "BORDERLINE",
      comment: "Hesitant",
      done: true,
      revision: 1,
    });
    expect(c.evaluations[0]).toMatchObject({ globalRating: "BORDERLINE", markComment: "Hesitant" });
    expect(c.evaluations[0]!.markedAt).toBeInstanceOf(Date);
    await markStation(manager, { ...ref, globalRating: "CLEAR_FAIL", revision: 1 }); // a re-send: ignored
    const after = await stationParticipants(manager, f.sessionId, f.evaluations[0]!);
    expect(after.participants[1]).toMatchObject({ globalRating: "BORDERLINE" });
    expect(after.station).toMatchObject({ marked: 1, total: 3, practicalSteps: 1 });
    expect((await stationProgress(manager, f.sessionId)).map((s) => [s.name, s.marked, s.total])).toEqual([
      ["Station one", 1, 3],
      ["Station two", 0, 3],
    ]);
    const bad = await refusal(markStation(manager, { ...ref, globalRating: "GREAT" }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect((await refusal(stationParticipants(manager, f.sessionId, "nope"))).reason).toBe("evaluation_not_found");
  });
});

describe("permissions and tenants", () => {
  it("lets readers read, writers and realtime users correct, and nobody else write", async () => {
    const f = await makeAnsweredSession(manager);
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const realtime = await staffCtx(slug, ["ORGANIZATION_REALTIME_USER"]);
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    expect((await getParticipantCorrection(reader, f.sessionId, f.answered)).total).toBe(7);
    expect(await correctionProgress(reader, f.sessionId)).toHaveLength(2);
    expect(await stationProgress(reader, f.sessionId)).toHaveLength(2);
    for (const write of [
      submitAutoScoreEntries(reader, ref),
      submitCorrectionEntry(reader, { ...ref, ...stepOf(f, 0, 0, 0), score: 1 }),
      submitCorrectionComment(reader, { ...ref, comment: [] }),
      setLateAnswerAccepted(reader, { ...ref, ...stepOf(f, 0, 0, 2), accept: true }),
      markStation(reader, { ...ref, evaluation: f.evaluations[0], done: true }),
    ]) {
      expect((await refusal(write)).code).toBe("FORBIDDEN");
    }
    expect(
      await manager.tdb.db
        .select()
        .from(correctionEntries)
        .all()
        .then((r) => r.filter((x) => x.evaluationId === f.evaluations[0])),
    ).toHaveLength(0);
    await submitCorrectionEntry(writer, { ...ref, ...stepOf(f, 0, 0, 0), score: 1 });
    await submitCorrectionEntry(realtime, { ...ref, ...stepOf(f, 0, 0, 4), ticks: [true] });
    expect((await scores(f, f.answered))[0]![0]).toEqual([1, null, null, null, 1]);
    const participant = {
      ...manager,
      actor: { type: "USER" as const, participantId: f.answered, email: "p@x.test", name: "P" },
      permissions: [],
    };
    expect((await refusal(getParticipantCorrection(participant, f.sessionId, f.answered))).code).toBe("FORBIDDEN");
    expect((await refusal(submitAutoScoreEntries(participant, ref))).code).toBe("FORBIDDEN");
  });

  it("never reaches another tenant's sessions", async () => {
    const f = await makeAnsweredSession(manager);
    const other = await staffCtx((await makeTenant("corrections-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    // Every refusal is caught as soon as it is made: writes made together fail together.
    const refusals = [
      getParticipantCorrection(other, f.sessionId, f.answered),
      previewAutoScoreEntries(other, f.sessionId, f.answered),
      submitAutoScoreEntries(other, ref),
      submitCorrectionEntry(other, { ...ref, ...stepOf(f, 0, 0, 0), score: 1 }),
      submitCorrectionComment(other, { ...ref, comment: [] }),
      correctionProgress(other, f.sessionId),
      listCorrections(other, f.sessionId),
      stationProgress(other, f.sessionId),
      markStation(other, { ...ref, evaluation: f.evaluations[0], done: true }),
    ].map(refusal);
    for (const e of await Promise.all(refusals))
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "scheduled_session_not_found"]);
  });
});
