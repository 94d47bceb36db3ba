import { beforeAll, describe, expect, it } from "vitest";
import { liveAnswers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import {
  finishQuestion,
  myLiveSession,
  participantRealtimeToken,
  requestHelp,
  saveAnswer,
  setReady,
} from "~/modules/live/participant.server";
import { liveDashboard, staffRealtimeToken } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { getParticipantEntry } from "~/modules/scheduling/entries.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, rewindOpenSection, SECRETS, type LiveFixture } from "./fixtures";

// The answer store: idempotent saves, late saves kept and flagged, refusals that store nothing,
// what a participant may see, and isolation between participants and tenants.

process.env.PARTYKIT_HOST = "127.0.0.1:9"; // nothing listens: presence is unknown (null)
process.env.PARTYKIT_DISABLED = "true"; // no room: publishes are skipped (the seam still sees them)
let manager: Ctx;
let f: LiveFixture;
let p1: Ctx;
let p2: Ctx;

const save = (ctx: Ctx, over: Record<string, unknown>) =>
  saveAnswer(ctx, {
    scheduledSession: f.sessionId,
    evaluation: f.evaluations[0],
    question: f.questions[0]![0],
    stepIndex: 2,
    answer: { textValue: "x" },
    revision: 1,
    ...over,
  });
const storedCount = async () => (await manager.tdb.db.select().from(liveAnswers).all()).length;

beforeAll(async () => {
  const slug = (await makeTenant("live-answers")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 3 });
  p1 = participantCtx(manager, f.people[0]!);
  p2 = participantCtx(manager, f.people[1]!);
});

describe("before the start", () => {
  it("refuses a save while the session is SCHEDULED and stores nothing", async () => {
    const e = await refusal(save(p1, {}));
    expect([e.code, e.reason]).toEqual(["BAD_REQUEST", "live_session_not_ongoing"]);
    expect(p1.t(e.messageKey)).toMatch(/not running/);
    expect(await storedCount()).toBe(0);
  });

  it("shows no question before the start", async () => {
    const mine = await setReady(p1, f.sessionId, true);
    expect(mine).toMatchObject({ status: "ready", sessionStatus: "SCHEDULED", questions: [], evaluation: null });
  });
});

describe("saving answers", () => {
  beforeAll(async () => {
    await startScheduledSession(manager, f.sessionId);
  });

  it("keeps the highest revision: out of order and duplicate saves are acknowledged without change", async () => {
    const r3 = await save(p1, { answer: { textValue: "third" }, revision: 3 });
    expect(r3).toMatchObject({ revision: 3, late: false, stored: true });
    const r2 = await save(p1, { answer: { textValue: "second" }, revision: 2 });
    expect(r2).toMatchObject({ revision: 3, stored: false });
    const dup = await save(p1, { answer: { textValue: "third, again" }, revision: 3 });
    expect(dup).toMatchObject({ revision: 3, stored: false });
    let mine = await myLiveSession(p1, f.sessionId);
    expect(mine.answers.filter((a) => a.stepIndex === 2).map((a) => [a.answer, a.revision])).toEqual([
      [{ textValue: "third" }, 3],
    ]);
    await save(p1, { answer: { textValue: "fifth" }, revision: 5 });
    mine = await myLiveSession(p1, f.sessionId);
    expect(mine.answers.find((a) => a.stepIndex === 2)).toMatchObject({
      answer: { textValue: "fifth" },
      revision: 5,
      late: false,
    });
  });

  it("concurrent saves of many revisions end with the highest", async () => {
    const revisions = Array.from({ length: 20 }, (_, i) => i + 10).sort(() => Math.random() - 0.5);
    await Promise.all(revisions.map((r) => save(p1, { stepIndex: 1, answer: { numericValue: r }, revision: r })));
    const mine = await myLiveSession(p1, f.sessionId);
    expect(mine.answers.find((a) => a.stepIndex === 1)).toMatchObject({ answer: { numericValue: 29 }, revision: 29 });
  });

  it("accepts each step type's participant answer and refuses wrong shapes with field errors", async () => {
    const ok = [
      { stepIndex: 0, answer: { textlistValue: ["Green"] } },
      { stepIndex: 1, answer: { numericValue: 12.5 } },
      { stepIndex: 2, answer: { textValue: "because" } },
      { stepIndex: 3, answer: { numericlistValue: [0.25, 0.75] } },
      { stepIndex: 4, answer: { booleanValue: true } },
    ];
    for (const [i, a] of ok.entries()) expect((await save(p2, { ...a, revision: 100 + i })).stored).toBe(true);
    const bad = [
      { stepIndex: 0, answer: { textlistValue: ["Purple"] }, field: "answer.textlistValue" },
      { stepIndex: 1, answer: { textValue: "twelve" }, field: "answer.numericValue" },
      { stepIndex: 3, answer: { numericlistValue: [1.5, 0.2] }, field: "answer.numericlistValue.0" },
      { stepIndex: 4, answer: { booleanlistValue: [true] }, field: "answer.booleanValue" },
      { stepIndex: 9, answer: { textValue: "no such step" }, field: "stepIndex" },
    ];
    for (const b of bad) {
      const e = await refusal(save(p2, { stepIndex: b.stepIndex, answer: b.answer, revision: 999 }));
      expect([e.code, Object.keys(e.fieldErrors ?? {})], JSON.stringify(b)).toEqual([
        "BAD_REQUEST",
        expect.arrayContaining([b.field]),
      ]);
    }
    const mine = await myLiveSession(p2, f.sessionId);
    expect(mine.answers.map((a) => a.revision).sort()).toEqual([100, 101, 102, 103, 104]);
  });

  it("refuses a question that is not the participant's current one", async () => {
    const before = await storedCount();
    const e = await refusal(
      save(p1, { question: f.questions[0]![1], stepIndex: 0, answer: { numericValue: 1 }, revision: 1 }),
    );
    expect([e.code, e.reason]).toEqual(["BAD_REQUEST", "live_question_not_current"]);
    const other = await refusal(
      save(p1, { evaluation: f.evaluations[1], question: f.questions[1]![0], stepIndex: 0, revision: 1 }),
    );
    expect(other.reason).toBe("live_question_not_current");
    expect(await storedCount()).toBe(before);
  });

  it("stores a save after the deadline flagged late with the time received, and keeps the in-time answer beside it", async () => {
    const p3 = participantCtx(manager, f.people[2]!);
    await save(p3, { answer: { textValue: "in time" }, revision: 1 });
    await rewindOpenSection(manager, f.sessionId, f.people[2]!, 700); // 600 s question, 100 s over
    expect((await myLiveSession(p3, f.sessionId)).status).toBe("time_up");
    const late = await save(p3, { answer: { textValue: "too late" }, revision: 2 });
    expect(late).toMatchObject({ revision: 2, late: true, stored: true });
    expect(late.receivedAt).toBeInstanceOf(Date);
    await save(p3, { answer: { textValue: "later still" }, revision: 3 });
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[2]!);
    expect(entry.sessionAnswers[0]).toMatchObject({
      answer: { textValue: "later still" },
      revision: 3,
      late: true,
      inTimeAnswer: { textValue: "in time" },
      inTimeRevision: 1,
    });
    expect((await liveDashboard(manager, f.sessionId)).rows[2]).toMatchObject({ status: "time_up", lateSaves: 1 });
  });
});

describe("a retry after the question closed", () => {
  it("acknowledges what is stored for an equal or older revision, and refuses a newer one", async () => {
    const g = await makeLiveSession(manager, { participants: 1 });
    await startScheduledSession(manager, g.sessionId);
    const p = participantCtx(manager, g.people[0]!);
    const input = {
      scheduledSession: g.sessionId,
      evaluation: g.evaluations[0],
      question: g.questions[0]![0],
      stepIndex: 2,
      answer: { textValue: "kept" },
      revision: 4,
    };
    expect(await saveAnswer(p, input)).toMatchObject({ revision: 4, stored: true });
    await finishQuestion(p, g.sessionId, g.evaluations[0]!, g.questions[0]![0]!);
    // The browser never heard the acknowledgement and sends it again: answered, not refused.
    expect(await saveAnswer(p, input)).toMatchObject({ revision: 4, stored: false, late: false });
    expect(await saveAnswer(p, { ...input, revision: 3, answer: { textValue: "older" } })).toMatchObject({
      revision: 4,
      stored: false,
    });
    // Even a retry whose answer no longer passes is answered with what is stored.
    expect(await saveAnswer(p, { ...input, answer: { numericValue: 1 } })).toMatchObject({
      revision: 4,
      stored: false,
    });
    const newer = await refusal(saveAnswer(p, { ...input, revision: 5, answer: { textValue: "too late to change" } }));
    expect(newer.reason).toBe("live_question_not_current");
    const entry = await getParticipantEntry(manager, g.sessionId, g.people[0]!);
    expect(entry.sessionAnswers.map((a) => [a.answer, a.revision])).toEqual([[{ textValue: "kept" }, 4]]);
  });
});

describe("what a participant sees", () => {
  it("contains no correct answers, option validity, zones or checklist criteria of any step type", async () => {
    const mine = await myLiveSession(p1, f.sessionId);
    expect(mine.questions[0]!.steps.map((s) => s.type)).toEqual([
      "MULTIPLE_CHOICE",
      "NUMERIC",
      "TEXT",
      "HOTZONE",
      "PRACTICAL",
    ]);
    expect(mine.questions[0]!.steps[0]!.options).toEqual(["Red", "Green"]);
    expect(mine.questions[0]!.steps[3]!.imageUrl).toBe("/api/assets/valve.png");
    const text = JSON.stringify(mine);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    // Nor anything of other participants.
    expect(text).not.toContain(f.people[1]);
    expect(text).not.toContain("because");
  });

  it("shows every question of the evaluation at once with allQuestionsInEvaluationShownByDefault, on one clock", async () => {
    const g = await makeLiveSession(manager, { allQuestionsInEvaluationShownByDefault: true });
    await startScheduledSession(manager, g.sessionId);
    const p = participantCtx(manager, g.people[0]!);
    const mine = await myLiveSession(p, g.sessionId);
    expect(mine.questions.map((q) => q._id)).toEqual(g.questions[0]);
    expect(mine.currentQuestion).toBeNull();
    expect(mine.remainingSeconds).toBeGreaterThan(890); // 600 + 300
    const text = JSON.stringify(mine);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    // Answers to any question of the open evaluation are accepted.
    expect(
      (
        await saveAnswer(p, {
          scheduledSession: g.sessionId,
          evaluation: g.evaluations[0],
          question: g.questions[0]![1],
          stepIndex: 0,
          answer: { numericValue: 3 },
          revision: 1,
        })
      ).stored,
    ).toBe(true);
    const done = await finishQuestion(p, g.sessionId, g.evaluations[0]!, null);
    expect(done.status).toBe("waiting");
  });
});

describe("isolation", () => {
  it("a participant not in the session gets NOT_FOUND for every operation, and nothing is stored", async () => {
    const [stranger] = await (await import("../scheduling/fixtures")).makeParticipants(manager, 1, "stranger");
    const s = participantCtx(manager, stranger!);
    const before = await storedCount();
    // One after the other: each call is made only when the previous refusal was seen.
    for (const attempt of [
      () => save(s, { revision: 50 }),
      () => myLiveSession(s, f.sessionId),
      () => setReady(s, f.sessionId, true),
      () => finishQuestion(s, f.sessionId, f.evaluations[0]!, f.questions[0]![0]!),
      () => requestHelp(s, f.sessionId),
      () => participantRealtimeToken(s, f.sessionId),
    ]) {
      const e = await refusal(attempt());
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "scheduled_session_participant_entry_not_found"]);
    }
    expect(await storedCount()).toBe(before);
  });

  it("participant P only ever writes and reads their own entry", async () => {
    await save(p2, { answer: { textValue: "p2 only" }, revision: 500 });
    const p1View = await myLiveSession(p1, f.sessionId);
    expect(JSON.stringify(p1View)).not.toContain("p2 only");
    const p2Entry = await getParticipantEntry(manager, f.sessionId, f.people[1]!);
    const p1Entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(p2Entry.sessionAnswers.some((a) => a.answer.textValue === "p2 only")).toBe(true);
    expect(p1Entry.sessionAnswers.some((a) => a.answer.textValue === "p2 only")).toBe(false);
  });

  it("another tenant's staff and participants cannot see or touch this tenant's session", async () => {
    const otherSlug = (await makeTenant("live-answers-y")).tenant.slug;
    const otherStaff = await staffCtx(otherSlug, ["ORGANIZATION_MANAGER"]);
    const foreign = participantCtx(otherStaff, f.people[0]!); // same participant id, other tenant
    // One after the other: each call is made only when the previous refusal was seen.
    for (const attempt of [
      () => save(foreign, { revision: 900 }),
      () => myLiveSession(foreign, f.sessionId),
      () => requestHelp(foreign, f.sessionId),
      () => participantRealtimeToken(foreign, f.sessionId),
      () => startScheduledSession(otherStaff, f.sessionId),
      () => liveDashboard(otherStaff, f.sessionId),
      () => staffRealtimeToken(otherStaff, f.sessionId),
    ]) {
      const e = await refusal(attempt());
      expect([e.code, e.reason]).toEqual(["NOT_FOUND", "scheduled_session_not_found"]);
    }
    expect((await myLiveSession(p1, f.sessionId)).answers.some((a) => a.revision === 900)).toBe(false);
  });

  it("staff get admin tokens and participants participant tokens for this session's room only", async () => {
    const admin = await staffRealtimeToken(manager, f.sessionId);
    const mine = await participantRealtimeToken(p1, f.sessionId);
    expect([admin.capability, mine.capability, mine.clientId]).toEqual(["admin", "participant", f.people[0]]);
    expect(decodeURIComponent(mine.room)).toBe(`${manager.tenant.slug}:${f.sessionId}`);
    expect((await refusal(staffRealtimeToken(p1, f.sessionId))).code).toBe("FORBIDDEN");
    expect((await refusal(myLiveSession(manager, f.sessionId))).code).toBe("UNAUTHORIZED");
  });
});
