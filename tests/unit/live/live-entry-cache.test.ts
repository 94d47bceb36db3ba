import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { finishQuestion, myLiveSession, saveAnswer } from "~/modules/live/participant.server";
import { writeOwnEntry } from "~/modules/live/live-entry.server";
import { closeOpenSections } from "~/modules/live/progress.server";
import { findEntryOf } from "~/modules/live/plan.server";
import { loadLiveData } from "~/modules/live/store.server";
import { applyLiveOverride, unlockWaitingParticipants } from "~/modules/live/run.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, setExtraTime, type LiveFixture } from "./fixtures";

// A participant's live state (session, entry, open section, overrides, extra time) is kept between
// saves (app/modules/live/live-entry.server.ts). Every change to it must be seen by the very next
// save or screen refresh: the participant's own moves, another participant's do not disturb it,
// staff actions and content edits.

/**
 * What the kept state saves, counted by spies: reads of entries' live facts from the database (a
 * whole session's or one entry's: progress, overrides, extra time), and staff actions that took the
 * kept entries instead of reading them (keptSessionBeforeWrite's `current()` gave them).
 */
const liveStateReads = vi.hoisted(() => ({ liveFacts: 0, staffActionsFromKept: 0 }));

vi.mock(import("~/modules/live/plan.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    entriesFacts: (...args: Parameters<typeof actual.entriesFacts>) => {
      liveStateReads.liveFacts++;
      return actual.entriesFacts(...args);
    },
  };
});

vi.mock(import("~/modules/live/live-entry.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    keptSessionBeforeWrite: (...args: Parameters<typeof actual.keptSessionBeforeWrite>) => {
      const kept = actual.keptSessionBeforeWrite(...args);
      return (
        kept && {
          current: () => {
            const now = kept.current();
            if (now) liveStateReads.staffActionsFromKept++;
            return now;
          },
        }
      );
    },
  };
});

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;
let f: LiveFixture;
let p1: Ctx;
let p2: Ctx;
let revision = 0;

// The first question's step 2 is a text step; the second question has one numeric step.
const save = (who: Ctx, question: string) => {
  const first = question === f.questions[0]![0];
  const answer = first ? { textValue: `r${revision}` } : { numericValue: revision };
  return saveAnswer(who, {
    scheduledSession: f.sessionId,
    evaluation: f.evaluations[0]!,
    question,
    stepIndex: first ? 2 : 0,
    answer,
    revision: ++revision,
  });
};

/** The participant's live state read from the database, trusting nothing kept. */
const fresh = async (who: Ctx) => {
  process.env.LIVE_STATE_CACHE_MS = "0";
  try {
    return await myLiveSession(who, f.sessionId);
  } finally {
    delete process.env.LIVE_STATE_CACHE_MS;
  }
};

beforeAll(async () => {
  const slug = (await makeTenant("live-entry-cache")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 2 });
  p1 = participantCtx(manager, f.people[0]!);
  p2 = participantCtx(manager, f.people[1]!);
  await startScheduledSession(manager, f.sessionId);
});

describe("the kept live state of a participant", () => {
  it("follows the participant's own move to the next question", async () => {
    const [first, second] = f.questions[0]!;
    expect((await save(p1, first!)).stored).toBe(true); // kept from here
    await finishQuestion(p1, f.sessionId, f.evaluations[0]!, first!);
    expect((await save(p1, second!)).stored).toBe(true);
    expect((await refusal(save(p1, first!))).reason).toBe("live_question_not_current");
    expect((await myLiveSession(p1, f.sessionId)).currentQuestion).toBe(second);
  });

  it("is not disturbed by another participant's move, and the other's is its own", async () => {
    const [first, second] = f.questions[0]!;
    expect((await save(p2, first!)).stored).toBe(true);
    await finishQuestion(p2, f.sessionId, f.evaluations[0]!, first!);
    expect((await save(p1, second!)).stored).toBe(true);
    expect((await save(p2, second!)).stored).toBe(true);
  });

  it("sees a staff pause and resume at the next refresh", async () => {
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(false);
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(true);
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" });
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(false);
  });

  it("takes a staff pause, extension and resume as they commit: the next saves and refreshes read nothing, and see what a fresh read sees", async () => {
    const second = f.questions[0]![1]!;
    expect((await save(p1, second)).stored).toBe(true);
    expect((await save(p2, second)).stored).toBe(true);
    const clockOf = ({ status, paused, remainingSeconds, revision }: Awaited<ReturnType<typeof myLiveSession>>) => ({
      status,
      paused,
      remainingSeconds,
      revision,
    });
    for (const input of [
      { overrideType: "SESSION_PAUSE" },
      { overrideType: "EXTEND_TIME", value: { numericValue: 90 } },
      { overrideType: "SESSION_RESUME" },
    ]) {
      await applyLiveOverride(manager, f.sessionId, null, input);
      const before = { ...liveStateReads };
      expect((await save(p1, second)).stored).toBe(true);
      expect((await save(p2, second)).stored).toBe(true);
      const kept = [await myLiveSession(p1, f.sessionId), await myLiveSession(p2, f.sessionId)];
      expect(liveStateReads, `after ${input.overrideType}`).toEqual(before);
      const read = [await fresh(p1), await fresh(p2)];
      expect(liveStateReads.liveFacts, "a fresh read is counted").toBeGreaterThan(before.liveFacts);
      // The same clock to the second (a second may tick between the two reads).
      for (const [i, k] of kept.entries()) {
        const r = read[i]!;
        expect({ ...clockOf(k), remainingSeconds: null }).toEqual({ ...clockOf(r), remainingSeconds: null });
        expect(Math.abs(k.remainingSeconds! - r.remainingSeconds!)).toBeLessThanOrEqual(1);
      }
      expect(kept[0]!.paused).toBe(input.overrideType !== "SESSION_RESUME");
    }
  });

  it("gives a staff action the entries the last one kept, and reads only a participant who moved meanwhile", async () => {
    const second = f.questions[0]![1]!;
    const extend = () =>
      applyLiveOverride(manager, f.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } });
    const overridesOf = async (participant: string) => {
      const entry = await findEntryOf(manager.tdb.db, f.sessionId, participant);
      return (await loadLiveData(manager.tdb.db, [entry.id], { answers: false })).get(entry.id)!.overrides;
    };
    await extend(); // keeps the whole session as it commits
    const fromKept = liveStateReads.staffActionsFromKept;
    await extend();
    expect(liveStateReads.staffActionsFromKept).toBe(fromKept + 1);
    expect((await overridesOf(f.people[0]!)).at(-1)).toMatchObject({ overrideType: "EXTEND_TIME", question: second });
    // p2 finishes its last question of the evaluation and waits: what was kept of it before is
    // forgotten, so the next action reads p2 (and sees it waiting: no extension) but takes p1 as kept.
    await finishQuestion(p2, f.sessionId, f.evaluations[0]!, second);
    const p2Overrides = (await overridesOf(f.people[1]!)).length;
    const p1Before = (await overridesOf(f.people[0]!)).length;
    const beforeMove = liveStateReads.staffActionsFromKept;
    await extend();
    expect(liveStateReads.staffActionsFromKept).toBe(beforeMove + 1);
    expect(await overridesOf(f.people[1]!)).toHaveLength(p2Overrides);
    expect(await overridesOf(f.people[0]!)).toHaveLength(p1Before + 1);
    // Two actions at once: the second starts before the first runs, so the first cannot trust what
    // was kept (it reads the database), nor can the second (the first changed it).
    const p1Overrides = (await overridesOf(f.people[0]!)).length;
    const used = liveStateReads.staffActionsFromKept;
    await Promise.all([extend(), extend()]);
    expect(liveStateReads.staffActionsFromKept).toBe(used);
    expect(await overridesOf(f.people[0]!)).toHaveLength(p1Overrides + 2);
  });

  it("keeps the whole session through an unlock: the unlocked participant's refresh reads nothing and matches a fresh read", async () => {
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } });
    const used = liveStateReads.staffActionsFromKept;
    expect(await unlockWaitingParticipants(manager, f.people, f.sessionId)).toEqual([f.people[1]]); // p2 waited
    expect(liveStateReads.staffActionsFromKept).toBe(used + 1);
    const reads = { ...liveStateReads };
    const kept = await myLiveSession(p2, f.sessionId);
    const stillKept = await myLiveSession(p1, f.sessionId);
    expect(liveStateReads).toEqual(reads);
    expect(kept.evaluation?._id).toBe(f.evaluations[1]);
    for (const [k, r] of [
      [kept, await fresh(p2)],
      [stillKept, await fresh(p1)],
    ] as const) {
      expect({ ...k, remainingSeconds: 0, deadline: null, serverTime: null }).toEqual({
        ...r,
        remainingSeconds: 0,
        deadline: null,
        serverTime: null,
      });
      expect(Math.abs(k.remainingSeconds! - r.remainingSeconds!)).toBeLessThanOrEqual(1);
    }
  });

  it("sees extra time given to the participant (a content write)", async () => {
    const before = (await myLiveSession(p1, f.sessionId)).remainingSeconds!;
    await setExtraTime(manager, f.people[0]!, 100);
    const after = (await myLiveSession(p1, f.sessionId)).remainingSeconds!;
    expect(after).toBeGreaterThan(before + 30);
  });

  it("shows the entry's current revision and answers although saves do not refresh what is kept", async () => {
    const second = f.questions[0]![1]!;
    const saved = await save(p1, second);
    const live = await myLiveSession(p1, f.sessionId);
    expect(live.revision).toBe(saved.entryRevision);
    expect(live.answers.find((a) => a.question === second && a.stepIndex === 0)?.revision).toBe(saved.revision);
  });

  it("refuses saves once staff complete the session", async () => {
    await completeScheduledSession(manager, f.sessionId);
    expect((await refusal(save(p1, f.questions[0]![1]!))).reason).toBe("live_session_not_ongoing");
  });
});

describe("a staff action and a participant's move at the same time", () => {
  it("reads the participant whose move was written just before the action, and keeps the others", async () => {
    const session = await makeLiveSession(manager, { participants: 5 }); // one of five unread is still "mostly kept"
    const [a, b] = session.people.map((p) => participantCtx(manager, p));
    await startScheduledSession(manager, session.sessionId);
    const [first, second] = session.questions[0]!;
    const extend = () =>
      applyLiveOverride(manager, session.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } });
    const lastOverride = async (participant: string) => {
      const entry = await findEntryOf(manager.tdb.db, session.sessionId, participant);
      return (await loadLiveData(manager.tdb.db, [entry.id], { answers: false })).get(entry.id)!.overrides.at(-1);
    };
    // b reaches the last question; an extension keeps the whole session as it commits.
    await finishQuestion(b!, session.sessionId, session.evaluations[0]!, first!);
    await myLiveSession(b!, session.sessionId);
    await extend();
    await myLiveSession(b!, session.sessionId); // b's state kept again, as its screen would
    // b's move to "waiting" is being written (its transaction runs and holds the queue) when the
    // next extension is asked for. Meanwhile b's screen refreshes: what it reads (b still on its
    // question) is kept, and the extension sees it kept when it is asked for. Queued behind the
    // running move, it must not trust that state once the move has committed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const bEntry = await findEntryOf(manager.tdb.db, session.sessionId, session.people[1]!);
    let moving!: () => void;
    const started = new Promise<void>((resolve) => (moving = resolve));
    const move = writeOwnEntry(manager.tdb, session.sessionId, session.people[1]!, async (tx) => {
      moving();
      await gate;
      await closeOpenSections(tx, [bEntry.id], new Date()); // b finished its last question: it waits
    });
    await started;
    const used = liveStateReads.staffActionsFromKept;
    expect((await myLiveSession(b!, session.sessionId)).currentQuestion).toBe(second);
    const extended = extend();
    release();
    await Promise.all([move, extended]);
    expect(liveStateReads.staffActionsFromKept).toBe(used + 1);
    // b was waiting when the extension was written: none for it (its last is the first one, on its
    // second question). a, on its first question, got both.
    expect((await myLiveSession(b!, session.sessionId)).status).toBe("waiting");
    expect(await lastOverride(session.people[1]!)).toMatchObject({ overrideType: "EXTEND_TIME", question: second });
    expect(await lastOverride(session.people[0]!)).toMatchObject({ overrideType: "EXTEND_TIME", question: first });
    expect((await lastOverride(session.people[0]!))!.datetime.getTime()).toBeGreaterThan(
      (await lastOverride(session.people[1]!))!.datetime.getTime(),
    );
    void a;
  });
});
