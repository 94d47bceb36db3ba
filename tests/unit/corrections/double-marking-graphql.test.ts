import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeAnsweredSession, type AnsweredSession } from "./fixtures";

// Double marking (ADR 0036) through the real admin GraphQL endpoint: a second examiner's ticks and
// mark, the discrepancies listed, and the exam board's resolution.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let admin: string;
let examinerOne: string;
let examinerTwo: string;
let reader: string;
let f: AnsweredSession;

async function send(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  return (await gql("admin", query, variables, { cookie })).body as { data?: any; errors?: any[] };
}
async function ok(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const body = await send(cookie, query, variables);
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as Record<string, any>;
}
const login = async (roles: Parameters<typeof staffCtx>[1]) => {
  const c: Ctx = await staffCtx(slug, roles);
  return loginOverGraphQL("admin", slug, (c.actor as { email: string }).email);
};

beforeAll(async () => {
  slug = (await makeTenant("double-gql")).tenant.slug;
  const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeAnsweredSession(manager);
  admin = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  examinerOne = await login(["ORGANIZATION_REALTIME_USER"]);
  examinerTwo = await login(["ORGANIZATION_REALTIME_USER"]);
  reader = await login(["ORGANIZATION_READER"]);
});

const TICK = `mutation($s: ID!, $p: ID!, $input: CorrectionEntryInput!) {
  submitCorrectionEntry(scheduledSession: $s, participant: $p, input: $input) { _id } }`;
const MARK = `mutation($s: ID!, $p: ID!, $input: StationMarkInput!) {
  markStation(scheduledSession: $s, participant: $p, input: $input) { _id } }`;
const MARKS = `query($s: ID!, $only: Boolean) { doubleMarks(scheduledSession: $s, onlyDiscrepancies: $only) {
  participant evaluation evaluationName maxScore difference thresholdPercent status countedScore
  first { score percent globalRating markedBy markedAt } second { score percent globalRating markedAt }
  resolution { method score resolvedBy resolvedByName resolvedAt note } } }`;

describe("double marking over GraphQL", () => {
  it("takes a second examiner's marks, lists the discrepancy and resolves it", async () => {
    const vars = { s: f.sessionId, p: f.answered };
    const step = { evaluation: f.evaluations[0], question: f.questions[0]![0], stepIndex: 4 };
    await ok(examinerOne, TICK, { ...vars, input: { ...step, ticks: [true] } });
    await ok(examinerOne, MARK, { ...vars, input: { evaluation: f.evaluations[0], globalRating: "GOOD", done: true } });
    await ok(examinerTwo, TICK, { ...vars, input: { ...step, ticks: [false], marker: 2 } });
    await ok(examinerTwo, MARK, {
      ...vars,
      input: { evaluation: f.evaluations[0], globalRating: "CLEAR_FAIL", done: true, marker: 2 },
    });
    // Nothing auto-scored: the first examiner's station score is their tick (1 of 6), the second's 0.
    const threshold = await ok(
      admin,
      `mutation($s: ID!) { setDiscrepancyThreshold(scheduledSession: $s, percent: 15) }`,
      {
        s: f.sessionId,
      },
    );
    expect(threshold.setDiscrepancyThreshold).toBe(15);
    const listed = (await ok(reader, MARKS, { s: f.sessionId, only: true })).doubleMarks;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      participant: f.answered,
      evaluation: f.evaluations[0],
      evaluationName: "Station one",
      maxScore: 6,
      difference: 1,
      thresholdPercent: 15,
      status: "discrepancy",
      countedScore: 1,
      first: { score: 1, globalRating: "GOOD" },
      second: { score: 0, percent: 0, globalRating: "CLEAR_FAIL" },
      resolution: null,
    });
    expect(listed[0].first.percent).toBeCloseTo(100 / 6, 6);

    const RESOLVE = `mutation($s: ID!, $p: ID!, $e: ID!, $input: ResolveDiscrepancyInput!) {
      resolveStationDiscrepancy(scheduledSession: $s, participant: $p, evaluation: $e, input: $input) {
        status countedScore resolution { method score resolvedByName resolvedAt note } } }`;
    const refused = await send(examinerTwo, RESOLVE, {
      ...vars,
      e: f.evaluations[0],
      input: { method: "MEAN" },
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const resolved = (
      await ok(admin, RESOLVE, { ...vars, e: f.evaluations[0], input: { method: "THIRD_EXAMINER", score: 0.5 } })
    ).resolveStationDiscrepancy;
    expect(resolved).toMatchObject({
      status: "resolved",
      countedScore: 0.5,
      resolution: { method: "THIRD_EXAMINER", score: 0.5 },
    });
    expect(typeof resolved.resolution.resolvedAt).toBe("string");
    expect((await ok(reader, MARKS, { s: f.sessionId, only: true })).doubleMarks).toEqual([]);
  });
});
