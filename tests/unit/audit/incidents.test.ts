import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { listIncidents, recordIncident } from "~/modules/incidents/index.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeLiveSession, participantCtx, type LiveFixture } from "../live/fixtures";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// Incidents (issue 32) against a real tenant database: recorded by staff who run or mark a session,
// on a participant, a station or the whole session; read by staff of the same organisation only,
// never by a participant; a refusal records nothing.

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;
let f: LiveFixture;

beforeAll(async () => {
  manager = await staffCtx((await makeTenant("incidents")).tenant.slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 2 });
  await startScheduledSession(manager, f.sessionId);
});

describe("incidents", () => {
  it("an examiner records one on a participant at a station; staff list them, per participant with the session-wide ones", async () => {
    const examiner = await staffCtx(manager.tenant.slug, ["ORGANIZATION_REALTIME_USER"]);
    const [a, b] = f.people as [string, string];
    const recorded = await recordIncident(examiner, {
      scheduledSession: f.sessionId,
      participant: a,
      evaluation: f.evaluations[0],
      category: "EQUIPMENT",
      text: "  Manikin's valve broke  ",
    });
    expect(recorded).toMatchObject({
      participant: a,
      evaluation: f.evaluations[0],
      category: "EQUIPMENT",
      text: "Manikin's valve broke",
      recordedByName: examiner.actor.type === "ADMIN" ? examiner.actor.name : "",
    });
    expect(Math.abs(recorded.at.getTime() - Date.now())).toBeLessThan(5_000);
    // Two taps on a tablet: a category, no text.
    const quick = await recordIncident(manager, { scheduledSession: f.sessionId, category: "TIMING" });
    expect(quick.text).toBe("");
    await recordIncident(manager, {
      scheduledSession: f.sessionId,
      participant: b,
      category: "MISCONDUCT",
      text: "Phone out",
    });
    const all = await listIncidents(manager, { scheduledSession: f.sessionId });
    expect(all.map((i) => i.category)).toEqual(["EQUIPMENT", "TIMING", "MISCONDUCT"]);
    const ofA = await listIncidents(manager, { scheduledSession: f.sessionId, participant: a });
    expect(ofA.map((i) => i.category)).toEqual(["EQUIPMENT", "TIMING"]);
    const reader = await staffCtx(manager.tenant.slug, ["ORGANIZATION_READER"]);
    expect((await listIncidents(reader, { scheduledSession: f.sessionId })).length).toBe(3);
  });

  it("refuses a reader, a participant, an unknown category, a text over 5,000 characters, a participant or station not in the session, and records nothing", async () => {
    const before = (await listIncidents(manager, { scheduledSession: f.sessionId })).length;
    const input = { scheduledSession: f.sessionId, category: "OTHER", text: "x" };
    const reader = await staffCtx(manager.tenant.slug, ["ORGANIZATION_READER"]);
    expect((await refusal(recordIncident(reader, input))).code).toBe("FORBIDDEN");
    const participant = participantCtx(manager, f.people[0]!);
    expect((await refusal(recordIncident(participant, input))).code).toBe("FORBIDDEN");
    const bad = await refusal(recordIncident(manager, { ...input, category: "NOISE", text: "x".repeat(5001) }));
    expect(bad.code).toBe("BAD_REQUEST");
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(["category", "text"]);
    expect((await refusal(recordIncident(manager, { ...input, participant: "not-in-session" }))).reason).toBe(
      "scheduled_session_participant_entry_not_found",
    );
    expect((await refusal(recordIncident(manager, { ...input, evaluation: "nope" }))).reason).toBe(
      "evaluation_not_found",
    );
    expect((await listIncidents(manager, { scheduledSession: f.sessionId })).length).toBe(before);
  });

  it("a participant cannot read them; another organisation can neither read nor record them", async () => {
    const participant = participantCtx(manager, f.people[0]!);
    expect((await refusal(listIncidents(participant, { scheduledSession: f.sessionId }))).code).toBe("FORBIDDEN");
    const other = await staffCtx((await makeTenant("incidents-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    expect((await refusal(listIncidents(other, { scheduledSession: f.sessionId }))).reason).toBe(
      "scheduled_session_not_found",
    );
    expect(
      (await refusal(recordIncident(other, { scheduledSession: f.sessionId, category: "OTHER", text: "x" }))).reason,
    ).toBe("scheduled_session_not_found");
  });
});
