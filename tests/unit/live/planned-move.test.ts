import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditEntries, liveProgress } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import type { LiveEvent } from "~/modules/live/events.server";
import { finishQuestion } from "~/modules/live/participant.server";
import { findEntryOf } from "~/modules/live/plan.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, participantCtx, type LiveFixture } from "./fixtures";
import { elsewhereIn, liveChangeElsewhere, watchPlans } from "./planned";

// A participant's move to the next section is a planned write (ADR 0049): planned at the revision
// its group read, written in the group's one batch only while the participant is as planned. These
// prove the plan is taken and writes what the transaction would, that a change of the participant
// by another process between plan and batch sends the move through the transaction (moved once,
// never twice), and that another participant's change does not.

process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;
let f: LiveFixture;
let p: Ctx[];

const elsewhere = (statement: string, args: string[] = []) => elsewhereIn(slug, statement, args);
const entryOf = (participant: Ctx) => findEntryOf(manager.tdb.db, f.sessionId, participantIdOf(participant));
const participantIdOf = (ctx: Ctx) => (ctx.actor as { participantId: string }).participantId;

/** The participant's sections, oldest first: [question, open]. */
async function sections(participant: Ctx) {
  const entry = await entryOf(participant);
  const rows = await manager.tdb.db.select().from(liveProgress).where(eq(liveProgress.entryId, entry.id)).all();
  return rows
    .sort((a, b) => a.sectionStart.getTime() - b.sectionStart.getTime())
    .map((r) => [r.questionId, r.sectionEnd === null]);
}

/** How many finished sections the audit trail has of the participant. */
const auditedMoves = async (participant: Ctx) =>
  (
    await manager.tdb.db
      .select()
      .from(auditEntries)
      .where(
        and(
          eq(auditEntries.participantId, participantIdOf(participant)),
          eq(auditEntries.action, "override.FINISH_SECTION"),
        ),
      )
  ).length;

const [q1, q2] = [() => f.questions[0]![0]!, () => f.questions[0]![1]!];
const finish = (participant: Ctx, question: string) =>
  finishQuestion(participant, f.sessionId, f.evaluations[0]!, question);

beforeAll(async () => {
  slug = (await makeTenant("planned-move")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  f = await makeLiveSession(manager, { participants: 5 });
  p = f.people.map((person) => participantCtx(manager, person));
  await startScheduledSession(manager, f.sessionId);
});

describe("a participant's move to the next question", () => {
  it("is planned and written in the group's batch: the question closed, the next one open, one audit entry, the entry's revision once", async () => {
    const before = await entryOf(p[0]!);
    const watch = watchPlans(p[0]!);
    let screen;
    try {
      screen = await finish(p[0]!, q1());
    } finally {
      watch.restore();
    }
    expect(watch.answered).toHaveLength(1);
    const { event } = watch.answered[0] as { event: LiveEvent };
    expect(event.payload).toMatchObject({ reason: "next-question", revision: before.rev + 1 });
    expect((await entryOf(p[0]!)).rev).toBe(before.rev + 1);
    expect(await sections(p[0]!)).toEqual([
      [q1(), false],
      [q2(), true],
    ]);
    expect(await auditedMoves(p[0]!)).toBe(1);
    expect(screen).toMatchObject({ status: "started", currentQuestion: q2() });
  });

  it("goes through the transaction when another process changes the participant between each plan and its batch: moved once", async () => {
    const entry = await entryOf(p[1]!);
    const watch = watchPlans(p[1]!, () => liveChangeElsewhere(slug, entry.id));
    let screen;
    try {
      screen = await finish(p[1]!, q1());
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
    expect(screen).toMatchObject({ status: "started", currentQuestion: q2() });
    expect(await sections(p[1]!)).toEqual([
      [q1(), false],
      [q2(), true],
    ]);
    // The batch that wrote nothing recorded nothing: the trail has the move once, from the transaction.
    expect(await auditedMoves(p[1]!)).toBe(1);
  });

  it("is planned again when another process changed the participant once between its plan and its batch (ADR 0051): moved once, by the second batch", async () => {
    const entry = await entryOf(p[4]!);
    let changes = 0;
    const watch = watchPlans(p[4]!, async () => {
      if (changes++ === 0) await liveChangeElsewhere(slug, entry.id);
    });
    let screen;
    try {
      screen = await finish(p[4]!, q1());
    } finally {
      watch.restore();
    }
    expect(watch.plannedAt).toHaveLength(2);
    expect(watch.plannedAt[1]!.value).toBeGreaterThan(watch.plannedAt[0]!.value);
    expect(watch.answered).toHaveLength(1);
    expect(watch.answered[0]).not.toBeNull();
    expect(screen).toMatchObject({ status: "started", currentQuestion: q2() });
    expect(await sections(p[4]!)).toEqual([
      [q1(), false],
      [q2(), true],
    ]);
    expect(await auditedMoves(p[4]!)).toBe(1);
  });

  it("opens no section when another process moved the participant on in between: its open waits for its own close", async () => {
    const entry = await entryOf(p[2]!);
    const rev = entry.rev;
    // Another process ends p3's open question between the plan (made on the question still open) and the batch.
    const watch = watchPlans(p[2]!, () =>
      elsewhere("UPDATE live_progress SET section_end = section_start WHERE entry_id = ? AND section_end IS NULL", [
        entry.id,
      ]),
    );
    try {
      // The transaction then finds the question finished: a retry, acknowledged without change.
      await finish(p[2]!, q1());
    } finally {
      watch.restore();
    }
    expect(watch.answered).toEqual([null]);
    expect(await sections(p[2]!)).toEqual([[q1(), false]]);
    expect(await auditedMoves(p[2]!)).toBe(0);
    expect((await entryOf(p[2]!)).rev).toBe(rev);
  });

  it("stays planned when another process changes another participant's live rows in between (ADR 0047)", async () => {
    const other = await entryOf(p[2]!);
    const watch = watchPlans(p[3]!, () => liveChangeElsewhere(slug, other.id));
    try {
      await finish(p[3]!, q1());
    } finally {
      watch.restore();
    }
    expect(watch.answered).toHaveLength(1);
    expect(watch.answered[0]).not.toBeNull();
    expect(await sections(p[3]!)).toEqual([
      [q1(), false],
      [q2(), true],
    ]);
    expect(await auditedMoves(p[3]!)).toBe(1);
  });

  it("plans a group's moves together, each written once; the same move twice in the group is a retry through the transaction", async () => {
    const watch = watchPlans(p[0]!);
    let screens;
    try {
      screens = await Promise.all([finish(p[0]!, q2()), finish(p[1]!, q2()), finish(p[0]!, q2())]);
    } finally {
      watch.restore();
    }
    expect(watch.answered.filter((value) => value !== null)).toHaveLength(2);
    expect(watch.answered.filter((value) => value === null)).toHaveLength(1);
    for (const screen of screens) expect(screen).toMatchObject({ status: "waiting" });
    for (const who of [p[0]!, p[1]!]) {
      expect(await sections(who)).toEqual([
        [q1(), false],
        [q2(), false],
      ]);
      expect(await auditedMoves(who)).toBe(2);
    }
  });
});
