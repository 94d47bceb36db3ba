import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { auditTrail, type AuditRow } from "~/modules/audit/index.server";
import { auditCsv } from "~/modules/audit/csv";
import { markStation } from "~/modules/corrections/stations.server";
import {
  setLateAnswerAccepted,
  submitCorrectionComment,
  submitCorrectionEntry,
} from "~/modules/corrections/submit.server";
import { recordIncident } from "~/modules/incidents/index.server";
import { applyLiveOverride, unlockWaitingParticipants } from "~/modules/live/run.server";
import { finishQuestion, requestHelp, saveAnswer } from "~/modules/live/participant.server";
import { createSessionReport, releaseSessionReport, saveParticipantReport } from "~/modules/reports/reports.server";
import { completeScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeAnsweredSession, type AnsweredSession } from "../corrections/fixtures";
import { participantCtx } from "../live/fixtures";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// The audit trail (issue 32) against a real tenant database: each kind of change is recorded in
// the write's own transaction with who, when, from which device and process, and the values before
// and after; the table refuses UPDATE and DELETE; only staff who correct read it, in their own
// organisation.

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;
let f: AnsweredSession;

const trail = (kinds?: string[], participant = f.answered) =>
  auditTrail(manager, { scheduledSession: f.sessionId, participant, kinds });
const actions = (rows: AuditRow[]) => rows.map((r) => r.action);

beforeAll(async () => {
  manager = await staffCtx((await makeTenant("audit")).tenant.slug, ["ORGANIZATION_MANAGER"]);
  // Participant 0 answered four steps in time and finished question 0; participant 1 answered a
  // text step in time, then late (tests/unit/corrections/fixtures.ts).
  f = await makeAnsweredSession({ ...manager, device: "tablet-0001" });
});

describe("the audit trail records", () => {
  it("the session's start, session-wide, with the staff member, device and process", async () => {
    const [start] = await trail(["SESSION"]);
    expect(start).toMatchObject({
      participant: null,
      action: "session.ongoing",
      actorType: "STAFF",
      actorId: manager.actor.type === "ADMIN" ? manager.actor.userId : "",
      device: "device:tablet-0001",
      before: { status: "SCHEDULED" },
      after: { status: "ONGOING", participants: 2 },
    });
    expect(start!.process).toBe(`${(await import("node:os")).hostname()}:${process.pid}`);
  });

  it("every answer save with its revision, time received and late flag; a late one with the in-time answer it replaced", async () => {
    const saves = await trail(["ANSWER"]);
    expect(saves.map((s) => [s.stepIndex, s.action, (s.after as { revision: number }).revision])).toEqual([
      [0, "answer.saved", 1],
      [1, "answer.saved", 1],
      [2, "answer.saved", 1],
      [3, "answer.saved", 1],
    ]);
    expect(saves[0]).toMatchObject({
      actorType: "PARTICIPANT",
      actorId: f.answered,
      participant: f.answered,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      after: { answer: { textlistValue: ["Green"] }, late: false },
    });
    expect((saves[0]!.after as { receivedAt: string }).receivedAt).toBe(saves[0]!.at.toISOString());
    const late = await trail(["ANSWER"], f.late);
    expect(late.map((s) => s.action)).toEqual(["answer.saved", "answer.saved-late"]);
    expect(late[1]).toMatchObject({
      before: { revision: 1, answer: { textValue: "in time" }, late: false },
      after: { revision: 2, answer: { textValue: "SECRET-TEXT-MODEL" }, late: true },
    });
  });

  it("a retry of an acknowledged revision records nothing", async () => {
    const before = (await trail(["ANSWER"])).length;
    const p = participantCtx(manager, f.answered);
    // Question 0 is finished: the retry is acknowledged from what is stored, not stored again.
    const again = await saveAnswer(p, {
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[0]!,
      question: f.questions[0]![0]!,
      stepIndex: 0,
      answer: { textlistValue: ["Green"] },
      revision: 1,
    });
    expect(again.stored).toBe(false);
    expect((await trail(["ANSWER"])).length).toBe(before);
  });

  it("moving on, a help request, a pause, an extension and their effect on the clock", async () => {
    const p = participantCtx(manager, f.answered);
    await requestHelp(p, f.sessionId);
    await applyLiveOverride(manager, f.sessionId, [f.answered], { overrideType: "HELP_REQUEST_RESOLVED" });
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    await applyLiveOverride(manager, f.sessionId, [f.answered], {
      overrideType: "EXTEND_TIME",
      value: { numericValue: 90 },
    });
    const rows = await trail(["OVERRIDE"]);
    expect(actions(rows)).toEqual([
      "override.FINISH_SECTION",
      "override.HELP_REQUEST",
      "override.HELP_REQUEST_RESOLVED",
      "override.SESSION_PAUSE",
      "override.EXTEND_TIME",
    ]);
    const [moved, help, , pause, extend] = rows as [AuditRow, AuditRow, AuditRow, AuditRow, AuditRow];
    expect(moved.actorType).toBe("PARTICIPANT");
    expect(moved.before).toMatchObject({ question: f.questions[0]![0] });
    expect(moved.after).toMatchObject({ question: f.questions[0]![1] });
    expect(help.after).toMatchObject({ status: "help_requested" });
    expect(pause).toMatchObject({ actorType: "STAFF", before: { paused: false }, after: { paused: true } });
    const before = extend.before as { allowedSeconds: number };
    const after = extend.after as { allowedSeconds: number; seconds: number };
    // The second question runs 300 s; 90 s more.
    expect([before.allowedSeconds, after.allowedSeconds, after.seconds]).toEqual([300, 390, 90]);
    // "Pause all" is recorded for each participant it paused.
    expect(actions(await trail(["OVERRIDE"], f.late))).toContain("override.SESSION_PAUSE");
  });

  it("an unlock of a waiting participant", async () => {
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" });
    const p = participantCtx(manager, f.answered);
    await finishQuestion(p, f.sessionId, f.evaluations[0]!, f.questions[0]![1]!);
    expect(await unlockWaitingParticipants(manager, [f.answered], f.sessionId)).toEqual([f.answered]);
    const unlock = (await trail(["OVERRIDE"])).at(-1)!;
    expect(unlock).toMatchObject({
      action: "override.UNLOCK",
      before: { status: "waiting" },
      after: { status: "started", evaluation: f.evaluations[1] },
    });
  });

  it("ticks, scores, step comments, the participant's comment, global ratings and acceptance of a late answer, before and after", async () => {
    const step = (e: number, q: number, stepIndex: number) => ({
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[e]!,
      question: f.questions[e]![q]!,
      stepIndex,
    });
    await submitCorrectionEntry(manager, { ...step(0, 0, 4), participant: f.answered, ticks: [true], revision: 1 });
    await submitCorrectionEntry(manager, { ...step(0, 0, 2), participant: f.answered, score: 0.5, comment: "Half" });
    await submitCorrectionEntry(manager, { ...step(0, 0, 2), participant: f.answered, score: 1 });
    await submitCorrectionComment(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      comment: [{ type: "text", html: "<p>Calm</p>" }],
    });
    await markStation(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      evaluation: f.evaluations[0],
      globalRating: "BORDERLINE",
      comment: "Hesitant",
      done: true,
    });
    await markStation(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      evaluation: f.evaluations[0],
      globalRating: "CLEAR_PASS",
    });
    const rows = await trail(["TICK", "SCORE", "COMMENT", "GLOBAL_RATING"]);
    expect(rows.map((r) => [r.kind, r.action, r.before, r.after])).toEqual([
      ["TICK", "tick", { ticks: null, score: null }, { ticks: [true], score: 1, revision: 1 }],
      ["SCORE", "score", { score: null }, { score: 0.5, autoScored: false }],
      ["COMMENT", "comment.step", { comment: null }, { comment: "Half" }],
      ["SCORE", "score", { score: 0.5 }, { score: 1, autoScored: false }],
      ["COMMENT", "comment.participant", { comment: null }, { comment: [{ type: "text", html: "<p>Calm</p>" }] }],
      ["GLOBAL_RATING", "global-rating", { globalRating: null }, { globalRating: "BORDERLINE" }],
      ["COMMENT", "comment.station", { comment: null }, { comment: "Hesitant" }],
      ["GLOBAL_RATING", "station.done", { markedAt: null }, { markedAt: expect.any(String) }],
      ["GLOBAL_RATING", "global-rating", { globalRating: "BORDERLINE" }, { globalRating: "CLEAR_PASS" }],
    ]);
    expect(rows[0]).toMatchObject({ question: f.questions[0]![0], stepIndex: 4, actorType: "STAFF" });

    await setLateAnswerAccepted(manager, { ...step(0, 0, 2), participant: f.late, accept: true });
    await setLateAnswerAccepted(manager, { ...step(0, 0, 2), participant: f.late, accept: false });
    const late = await trail(["LATE_ACCEPTANCE"], f.late);
    expect(late.map((r) => [r.action, r.before, r.after])).toEqual([
      ["late.accepted", { lateAccepted: false, score: null }, { lateAccepted: true, score: null }],
      ["late.refused", { lateAccepted: true, score: null }, { lateAccepted: false, score: null }],
    ]);
  });

  it("a report's creation, changes and release", async () => {
    const report = await createSessionReport(manager, { scheduledSession: f.sessionId, participant: f.answered });
    await saveParticipantReport(manager, report._id, {
      passedStatusOverride: "DELIBERATED",
      passedStatusReason: "Board decision",
    });
    await releaseSessionReport(manager, report._id);
    const rows = await trail(["REPORT"]);
    expect(actions(rows)).toEqual(["report.created", "report.saved", "report.released"]);
    expect(rows[1]).toMatchObject({
      before: { draft: true, passedStatusOverride: null },
      after: { draft: true, passedStatusOverride: "DELIBERATED", passedStatusReason: "Board decision" },
    });
    expect(rows[2]).toMatchObject({ before: { draft: true, releasedAt: null }, after: { draft: false } });
  });

  it("an incident, and the session's completion", async () => {
    await recordIncident(manager, {
      scheduledSession: f.sessionId,
      participant: f.answered,
      category: "ILLNESS",
      text: "Felt faint at station one",
    });
    await completeScheduledSession(manager, f.sessionId);
    const rows = await trail(["INCIDENT", "SESSION"]);
    expect(rows.map((r) => [r.kind, r.action])).toEqual([
      ["SESSION", "session.ongoing"],
      ["INCIDENT", "incident.recorded"],
      ["SESSION", "session.completed"],
    ]);
    expect(rows[1]!.after).toMatchObject({ category: "ILLNESS", text: "Felt faint at station one" });
    // Another participant's timeline has the session-wide entries, not this participant's incident.
    expect(actions(await trail(["INCIDENT", "SESSION"], f.late))).toEqual(["session.ongoing", "session.completed"]);
  });

  it("as CSV: one row per entry, names for ids, JSON values, formulas neutralised", async () => {
    const rows = await trail(["INCIDENT"]);
    const csv = auditCsv(rows, new Map([[f.evaluations[0]!, "=Station one"]]));
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(
      "id,at_utc,kind,action,actor_type,actor,actor_id,device,process,evaluation,question,step,before,after",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,INCIDENT,incident.recorded,STAFF,`);
    expect(lines[1]).toContain(`"{""incident"":`);
    const named = auditCsv(
      [{ ...rows[0]!, evaluation: f.evaluations[0]! }],
      new Map([[f.evaluations[0]!, "=Station one"]]),
    );
    expect(named).toContain(",'=Station one,");
  });
});

describe("the audit trail cannot be changed", () => {
  it("refuses UPDATE and DELETE in the database itself, and keeps every row", async () => {
    const db = manager.tdb.db;
    const count = async () => (await db.get<{ n: number }>(sql`SELECT count(*) AS n FROM audit_entries`))!.n;
    const before = await count();
    expect(before).toBeGreaterThan(10);
    // The database's own refusal (drizzle wraps it: its cause carries SQLite's message).
    const refused = (run: Promise<unknown>) =>
      run.then(
        () => "changed",
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ""}`,
      );
    expect(
      await refused(manager.tdb.write((tx) => tx.run(sql`UPDATE audit_entries SET action = 'forged' WHERE id = 1`))),
    ).toMatch(/audit_entries is append-only/);
    expect(await refused(manager.tdb.write((tx) => tx.run(sql`DELETE FROM audit_entries`)))).toMatch(
      /audit_entries is append-only/,
    );
    expect(await refused(db.run(sql`DELETE FROM audit_entries WHERE id = 1`))).toMatch(/audit_entries is append-only/);
    expect(await count()).toBe(before);
    expect((await trail())[0]!.action).toBe("session.ongoing");
  });
});

describe("who reads the audit trail", () => {
  it("staff who correct; not a reader, not a participant, not another organisation", async () => {
    const reader = await staffCtx(manager.tenant.slug, ["ORGANIZATION_READER"]);
    const input = { scheduledSession: f.sessionId, participant: f.answered };
    expect((await refusal(auditTrail(reader, input))).code).toBe("FORBIDDEN");
    expect((await refusal(auditTrail(participantCtx(manager, f.answered), input))).code).toBe("FORBIDDEN");
    const other = await staffCtx((await makeTenant("audit-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    expect((await refusal(auditTrail(other, input))).reason).toBe("scheduled_session_not_found");
    const examiner = await staffCtx(manager.tenant.slug, ["ORGANIZATION_REALTIME_USER"]);
    expect((await auditTrail(examiner, input)).length).toBeGreaterThan(10);
  });
});
