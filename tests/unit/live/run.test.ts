import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { scheduledSessionParticipantEntries as entries, scheduledSessions } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import type { LiveEvent } from "~/modules/live/events.server";
import { finishQuestion, myLiveSession, requestHelp, saveAnswer, setReady } from "~/modules/live/participant.server";
import { applyLiveOverride, liveDashboard, unlockWaitingParticipants } from "~/modules/live/run.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import {
  getParticipantEntry,
  overrideScheduledSessionParticipantEntries,
  overrideScheduledSessionParticipantEntry,
  participantEntrySummaries,
} from "~/modules/scheduling/entries.server";
import { sessionOverview } from "~/modules/scheduling/screens.server";
import {
  cancelScheduledSession,
  removeScheduledSession,
  updateScheduledSession,
} from "~/modules/scheduling/scheduled-sessions.server";
import { liveAnswers, liveOverrides, liveProgress } from "~db/tenant/schema";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, setExtraTime } from "./fixtures";
import { onLiveEvent } from "./live-events";

vi.mock(import("~/modules/live/events.server"), async (importOriginal) =>
  (await import("./live-events")).withListeners(importOriginal),
);

// Staff side of the live run against a real tenant database. No room runs here (room.test.ts has
// the real one); the in-process seam shows what would be published.

process.env.PARTYKIT_HOST = "127.0.0.1:9"; // nothing listens: presence is unknown (null)
process.env.PARTYKIT_DISABLED = "true"; // no room: publishes are skipped (the seam still sees them)
let slug: string;
let manager: Ctx;

beforeAll(async () => {
  slug = (await makeTenant("live-run")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
});

describe("session status transitions", () => {
  it("goes SCHEDULED → ONGOING → COMPLETED and never back", async () => {
    const f = await makeLiveSession(manager);
    expect((await startScheduledSession(manager, f.sessionId)).status).toBe("ONGOING");
    const again = await refusal(startScheduledSession(manager, f.sessionId));
    expect([again.code, again.reason]).toEqual(["BAD_REQUEST", "status_transition_not_allowed"]);
    expect(manager.t(again.messageKey, again.values)).toContain("Ongoing");
    expect((await completeScheduledSession(manager, f.sessionId)).status).toBe("COMPLETED");
    expect((await refusal(completeScheduledSession(manager, f.sessionId))).reason).toBe(
      "status_transition_not_allowed",
    );
    expect((await refusal(startScheduledSession(manager, f.sessionId))).reason).toBe("status_transition_not_allowed");
  });

  it("cannot start a canceled session or complete a scheduled one", async () => {
    const a = await makeLiveSession(manager);
    expect((await refusal(completeScheduledSession(manager, a.sessionId))).reason).toBe(
      "status_transition_not_allowed",
    );
    await cancelScheduledSession(manager, a.sessionId);
    expect((await refusal(startScheduledSession(manager, a.sessionId))).reason).toBe("status_transition_not_allowed");
  });

  it("lets writers and realtime users run sessions, readers only watch", async () => {
    const f = await makeLiveSession(manager);
    const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
    const realtime = await staffCtx(slug, ["ORGANIZATION_REALTIME_USER"]);
    expect((await refusal(startScheduledSession(reader, f.sessionId))).code).toBe("FORBIDDEN");
    expect((await liveDashboard(reader, f.sessionId)).rows).toHaveLength(2);
    await startScheduledSession(realtime, f.sessionId);
    expect((await refusal(applyLiveOverride(reader, f.sessionId, null, { overrideType: "SESSION_PAUSE" }))).code).toBe(
      "FORBIDDEN",
    );
    await overrideScheduledSessionParticipantEntries(realtime, f.sessionId, {
      override: { overrideType: "SESSION_PAUSE" },
    });
    // The entry's own fields stay with the schedulers.
    expect(
      (await refusal(overrideScheduledSessionParticipantEntry(realtime, f.sessionId, f.people[0]!, { ready: true })))
        .code,
    ).toBe("FORBIDDEN");
    expect((await refusal(unlockWaitingParticipants(reader, f.people, f.sessionId))).code).toBe("FORBIDDEN");
    expect((await refusal(completeScheduledSession(reader, f.sessionId))).code).toBe("FORBIDDEN");
  });
});

describe("participant statuses and progress", () => {
  it("walks ready → started → waiting → (unlock) started → finished", async () => {
    const f = await makeLiveSession(manager);
    const [p1, p2] = f.people.map((p) => participantCtx(manager, p));
    await setReady(p1!, f.sessionId, true);
    let board = await liveDashboard(manager, f.sessionId);
    expect(board.rows.map((r) => r.status)).toEqual(["ready", null]);

    await startScheduledSession(manager, f.sessionId);
    board = await liveDashboard(manager, f.sessionId);
    expect(board.rows.map((r) => r.status)).toEqual(["started", "started"]);
    expect(board.rows[0]).toMatchObject({
      currentEvaluation: { id: f.evaluations[0], name: "Station one" },
      currentQuestion: { id: f.questions[0]![0], name: "All types" },
    });
    expect(board.rows[0]!.remainingSeconds).toBeGreaterThan(590);

    const [e1, e2] = f.evaluations as [string, string];
    const [q1, q2] = f.questions[0] as [string, string];
    let mine = await finishQuestion(p1!, f.sessionId, e1, q1);
    expect(mine).toMatchObject({ status: "started", currentQuestion: q2 });
    // A retry of the same finish is acknowledged without moving on twice.
    mine = await finishQuestion(p1!, f.sessionId, e1, q1);
    expect(mine.currentQuestion).toBe(q2);
    mine = await finishQuestion(p1!, f.sessionId, e1, q2);
    expect(mine).toMatchObject({ status: "waiting", evaluation: null, questions: [] });

    // Unlock only moves waiting participants.
    expect(await unlockWaitingParticipants(manager, [f.people[0]!, f.people[1]!], f.sessionId)).toEqual([f.people[0]]);
    mine = await myLiveSession(p1!, f.sessionId);
    expect(mine).toMatchObject({
      status: "started",
      evaluation: { _id: e2, position: 2, count: 2 },
      currentQuestion: f.questions[1]![0],
    });
    mine = await finishQuestion(p1!, f.sessionId, e2, f.questions[1]![0]!);
    expect(mine.status).toBe("finished");

    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionProgress.map((p) => [p.evaluation, p.question, p.sectionEnd !== null])).toEqual([
      [e1, q1, true],
      [e1, q2, true],
      [e2, f.questions[1]![0], true],
    ]);
    expect(entry.sessionOverrides.map((o) => [o.overrideType, o.evaluation])).toEqual([["OPEN_EVALUATION", e2]]);
    void p2;
  });

  it("opens an evaluation out of order (OPEN_EVALUATION) and then unlocks the one left", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    const p = participantCtx(manager, f.people[0]!);
    const [e1, e2] = f.evaluations as [string, string];
    await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
      override: { overrideType: "OPEN_EVALUATION", evaluation: e2 },
    });
    let mine = await myLiveSession(p, f.sessionId);
    expect(mine.evaluation?._id).toBe(e2);
    mine = await finishQuestion(p, f.sessionId, e2, f.questions[1]![0]!);
    expect(mine.status).toBe("waiting");
    await unlockWaitingParticipants(manager, [f.people[0]!], f.sessionId);
    // The interrupted question of e1 counts as done; the next one of e1 opens.
    mine = await myLiveSession(p, f.sessionId);
    expect([mine.evaluation?._id, mine.currentQuestion]).toEqual([e1, f.questions[0]![1]]);
    // Nothing left to open in e2.
    expect(
      (
        await refusal(
          overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
            override: { overrideType: "OPEN_EVALUATION", evaluation: e2 },
          }),
        )
      ).reason,
    ).toBe("live_nothing_to_open");
  });

  it("completing ends every open section and stops the clocks; answers stay", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    const p = participantCtx(manager, f.people[0]!);
    await saveAnswer(p, {
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 2,
      answer: { textValue: "kept" },
      revision: 1,
    });
    await completeScheduledSession(manager, f.sessionId);
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionProgress.every((s) => s.sectionEnd !== null)).toBe(true);
    expect(entry.sessionAnswers.map((a) => a.answer)).toEqual([{ textValue: "kept" }]);
    const board = await liveDashboard(manager, f.sessionId);
    expect(board.rows[0]).toMatchObject({ remainingSeconds: null, deadline: null });
  });

  it("the screens listing a session's people (overview, order) and a pause of all get entries without their answers and live events; the API reads them", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    const p = participantCtx(manager, f.people[0]!);
    await saveAnswer(p, {
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 2,
      answer: { textValue: "in the API only" },
      revision: 1,
    });
    const full = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(full!.sessionAnswers.map((a) => a.answer)).toEqual([{ textValue: "in the API only" }]);
    const { entries: listed } = await sessionOverview(manager, f.sessionId);
    const summaries = await participantEntrySummaries(manager, f.sessionId);
    // "Pause all" answers summaries too (GraphQL reads their live fields only when asked).
    const paused = await overrideScheduledSessionParticipantEntries(manager, f.sessionId, {
      override: { overrideType: "SESSION_PAUSE" },
    });
    for (const list of [listed, summaries, paused]) {
      expect(list.map((e) => e.participant).sort()).toEqual([...f.people].sort());
      const mine = list.find((e) => e.participant === f.people[0])!;
      expect(mine).toMatchObject({ participantName: full!.participantName, sessionOrder: full!.sessionOrder });
      for (const live of ["sessionAnswers", "sessionOverrides", "sessionProgress"])
        expect(mine).not.toHaveProperty(live);
    }
  });
});

describe("live overrides and clocks", () => {
  it("pause all freezes every clock, resume restarts them, twice is harmless", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    await overrideScheduledSessionParticipantEntries(manager, f.sessionId, {
      override: { overrideType: "SESSION_PAUSE" },
    });
    await overrideScheduledSessionParticipantEntries(manager, f.sessionId, {
      override: { overrideType: "SESSION_PAUSE" },
    });
    let board = await liveDashboard(manager, f.sessionId);
    expect(board.rows.map((r) => [r.paused, r.deadline])).toEqual([
      [true, null],
      [true, null],
    ]);
    for (const p of f.people) {
      const mine = await myLiveSession(participantCtx(manager, p), f.sessionId);
      expect(mine).toMatchObject({ paused: true, deadline: null });
    }
    await overrideScheduledSessionParticipantEntries(manager, f.sessionId, {
      override: { overrideType: "SESSION_RESUME" },
    });
    board = await liveDashboard(manager, f.sessionId);
    expect(board.rows.every((r) => !r.paused && r.deadline !== null)).toBe(true);
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionOverrides.map((o) => o.overrideType)).toEqual(["SESSION_PAUSE", "SESSION_RESUME"]);
  });

  it("extends one participant's current question by exactly the seconds given, and applies extra time", async () => {
    const f = await makeLiveSession(manager);
    await setExtraTime(manager, f.people[1]!, 50);
    await startScheduledSession(manager, f.sessionId);
    const before = await liveDashboard(manager, f.sessionId);
    await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
      override: { overrideType: "EXTEND_TIME", value: { numericValue: 120 } },
    });
    const after = await liveDashboard(manager, f.sessionId);
    const deadline = (b: typeof before, i: number) => b.rows[i]!.deadline!.getTime();
    expect(deadline(after, 0) - deadline(before, 0)).toBe(120_000);
    expect(deadline(after, 1)).toBe(deadline(before, 1));
    // 600 s × 1.5 for the participant with 50 % extra time.
    expect(after.rows[1]!.remainingSeconds).toBeGreaterThan(890);
    expect(after.rows[1]!.extraTimePercent).toBe(50);
    const refused = await refusal(
      overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
        override: { overrideType: "EXTEND_TIME", value: { numericValue: -5 } },
      }),
    );
    expect([refused.code, Object.keys(refused.fieldErrors ?? {})]).toEqual(["BAD_REQUEST", ["value.numericValue"]]);
  });

  it("a help request shows on the dashboard and, with auto-pause, stops only that participant's clock until resolved", async () => {
    const f = await makeLiveSession(manager, { enableAutoPauseOnHelpRequest: true });
    await startScheduledSession(manager, f.sessionId);
    const p = participantCtx(manager, f.people[0]!);
    const mine = await requestHelp(p, f.sessionId);
    expect(mine).toMatchObject({ status: "help_requested", helpRequested: true, paused: true, deadline: null });
    await requestHelp(p, f.sessionId); // a second press adds nothing
    let board = await liveDashboard(manager, f.sessionId);
    expect(board.rows.map((r) => [r.status, r.helpRequested, r.paused])).toEqual([
      ["help_requested", true, true],
      ["started", false, false],
    ]);
    await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
      override: { overrideType: "HELP_REQUEST_RESOLVED" },
    });
    board = await liveDashboard(manager, f.sessionId);
    expect(board.rows[0]).toMatchObject({ status: "started", helpRequested: false, paused: false });
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionOverrides.map((o) => o.overrideType)).toEqual(["HELP_REQUEST", "HELP_REQUEST_RESOLVED"]);
  });

  it("refuses live overrides when the session is not ongoing, and changes nothing", async () => {
    const f = await makeLiveSession(manager);
    const e = await refusal(
      overrideScheduledSessionParticipantEntries(manager, f.sessionId, { override: { overrideType: "SESSION_PAUSE" } }),
    );
    expect([e.code, e.reason]).toEqual(["BAD_REQUEST", "live_session_not_ongoing"]);
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(entry.sessionOverrides).toEqual([]);
  });
});

describe("events", () => {
  it("publishes each change after it is in the database, with the entry's revision", async () => {
    const f = await makeLiveSession(manager);
    const seen: Array<{ event: LiveEvent; status: string | undefined; revision: number | undefined }> = [];
    const stop = onLiveEvent(async (tenant, sessionId, event) => {
      if (tenant !== slug || sessionId !== f.sessionId) return;
      // Read the database at the moment of publishing: the change must already be there.
      const session = await manager.tdb.db
        .select()
        .from(scheduledSessions)
        .where(eq(scheduledSessions.id, sessionId))
        .get();
      const entry = event.participantId
        ? await getParticipantEntry(manager, sessionId, event.participantId)
        : undefined;
      seen.push({ event, status: session?.status, revision: entry?._rev });
    });
    try {
      await startScheduledSession(manager, f.sessionId);
      await requestHelp(participantCtx(manager, f.people[1]!), f.sessionId);
    } finally {
      stop();
    }
    expect(seen[0]).toMatchObject({ event: { type: "session.started" }, status: "ONGOING" });
    const entryEvents = seen.filter((s) => s.event.participantId);
    expect(entryEvents.length).toBe(3);
    for (const s of entryEvents) expect(s.event.payload.revision).toBe(s.revision);
    expect(entryEvents.at(-1)!.event).toMatchObject({ type: "help.requested", participantId: f.people[1] });
  });

  it("a move's and an unlock's events carry the screen's new state: what myLiveSession then answers, but the answers", async () => {
    const f = await makeLiveSession(manager);
    const [p1] = f.people.map((p) => participantCtx(manager, p));
    await startScheduledSession(manager, f.sessionId);
    const [e1] = f.evaluations as [string, string];
    const [q1, q2] = f.questions[0] as [string, string];
    // An answer of before: the screen keeps it (the events carry no answers), and the read has it.
    await saveAnswer(p1!, {
      scheduledSession: f.sessionId,
      evaluation: e1,
      question: q1,
      stepIndex: 2,
      answer: { textValue: "kept" },
      revision: 1,
    });
    const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
    // The same state, to the second: a second may tick between the write and the read.
    const still = ({ answers: _a, remainingSeconds: _r, serverTime: _s, ...rest }: Record<string, unknown>) => rest;
    const carriedBy = async (reason: string, act: () => Promise<unknown>) => {
      const events: LiveEvent[] = [];
      const stop = onLiveEvent((tenant, sessionId, event) => {
        if (tenant === slug && sessionId === f.sessionId && event.payload.reason === reason) events.push(event);
      });
      try {
        await act();
      } finally {
        stop();
      }
      expect(events, reason).toHaveLength(1);
      const carried = json(events[0]!.payload.view);
      const read = json(await myLiveSession(p1!, f.sessionId));
      expect(carried.answers, reason).toBeUndefined();
      expect(read.answers, reason).toHaveLength(1);
      expect(still(carried), reason).toEqual(still(read));
      expect(Math.abs(Number(carried.remainingSeconds) - Number(read.remainingSeconds)), reason).toBeLessThanOrEqual(1);
      return carried;
    };
    expect(await carriedBy("next-question", () => finishQuestion(p1!, f.sessionId, e1, q1))).toMatchObject({
      status: "started",
      currentQuestion: q2,
    });
    expect(await carriedBy("evaluation-finished", () => finishQuestion(p1!, f.sessionId, e1, q2))).toMatchObject({
      status: "waiting",
      questions: [],
    });
    expect(
      await carriedBy("unlocked", async () =>
        expect(await unlockWaitingParticipants(manager, f.people, f.sessionId)).toEqual([f.people[0]]),
      ),
    ).toMatchObject({ status: "started", currentQuestion: f.questions[1]![0] });
  });

  it("a start opens each participant's own first evaluation, sets every entry's start and tells each screen its entry's new revision", async () => {
    const f = await makeLiveSession(manager, { participants: 3 });
    const [e1, e2] = f.evaluations as [string, string];
    const other = f.people[1]!;
    await manager.tdb.write((tx) =>
      tx
        .update(entries)
        .set({ sessionOrder: [e2, e1] })
        .where(and(eq(entries.scheduledSessionId, f.sessionId), eq(entries.participantId, other))),
    );
    const events: LiveEvent[] = [];
    const stop = onLiveEvent(
      (tenant, sessionId, event) => void (tenant === slug && sessionId === f.sessionId && events.push(event)),
    );
    try {
      await startScheduledSession(manager, f.sessionId);
    } finally {
      stop();
    }
    const rows = await manager.tdb.db.select().from(entries).where(eq(entries.scheduledSessionId, f.sessionId)).all();
    expect(rows.every((row) => row.sessionStart instanceof Date)).toBe(true);
    expect(events[0]).toMatchObject({ type: "session.started", payload: { status: "ONGOING" } });
    expect(
      events
        .slice(1)
        .map((e) => [e.participantId, e.payload.reason, e.payload.revision])
        .sort(),
    ).toEqual(rows.map((row) => [row.participantId, "started", row.rev]).sort());
    for (const p of f.people) {
      const mine = await myLiveSession(participantCtx(manager, p), f.sessionId);
      expect(mine).toMatchObject({
        status: "started",
        currentQuestion: p === other ? f.questions[1]![0] : f.questions[0]![0],
      });
    }
  });

  it("spreads the reloads of an unlock: each unlocked screen is told when, two milliseconds apart", async () => {
    const f = await makeLiveSession(manager, { participants: 3 });
    await startScheduledSession(manager, f.sessionId);
    const [e1] = f.evaluations as [string, string];
    const [q1, q2] = f.questions[0] as [string, string];
    for (const p of f.people) {
      const who = participantCtx(manager, p);
      await finishQuestion(who, f.sessionId, e1, q1);
      await finishQuestion(who, f.sessionId, e1, q2);
    }
    const events: LiveEvent[] = [];
    const stop = onLiveEvent(
      (tenant, sessionId, event) => void (tenant === slug && sessionId === f.sessionId && events.push(event)),
    );
    try {
      expect((await unlockWaitingParticipants(manager, f.people, f.sessionId)).sort()).toEqual([...f.people].sort());
    } finally {
      stop();
    }
    expect(events.map((e) => [e.payload.reason, e.payload.reloadInMs])).toEqual([
      ["unlocked", 0],
      ["unlocked", 2],
      ["unlocked", 4],
    ]);
  });

  it("a pause, an extension and a resume carry each participant's new clock, equal to what a reload gives; opening an evaluation does not", async () => {
    const f = await makeLiveSession(manager, { participants: 3 });
    await setExtraTime(manager, f.people[2]!, 50);
    await startScheduledSession(manager, f.sessionId);
    const events: LiveEvent[] = [];
    const stop = onLiveEvent(
      (tenant, sessionId, event) => void (tenant === slug && sessionId === f.sessionId && events.push(event)),
    );
    const reloaded = (p: string) => myLiveSession(participantCtx(manager, p), f.sessionId);
    const clockOf = (s: Awaited<ReturnType<typeof reloaded>>) => ({
      revision: s.revision,
      status: s.status,
      paused: s.paused,
      helpRequested: s.helpRequested,
      remainingSeconds: s.remainingSeconds,
      deadline: s.deadline,
    });
    try {
      // Paused first: the clocks stand still, so a reload sees exactly what the event said.
      for (const override of [
        { overrideType: "SESSION_PAUSE" },
        { overrideType: "EXTEND_TIME", value: { numericValue: 60 } },
      ]) {
        events.length = 0;
        await overrideScheduledSessionParticipantEntries(manager, f.sessionId, { override });
        expect(events.map((e) => e.participantId).sort()).toEqual([...f.people].sort());
        for (const event of events) {
          const { serverTime, ...clock } = event.payload.live as { serverTime: Date };
          expect(serverTime).toBeInstanceOf(Date);
          expect(clock).toEqual(clockOf(await reloaded(event.participantId!)));
        }
      }
      // The extra time counts: 600 s × 1.5 + 60 for the third participant.
      expect(
        (events.find((e) => e.participantId === f.people[2])!.payload.live as { remainingSeconds: number })
          .remainingSeconds,
      ).toBeGreaterThan(900);
      events.length = 0;
      await overrideScheduledSessionParticipantEntries(manager, f.sessionId, {
        override: { overrideType: "SESSION_RESUME" },
      });
      expect(events).toHaveLength(3);
      for (const event of events) {
        const live = event.payload.live as { paused: boolean; deadline: Date; revision: number };
        const now = await reloaded(event.participantId!);
        expect([live.paused, live.revision]).toEqual([false, now.revision]);
        // Running again: the event's deadline is the one a reload computes.
        expect(live.deadline.getTime()).toBe(now.deadline!.getTime());
      }
      // Opening an evaluation changes the questions: no patch, the screen reloads.
      events.length = 0;
      await overrideScheduledSessionParticipantEntry(manager, f.sessionId, f.people[0]!, {
        override: { overrideType: "OPEN_EVALUATION", evaluation: f.evaluations[1] },
      });
      expect(events).toHaveLength(1);
      expect(events[0]!.payload).not.toHaveProperty("live");
    } finally {
      stop();
    }
  });
});

describe("what the live run leaves behind", () => {
  it("protects entries with answers, progress or overrides from silent removal, and removes their rows with them", async () => {
    const f = await makeLiveSession(manager);
    await startScheduledSession(manager, f.sessionId);
    const p = participantCtx(manager, f.people[0]!);
    await saveAnswer(p, {
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[0],
      question: f.questions[0]![0],
      stepIndex: 2,
      answer: { textValue: "mine" },
      revision: 1,
    });
    const refused = await refusal(updateScheduledSession(manager, f.sessionId, { participants: [f.people[1]!] }));
    expect(Object.keys(refused.fieldErrors ?? {})).toEqual(["participants"]);
    const confirm = await removeScheduledSession(manager, f.sessionId);
    expect(confirm.__typename).toBe("RemoveConfirmation");
    const refs = confirm.__typename === "RemoveConfirmation" ? confirm.references : [];
    expect(refs.every((r) => !r.canBeSafelyRemoved)).toBe(true);
    const count = async () =>
      (await manager.tdb.db.select().from(liveAnswers).all()).length +
      (await manager.tdb.db.select().from(liveProgress).all()).length +
      (await manager.tdb.db.select().from(liveOverrides).all()).length;
    const before = await count();
    await removeScheduledSession(
      manager,
      f.sessionId,
      refs.map((r) => r.id),
    );
    // 1 answer + 2 open sections of this session are gone with its entries.
    expect(before - (await count())).toBe(3);
  });
});
