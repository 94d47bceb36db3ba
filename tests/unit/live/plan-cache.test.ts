import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluations, questions, scheduledSessions } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { myLiveSession, saveAnswer } from "~/modules/live/participant.server";
import { applyLiveOverride } from "~/modules/live/run.server";
import { readRevision } from "~db/tenant/revision";
import { findSession } from "~/modules/live/plan.server";
import { planAt } from "~/modules/live/live-state.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, STEPS, type LiveFixture } from "./fixtures";

// The run plan (template, evaluations, questions) is kept per open database at the database's
// revision (live-state.server.ts): live writes carry it forward, any other change moves the
// revision, so a changed question set is seen by the very next save.

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;
let f: LiveFixture;
let p1: Ctx;

const save = (stepIndex: number, revision: number, answer: Record<string, unknown>) =>
  saveAnswer(p1, {
    scheduledSession: f.sessionId,
    evaluation: f.evaluations[0],
    question: f.questions[0]![0],
    stepIndex,
    answer,
    revision,
  });
const planNow = async () =>
  planAt(
    manager.tdb,
    manager.tdb.db,
    await readRevision(manager.tdb.db),
    await findSession(manager.tdb.db, f.sessionId),
  );

beforeAll(async () => {
  const slug = (await makeTenant("live-plan-cache")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 2 });
  p1 = participantCtx(manager, f.people[0]!);
  await startScheduledSession(manager, f.sessionId);
});

describe("the kept run plan", () => {
  it("is reused across saves and other live writes", async () => {
    const before = await planNow();
    await save(2, 1, { textValue: "first" });
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" });
    const after = await planNow();
    expect(after.questions).toBe(before.questions);
  });

  it("sees a question whose steps changed at the next save", async () => {
    expect((await save(4, 1, { booleanValue: true })).stored).toBe(true);
    // The author drops the practical step (index 4) while the session runs.
    await manager.tdb.write((tx) =>
      tx
        .update(questions)
        .set({ steps: STEPS.slice(0, 4), rev: 2 })
        .where(eq(questions.id, f.questions[0]![0]!)),
    );
    const e = await refusal(save(4, 2, { booleanValue: false }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors).toHaveProperty("stepIndex");
    // And the participant's screen shows four steps.
    const live = await myLiveSession(p1, f.sessionId);
    expect(live.questions[0]!.steps.map((s) => s.type)).toEqual(["MULTIPLE_CHOICE", "NUMERIC", "TEXT", "HOTZONE"]);
  });

  it("sees a step type changed under the same index", async () => {
    // Step 1 becomes a text step: a number is no longer a valid answer, a text is.
    await manager.tdb.write((tx) =>
      tx
        .update(questions)
        .set({ steps: [STEPS[0], STEPS[2], STEPS[2], STEPS[3]], rev: 3 })
        .where(eq(questions.id, f.questions[0]![0]!)),
    );
    expect((await refusal(save(1, 10, { numericValue: 4 }))).code).toBe("BAD_REQUEST");
    expect((await save(1, 11, { textValue: "now a text" })).stored).toBe(true);
  });

  it("sees a question removed from the evaluation", async () => {
    await manager.tdb.write((tx) =>
      tx
        .update(evaluations)
        .set({ questionIds: [f.questions[0]![1]!] })
        .where(eq(evaluations.id, f.evaluations[0]!)),
    );
    expect((await planNow()).evaluations.get(f.evaluations[0]!)!.questionIds).toEqual([f.questions[0]![1]]);
  });

  it("takes the session's own options from its row on every call, not from the cache", async () => {
    const session = await findSession(manager.tdb.db, f.sessionId);
    await manager.tdb.write((tx) =>
      tx
        .update(scheduledSessions)
        .set({
          options: {
            ...session.options,
            enableAutoPauseOnHelpRequest: true,
            allQuestionsInEvaluationShownByDefault: false,
          },
        })
        .where(eq(scheduledSessions.id, f.sessionId)),
    );
    expect((await planNow()).options.enableAutoPauseOnHelpRequest).toBe(true);
  });
});
