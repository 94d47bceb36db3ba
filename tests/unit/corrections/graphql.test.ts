import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { gql, loginOverGraphQL, RICH } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeAnsweredSession, type AnsweredSession } from "./fixtures";

// The corrections operations through the real admin GraphQL endpoint, with real logins.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let admin: string;
let reader: string;
let ctx: Ctx;
let f: AnsweredSession;

async function ok(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as Record<string, any>;
}

const CORRECTION = `_id participant participantName scored total complete completedAt comment { ${RICH} }
  corrections { evaluation question stepIndex type answer { textValue textlistValue numericValue numericlistValue } lateAnswer { textValue } lateAccepted score maxScore comment ticks criteria { label weight } autoScored suggestedScore }
  evaluations { id name globalRating markComment markedAt questions { id name steps { stepIndex score } } }`;

beforeAll(async () => {
  slug = (await makeTenant("corrections-gql")).tenant.slug;
  ctx = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeAnsweredSession(ctx);
  admin = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const r = await staffCtx(slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", slug, (r.actor as { email: string }).email);
});

describe("corrections over GraphQL", () => {
  it("reads a correction, previews and submits auto-scores, a manual entry, a comment and a station mark", async () => {
    const vars = { s: f.sessionId, p: f.answered };
    const read = await ok(
      reader,
      `query($s: ID!, $p: ID!) { scheduledSessionParticipantCorrection(scheduledSessionId: $s, participantId: $p) { ${CORRECTION} } }`,
      vars,
    );
    const c = read.scheduledSessionParticipantCorrection;
    // The id is there before anything is saved, and stays when something is (a client's cache key).
    expect(c).toMatchObject({
      _id: `${f.sessionId}:${f.answered}`,
      participant: f.answered,
      scored: 0,
      total: 7,
      complete: false,
      comment: [],
    });
    expect(c.corrections[0]).toMatchObject({
      type: "MULTIPLE_CHOICE",
      answer: { textlistValue: ["Green"] },
      score: null,
      suggestedScore: 1,
      maxScore: 1,
    });

    const preview = await ok(
      reader,
      `query($s: ID!, $p: ID!) { autoScorePreview(scheduledSessionId: $s, participantId: $p) { evaluation question stepIndex autoScore maxScore previous } }`,
      vars,
    );
    expect(preview.autoScorePreview).toHaveLength(5);

    const auto = await ok(
      admin,
      `mutation($s: ID!, $p: ID!, $e: [AutoScoreEntryInput!]) { submitAutoScoreEntries(scheduledSession: $s, participant: $p, entries: $e) { scored corrections { score autoScored } } }`,
      {
        ...vars,
        e: preview.autoScorePreview.map(({ maxScore: _m, previous: _p, ...e }: Record<string, unknown>) => e),
      },
    );
    expect(auto.submitAutoScoreEntries.scored).toBe(5);

    const entry = await ok(
      admin,
      `mutation($s: ID!, $p: ID!, $i: CorrectionEntryInput!) { submitCorrectionEntry(scheduledSession: $s, participant: $p, input: $i) { scored complete corrections { stepIndex ticks score comment } } }`,
      {
        ...vars,
        i: {
          evaluation: f.evaluations[0],
          question: f.questions[0]![0],
          stepIndex: 4,
          ticks: [true],
          comment: "Tidy",
          revision: 1,
        },
      },
    );
    expect(entry.submitCorrectionEntry.corrections[4]).toMatchObject({ ticks: [true], score: 1, comment: "Tidy" });

    const comment = await ok(
      admin,
      `mutation($s: ID!, $p: ID!, $c: [RichBlockInput!]!) { submitCorrectionComment(scheduledSession: $s, participant: $p, comment: $c) { _id comment { ${RICH} } } }`,
      {
        ...vars,
        c: [{ type: "text", html: "<p>Well done<script>x()</script></p>" }],
      },
    );
    expect(comment.submitCorrectionComment.comment).toEqual([{ type: "text", html: "<p>Well done</p>" }]);
    expect(comment.submitCorrectionComment._id).toBe(c._id);

    const mark = await ok(
      admin,
      `mutation($s: ID!, $p: ID!, $i: StationMarkInput!) { markStation(scheduledSession: $s, participant: $p, input: $i) { evaluations { id globalRating markComment markedAt } } }`,
      { ...vars, i: { evaluation: f.evaluations[0], globalRating: "CLEAR_PASS", comment: "Confident", done: true } },
    );
    expect(mark.markStation.evaluations[0]).toMatchObject({ globalRating: "CLEAR_PASS", markComment: "Confident" });

    const stations = await ok(
      reader,
      `query($s: ID!, $e: ID!) { stationProgress(scheduledSessionId: $s) { name marked total } stationParticipants(scheduledSessionId: $s, evaluationId: $e) { participants { participantId position live markedAt globalRating } } }`,
      {
        s: f.sessionId,
        e: f.evaluations[0],
      },
    );
    expect(stations.stationProgress[0]).toEqual({ name: "Station one", marked: 1, total: 2 });
    expect(stations.stationParticipants.participants[0]).toMatchObject({
      participantId: f.answered,
      position: 1,
      globalRating: "CLEAR_PASS",
    });

    const list = await ok(
      reader,
      `query($s: ID!) { scheduledSessionParticipantCorrections(scheduledSessionId: $s, first: 1) { edges { node { participant scored } } pageInfo { totalCount hasNextPage } } correctionProgress(scheduledSessionId: $s) { participantId status scored total } }`,
      {
        s: f.sessionId,
      },
    );
    expect(list.scheduledSessionParticipantCorrections).toEqual({
      edges: [{ node: { participant: f.answered, scored: 6 } }],
      pageInfo: { totalCount: 2, hasNextPage: true },
    });
    expect(list.correctionProgress[0]).toEqual({ participantId: f.answered, status: "active", scored: 6, total: 7 });
  });

  it("answers refusals with the spec's codes and translated messages", async () => {
    const bad = await gql(
      "admin",
      `mutation($s: ID!, $p: ID!, $i: CorrectionEntryInput!) { submitCorrectionEntry(scheduledSession: $s, participant: $p, input: $i) { scored } }`,
      {
        s: f.sessionId,
        p: f.answered,
        i: { evaluation: f.evaluations[0], question: f.questions[0]![0], stepIndex: 2, score: 3 },
      },
      { cookie: admin, locale: "nl-nl" },
    );
    expect(bad.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "validation_failed" });
    expect(JSON.stringify(bad.body.errors![0])).toContain("Geef een score van 0 tot 1.");
    const forbidden = await gql(
      "admin",
      `mutation($s: ID!, $p: ID!) { submitAutoScoreEntries(scheduledSession: $s, participant: $p) { scored } }`,
      { s: f.sessionId, p: f.answered },
      { cookie: reader },
    );
    expect(forbidden.body.errors![0]!.extensions).toMatchObject({ code: "FORBIDDEN" });
    const missing = await gql(
      "admin",
      `query($s: ID!, $p: ID!) { scheduledSessionParticipantCorrection(scheduledSessionId: $s, participantId: $p) { total } }`,
      { s: f.sessionId, p: "nobody" },
      { cookie: reader },
    );
    expect(missing.body.errors![0]!.extensions).toMatchObject({
      code: "NOT_FOUND",
      reason: "scheduled_session_participant_correction_not_found",
    });
  });
});
