import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { participants } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { gql, loginOverGraphQL, RICH } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, SECRETS, type LiveFixture } from "./fixtures";

// The live operations through the real GraphQL endpoints (admin and user), with real logins.

process.env.PARTYKIT_HOST = "127.0.0.1:9"; // nothing listens: presence is unknown (null)
process.env.PARTYKIT_DISABLED = "true"; // no room: publishes are skipped (the seam still sees them)
let slug: string;
let admin: string;
let reader: string;
let users: string[];
let strangerCookie: string;
let ctx: Ctx;
let f: LiveFixture;

async function ok(area: "admin" | "user", cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(area, query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}
async function fails(area: "admin" | "user", cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql(area, query, variables, { cookie });
  expect(res.body.errors, JSON.stringify(res.body)).toBeTruthy();
  return res.body.errors![0]! as {
    message: string;
    extensions: { code: string; reason: string; fieldErrors?: Record<string, string> };
  };
}

const MY = `query($s: ID!) { myLiveSession(scheduledSession: $s) {
  scheduledSession reference sessionName sessionStatus sessionRevision status ready paused helpRequested allQuestionsInEvaluationShownByDefault
  evaluation { _id evaluationId name position count enableTimer } currentQuestion
  questions { _id name maxTime preparationInfo { ${RICH} } steps { index type question { ${RICH} } options imageUrl } }
  remainingSeconds deadline serverTime answers { evaluation question stepIndex answer { textValue numericValue booleanValue textlistValue numericlistValue } revision savedAt late } revision } }`;
const SAVE = `mutation($i: SaveAnswerInput!) { saveAnswer(input: $i) { revision late savedAt } }`;
const OVERRIDE_ALL = `mutation($s: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntries(scheduledSessionId: $s, input: { override: $o }) {
  participantId status remainingSeconds sessionOverrides { overrideType datetime evaluation question value { numericValue textValue } }
  sessionAnswers { answer { textlistValue } } sessionProgress { evaluation } } }`;

beforeAll(async () => {
  slug = (await makeTenant("live-gql")).tenant.slug;
  ctx = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(ctx, { participants: 3 });
  admin = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const r = await staffCtx(slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", slug, (r.actor as { email: string }).email);
  const emails = await Promise.all(
    f.people.map(
      async (id) => (await ctx.tdb.db.select().from(participants).where(eq(participants.id, id)).get())!.email,
    ),
  );
  users = await Promise.all(emails.slice(0, 2).map((e) => loginOverGraphQL("user", slug, e)));
  // The third participant leaves the session: signed in, but a stranger to it.
  await ok(
    "admin",
    admin,
    `mutation($id: ID!, $p: ID!) { removeParticipantFromScheduledSession(id: $id, participant: $p) { id } }`,
    { id: f.sessionId, p: f.people[2] },
  );
  strangerCookie = await loginOverGraphQL("user", slug, emails[2]!);
});

describe("live run over GraphQL", () => {
  it("issues realtime tokens to staff and to the session's participants", async () => {
    const TOKEN = `mutation($s: ID!) { getRealtimeToken(scheduledSession: $s) { token capability clientId issued expires host party room } }`;
    const staff = (await ok("admin", reader, TOKEN, { s: f.sessionId })).getRealtimeToken;
    expect(staff).toMatchObject({
      capability: "admin",
      party: "main",
      room: encodeURIComponent(`${slug}:${f.sessionId}`),
    });
    const mine = (await ok("user", users[0]!, TOKEN, { s: f.sessionId })).getRealtimeToken;
    expect([mine.capability, mine.clientId]).toEqual(["participant", f.people[0]]);
    expect((await fails("user", strangerCookie, TOKEN, { s: f.sessionId })).extensions.code).toBe("NOT_FOUND");
  });

  it("runs a session: ready, start, save, pause all, extend, help, finish, unlock, complete", async () => {
    const ready = (
      await ok(
        "user",
        users[0]!,
        `mutation($s: ID!) { setReady(scheduledSession: $s, ready: true) { status ready } }`,
        { s: f.sessionId },
      )
    ).setReady;
    expect(ready).toEqual({ status: "ready", ready: true });

    const refusedEarly = await fails("user", users[0]!, SAVE, {
      i: {
        scheduledSession: f.sessionId,
        evaluation: f.evaluations[0],
        question: f.questions[0]![0],
        stepIndex: 2,
        answer: { textValue: "x" },
        revision: 1,
      },
    });
    expect([refusedEarly.extensions.code, refusedEarly.extensions.reason]).toEqual([
      "BAD_REQUEST",
      "live_session_not_ongoing",
    ]);

    expect(
      (
        await fails("admin", reader, `mutation($id: ID!) { startScheduledSession(id: $id) { status } }`, {
          id: f.sessionId,
        })
      ).extensions.code,
    ).toBe("FORBIDDEN");
    const started = (
      await ok("admin", admin, `mutation($id: ID!) { startScheduledSession(id: $id) { _id status } }`, {
        id: f.sessionId,
      })
    ).startScheduledSession;
    expect(started.status).toBe("ONGOING");

    const saved = (
      await ok("user", users[0]!, SAVE, {
        i: {
          scheduledSession: f.sessionId,
          evaluation: f.evaluations[0],
          question: f.questions[0]![0],
          stepIndex: 0,
          answer: { textlistValue: ["Green"] },
          revision: 4,
        },
      })
    ).saveAnswer;
    expect(saved).toMatchObject({ revision: 4, late: false });
    const older = (
      await ok("user", users[0]!, SAVE, {
        i: {
          scheduledSession: f.sessionId,
          evaluation: f.evaluations[0],
          question: f.questions[0]![0],
          stepIndex: 0,
          answer: { textlistValue: ["Red"] },
          revision: 2,
        },
      })
    ).saveAnswer;
    expect(older).toMatchObject({ revision: 4, savedAt: saved.savedAt });

    const paused = (await ok("admin", admin, OVERRIDE_ALL, { s: f.sessionId, o: { overrideType: "SESSION_PAUSE" } }))
      .overrideScheduledSessionParticipantEntries;
    expect(
      paused.map((e: { sessionOverrides: Array<{ overrideType: string }> }) =>
        e.sessionOverrides.map((o) => o.overrideType),
      ),
    ).toEqual([["SESSION_PAUSE"], ["SESSION_PAUSE"]]);
    // Every entry's live fields, read together after the pause (the operation answers summaries).
    const answered = paused.flatMap((e: { sessionAnswers: Array<{ answer: { textlistValue: string[] | null } }> }) =>
      e.sessionAnswers.map((a) => a.answer.textlistValue),
    );
    expect(answered).toContainEqual(["Green"]);
    expect(paused.every((e: { sessionProgress: unknown[] }) => e.sessionProgress.length > 0)).toBe(true);
    let mine = (await ok("user", users[1]!, MY, { s: f.sessionId })).myLiveSession;
    expect(mine).toMatchObject({ paused: true, deadline: null });
    // Its position belongs to this session: the id names the session, evaluationId the evaluation.
    expect(f.evaluations).toContain(mine.evaluation.evaluationId);
    expect(mine.evaluation._id).toBe(`${f.sessionId}:${mine.evaluation.evaluationId}`);
    await ok("admin", admin, OVERRIDE_ALL, { s: f.sessionId, o: { overrideType: "SESSION_RESUME" } });

    const before = (await ok("user", users[1]!, MY, { s: f.sessionId })).myLiveSession;
    const extended = (
      await ok(
        "admin",
        admin,
        `mutation($s: ID!, $p: ID!, $o: OverrideInput!) { overrideScheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: $p, input: { override: $o }) { remainingSeconds sessionOverrides { overrideType value { numericValue } } } }`,
        {
          s: f.sessionId,
          p: f.people[1],
          o: { overrideType: "EXTEND_TIME", value: { numericValue: 300 } },
        },
      )
    ).overrideScheduledSessionParticipantEntry;
    expect(extended.sessionOverrides.at(-1)).toEqual({ overrideType: "EXTEND_TIME", value: { numericValue: 300 } });
    mine = (await ok("user", users[1]!, MY, { s: f.sessionId })).myLiveSession;
    expect(new Date(mine.deadline).getTime() - new Date(before.deadline).getTime()).toBe(300_000);

    const help = (
      await ok("user", users[1]!, `mutation($s: ID!) { requestHelp(scheduledSession: $s) { status helpRequested } }`, {
        s: f.sessionId,
      })
    ).requestHelp;
    expect(help).toEqual({ status: "help_requested", helpRequested: true });
    const board = (
      await ok(
        "admin",
        reader,
        `query($s: ID!) { liveDashboard(scheduledSessionId: $s) { status revision rows { participantId status helpRequested connected currentEvaluation { id name } currentQuestion { id name } remainingSeconds lateSaves answersSaved } preparation { evaluation name questions { id questionId name supplies preparationInfo { ${RICH} } } } } }`,
        { s: f.sessionId },
      )
    ).liveDashboard;
    expect(board.rows.map((r: { status: string }) => r.status)).toEqual(["started", "help_requested"]);
    expect(board.rows[0]).toMatchObject({ connected: null, answersSaved: 1, currentQuestion: { name: "All types" } });
    expect(board.preparation.map((p: { name: string }) => p.name)).toEqual(["Station one", "Station two"]);
    // A question's preparation is named by the session and evaluation too (one cache object per place).
    const prepared = board.preparation[0];
    expect(prepared.questions[0].id).toBe(`${f.sessionId}:${prepared.evaluation}:${prepared.questions[0].questionId}`);

    const FINISH = `mutation($s: ID!, $e: ID!, $q: ID) { finishQuestion(scheduledSession: $s, evaluation: $e, question: $q) { status currentQuestion } }`;
    await ok("user", users[0]!, FINISH, { s: f.sessionId, e: f.evaluations[0], q: f.questions[0]![0] });
    const waiting = (
      await ok("user", users[0]!, FINISH, { s: f.sessionId, e: f.evaluations[0], q: f.questions[0]![1] })
    ).finishQuestion;
    expect(waiting.status).toBe("waiting");
    const unlocked = (
      await ok(
        "admin",
        admin,
        `mutation($p: [ID!]!, $s: ID!) { unlockWaitingParticipants(participants: $p, scheduledSessionId: $s) }`,
        { p: f.people.slice(0, 2), s: f.sessionId },
      )
    ).unlockWaitingParticipants;
    expect(unlocked).toEqual([f.people[0]]);

    const entries = (
      await ok(
        "admin",
        admin,
        `query($s: ID!) { scheduledSessionParticipantEntries(scheduledSessionId: $s) { edges { node { participantId status sessionProgress { evaluation question sectionEnd } sessionAnswers { stepIndex answer { textlistValue } revision late } } } } }`,
        { s: f.sessionId },
      )
    ).scheduledSessionParticipantEntries;
    expect(entries.edges[0].node).toMatchObject({
      status: "started",
      sessionAnswers: [{ stepIndex: 0, answer: { textlistValue: ["Green"] }, revision: 4, late: false }],
    });

    const done = (
      await ok("admin", admin, `mutation($id: ID!) { completeScheduledSession(id: $id) { status } }`, {
        id: f.sessionId,
      })
    ).completeScheduledSession;
    expect(done.status).toBe("COMPLETED");
    // The room of a session that is over is closed to its participants; staff may still watch it.
    const TOKEN = `mutation($s: ID!) { getRealtimeToken(scheduledSession: $s) { token } }`;
    expect((await fails("user", users[0]!, TOKEN, { s: f.sessionId })).extensions).toMatchObject({
      code: "FORBIDDEN",
      reason: "realtime_auth_failed",
    });
    expect((await ok("admin", reader, TOKEN, { s: f.sessionId })).getRealtimeToken.token).toBeTruthy();
    const again = await fails("admin", admin, `mutation($id: ID!) { completeScheduledSession(id: $id) { status } }`, {
      id: f.sessionId,
    });
    expect(again.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "status_transition_not_allowed" });
    expect(again.message).toContain("Completed");
  });

  it("gives the participant's view without secrets, and refuses strangers with a translated NOT_FOUND", async () => {
    const res = await gql("user", MY, { s: f.sessionId }, { cookie: users[1]! });
    const text = JSON.stringify(res.body);
    for (const secret of SECRETS) expect(text, secret).not.toContain(secret);
    const e = await gql("user", MY, { s: f.sessionId }, { cookie: strangerCookie, locale: "nl-nl" });
    expect(e.body.errors![0]!.extensions).toMatchObject({
      code: "NOT_FOUND",
      reason: "scheduled_session_participant_entry_not_found",
    });
    const save = await gql(
      "user",
      SAVE,
      {
        i: {
          scheduledSession: f.sessionId,
          evaluation: f.evaluations[0],
          question: f.questions[0]![0],
          stepIndex: 2,
          answer: { textValue: "x" },
          revision: 1,
        },
      },
      { cookie: strangerCookie },
    );
    expect(save.body.errors![0]!.extensions).toMatchObject({ code: "NOT_FOUND" });
  });

  it("reads and writes the participant's extra time percentage", async () => {
    const UPDATE = `mutation($id: ID!, $i: ParticipantInput!) { updateParticipant(id: $id, input: $i) { _id extraTimePercent } }`;
    const p = (await ctx.tdb.db.select().from(participants).where(eq(participants.id, f.people[0]!)).get())!;
    const updated = (
      await ok("admin", admin, UPDATE, { id: p.id, i: { name: p.name, email: p.email, extraTimePercent: 25 } })
    ).updateParticipant;
    expect(updated.extraTimePercent).toBe(25);
    // Absent keeps it.
    expect(
      (await ok("admin", admin, UPDATE, { id: p.id, i: { name: p.name, email: p.email } })).updateParticipant
        .extraTimePercent,
    ).toBe(25);
    const refused = await fails("admin", admin, UPDATE, {
      id: p.id,
      i: { name: p.name, email: p.email, extraTimePercent: 301 },
    });
    expect(refused.extensions).toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { extraTimePercent: "Enter at most 300." },
    });
  });
});
