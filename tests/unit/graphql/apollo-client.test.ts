import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ApolloClient, gql as apollo, HttpLink, InMemoryCache, type NormalizedCacheObject } from "@apollo/client/core";
import { loadDevMessages, loadErrorMessages } from "@apollo/client/dev";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { apiRoutes } from "~/api/routes.server";
import { participantById } from "~/modules/databases/index.server";
import { createApiLane } from "~/server/api-lane";
import { apiSecurityHeaders } from "~/server/security";
import possibleTypes from "../../../schema/possible-types.json";
import { scoredSession, scoreParticipant } from "../reports/support";
import type { LiveFixture } from "../live/fixtures";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// A partner's client: Apollo Client with its normalised InMemoryCache and the published
// possibleTypes (schema/possible-types.json), over HTTP to the app's own API lane. Two
// participants' reports and corrections share evaluations, questions and categories; each must
// read back as it is, and the cache must not warn about anything.

loadDevMessages();
loadErrorMessages();

let server: Server;
let base: string;
let live: LiveFixture;
let adminCookie: string;
let userCookie: string;
const warnings: unknown[][] = [];

beforeAll(async () => {
  const build = { entry: { module: { apiRoutes } } } as unknown as ServerBuild;
  const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(false) });
  server = createServer((req, res) => {
    if (!lane(req, res)) res.writeHead(404).end();
  }).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  // Participant 0: 1, 0, 0.5, 1, 1 | 1 | 0 ; participant 1 the other way round.
  live = await scoredSession(ctx, [1, 0, 0.5, 1, 1, 1, 0]);
  await scoreParticipant(ctx, live, live.people[1]!, [0, 1, 0, 0, 0, 0, 1]);
  adminCookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
  for (const participant of live.people) {
    const made = await gql(
      "admin",
      `mutation($p: ID!, $s: ID!) { createSessionReport(participant: $p, scheduledSession: $s) { _id } }`,
      { p: participant, s: live.sessionId },
      { cookie: adminCookie },
    );
    expect(made.body.errors).toBeUndefined();
    const released = await gql(
      "admin",
      `mutation($id: ID!) { saveParticipantReport(id: $id, input: { draft: false }) { _id } }`,
      { id: made.body.data.createSessionReport._id },
      { cookie: adminCookie },
    );
    expect(released.body.errors).toBeUndefined();
  }
  const first = await participantById(ctx, live.people[0]!);
  userCookie = await loginOverGraphQL("user", tenant.slug, first.email);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  warnings.length = 0;
  for (const level of ["warn", "error"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void warnings.push([level, ...args]));
});
afterEach(() => vi.restoreAllMocks());

function client(area: "admin" | "user"): ApolloClient<NormalizedCacheObject> {
  return new ApolloClient({
    link: new HttpLink({
      uri: `${base}/api/${area}/graphql`,
      headers: { Cookie: area === "admin" ? adminCookie : userCookie },
    }),
    cache: new InMemoryCache({ possibleTypes: possibleTypes[area] }),
  });
}

const RICH = `fragment Rich on RichBlock { __typename ... on RichTextBlock { type html } ... on RichImageBlock { type url alt } }`;
const ANSWER = `fragment AnswerValues on Answer {
  textValue numericValue booleanValue textlistValue numericlistValue booleanlistValue
  optionlistValue { value valid } blocklistValue { shape x y r w h points }
}`;
// Both layout blocks' source in one selection: refused when they had two types under one name.
const BLOCK = `fragment Block on SessionReportLayoutBlock {
  __typename ... on ChartBlock { chartType source } ... on CommentsBlock { source }
  ... on EvaluationDetailsBlock { showQuestions } ... on SummaryBlock { displayNumericScore }
}`;
const REPORT_DATA = `data {
  participantName totalScore { score maxScore } sessionComment { ...Rich }
  evaluations { id evaluationId name score { score maxScore }
    questions { id questionId name score { score maxScore }
      steps { type question { ...Rich } answer { ...AnswerValues } correctAnswer { ...AnswerValues } score { score maxScore } scored } } }
  summaryInfo { perCategory { id subjectId name score { score maxScore } } perEvaluation { id subjectId name score { score maxScore } } }
}`;

const REPORT = apollo`
  query Report($s: ID!, $p: ID!) {
    scheduledSessionReport(scheduledSessionId: $s, participantId: $p) {
      _id participantId layout { ...Block } ${REPORT_DATA}
    }
  }
  ${RICH} ${ANSWER} ${BLOCK}
`;

const CORRECTION = apollo`
  query Correction($s: ID!, $p: ID!) {
    scheduledSessionParticipantCorrection(scheduledSessionId: $s, participantId: $p) {
      _id participant scored total comment { ...Rich }
      evaluations { id evaluationId name questions { id questionId name steps { stepIndex type score maxScore answer { ...AnswerValues } } } }
    }
  }
  ${RICH} ${ANSWER}
`;

const MINE = apollo`
  query Mine {
    profile { _id tenant userInfo { _id sub email } }
    mySessionReports { _id layout { ...Block } ${REPORT_DATA} }
  }
  ${RICH} ${ANSWER} ${BLOCK}
`;

type Score = { score: number; maxScore: number };
type ReportRead = {
  _id: string;
  data: {
    totalScore: Score;
    evaluations: Array<{
      id: string;
      evaluationId: string;
      score: Score;
      questions: Array<{ id: string; score: Score }>;
    }>;
    summaryInfo: { perCategory: Array<{ subjectId: string; score: Score }> };
  };
};

/** The same query answered by the server now, without any cache. */
async function fresh(area: "admin" | "user", query: string, variables: Record<string, unknown>) {
  const res = await gql(area, query, variables, { cookie: area === "admin" ? adminCookie : userCookie });
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
}
const text = (document: typeof REPORT) => document.loc!.source.body;
/** A value without the __typename fields Apollo adds, to compare with what the server answers. */
const plain = (value: unknown): any =>
  JSON.parse(JSON.stringify(value, (k, v) => (k === "__typename" ? undefined : v)));

describe("Apollo Client with a normalised cache", () => {
  it("keeps two participants' reports apart (the second used to overwrite the first)", async () => {
    const apolloClient = client("admin");
    const read = async (p: string) =>
      plain((await apolloClient.query({ query: REPORT, variables: { s: live.sessionId, p } })).data)
        .scheduledSessionReport as ReportRead;
    const first = await read(live.people[0]!);
    const second = await read(live.people[1]!);
    // They share evaluations, questions and categories, with other scores.
    expect(first.data.evaluations.map((e) => e.evaluationId)).toEqual(
      second.data.evaluations.map((e) => e.evaluationId),
    );
    expect(first.data.evaluations[0]!.score).toEqual({ score: 4.5, maxScore: 6 });
    expect(second.data.evaluations[0]!.score).toEqual({ score: 1, maxScore: 6 });
    expect(first.data.totalScore).toEqual({ score: 4.5, maxScore: 7 });
    expect(second.data.totalScore).toEqual({ score: 2, maxScore: 7 });

    // After the second read, the first still reads back from the cache as the server says it is.
    const cached = plain(
      apolloClient.readQuery({ query: REPORT, variables: { s: live.sessionId, p: live.people[0] } }),
    );
    expect(cached.scheduledSessionReport).toEqual(first);
    const server = await fresh("admin", text(REPORT), { s: live.sessionId, p: live.people[0] });
    expect(cached.scheduledSessionReport).toEqual(plain(server.scheduledSessionReport));
    expect(
      plain(apolloClient.readQuery({ query: REPORT, variables: { s: live.sessionId, p: live.people[1] } })),
    ).toEqual({
      scheduledSessionReport: second,
    });
    expect(warnings).toEqual([]);
  });

  it("keeps two participants' corrections apart", async () => {
    const apolloClient = client("admin");
    const read = async (p: string) =>
      plain((await apolloClient.query({ query: CORRECTION, variables: { s: live.sessionId, p } })).data)
        .scheduledSessionParticipantCorrection;
    const first = await read(live.people[0]!);
    const second = await read(live.people[1]!);
    const stepScores = (c: typeof first) =>
      c.evaluations.flatMap((e: { questions: Array<{ steps: Array<{ score: number }> }> }) =>
        e.questions.flatMap((q) => q.steps.map((s) => s.score)),
      );
    expect(stepScores(first)).toEqual([1, 0, 0.5, 1, 1, 1, 0]);
    expect(stepScores(second)).toEqual([0, 1, 0, 0, 0, 0, 1]);
    expect(first._id).not.toBe(second._id);

    const cached = plain(
      apolloClient.readQuery({ query: CORRECTION, variables: { s: live.sessionId, p: live.people[0] } }),
    );
    expect(stepScores(cached.scheduledSessionParticipantCorrection)).toEqual([1, 0, 0.5, 1, 1, 1, 0]);
    expect(cached.scheduledSessionParticipantCorrection).toEqual(
      plain(
        (await fresh("admin", text(CORRECTION), { s: live.sessionId, p: live.people[0] }))
          .scheduledSessionParticipantCorrection,
      ),
    );
    expect(warnings).toEqual([]);
  });

  it("reads the reports and then the corrections in one cache, and a participant's own on the user API", async () => {
    const admin = client("admin");
    for (const p of live.people) await admin.query({ query: REPORT, variables: { s: live.sessionId, p } });
    for (const p of live.people) await admin.query({ query: CORRECTION, variables: { s: live.sessionId, p } });
    const report = plain(admin.readQuery({ query: REPORT, variables: { s: live.sessionId, p: live.people[0] } }));
    expect((report.scheduledSessionReport as ReportRead).data.totalScore).toEqual({ score: 4.5, maxScore: 7 });

    const user = client("user");
    const mine = plain((await user.query({ query: MINE })).data);
    expect(mine.profile._id).toBe(live.people[0]);
    expect(mine.profile.userInfo._id).toBe(live.people[0]);
    expect(mine.mySessionReports).toHaveLength(1);
    expect(mine.mySessionReports[0].data.totalScore).toEqual({ score: 4.5, maxScore: 7 });
    expect(mine.mySessionReports[0].layout.length).toBeGreaterThan(0);
    expect(plain(user.readQuery({ query: MINE }))).toEqual(mine);
    expect(warnings).toEqual([]);
  });

  it("the warning catcher catches what Apollo warns about (the check above can fail)", () => {
    const cache = new InMemoryCache({ possibleTypes: possibleTypes.admin });
    // A written object without a field its query selects: Apollo's development build says so.
    cache.writeQuery({
      query: apollo`query Half { profile { _id tenant } }`,
      data: { profile: { __typename: "Profile", _id: "x" } },
    });
    expect(warnings.length).toBeGreaterThan(0);
  });
});
