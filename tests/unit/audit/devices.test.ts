import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import {
  CONTACT_WRITE_MS,
  forgetDeviceContacts,
  isSilent,
  noteDeviceContact,
  reportExaminerDevice,
  reportParticipantDevice,
  SILENT_AFTER_MS,
} from "~/modules/audit/index.server";
import { readRevision } from "~db/tenant/revision";
import { saveAnswer } from "~/modules/live/participant.server";
import { liveDashboard } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeLiveSession, participantCtx, type LiveFixture } from "../live/fixtures";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";

// Devices the staff cannot see (issue 32): last contact and waiting answers or ticks per
// participant and examiner tablet, on the live dashboard, written at most every CONTACT_WRITE_MS
// per device (or when the waiting count changes), and moving no revision.

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;
let f: LiveFixture;

beforeAll(async () => {
  manager = await staffCtx((await makeTenant("devices")).tenant.slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 2 });
  await startScheduledSession(manager, f.sessionId);
});
beforeEach(() => forgetDeviceContacts());

const rowOf = async (participant: string) =>
  (await liveDashboard(manager, f.sessionId)).rows.find((r) => r.participantId === participant)!;
const stored = async () => (await manager.tdb.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM device_contacts`))!.n;

describe("a participant's device", () => {
  it("reports its waiting answers: the dashboard shows them with the server's time of contact; the revision stays", async () => {
    const [a, b] = f.people as [string, string];
    const revision = await readRevision(manager.tdb.db);
    const before = Date.now();
    expect(
      await reportParticipantDevice(participantCtx(manager, a), { scheduledSession: f.sessionId, waiting: 3 }),
    ).toEqual({ written: true, waitingChanged: true });
    const row = await rowOf(a);
    expect(row.waitingOnDevice).toBe(3);
    expect(row.lastContactAt!.getTime()).toBeGreaterThanOrEqual(before);
    expect(row.silent).toBe(false);
    expect(await readRevision(manager.tdb.db)).toEqual(revision);
    // Nobody heard of b yet, and the session started just now: no contact, not yet silent.
    expect(await rowOf(b)).toMatchObject({ lastContactAt: null, waitingOnDevice: 0, silent: false });
  });

  it("is written when its waiting count changes, else at most every CONTACT_WRITE_MS", async () => {
    const a = f.people[0]!;
    const t0 = new Date();
    const contact = { scheduledSession: f.sessionId, kind: "PARTICIPANT" as const, participantId: a };
    expect(await noteDeviceContact(manager.tdb, { ...contact, waiting: 2 }, t0)).toBe(true);
    expect(await noteDeviceContact(manager.tdb, { ...contact, waiting: 2 }, new Date(t0.getTime() + 1_000))).toBe(
      false,
    );
    expect(await noteDeviceContact(manager.tdb, contact, new Date(t0.getTime() + 2_000))).toBe(false);
    expect((await rowOf(a)).lastContactAt!.getTime()).toBe(t0.getTime());
    // The count went down to 0: written at once.
    const t3 = new Date(t0.getTime() + 3_000);
    expect(await noteDeviceContact(manager.tdb, { ...contact, waiting: 0 }, t3)).toBe(true);
    expect(await rowOf(a)).toMatchObject({ lastContactAt: t3, waitingOnDevice: 0 });
    // A request that says nothing of the count, after CONTACT_WRITE_MS: the time moves, the count stays.
    const later = new Date(t3.getTime() + CONTACT_WRITE_MS);
    expect(await noteDeviceContact(manager.tdb, contact, later)).toBe(true);
    expect(await rowOf(a)).toMatchObject({ lastContactAt: later, waitingOnDevice: 0 });
  });

  it("silent for more than a minute while the session runs: flagged, with the waiting answers it last reported", async () => {
    const b = f.people[1]!;
    const old = new Date(Date.now() - SILENT_AFTER_MS - 5_000);
    await noteDeviceContact(
      manager.tdb,
      { scheduledSession: f.sessionId, kind: "PARTICIPANT", participantId: b, waiting: 4 },
      old,
    );
    expect(await rowOf(b)).toMatchObject({ lastContactAt: old, waitingOnDevice: 4, silent: true });
    // An older report (another process was behind) never replaces a newer one.
    forgetDeviceContacts();
    await noteDeviceContact(
      manager.tdb,
      { scheduledSession: f.sessionId, kind: "PARTICIPANT", participantId: b, waiting: 9 },
      new Date(old.getTime() - 1_000),
    );
    expect((await rowOf(b)).waitingOnDevice).toBe(4);
  });

  it("silence by the rule: only while running, only past a minute", () => {
    const now = new Date();
    const at = (ms: number) => new Date(now.getTime() - ms);
    expect(isSilent(at(SILENT_AFTER_MS + 1), null, true, now)).toBe(true);
    expect(isSilent(at(SILENT_AFTER_MS), null, true, now)).toBe(false);
    expect(isSilent(at(SILENT_AFTER_MS + 1), null, false, now)).toBe(false);
    expect(isSilent(null, at(SILENT_AFTER_MS + 1), true, now)).toBe(true);
    expect(isSilent(null, null, true, now)).toBe(false);
  });

  it("is refused for a session the participant is not in, and for another organisation", async () => {
    const count = await stored();
    const stranger = participantCtx(manager, "someone-else");
    expect(
      (await refusal(reportParticipantDevice(stranger, { scheduledSession: f.sessionId, waiting: 1 }))).reason,
    ).toBe("scheduled_session_participant_entry_not_found");
    const other = await staffCtx((await makeTenant("devices-other")).tenant.slug, ["ORGANIZATION_MANAGER"]);
    expect((await refusal(reportExaminerDevice(other, { scheduledSession: f.sessionId, waiting: 1 }))).reason).toBe(
      "scheduled_session_not_found",
    );
    expect(
      (
        await refusal(
          reportParticipantDevice(participantCtx(manager, f.people[0]!), {
            scheduledSession: f.sessionId,
            waiting: -1,
          }),
        )
      ).code,
    ).toBe("BAD_REQUEST");
    expect(await stored()).toBe(count);
  });
});

describe("a device's contact in the planned batch", () => {
  it("writes nothing for a session removed meanwhile, and the answer saved beside it is stored", async () => {
    const p1 = participantCtx(manager, f.people[0]!);
    const before = await stored();
    // One turn, one group: a contact of a session that no longer exists, and a save.
    const [, saved] = await Promise.all([
      noteDeviceContact(manager.tdb, {
        scheduledSession: "removed-meanwhile",
        kind: "PARTICIPANT",
        participantId: f.people[0]!,
        waiting: 1,
      }),
      saveAnswer(p1, {
        scheduledSession: f.sessionId,
        evaluation: f.evaluations[0]!,
        question: f.questions[0]![0]!,
        stepIndex: 2,
        answer: { textValue: "beside a contact" },
        revision: 1,
      }),
    ]);
    expect(saved.stored).toBe(true);
    expect(await stored()).toBe(before);
  });
});

describe("an examiner's tablet", () => {
  it("reports its waiting ticks and station; the dashboard lists it by examiner, tablet and station", async () => {
    const examiner = {
      ...(await staffCtx(manager.tenant.slug, ["ORGANIZATION_REALTIME_USER"])),
      device: "tablet-aaaa1111",
    };
    await reportExaminerDevice(examiner, { scheduledSession: f.sessionId, waiting: 5, evaluation: f.evaluations[1] });
    const second = { ...examiner, device: "tablet-bbbb2222" };
    await reportExaminerDevice(second, { scheduledSession: f.sessionId, waiting: 0, evaluation: f.evaluations[0] });
    const { devices } = await liveDashboard(manager, f.sessionId);
    expect(devices.map((d) => [d.station?.name, d.waitingOnDevice, d.silent])).toEqual([
      ["Station two", 5, false],
      ["Station one", 0, false],
    ]);
    expect(devices[0]!.name).toBe(examiner.actor.type === "ADMIN" ? examiner.actor.name : "");
    expect(new Set(devices.map((d) => d.id)).size).toBe(2);
    // A reader may watch the dashboard but has no tablet to report from.
    const reader = await staffCtx(manager.tenant.slug, ["ORGANIZATION_READER"]);
    expect((await refusal(reportExaminerDevice(reader, { scheduledSession: f.sessionId, waiting: 0 }))).code).toBe(
      "FORBIDDEN",
    );
  });
});
