import { describe, expect, it } from "vitest";
import { participantCtx } from "../live/fixtures";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";
import {
  createSessionReport,
  getSessionReport,
  listSessionReports,
  myReleasedReports,
  readableReport,
  releaseSessionReport,
  saveParticipantReport,
  sessionReportFor,
} from "~/modules/reports/reports.server";
import {
  addSessionReportLayout,
  defaultSessionReportLayout,
  updateDefaultSessionReportLayout,
} from "~/modules/reports/layouts.server";
import type { Ctx } from "~/lib/context.server";

const anonymous = (ctx: Ctx): Ctx => ({ ...ctx, actor: { type: "ANONYMOUS" }, permissions: [] });

describe("session reports", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await scoredSession(ctx);
  const [alice, bob] = live.people as [string, string];

  it("createSessionReport stores a draft snapshot with the hand-computed totals and a long random code", async () => {
    const report = await createSessionReport(ctx, { participant: alice, scheduledSession: live.sessionId });
    expect(report.draft).toBe(true);
    // scores 1 + 0 + 0.5 + 1 + 1 (Station one, All types) + 1 (Second) = 4.5 / 6 ; Station two 0 / 1
    expect(report.data.totalScore).toEqual({ score: 4.5, maxScore: 7 });
    expect(report.data.summaryInfo.perEvaluation.map((e) => e.score)).toEqual([
      { score: 4.5, maxScore: 6 },
      { score: 0, maxScore: 1 },
    ]);
    expect(report.data.passedStatus).toBe("PASSED"); // 64.3 % ≥ 60 %
    expect(report.data.evaluations[0]!.questions[0]!.steps[2]!.comment).toBe("Half of it");
    expect(report.data.sessionComment).toEqual([{ type: "text", html: "<p>Good work</p>" }]);
    expect(report.accessCode).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(report.layout.length).toBeGreaterThan(0);
  });

  it("a second create rebuilds the same report and keeps its code", async () => {
    const first = await sessionReportFor(ctx, live.sessionId, alice);
    const again = await createSessionReport(ctx, { participant: alice, scheduledSession: live.sessionId });
    expect(again._id).toBe(first!._id);
    expect(again.accessCode).toBe(first!.accessCode);
  });

  it("an unscored participant's report counts 0 and says how many steps wait", async () => {
    const report = await createSessionReport(ctx, { participant: bob, scheduledSession: live.sessionId });
    expect(report.data.totalScore).toEqual({ score: 0, maxScore: 7 });
    expect(report.data.unscoredSteps).toBe(7);
    expect(report.data.passedStatus).toBe("NOT_PASSED");
  });

  it("a passed-status decision needs a reason; refused changes nothing", async () => {
    const report = (await sessionReportFor(ctx, live.sessionId, bob))!;
    const error = await refusal(saveParticipantReport(ctx, report._id, { passedStatusOverride: "DELIBERATED" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.fieldErrors?.passedStatusReason?.key).toBe("validation:reason-required");
    expect((await getSessionReport(ctx, report._id))._rev).toBe(report._rev);
    const saved = await saveParticipantReport(ctx, report._id, {
      passedStatusOverride: "DELIBERATED",
      passedStatusReason: "Board: illness on the day",
      categoryComments: [],
      options: { ...report.options, chartType: "BAR" },
    });
    expect(saved).toMatchObject({
      passedStatus: "DELIBERATED",
      passedStatusReason: "Board: illness on the day",
      options: { chartType: "BAR" },
    });
    expect(saved.data.computedPassedStatus).toBe("NOT_PASSED");
    const cleared = await saveParticipantReport(ctx, report._id, { passedStatusOverride: null });
    expect(cleared.passedStatus).toBe("NOT_PASSED");
    expect(cleared.passedStatusReason).toBeNull();
  });

  it("drafts are invisible to participants, by login or by code; released ones are readable", async () => {
    const report = (await sessionReportFor(ctx, live.sessionId, alice))!;
    const asAlice = participantCtx(ctx, alice);
    expect((await refusal(readableReport(asAlice, report._id, null))).reason).toBe("session_report_not_found");
    expect((await refusal(readableReport(anonymous(ctx), report._id, report.accessCode))).reason).toBe(
      "session_report_not_found",
    );
    expect(await myReleasedReports(asAlice)).toEqual([]);

    await releaseSessionReport(ctx, report._id);
    expect((await readableReport(asAlice, report._id, null)).data.participantName).toBe(report.data.participantName);
    const byCode = await readableReport(anonymous(ctx), report._id, report.accessCode);
    expect(byCode.accessCode).toBeNull();
    expect((await myReleasedReports(asAlice)).map((r) => r._id)).toEqual([report._id]);
    // Another participant, a wrong code or no code: the same refusal.
    expect((await refusal(readableReport(participantCtx(ctx, bob), report._id, null))).reason).toBe(
      "session_report_not_found",
    );
    // One character changed (to another one: a code may well end in "A" already).
    const wrongCode = report.accessCode!.slice(0, -1) + (report.accessCode!.endsWith("A") ? "B" : "A");
    expect((await refusal(readableReport(anonymous(ctx), report._id, wrongCode))).reason).toBe(
      "session_report_not_found",
    );
    expect((await refusal(readableReport(anonymous(ctx), report._id, null))).reason).toBe("session_report_not_found");
  });

  it("lists filter by session, participant, state and result", async () => {
    const all = await listSessionReports(ctx, { filter: { scheduledSession: live.sessionId } });
    expect(all.pageInfo.totalCount).toBe(2);
    const released = await listSessionReports(ctx, { filter: { status: "RELEASED" } });
    expect(released.edges.map((e) => e.node.participant)).toEqual([alice]);
    const drafts = await listSessionReports(ctx, { filter: { status: "DRAFT", passedStatus: "NOT_PASSED" } });
    expect(drafts.edges.map((e) => e.node.participant)).toEqual([bob]);
    const byName = await listSessionReports(ctx, { filter: { participant: bob }, orderBy: "NAME", order: "ASC" });
    expect(byName.pageInfo.totalCount).toBe(1);
  });

  it("refuses without permission, before anything is read", async () => {
    const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    const realtime = await staffCtx(tenant.slug, ["ORGANIZATION_REALTIME_USER"]);
    for (const c of [reader, realtime]) {
      expect(
        (await refusal(createSessionReport(c, { participant: alice, scheduledSession: live.sessionId }))).code,
      ).toBe("FORBIDDEN");
      expect((await refusal(saveParticipantReport(c, "nope", {}))).code).toBe("FORBIDDEN");
      expect((await refusal(updateDefaultSessionReportLayout(c, { layout: [] }))).code).toBe("FORBIDDEN");
    }
    expect((await listSessionReports(reader)).pageInfo.totalCount).toBe(2);
    expect((await refusal(listSessionReports(anonymous(ctx)))).code).toBe("UNAUTHORIZED");
    expect((await refusal(listSessionReports(participantCtx(ctx, alice)))).code).toBe("FORBIDDEN");
  });

  it("another tenant sees nothing: not by id, not with the access code", async () => {
    const other = await makeTenant();
    const otherCtx = await staffCtx(other.tenant.slug);
    const otherLive = await scoredSession(otherCtx);
    const theirs = await createSessionReport(otherCtx, {
      participant: otherLive.people[0]!,
      scheduledSession: otherLive.sessionId,
    });
    await releaseSessionReport(otherCtx, theirs._id);
    const mine = (await sessionReportFor(ctx, live.sessionId, alice))!;
    expect((await refusal(getSessionReport(otherCtx, mine._id))).reason).toBe("session_report_not_found");
    // My code opens nothing over there, neither my id nor theirs.
    expect((await refusal(readableReport(anonymous(otherCtx), mine._id, mine.accessCode))).reason).toBe(
      "session_report_not_found",
    );
    expect((await refusal(readableReport(anonymous(otherCtx), theirs._id, mine.accessCode))).reason).toBe(
      "session_report_not_found",
    );
    expect((await refusal(readableReport(anonymous(ctx), theirs._id, theirs.accessCode))).reason).toBe(
      "session_report_not_found",
    );
    expect((await listSessionReports(otherCtx)).pageInfo.totalCount).toBe(1);
    expect(mine.accessCode).not.toBe(theirs.accessCode);
  });
});

describe("report layouts", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);

  it("has a built-in default until one is saved", async () => {
    const builtIn = await defaultSessionReportLayout(ctx);
    expect(builtIn._createdAt).toBeNull();
    expect(builtIn.layout.map((b) => b.type)).toContain("chart");
    const saved = await updateDefaultSessionReportLayout(ctx, {
      layout: [{ type: "summary", displayNumericScore: false }],
    });
    // The first save keeps the built-in layout's id: a client's cached default is the saved one.
    expect(saved._id).toBe(builtIn._id);
    expect((await defaultSessionReportLayout(ctx))._id).toBe(saved._id);
    const again = await updateDefaultSessionReportLayout(ctx, {
      name: "House style",
      layout: [{ type: "chart", chartType: "BAR", source: "EVALUATIONS" }],
    });
    expect(again._id).toBe(saved._id);
    expect(again).toMatchObject({ name: "House style", isDefaultLayout: true });
  });

  it("validates: name required, blocks of the known kinds only", async () => {
    const noName = await refusal(addSessionReportLayout(ctx, { name: " ", layout: [] }));
    expect(noName.fieldErrors?.name).toBeTruthy();
    const badBlock = await refusal(
      addSessionReportLayout(ctx, { name: "X", layout: [{ type: "chart", chartType: "PIE", source: "EVALUATIONS" }] }),
    );
    expect(badBlock.code).toBe("BAD_REQUEST");
    const ok = await addSessionReportLayout(ctx, {
      name: "Radar only",
      layout: [{ type: "chart", chartType: "RADAR", source: "ALL_CATEGORIES" }],
    });
    expect(ok.isDefaultLayout).toBe(false);
  });
});
