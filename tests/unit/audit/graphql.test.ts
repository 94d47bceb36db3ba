import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { makeAnsweredSession, type AnsweredSession } from "../corrections/fixtures";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// Incidents, the audit trail and the dashboard's device fields through the real admin GraphQL
// endpoint, with real logins (issue 32's names are the contract).

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let admin: string;
let reader: string;
let f: AnsweredSession;

async function ok(cookie: string, query: string, variables: Record<string, unknown> = {}) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data as Record<string, any>;
}

beforeAll(async () => {
  slug = (await makeTenant("audit-gql")).tenant.slug;
  const manager: Ctx = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeAnsweredSession(manager);
  admin = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const r = await staffCtx(slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", slug, (r.actor as { email: string }).email);
});

describe("issue 32 over GraphQL", () => {
  it("recordIncident { _id }, incidents(scheduledSession, participant), auditTrail { at actor action before after }", async () => {
    const recorded = await ok(
      admin,
      `mutation($s: ID!, $p: ID!, $e: ID!) { recordIncident(input: { scheduledSession: $s, participant: $p, evaluation: $e, category: EXAMINER_CONCERN, text: "Unsure of the harness check" }) { _id category text recordedByName } }`,
      { s: f.sessionId, p: f.answered, e: f.evaluations[0] },
    );
    expect(recorded.recordIncident).toMatchObject({
      category: "EXAMINER_CONCERN",
      text: "Unsure of the harness check",
    });
    expect(recorded.recordIncident._id).toMatch(/^[0-9a-f-]{36}$/);
    const listed = await ok(
      reader,
      `query($s: ID!, $p: ID) { incidents(scheduledSession: $s, participant: $p) { _id participant evaluation category at } }`,
      { s: f.sessionId, p: f.answered },
    );
    expect(listed.incidents).toEqual([
      expect.objectContaining({
        _id: recorded.recordIncident._id,
        participant: f.answered,
        evaluation: f.evaluations[0],
      }),
    ]);
    const trail = await ok(
      admin,
      `query($s: ID!, $p: ID!) { auditTrail(scheduledSession: $s, participant: $p, kinds: [ANSWER, INCIDENT]) { _id at actor actorType action kind before after stepIndex } }`,
      { s: f.sessionId, p: f.answered },
    );
    const rows = trail.auditTrail as Array<Record<string, any>>;
    expect(rows.map((r) => r.action)).toEqual([
      "answer.saved",
      "answer.saved",
      "answer.saved",
      "answer.saved",
      "incident.recorded",
    ]);
    expect(rows[0]).toMatchObject({ actor: "P", actorType: "PARTICIPANT", kind: "ANSWER", stepIndex: 0, before: null });
    expect(JSON.parse(rows[0]!.after)).toMatchObject({
      revision: 1,
      late: false,
      answer: { textlistValue: ["Green"] },
    });
    expect(rows[4]).toMatchObject({ actorType: "STAFF" });
    expect(JSON.parse(rows[4]!.after)).toMatchObject({ category: "EXAMINER_CONCERN" });
    expect(new Set(rows.map((r) => r._id)).size).toBe(5);
  });

  it("refuses a reader's incident and audit trail with FORBIDDEN, and a bad category as a GraphQL error", async () => {
    const write = await gql(
      "admin",
      `mutation($s: ID!) { recordIncident(input: { scheduledSession: $s, category: OTHER }) { _id } }`,
      { s: f.sessionId },
      { cookie: reader },
    );
    expect(write.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const read = await gql(
      "admin",
      `query($s: ID!, $p: ID!) { auditTrail(scheduledSession: $s, participant: $p) { action } }`,
      { s: f.sessionId, p: f.answered },
      { cookie: reader },
    );
    expect(read.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    const bad = await gql(
      "admin",
      `mutation($s: ID!) { recordIncident(input: { scheduledSession: $s, category: NOISE }) { _id } }`,
      { s: f.sessionId },
      { cookie: admin },
    );
    expect(bad.body.errors?.length).toBeGreaterThan(0);
  });

  it("liveDashboard: lastContactAt, waitingOnDevice and silent per row, and the examiners' devices", async () => {
    const data = await ok(
      reader,
      `query($s: ID!) { liveDashboard(scheduledSessionId: $s) { rows { participantId lastContactAt waitingOnDevice silent } devices { id name lastContactAt waitingOnDevice silent station { id name } } } }`,
      { s: f.sessionId },
    );
    expect(data.liveDashboard.rows).toHaveLength(2);
    for (const row of data.liveDashboard.rows)
      expect(row).toMatchObject({ lastContactAt: null, waitingOnDevice: 0, silent: false });
    expect(data.liveDashboard.devices).toEqual([]);
  });
});
