import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { submitAutoScoreEntries } from "~/modules/corrections/auto-score.server";
import { loadScoredParticipant } from "~/modules/corrections/scored-participant.server";
import { setLateAnswerAccepted, submitCorrectionEntry } from "~/modules/corrections/submit.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeAnsweredSession, type AnsweredSession } from "./fixtures";

// The contract for reports, built from the real answer store and correction rows.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;
let f: AnsweredSession;

beforeAll(async () => {
  slug = (await makeTenant("scored-participant")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeAnsweredSession(manager);
});

describe("loadScoredParticipant", () => {
  it("lists every step of every question taken, in the participant's order, with the answer that counts", async () => {
    const s = await loadScoredParticipant(manager, f.sessionId, f.answered);
    expect(s).toMatchObject({
      scheduledSessionId: f.sessionId,
      participantId: f.answered,
      sessionName: "Live run",
      passPercentage: 60,
      participantLanguage: "en-us",
      complete: false,
      comment: null,
    });
    expect(s.participantName).not.toBe("");
    expect(s.evaluations.map((e) => [e.name, e.questions.map((q) => q.steps.length)])).toEqual([
      ["Station one", [5, 1]],
      ["Station two", [1]],
    ]);
    const steps = s.evaluations[0]!.questions[0]!.steps;
    expect(steps.map((st) => st.type)).toEqual(["MULTIPLE_CHOICE", "NUMERIC", "TEXT", "HOTZONE", "PRACTICAL"]);
    expect(steps[0]).toMatchObject({ answer: { textlistValue: ["Green"] }, score: null, maxScore: 1, ticks: null });
    expect(steps[0]!.correctAnswer).toMatchObject({
      optionlistValue: [
        { value: "Red", valid: false },
        { value: "Green", valid: true },
      ],
    });
    expect(s.evaluations[0]!.questions[1]!.steps[0]).toMatchObject({ answer: null, score: null });
  });

  it("counts the in-time answer until staff accept the late one", async () => {
    const step = async () =>
      (await loadScoredParticipant(manager, f.sessionId, f.late)).evaluations[0]!.questions[0]!.steps[2]!;
    expect((await step()).answer).toEqual({ textValue: "in time" });
    await setLateAnswerAccepted(manager, {
      scheduledSession: f.sessionId,
      participant: f.late,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 2,
      accept: true,
    });
    expect((await step()).answer).toEqual({ textValue: "SECRET-TEXT-MODEL" });
    await setLateAnswerAccepted(manager, {
      scheduledSession: f.sessionId,
      participant: f.late,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 2,
      accept: false,
    });
    expect((await step()).answer).toEqual({ textValue: "in time" });
  });

  it("carries scores, ticks and comments, and is complete once every step is scored", async () => {
    const ref = { scheduledSession: f.sessionId, participant: f.answered };
    await submitAutoScoreEntries(manager, ref);
    await submitCorrectionEntry(manager, {
      ...ref,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 4,
      ticks: [true],
    });
    await submitCorrectionEntry(manager, {
      ...ref,
      evaluation: f.evaluations[1],
      question: f.questions[1]![0],
      stepIndex: 0,
      score: 0.5,
      comment: "Half of it",
    });
    const s = await loadScoredParticipant(manager, f.sessionId, f.answered);
    const steps = s.evaluations[0]!.questions[0]!.steps;
    expect(steps.map((st) => st.score)).toEqual([1, 1, 1, 1, 1]);
    expect(steps[4]!.ticks).toEqual([true]);
    expect(s.evaluations[0]!.questions[1]!.steps[0]!.score).toBe(0); // unanswered numeric
    expect(s.evaluations[1]!.questions[0]!.steps[0]).toMatchObject({ score: 0.5, comment: "Half of it" });
    expect(s.complete).toBe(true);
  });

  it("needs read access and stays within the tenant", async () => {
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    expect((await loadScoredParticipant(reader, f.sessionId, f.answered)).participantId).toBe(f.answered);
    const other = await staffCtx((await makeTenant("scored-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    expect((await refusal(loadScoredParticipant(other, f.sessionId, f.answered))).reason).toBe(
      "scheduled_session_not_found",
    );
    expect((await refusal(loadScoredParticipant(manager, f.sessionId, "nobody"))).reason).toBe(
      "scheduled_session_participant_correction_not_found",
    );
    const noOne = { ...manager, actor: { type: "ANONYMOUS" as const }, permissions: [] };
    expect((await refusal(loadScoredParticipant(noOne, f.sessionId, f.answered))).code).toBe("UNAUTHORIZED");
  });
});
