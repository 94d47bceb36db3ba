import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addEvaluation, getEvaluation, updateEvaluation } from "~/modules/assessments/evaluations.server";
import { addQuestion, updateQuestion } from "~/modules/assessments/questions.server";
import { addSession } from "~/modules/assessments/sessions.server";
import type { LiveEvent } from "~/modules/live/events.server";
import { myLiveSession } from "~/modules/live/participant.server";
import { applyLiveOverride, liveDashboard } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { templateOverview } from "~/modules/scheduling/template-overview.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeParticipants } from "../scheduling/fixtures";
import { participantCtx } from "./fixtures";
import { onLiveEvent } from "./live-events";

vi.mock(import("~/modules/live/events.server"), async (importOriginal) =>
  (await import("./live-events")).withListeners(importOriginal),
);

// ADR 0031: an evaluation made without options runs its questions' time limits; an untimed one is
// an explicit choice, said on the plan screen and the dashboard, and a change while a session runs
// reaches the open screens (an event per participant) and the server's clock at once.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true"; // no room: the in-process seam sees what would be published

let slug: string;
let manager: Ctx;
let cookie: string;

beforeAll(async () => {
  slug = (await makeTenant("timed-default")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

const numericStep = (key: string) => ({
  key,
  type: "NUMERIC",
  score: 1,
  question: [{ type: "text", html: "<p>How many?</p>" }],
  answer: { numericValue: 4, numericlistValue: [0] },
});

/** As the README's walk does it: a question with a time limit, an evaluation and a template made without options, a session planned from it. */
async function readmeSession(maxTime = 300, participants = 2) {
  const question = await addQuestion(manager, { name: `Q ${maxTime}`, maxTime, steps: [numericStep("n")] });
  const evaluation = await addEvaluation(manager, { name: `Evaluation ${question._id}`, questions: [question._id] });
  const template = await addSession(manager, {
    name: `Template ${question._id}`,
    evaluations: [evaluation._id],
    passPercentage: 50,
  });
  const people = await makeParticipants(manager, participants, "timed");
  const session = await addScheduledSession(manager, {
    session: template._id,
    datetime: new Date(Date.now() + 3600_000),
    participants: people,
  });
  return { question, evaluation, template, people, sessionId: session._id };
}

async function ok(query: string, variables: Record<string, unknown>) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as Record<string, { _id: string; options: { enableTimer: boolean } }>;
}

describe("time limits run unless chosen off", () => {
  it("an evaluation added without options is timed; off is kept only when chosen, null is the default again", async () => {
    const question = await addQuestion(manager, { name: "Timed by default", maxTime: 60, steps: [numericStep("a")] });
    const plain = await addEvaluation(manager, { name: "No options", questions: [question._id] });
    expect(plain.options).toEqual({ enableTimer: true });
    expect(
      (await addEvaluation(manager, { name: "Empty options", questions: [question._id], options: {} })).options,
    ).toEqual({ enableTimer: true });
    const untimed = await addEvaluation(manager, {
      name: "Untimed on purpose",
      questions: [question._id],
      options: { enableTimer: false },
    });
    expect(untimed.options).toEqual({ enableTimer: false });
    // An update that leaves the option out keeps the choice; null clears it to the default.
    expect((await updateEvaluation(manager, untimed._id, { name: "Renamed" })).options).toEqual({ enableTimer: false });
    expect((await updateEvaluation(manager, untimed._id, { options: { enableTimer: null } })).options).toEqual({
      enableTimer: true,
    });
    const refused = await refusal(addEvaluation(manager, { name: "Bad", options: { enableTimer: "yes" } }));
    expect(refused.fieldErrors?.["options.enableTimer"]?.key).toBe("validation:invalid-choice");
  });

  it("addEvaluation over GraphQL without options is timed; enableTimer: false stays a choice", async () => {
    const add = `mutation($i: EvaluationInput!) { addEvaluation(input: $i) { _id options { enableTimer } } }`;
    const update = `mutation($id: ID!, $i: EvaluationInput!) { updateEvaluation(id: $id, input: $i) { _id options { enableTimer } } }`;
    const timed = (await ok(add, { i: { name: "GraphQL plain" } })).addEvaluation!;
    expect(timed.options.enableTimer).toBe(true);
    const untimed = (await ok(add, { i: { name: "GraphQL untimed", options: { enableTimer: false } } })).addEvaluation!;
    expect(untimed.options.enableTimer).toBe(false);
    expect(
      (await ok(update, { id: untimed._id, i: { name: "GraphQL untimed, renamed" } })).updateEvaluation!.options
        .enableTimer,
    ).toBe(false);
    expect(
      (await ok(update, { id: untimed._id, i: { name: "GraphQL timed again", options: { enableTimer: true } } }))
        .updateEvaluation!.options.enableTimer,
    ).toBe(true);
  });
});

describe("the deadline of a session set up as the README says", () => {
  it("has a countdown and a deadline from the start, with time left on the dashboard", async () => {
    const s = await readmeSession(300);
    const before = Date.now();
    await startScheduledSession(manager, s.sessionId);
    const mine = await myLiveSession(participantCtx(manager, s.people[0]!), s.sessionId);
    expect(mine.evaluation?.enableTimer).toBe(true);
    expect(mine.remainingSeconds).toBeGreaterThan(295);
    expect(mine.remainingSeconds).toBeLessThanOrEqual(300);
    expect(mine.deadline!.getTime()).toBeGreaterThanOrEqual(before + 299_000);
    expect(mine.deadline!.getTime()).toBeLessThanOrEqual(Date.now() + 300_000);
    const board = await liveDashboard(manager, s.sessionId);
    expect(board.rows.map((r) => [r.untimed, r.remainingSeconds !== null && r.remainingSeconds > 295])).toEqual([
      [false, true],
      [false, true],
    ]);
    expect(board.preparation.map((p) => p.timed)).toEqual([true]);
    expect((await templateOverview(manager, s.template._id)).evaluations.map((e) => e.timed)).toEqual([true]);
  });

  it("follows the option and the time limit while the session runs, and tells every open screen", async () => {
    const s = await readmeSession(300);
    await startScheduledSession(manager, s.sessionId);
    const events: LiveEvent[] = [];
    const stop = onLiveEvent((_tenant, session, event) => void (session === s.sessionId && events.push(event)));
    try {
      const lea = participantCtx(manager, s.people[0]!);
      // Turned off: no deadline any more, nothing to extend (refused with the reason), said on the dashboard.
      await updateEvaluation(manager, s.evaluation._id, { options: { enableTimer: false } });
      const toScreens = events.filter((e) => e.type === "plan.changed" && e.participantId);
      expect(toScreens.map((e) => e.participantId).sort()).toEqual([...s.people].sort());
      expect(toScreens.every((e) => typeof e.payload.reloadInMs === "number")).toBe(true);
      expect(events.some((e) => e.type === "plan.changed" && e.staffOnly)).toBe(true);
      const off = await myLiveSession(lea, s.sessionId);
      expect([off.evaluation?.enableTimer, off.remainingSeconds, off.deadline]).toEqual([false, null, null]);
      const extend = await refusal(
        applyLiveOverride(manager, s.sessionId, [s.people[0]!], {
          overrideType: "EXTEND_TIME",
          value: { numericValue: 300 },
        }),
      );
      expect([extend.code, extend.reason]).toEqual(["BAD_REQUEST", "live_no_time_limit"]);
      expect(manager.t(extend.messageKey, extend.values)).toContain(s.evaluation.name);
      const board = await liveDashboard(manager, s.sessionId);
      expect(board.rows.every((r) => r.untimed && r.deadline === null)).toBe(true);
      expect(board.preparation.map((p) => p.timed)).toEqual([false]);
      expect((await templateOverview(manager, s.template._id)).evaluations.map((e) => e.timed)).toEqual([false]);

      // On again: the deadline counts from the question's start as before.
      events.length = 0;
      await updateEvaluation(manager, s.evaluation._id, { options: { enableTimer: true } });
      expect(events.filter((e) => e.type === "plan.changed" && e.participantId)).toHaveLength(2);
      const on = await myLiveSession(lea, s.sessionId);
      expect(on.remainingSeconds).toBeGreaterThan(290);
      expect(on.remainingSeconds).toBeLessThanOrEqual(300);

      // A longer time limit moves the deadline, and the screens hear of it.
      events.length = 0;
      await updateQuestion(manager, s.question._id, { maxTime: 900 });
      expect(events.filter((e) => e.type === "plan.changed" && e.participantId)).toHaveLength(2);
      const longer = await myLiveSession(lea, s.sessionId);
      expect(longer.remainingSeconds).toBeGreaterThan(890);
      expect(longer.deadline!.getTime() - on.deadline!.getTime()).toBeGreaterThan(595_000);
      // An extension works again.
      await applyLiveOverride(manager, s.sessionId, [s.people[0]!], {
        overrideType: "EXTEND_TIME",
        value: { numericValue: 60 },
      });
      expect((await myLiveSession(lea, s.sessionId)).remainingSeconds).toBeGreaterThan(950);
    } finally {
      stop();
    }
  });

  it("tells no room when the evaluation is used by no running session", async () => {
    const s = await readmeSession(120, 1);
    const events: LiveEvent[] = [];
    const stop = onLiveEvent((_tenant, _session, event) => void events.push(event));
    try {
      await updateEvaluation(manager, s.evaluation._id, { options: { enableTimer: false } });
      expect(events).toEqual([]);
      expect((await getEvaluation(manager, s.evaluation._id)).options.enableTimer).toBe(false);
    } finally {
      stop();
    }
  });
});
