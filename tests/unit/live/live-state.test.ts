import { beforeAll, describe, expect, it, vi } from "vitest";
import { sql } from "drizzle-orm";
import { tenantDatabaseUrl } from "~db/config";
import { openClient } from "~db/connection";
import { LIVE_TABLES, readRevision, sharedRevision, UNCOUNTED } from "~db/tenant/revision";
import type { Ctx } from "~/lib/context.server";
import {
  finishQuestion,
  myLiveSession,
  requestHelp,
  saveAnswer,
  setReady,
  type MyLiveSession,
} from "~/modules/live/participant.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { liveEntryState } from "~/modules/live/live-state.server";
import { findEntryOf } from "~/modules/live/plan.server";
import { loadLiveData } from "~/modules/live/store.server";
import { applyLiveOverride, unlockWaitingParticipants } from "~/modules/live/run.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, setExtraTime, type LiveFixture } from "./fixtures";

// A participant's live state (session, entry, open section, overrides, extra time) is kept between
// requests at the database's revision (app/modules/live/live-state.server.ts, ADR 0038). Every
// change to it must be seen by the very next save or screen refresh, whoever makes it: the
// participant's own moves, staff actions, content edits, another process. And what the gateway
// keeps after its own writes must be exactly what a fresh read gives, without reading it.

/**
 * Reads of entries' live facts from the database (a whole session's or some entries': progress,
 * overrides, extra time; or a catch-up's of entries kept already), how many entries they read, and
 * how many override rows a catch-up of kept entries read.
 */
const reads = vi.hoisted(() => ({ liveFacts: 0, entries: 0, overridesAppended: 0 }));

vi.mock(import("~/modules/live/plan.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    entriesFacts: (...args: Parameters<typeof actual.entriesFacts>) => {
      reads.liveFacts++;
      reads.entries += args[1].length;
      return actual.entriesFacts(...args);
    },
    entriesLiveAfter: (...args: Parameters<typeof actual.entriesLiveAfter>) => {
      reads.liveFacts++;
      reads.entries += args[1].size;
      return actual.entriesLiveAfter(...args);
    },
  };
});

vi.mock(import("~/modules/live/store.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    overridesAfter: async (...args: Parameters<typeof actual.overridesAfter>) => {
      const read = await actual.overridesAfter(...args);
      for (const rows of read.values()) reads.overridesAppended += rows.length;
      return read;
    },
  };
});

process.env.PARTYKIT_DISABLED = "true";
let slug: string;
let manager: Ctx;
let f: LiveFixture;
let p1: Ctx;
let p2: Ctx;
let revision = 0;

// The first question's step 2 is a text step; the second question has one numeric step.
const save = (who: Ctx, question: string, session = f) => {
  const first = question === session.questions[0]![0];
  const answer = first ? { textValue: `r${revision}` } : { numericValue: revision };
  return saveAnswer(who, {
    scheduledSession: session.sessionId,
    evaluation: session.evaluations[0]!,
    question,
    stepIndex: first ? 2 : 0,
    answer,
    revision: ++revision,
  });
};

/** Runs SQL on the tenant's database through a connection of its own, as another app process would. */
async function elsewhere(statement: string, args: (string | number)[] = []): Promise<void> {
  const other = await openClient(tenantDatabaseUrl(slug));
  try {
    await other.execute({ sql: statement, args });
  } finally {
    other.close();
  }
}

/** The participant's live state read from the database: another connection changes a row (moving the revision) first. */
const fresh = async (who: Ctx, sessionId = f.sessionId) => {
  await elsewhere("UPDATE workspaces SET name = name");
  return myLiveSession(who, sessionId);
};

/** The same screen state, to the second (a second may tick between two reads). */
function expectSameState(kept: MyLiveSession, read: MyLiveSession, what: string) {
  const still = (s: MyLiveSession) => ({ ...s, remainingSeconds: 0, deadline: null, serverTime: null });
  expect(still(kept), what).toEqual(still(read));
  expect(Math.abs((kept.remainingSeconds ?? 0) - (read.remainingSeconds ?? 0)), what).toBeLessThanOrEqual(1);
}

beforeAll(async () => {
  slug = (await makeTenant("live-state")).tenant.slug;
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

  it("is carried through another participant's move: the others' next saves read nothing", async () => {
    const [first, second] = f.questions[0]!;
    expect((await save(p2, first!)).stored).toBe(true);
    await finishQuestion(p2, f.sessionId, f.evaluations[0]!, first!);
    const before = reads.liveFacts;
    expect((await save(p1, second!)).stored).toBe(true);
    expect((await save(p2, second!)).stored).toBe(true);
    expect(reads.liveFacts).toBe(before);
    expectSameState(await myLiveSession(p2, f.sessionId), await fresh(p2), "p2 after its move");
  });

  it("takes a staff pause, extension and resume as they commit: the next saves and refreshes read nothing, and see what a fresh read sees", async () => {
    const second = f.questions[0]![1]!;
    expect((await save(p1, second)).stored).toBe(true);
    expect((await save(p2, second)).stored).toBe(true);
    for (const input of [
      { overrideType: "SESSION_PAUSE" },
      { overrideType: "EXTEND_TIME", value: { numericValue: 90 } },
      { overrideType: "SESSION_RESUME" },
    ]) {
      await applyLiveOverride(manager, f.sessionId, null, input);
      const before = reads.liveFacts;
      expect((await save(p1, second)).stored).toBe(true);
      expect((await save(p2, second)).stored).toBe(true);
      const kept = [await myLiveSession(p1, f.sessionId), await myLiveSession(p2, f.sessionId)];
      expect(reads.liveFacts, `after ${input.overrideType}`).toBe(before);
      const read = [await fresh(p1), await fresh(p2)];
      expect(reads.liveFacts, "a fresh read is counted").toBeGreaterThan(before);
      for (const [i, k] of kept.entries()) expectSameState(k, read[i]!, `${input.overrideType}, participant ${i + 1}`);
      expect(kept[0]!.paused).toBe(input.overrideType !== "SESSION_RESUME");
    }
  });

  it("gives a staff action the entries kept before it, and two actions at once both apply", async () => {
    const overridesOf = async (participant: string) => {
      const entry = await findEntryOf(manager.tdb.db, f.sessionId, participant);
      return (await loadLiveData(manager.tdb.db, [entry.id], { answers: false })).get(entry.id)!.overrides;
    };
    const extend = () =>
      applyLiveOverride(manager, f.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } });
    await extend();
    const before = reads.liveFacts;
    await extend();
    expect(reads.liveFacts).toBe(before);
    // p2 finishes its last question of the evaluation and waits: the gateway keeps its new state,
    // so the next extension reads nobody, and sees p2 waiting (none for it).
    const second = f.questions[0]![1]!;
    await finishQuestion(p2, f.sessionId, f.evaluations[0]!, second);
    const p2Overrides = (await overridesOf(f.people[1]!)).length;
    const p1Before = (await overridesOf(f.people[0]!)).length;
    const beforeMove = reads.liveFacts;
    await extend();
    expect(reads.liveFacts).toBe(beforeMove);
    expect(await overridesOf(f.people[1]!)).toHaveLength(p2Overrides);
    expect(await overridesOf(f.people[0]!)).toHaveLength(p1Before + 1);
    // Two actions at once share one transaction: the second sees the first's rows, not what was
    // kept before it.
    await Promise.all([extend(), extend()]);
    expect(await overridesOf(f.people[0]!)).toHaveLength(p1Before + 3);
    expectSameState(await myLiveSession(p1, f.sessionId), await fresh(p1), "p1 after two extensions at once");
  });

  it("keeps the session through an unlock: the unlocked participant's refresh reads nothing and matches a fresh read", async () => {
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } });
    expect(await unlockWaitingParticipants(manager, f.people, f.sessionId)).toEqual([f.people[1]]); // p2 waited
    const before = reads.liveFacts;
    const kept = await myLiveSession(p2, f.sessionId);
    const stillKept = await myLiveSession(p1, f.sessionId);
    expect(reads.liveFacts).toBe(before);
    expect(kept.evaluation?._id).toBe(f.evaluations[1]);
    expectSameState(kept, await fresh(p2), "the unlocked participant");
    expectSameState(stillKept, await fresh(p1), "the other");
  });

  it("keeps what a help request, its resolution and ready write exactly as a fresh read gives them", async () => {
    for (const [what, act] of [
      ["help", () => requestHelp(p1, f.sessionId)],
      [
        "resolved",
        () => applyLiveOverride(manager, f.sessionId, [f.people[0]!], { overrideType: "HELP_REQUEST_RESOLVED" }),
      ],
      ["ready", () => setReady(p2, f.sessionId, true)],
      [
        "open evaluation",
        () =>
          applyLiveOverride(manager, f.sessionId, [f.people[0]!], {
            overrideType: "OPEN_EVALUATION",
            evaluation: f.evaluations[1]!,
          }),
      ],
    ] as const) {
      await act();
      const before = reads.liveFacts;
      const kept = [await myLiveSession(p1, f.sessionId), await myLiveSession(p2, f.sessionId)];
      expect(reads.liveFacts, what).toBe(before);
      expectSameState(kept[0]!, await fresh(p1), `${what}: p1`);
      expectSameState(kept[1]!, await fresh(p2), `${what}: p2`);
    }
    expect((await myLiveSession(p1, f.sessionId)).helpRequested).toBe(false);
    expect((await myLiveSession(p1, f.sessionId)).evaluation?._id).toBe(f.evaluations[1]);
  });

  it("sees a change written by another connection (another app process) at the next refresh and save", async () => {
    const entry = await findEntryOf(manager.tdb.db, f.sessionId, f.people[0]!);
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(false);
    await elsewhere("INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, 'SESSION_PAUSE', ?)", [
      entry.id,
      Date.now(),
    ]);
    const before = reads.entries;
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(true);
    expect((await myLiveSession(p2, f.sessionId)).paused).toBe(false);
    expect(reads.entries - before, "only the entry it changed is read again").toBe(1);
    await elsewhere("INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, 'SESSION_RESUME', ?)", [
      entry.id,
      Date.now(),
    ]);
    expect((await myLiveSession(p1, f.sessionId)).paused).toBe(false);
    // Its open section closed elsewhere: the next save is refused as not current.
    await elsewhere("UPDATE live_progress SET section_end = ? WHERE entry_id = ? AND section_end IS NULL", [
      Date.now(),
      entry.id,
    ]);
    expect((await refusal(save(p1, f.questions[1]![0]!))).reason).toBe("live_question_not_current");
  });

  it("sees extra time given to the participant (a content write)", async () => {
    const before = (await myLiveSession(p2, f.sessionId)).remainingSeconds!;
    await setExtraTime(manager, f.people[1]!, 100);
    const after = (await myLiveSession(p2, f.sessionId)).remainingSeconds!;
    expect(after).toBeGreaterThan(before + 30);
  });

  it("shows the entry's current revision and answers although saves do not refresh what is kept", async () => {
    const live = await myLiveSession(p2, f.sessionId);
    const question = live.currentQuestion!;
    const saved = await saveAnswer(p2, {
      scheduledSession: f.sessionId,
      evaluation: live.evaluation!._id,
      question,
      stepIndex: 0,
      answer: { textValue: "shown" },
      revision: ++revision,
    });
    const after = await myLiveSession(p2, f.sessionId);
    expect(after.revision).toBe(saved.entryRevision);
    expect(after.answers.find((a) => a.question === question && a.stepIndex === 0)?.revision).toBe(saved.revision);
  });

  it("refuses saves once staff complete the session", async () => {
    await completeScheduledSession(manager, f.sessionId);
    expect((await refusal(save(p1, f.questions[0]![1]!))).reason).toBe("live_session_not_ongoing");
  });
});

describe("the gateway's writes", () => {
  it("change no counted table outside LIVE_TABLES, nor the content revision but for a start and a completion", async () => {
    const session = await makeLiveSession(manager, { participants: 2 });
    const [a, b] = session.people.map((p) => participantCtx(manager, p));
    const db = manager.tdb.db;
    const others = (
      await db.all<{ name: string }>(
        sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('__drizzle_migrations', 'data_revision')`,
      )
    )
      .map((t) => t.name)
      // A table left out of the revision (UNCOUNTED: the audit trail, the webhook outbox) keeps nothing kept.
      .filter((t) => !(LIVE_TABLES as readonly string[]).includes(t) && UNCOUNTED[t] !== true);
    const snapshot = async () =>
      JSON.stringify(await Promise.all(others.map((t) => db.all(sql.raw(`SELECT * FROM \`${t}\` ORDER BY rowid`)))));
    const [first] = session.questions[0]!;
    const steps: [string, () => Promise<unknown>][] = [
      ["ready", () => setReady(a!, session.sessionId, true)],
      ["start", () => startScheduledSession(manager, session.sessionId)],
      ["save", () => save(a!, first!, session)],
      ["help", () => requestHelp(b!, session.sessionId)],
      ["resolve", () => applyLiveOverride(manager, session.sessionId, null, { overrideType: "HELP_REQUEST_RESOLVED" })],
      ["pause", () => applyLiveOverride(manager, session.sessionId, null, { overrideType: "SESSION_PAUSE" })],
      ["resume", () => applyLiveOverride(manager, session.sessionId, null, { overrideType: "SESSION_RESUME" })],
      ["finish", () => finishQuestion(a!, session.sessionId, session.evaluations[0]!, first!)],
      [
        "open evaluation",
        () =>
          applyLiveOverride(manager, session.sessionId, [session.people[1]!], {
            overrideType: "OPEN_EVALUATION",
            evaluation: session.evaluations[1]!,
          }),
      ],
      ["unlock", () => unlockWaitingParticipants(manager, session.people, session.sessionId)],
      ["complete", () => completeScheduledSession(manager, session.sessionId)],
    ];
    for (const [what, step] of steps) {
      const before = await snapshot();
      const content = (await readRevision(db)).content;
      await step();
      expect(await snapshot(), what).toBe(before);
      // What stores that read no live row (login sessions, list pages) rely on (ADR 0047).
      if (what !== "start" && what !== "complete") expect((await readRevision(db)).content, what).toBe(content);
    }
  });
});

describe("a participant's move and a staff action asked for at once", () => {
  it("the action goes first (ADR 0045), and what is kept after both is what a fresh read gives", async () => {
    const session = await makeLiveSession(manager, { participants: 3 });
    const people = session.people.map((p) => participantCtx(manager, p));
    await startScheduledSession(manager, session.sessionId);
    const [first, second] = session.questions[0]!;
    await finishQuestion(people[1]!, session.sessionId, session.evaluations[0]!, first!);
    for (const who of people) await myLiveSession(who, session.sessionId);
    // Asked for in the same turn: the save and b's move to "waiting" share a group commit, and the
    // extension, a staff action, goes before them (tdb.writeFirst).
    const [, , extended] = await Promise.all([
      save(people[0]!, first!, session),
      finishQuestion(people[1]!, session.sessionId, session.evaluations[0]!, second!),
      applyLiveOverride(manager, session.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 30 } }),
    ]);
    void extended;
    const lastOverride = async (participant: string) => {
      const entry = await findEntryOf(manager.tdb.db, session.sessionId, participant);
      return (await loadLiveData(manager.tdb.db, [entry.id], { answers: false })).get(entry.id)!.overrides.at(-1);
    };
    // b was still on its second question when the extension was written; a and c, on their first, got it.
    expect(await lastOverride(session.people[1]!)).toMatchObject({ overrideType: "EXTEND_TIME", question: second });
    expect(await lastOverride(session.people[0]!)).toMatchObject({ overrideType: "EXTEND_TIME", question: first });
    const kept = [];
    for (const who of people) kept.push(await myLiveSession(who, session.sessionId));
    expect(kept[1]!.status).toBe("waiting");
    for (const [i, who] of people.entries())
      expectSameState(kept[i]!, await fresh(who, session.sessionId), `participant ${i + 1}`);
  });
});

// Another process's live writes (ADR 0047): they move the revision but not the content revision,
// and stamp the entries they change. A process kept at an older revision reads only those entries
// (one catch-up for all its requests), and the whole session again only after a content change.
describe("live rows changed by another connection", () => {
  let session: LiveFixture;
  let people: Ctx[];
  let entryIds: string[];
  const states = () => Promise.all(people.map((who) => myLiveSession(who, session.sessionId)));

  beforeAll(async () => {
    session = await makeLiveSession(manager, { participants: 3 });
    people = session.people.map((p) => participantCtx(manager, p));
    await startScheduledSession(manager, session.sessionId);
    entryIds = await Promise.all(
      session.people.map(async (p) => (await findEntryOf(manager.tdb.db, session.sessionId, p)).id),
    );
    await states(); // the whole session kept
  });

  it("are caught up with: the next states read only the entries changed, once for everyone, and equal a fresh read", async () => {
    const [first, second] = session.questions[0]!;
    const override = (i: number, type: string) =>
      elsewhere("INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, ?, ?)", [
        entryIds[i]!,
        type,
        Date.now(),
      ]);
    const changes: [string, () => Promise<void>, number][] = [
      ["a pause of one", () => override(0, "SESSION_PAUSE"), 1],
      [
        "a resume of one and a pause of another",
        async () => {
          await override(0, "SESSION_RESUME");
          await override(2, "SESSION_PAUSE");
        },
        2,
      ],
      ["an extension", () => override(1, "EXTEND_TIME"), 1],
      ["a help request", () => override(1, "HELP_REQUEST"), 1],
      [
        "a move to the next question",
        async () => {
          await elsewhere("UPDATE live_progress SET section_end = ? WHERE entry_id = ? AND section_end IS NULL", [
            Date.now(),
            entryIds[0]!,
          ]);
          await elsewhere(
            "INSERT INTO live_progress (entry_id, evaluation_id, question_id, section_start) VALUES (?, ?, ?, ?)",
            [entryIds[0]!, session.evaluations[0]!, second!, Date.now()],
          );
        },
        1,
      ],
      [
        "ready",
        () => elsewhere("UPDATE scheduled_session_participant_entries SET ready = 1 WHERE id = ?", [entryIds[2]!]),
        1,
      ],
    ];
    for (const [what, change, changed] of changes) {
      await change();
      const before = { ...reads };
      const kept = await states();
      expect(reads.entries - before.entries, what).toBe(changed);
      expect(reads.liveFacts - before.liveFacts, `${what}: one catch-up for all`).toBe(1);
      for (const [i, who] of people.entries())
        expectSameState(kept[i]!, await fresh(who, session.sessionId), `${what}: ${i + 1}`);
      await states(); // kept again, at the fresh read's revision
    }
    expect((await myLiveSession(people[0]!, session.sessionId)).currentQuestion).toBe(second);
    expect((await myLiveSession(people[2]!, session.sessionId)).paused).toBe(true);
    void first;
  });

  it("are caught up with one after another when requests ask at two revisions at once: none reads the whole session", async () => {
    await states();
    const resume = (i: number) =>
      elsewhere("INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, 'SESSION_RESUME', ?)", [
        entryIds[i]!,
        Date.now(),
      ]);
    await resume(0);
    const first = await readRevision(manager.tdb.db);
    await resume(2);
    const second = await readRevision(manager.tdb.db);
    const before = reads.entries;
    const now = new Date();
    const [a, b] = await Promise.all([
      liveEntryState(manager.tdb, manager.tdb.db, session.sessionId, session.people[0]!, now, first),
      liveEntryState(manager.tdb, manager.tdb.db, session.sessionId, session.people[2]!, now, second),
    ]);
    // The first catch-up reads both entries (it runs after both changes), the second the later one again.
    expect(reads.entries - before).toBe(3);
    expect([a.state.clock?.paused, b.state.clock?.paused]).toEqual([false, false]);
    // A request that read the older revision takes what is kept at the newer one: only live rows changed between.
    const caughtUp = reads.entries;
    const late = await liveEntryState(manager.tdb, manager.tdb.db, session.sessionId, session.people[2]!, now, first);
    expect(reads.entries).toBe(caughtUp);
    expect(late.state.clock?.paused).toBe(false);
    for (const [i, who] of people.entries())
      expectSameState(await myLiveSession(who, session.sessionId), await fresh(who, session.sessionId), `${i + 1}`);
  });

  it("are caught up with by a save: it reads only the entry changed", async () => {
    await elsewhere(
      "INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, 'HELP_REQUEST_RESOLVED', ?)",
      [entryIds[0]!, Date.now()],
    );
    const before = reads.entries;
    // The save's request reads the revision at its login check, and its group plans at it (ADR 0051).
    await sharedRevision(people[1]!.tdb);
    const saved = await save(people[1]!, session.questions[0]![0]!, session);
    expect(saved.stored).toBe(true);
    expect(reads.entries - before).toBe(1);
    expectSameState(
      await myLiveSession(people[0]!, session.sessionId),
      await fresh(people[0]!, session.sessionId),
      "p1",
    );
  });

  it("are caught up with by the overrides appended since, not each entry's whole log, and keep the log stored", async () => {
    const appended = [
      [0, "HELP_REQUEST"],
      [1, "HELP_REQUEST"],
      [0, "HELP_REQUEST_RESOLVED"],
      [1, "HELP_REQUEST_RESOLVED"],
    ] as const;
    for (const round of [1, 2]) {
      await states();
      for (const [i, type] of appended)
        await elsewhere("INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, ?, ?)", [
          entryIds[i]!,
          type,
          Date.now(),
        ]);
      const before = { ...reads };
      await states();
      expect(reads.liveFacts - before.liveFacts, `round ${round}: one catch-up for all`).toBe(1);
      expect(reads.entries - before.entries, `round ${round}`).toBe(2);
      expect(reads.overridesAppended - before.overridesAppended, `round ${round}: the new rows only`).toBe(4);
      const revision = await readRevision(manager.tdb.db);
      for (const [i, person] of session.people.entries()) {
        const { state } = await liveEntryState(
          manager.tdb,
          manager.tdb.db,
          session.sessionId,
          person,
          new Date(),
          revision,
        );
        const stored = (await loadLiveData(manager.tdb.db, [entryIds[i]!], { answers: false })).get(entryIds[i]!)!;
        expect(state.live.overrides, `round ${round}: ${i + 1}'s log`).toEqual(stored.overrides);
        expect(state.live.progress, `round ${round}: ${i + 1}'s progress`).toEqual(stored.progress);
      }
    }
    for (const [i, who] of people.entries())
      expectSameState(await myLiveSession(who, session.sessionId), await fresh(who, session.sessionId), `${i + 1}`);
  });

  it("after a content change (a question edited, a participant added) read the whole session again", async () => {
    for (const [what, change] of [
      ["a question edited", () => elsewhere("UPDATE questions SET name = name")],
      ["a participant added", () => addParticipant(manager, { name: "Added", email: "added@live-state.test" })],
    ] as const) {
      await states();
      await change();
      const before = reads.entries;
      const kept = await states();
      expect(reads.entries - before, what).toBe(3);
      for (const [i, who] of people.entries())
        expectSameState(kept[i]!, await fresh(who, session.sessionId), `${what}: ${i + 1}`);
    }
  });
});
