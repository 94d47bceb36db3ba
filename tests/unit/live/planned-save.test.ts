import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { REVISION_READ, sharedRevision } from "~db/tenant/revision";
import { auditEntries, liveAnswers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { finishQuestion, saveAnswer } from "~/modules/live/participant.server";
import { findEntryOf } from "~/modules/live/plan.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, participantCtx, type LiveFixture } from "./fixtures";
import { elsewhereIn, liveChangeElsewhere, watchPlans } from "./planned";

// An answer saved in time is a planned write (ADR 0039): planned at the revision its group read,
// run in one batch, and written only while the database is still at that revision. These prove
// the plan is taken, that a write of another connection between the plan and the batch sends the
// save through the transaction's path instead (nothing stale is written, nothing is lost), and
// that everything else still gets the transaction's answers.

process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;
let f: LiveFixture;
let p1: Ctx;
let p2: Ctx;
let p3: Ctx;
let revision = 0;
const elsewhere = (statement: string, args: string[] = []) => elsewhereIn(slug, statement, args);

/** Saves a text answer to the first question's text step (step 2). */
const save = (who: Ctx, text: string, clientRevision = ++revision) =>
  saveAnswer(who, {
    scheduledSession: f.sessionId,
    evaluation: f.evaluations[0]!,
    question: f.questions[0]![0]!,
    stepIndex: 2,
    answer: { textValue: text },
    revision: clientRevision,
  });

async function stored(participantId: string) {
  const entry = await findEntryOf(manager.tdb.db, f.sessionId, participantId);
  return manager.tdb.db
    .select()
    .from(liveAnswers)
    .where(and(eq(liveAnswers.entryId, entry.id), eq(liveAnswers.stepIndex, 2)))
    .get();
}

/** The audit trail's answer saves of a participant, oldest first: exactly one for each save stored. */
const auditedSaves = async (participantId: string) =>
  (
    await manager.tdb.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.participantId, participantId), eq(auditEntries.kind, "ANSWER")))
      .orderBy(auditEntries.id)
  ).map((e) => (e.after as { answer: unknown }).answer);

beforeAll(async () => {
  slug = (await makeTenant("planned-save")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 3 });
  p1 = participantCtx(manager, f.people[0]!);
  p2 = participantCtx(manager, f.people[1]!);
  p3 = participantCtx(manager, f.people[2]!);
  await startScheduledSession(manager, f.sessionId);
});

describe("an answer saved in time", () => {
  it("is planned and written in the group's batch, with the entry's revision moved", async () => {
    const before = (await findEntryOf(manager.tdb.db, f.sessionId, f.people[0]!)).rev;
    const watch = watchPlans(p1);
    try {
      const [a, b] = await Promise.all([save(p1, "first"), save(p2, "other")]);
      expect(a.stored && b.stored).toBe(true);
      expect(watch.answered).toHaveLength(2);
      expect(watch.answered.every((value) => value !== null)).toBe(true);
      expect(a.entryRevision).toBe(before + 1);
    } finally {
      watch.restore();
    }
    expect((await stored(f.people[0]!))?.answer).toEqual({ textValue: "first" });
    expect((await stored(f.people[1]!))?.answer).toEqual({ textValue: "other" });
    expect(await auditedSaves(f.people[0]!)).toEqual([{ textValue: "first" }]);
  });

  it("goes through the transaction when another process writes between each plan and its batch: saved once, not stale", async () => {
    const watch = watchPlans(p1, () => elsewhere("UPDATE workspaces SET name = name"));
    let result;
    try {
      result = await save(p1, "after another write");
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
    expect(result.stored).toBe(true);
    const row = await stored(f.people[0]!);
    expect(row?.answer).toEqual({ textValue: "after another write" });
    expect(row?.revision).toBe(result.revision);
    // The batch that wrote nothing recorded nothing: the trail has the save once, from the transaction.
    expect(await auditedSaves(f.people[0]!)).toEqual([{ textValue: "first" }, { textValue: "after another write" }]);
  });

  it("stays planned when another process changes another participant's live rows in between (ADR 0047): written by the batch, once", async () => {
    const other = await findEntryOf(manager.tdb.db, f.sessionId, f.people[1]!);
    // Another process gives p2 an override between p1's plan and its batch: the database's revision
    // moves, p1's entry and the content do not.
    const watch = watchPlans(p1, () => liveChangeElsewhere(slug, other.id));
    let result;
    try {
      result = await save(p1, "beside another's change");
    } finally {
      watch.restore();
    }
    expect(watch.answered).toHaveLength(1);
    expect(watch.answered[0]).not.toBeNull();
    expect(result.stored).toBe(true);
    expect((await stored(f.people[0]!))?.answer).toEqual({ textValue: "beside another's change" });
    expect((await auditedSaves(f.people[0]!)).at(-1)).toEqual({ textValue: "beside another's change" });
  });

  it("is refused by the transaction's checks when another process moved the participant on in between", async () => {
    const entry = await findEntryOf(manager.tdb.db, f.sessionId, f.people[1]!);
    // Another process closes p2's open question between the plan (made on the question still open) and the batch.
    const watch = watchPlans(p2, () =>
      elsewhere("UPDATE live_progress SET section_end = section_start WHERE entry_id = ? AND section_end IS NULL", [
        entry.id,
      ]),
    );
    try {
      expect((await refusal(save(p2, "too late"))).reason).toBe("live_question_not_current");
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
    expect((await stored(f.people[1]!))?.answer).toEqual({ textValue: "other" });
    expect(await auditedSaves(f.people[1]!)).toEqual([{ textValue: "other" }]);
  });

  it("acknowledges a retry of an equal revision with what is stored, through the transaction", async () => {
    const first = await save(p1, "kept", ++revision);
    const watch = watchPlans(p1);
    try {
      const retry = await save(p1, "kept", first.revision);
      expect(retry.stored).toBe(false);
      expect(retry.revision).toBe(first.revision);
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
  });

  it("plans a group's saves together: each one written once with its audit entry, each entry moved once; a second save of a step and a stale revision take the transaction's path", async () => {
    const entryRev = async (participant: string) => (await findEntryOf(manager.tdb.db, f.sessionId, participant)).rev;
    const kept = await save(p3, "kept");
    const [p1Before, p3Before] = [await entryRev(f.people[0]!), await entryRev(f.people[2]!)];
    const [p1Audited, p3Audited] = [await auditedSaves(f.people[0]!), await auditedSaves(f.people[2]!)];
    const watch = watchPlans(p1);
    let results;
    try {
      // One turn, one group: of p1, two saves of the text step and a first answer to the numeric
      // step; of p3, only a revision older than its stored one.
      results = await Promise.all([
        save(p1, "one"),
        save(p1, "two"),
        saveAnswer(p1, {
          scheduledSession: f.sessionId,
          evaluation: f.evaluations[0]!,
          question: f.questions[0]![0]!,
          stepIndex: 1,
          answer: { numericValue: 7 },
          revision: 1,
        }),
        save(p3, "stale", kept.revision - 1),
      ]);
    } finally {
      watch.restore();
    }
    const [one, two, numeric, stale] = results;
    // Planned: "one", the numeric answer and the stale save (its plan cannot know what is stored); the
    // batch wrote the first two; "two" and the stale one went through the transaction.
    expect(watch.answered.filter((value) => value !== null)).toHaveLength(2);
    expect([one.stored, two.stored, numeric.stored, stale.stored]).toEqual([true, true, true, false]);
    expect(stale.revision).toBe(kept.revision);
    expect(await stored(f.people[0]!)).toMatchObject({ answer: { textValue: "two" }, revision: two.revision });
    expect(await stored(f.people[2]!)).toMatchObject({ answer: { textValue: "kept" }, revision: kept.revision });
    expect(await auditedSaves(f.people[0]!)).toEqual([
      ...p1Audited,
      { textValue: "one" },
      { numericValue: 7 },
      { textValue: "two" },
    ]);
    expect(await auditedSaves(f.people[2]!)).toEqual(p3Audited);
    // p1: once for the group, once for "two"'s transaction; p3: not at all.
    expect([one.entryRevision, numeric.entryRevision]).toEqual([p1Before + 1, p1Before + 1]);
    expect(await entryRev(f.people[0]!)).toBe(p1Before + 2);
    expect(await entryRev(f.people[2]!)).toBe(p3Before);
  });

  it("is planned at the newest revision this process has read, without a revision read of its own (ADR 0051)", async () => {
    const known = await sharedRevision(p1.tdb); // as each request's login check reads it
    // Another process changes another participant: the database moves on, this process reads nothing of it.
    await liveChangeElsewhere(slug, (await findEntryOf(manager.tdb.db, f.sessionId, f.people[1]!)).id);
    const execute = vi.spyOn(p1.tdb.db.$client, "execute");
    const watch = watchPlans(p1);
    let result;
    try {
      result = await save(p1, "at the revision known");
    } finally {
      watch.restore();
      execute.mockRestore();
    }
    const revisionReads = execute.mock.calls.filter(([statement]) => statement === REVISION_READ);
    expect(revisionReads).toHaveLength(0);
    expect(watch.plannedAt).toEqual([known]);
    expect(watch.answered[0]).not.toBeNull();
    expect(result.stored).toBe(true);
    expect((await stored(f.people[0]!))?.answer).toEqual({ textValue: "at the revision known" });
  });

  it("planned at an older revision and refused by its batch (the participant changed since), is planned again at a fresh one: written once (ADR 0051)", async () => {
    const known = await sharedRevision(p1.tdb);
    // Another process changes p1 itself after the newest revision this process read.
    await liveChangeElsewhere(slug, (await findEntryOf(manager.tdb.db, f.sessionId, f.people[0]!)).id);
    const before = await auditedSaves(f.people[0]!);
    const watch = watchPlans(p1);
    let result;
    try {
      result = await save(p1, "after its own change elsewhere");
    } finally {
      watch.restore();
    }
    // The first batch wrote nothing; the second plan, at a revision read after it, was written.
    expect(watch.plannedAt.map((r) => r.value)).toEqual([known.value, known.value + 1]);
    expect(watch.answered).toHaveLength(1);
    expect(watch.answered[0]).not.toBeNull();
    expect(result.stored).toBe(true);
    expect((await stored(f.people[0]!))?.answer).toEqual({ textValue: "after its own change elsewhere" });
    expect(await auditedSaves(f.people[0]!)).toEqual([...before, { textValue: "after its own change elsewhere" }]);
  });

  it("is not planned once the session is over: the transaction refuses it", async () => {
    await finishQuestion(p1, f.sessionId, f.evaluations[0]!, f.questions[0]![0]!);
    await completeScheduledSession(manager, f.sessionId);
    const watch = watchPlans(p1);
    try {
      expect((await refusal(save(p1, "after the end"))).reason).toBe("live_session_not_ongoing");
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
  });
});
