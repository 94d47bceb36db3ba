import { describe, expect, it } from "vitest";
import { gql, loginOverGraphQL } from "../support/graphql";
import { addParticipant, makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

const CREATE = `mutation($p: ID!, $s: ID!) { createSessionReport(participant: $p, scheduledSession: $s) {
  _id draft accessCode passedStatus layout { __typename ... on ChartBlock { chartType source } }
  data { totalScore { score maxScore } summaryInfo { perEvaluation { name score { score maxScore } } } evaluations { questions { steps { type score { score } scored } } } }
} }`;

describe("reports over GraphQL", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await scoredSession(ctx);
  const cookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);

  it("creates, saves with a decision, lists and reports completed sessions", async () => {
    const created = await gql("admin", CREATE, { p: live.people[0], s: live.sessionId }, { cookie });
    expect(created.body.errors).toBeUndefined();
    const report = created.body.data.createSessionReport;
    expect(report.data.totalScore).toEqual({ score: 4.5, maxScore: 7 });
    expect(report.layout.some((b: { __typename: string }) => b.__typename === "ChartBlock")).toBe(true);

    const refused = await gql(
      "admin",
      `mutation($id: ID!) { saveParticipantReport(id: $id, input: { passedStatusOverride: TRAINING_REQUIRED }) { _id } }`,
      { id: report._id },
      { cookie },
    );
    expect(refused.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    const saved = await gql(
      "admin",
      `mutation($id: ID!) { saveParticipantReport(id: $id, input: { passedStatusOverride: TRAINING_REQUIRED, passedStatusReason: "Redo the knot", draft: false }) { passedStatus draft releasedAt data { passedStatusReason computedPassedStatus } } }`,
      { id: report._id },
      { cookie },
    );
    expect(saved.body.data.saveParticipantReport).toMatchObject({
      passedStatus: "TRAINING_REQUIRED",
      draft: false,
      data: { passedStatusReason: "Redo the knot", computedPassedStatus: "PASSED" },
    });

    const list = await gql(
      "admin",
      `{ allSessionReports(filter: { status: RELEASED }) { edges { node { _id participant { name } scheduledSession { reference } } } pageInfo { totalCount } } }`,
      {},
      { cookie },
    );
    expect(list.body.data.allSessionReports.pageInfo.totalCount).toBe(1);
    expect(list.body.data.allSessionReports.edges[0].node.participant.name).toBeTruthy();

    const completed = await gql(
      "admin",
      `{ allCompletedScheduledSessions { edges { node { _id participantCount reportCount releasedCount passedCount passRate participants { progress passedStatus } } } } }`,
      {},
      { cookie },
    );
    const node = completed.body.data.allCompletedScheduledSessions.edges[0].node;
    expect(node).toMatchObject({
      _id: live.sessionId,
      participantCount: 2,
      reportCount: 1,
      releasedCount: 1,
      passedCount: 0,
      passRate: 0,
    });
    expect(node.participants.map((p: { progress: string }) => p.progress).sort()).toEqual([
      "completed",
      "correction_complete",
    ]);
  });

  it("layouts: block inputs with exactly one kind each", async () => {
    const ok = await gql(
      "admin",
      `mutation { updateDefaultSessionReportLayout(input: { name: "House", layout: [{ chart: { chartType: BAR, source: EVALUATIONS } }, { summary: { displayNumericScore: true } }] }) { _id isDefaultLayout layout { __typename } } }`,
      {},
      { cookie },
    );
    expect(
      ok.body.data.updateDefaultSessionReportLayout.layout.map((b: { __typename: string }) => b.__typename),
    ).toEqual(["ChartBlock", "SummaryBlock"]);
    const two = await gql(
      "admin",
      `mutation { addSessionReportLayout(input: { name: "X", layout: [{ summary: { displayNumericScore: true }, comments: { source: SESSION } }] }) { _id } }`,
      {},
      { cookie },
    );
    expect(two.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
    const noName = await gql(
      "admin",
      `mutation { addSessionReportLayout(input: { name: "", layout: [] }) { _id } }`,
      {},
      { cookie },
    );
    expect(noName.body.errors?.[0]?.extensions?.code).toBe("BAD_REQUEST");
  });

  it("the participant API lists only their released reports, without the access code", async () => {
    const email = `solo-${process.pid}@example.test`;
    await addParticipant(tenant.slug, email, "Solo");
    const userCookie = await loginOverGraphQL("user", tenant.slug, email);
    const mine = await gql("user", `{ mySessionReports { _id passedStatus } }`, {}, { cookie: userCookie });
    expect(mine.body.data.mySessionReports).toEqual([]);
    const probe = await gql("user", `{ mySessionReports { accessCode } }`, {}, { cookie: userCookie });
    expect(probe.body.errors?.[0]?.message).toMatch(/accessCode/);
  });

  it("another tenant's staff cannot read the report", async () => {
    const other = await makeTenant();
    const otherCookie = await loginOverGraphQL("admin", other.tenant.slug, `manager@${other.tenant.slug}.test`);
    const mine = await gql("admin", `{ allSessionReports { edges { node { _id } } } }`, {}, { cookie });
    const id = mine.body.data.allSessionReports.edges[0].node._id;
    const theirs = await gql(
      "admin",
      `query($id: ID!) { sessionReportById(id: $id) { _id } }`,
      { id },
      { cookie: otherCookie },
    );
    expect(theirs.body.errors?.[0]?.extensions?.reason).toBe("session_report_not_found");
  });
});
