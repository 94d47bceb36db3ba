import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  KeptAtRevision,
  LIVE_CHANGES,
  readRevision,
  revisionTriggers,
  sharedRevision,
  UNCOUNTED,
} from "~db/tenant/revision";
import type { TenantDb } from "~db/tenant/client";
import { appendOnlyTriggers, APPEND_ONLY, authSessions } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { createLoginSession, destroyLoginSession } from "~/modules/auth/sessions.server";
import { updateParticipant } from "~/modules/databases/participants.server";
import { applyLiveOverride, unlockWaitingParticipants } from "~/modules/live/run.server";
import {
  finishQuestion,
  requestHelp,
  myLiveSession,
  participantRealtimeToken,
  saveAnswer,
  setReady,
} from "~/modules/live/participant.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, participantCtx, type LiveFixture } from "../live/fixtures";

// The database keeps its revision (db/tenant/revision.ts, ADR 0038): triggers on every table move
// it, so no writer can forget to. These prove that every table has its triggers, exactly as
// revisionTriggers() writes them (a table added without them fails here, naming what to add), and
// that what an answer save writes leaves the revision alone while every change of live state moves it.

process.env.PARTYKIT_DISABLED = "true";
let manager: Ctx;

beforeAll(async () => {
  manager = await staffCtx((await makeTenant("revision")).tenant.slug);
});

const normalize = (text: string) => text.replace(/\s+/g, " ").replace(/;\s*$/, "").trim();

describe("the database's revision", () => {
  it("has its three triggers on every table but those left out, exactly as revisionTriggers() writes them", async () => {
    const db = manager.tdb.db;
    const tables = (
      await db.all<{ name: string }>(
        sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('__drizzle_migrations', 'data_revision') ORDER BY name`,
      )
    ).map((t) => t.name);
    expect(tables.length).toBeGreaterThan(30);
    const triggers = new Map(
      (
        await db.all<{ name: string; sql: string }>(sql`SELECT name, sql FROM sqlite_master WHERE type = 'trigger'`)
      ).map((t) => [t.name, normalize(t.sql)]),
    );
    const expected: string[] = [];
    for (const table of tables) {
      const columns = (await db.all<{ name: string }>(sql.raw(`PRAGMA table_info(\`${table}\`)`))).map((c) => c.name);
      expected.push(...revisionTriggers(table, columns));
    }
    // Besides them, only the append-only tables' refusals of UPDATE and DELETE (the audit trail).
    for (const table of APPEND_ONLY) expected.push(...appendOnlyTriggers(table));
    const missing = expected.filter((statement) => {
      const name = /CREATE TRIGGER `([^`]+)`/.exec(statement)![1]!;
      return triggers.get(name) !== normalize(statement);
    });
    expect(missing, `add to a migration:\n${missing.join("\n--> statement-breakpoint\n")}`).toEqual([]);
    // Nothing else: no trigger of a table left out, none of a table that is gone.
    expect([...triggers.keys()].sort()).toEqual(expected.map((s) => /CREATE TRIGGER `([^`]+)`/.exec(s)![1]!).sort());
    for (const [table, left] of Object.entries(UNCOUNTED)) {
      expect(tables, `${table} is named in UNCOUNTED`).toContain(table);
      if (left !== true) expect(triggers.get(`${table}_revision_update`)).toMatch(/ AFTER UPDATE OF /);
    }
  });

  describe("in a live run", () => {
    let f: LiveFixture;
    let p1: Ctx;
    const revision = async () => (await readRevision(manager.tdb.db)).value;

    beforeAll(async () => {
      f = await makeLiveSession(manager, { participants: 2 });
      p1 = participantCtx(manager, f.people[0]!);
      await startScheduledSession(manager, f.sessionId);
    });

    it("is not moved by what an answer save writes (the answer, the entry's revision), nor by a room token, a state read or a session's touch", async () => {
      const before = await revision();
      for (let r = 1; r <= 3; r++)
        expect(
          (
            await saveAnswer(p1, {
              scheduledSession: f.sessionId,
              evaluation: f.evaluations[0]!,
              question: f.questions[0]![0]!,
              stepIndex: 2,
              answer: { textValue: `take ${r}` },
              revision: r,
            })
          ).stored,
        ).toBe(true);
      await participantRealtimeToken(p1, f.sessionId);
      await myLiveSession(p1, f.sessionId);
      await manager.tdb.write((tx) => tx.update(authSessions).set({ lastSeenAt: new Date() }));
      expect(await revision()).toBe(before);
    });

    it("is moved by every change of live state (a pause, a move, ready, extra time), a login and a logout", async () => {
      for (const change of [
        () => applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" }),
        () => applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" }),
        () => finishQuestion(p1, f.sessionId, f.evaluations[0]!, f.questions[0]![0]!),
        () => setReady(p1, f.sessionId, true),
        () => updateParticipant(manager, f.people[0]!, { extraTimePercent: 25 }),
        () => createLoginSession(manager.tdb, "USER", f.people[0]!, false),
        async () => {
          const cookie = await createLoginSession(
            manager.tdb,
            "ADMIN",
            manager.actor.type === "ADMIN" ? manager.actor.userId : "",
            false,
          );
          const before = await revision();
          await destroyLoginSession(manager.tdb, cookie.value.slice(cookie.value.indexOf(".") + 1));
          expect(await revision()).toBeGreaterThan(before);
        },
      ]) {
        const before = await revision();
        await change();
        expect(await revision()).toBeGreaterThan(before);
      }
    });
  });
});

// ADR 0047: a live change moves the revision but not the content revision, and stamps the entry it
// changed with the revision after it; every other counted change moves both.
describe("live changes and the content revision", () => {
  let f: LiveFixture;
  let p1: Ctx;
  let p2: Ctx;
  const both = () => readRevision(manager.tdb.db);
  const stamps = async () =>
    new Map(
      (
        await manager.tdb.db.all<{ participant_id: string; live_stamp: number }>(
          sql`SELECT participant_id, live_stamp FROM scheduled_session_participant_entries WHERE scheduled_session_id = ${f.sessionId}`,
        )
      ).map((r) => [r.participant_id, Number(r.live_stamp)]),
    );
  /** What `change` did: the revisions after it, and the participants whose entries it stamped. */
  async function after(change: () => Promise<unknown>) {
    const before = await both();
    const stampedBefore = await stamps();
    await change();
    const now = await both();
    const stamped = [...(await stamps())].filter(([p, s]) => s !== stampedBefore.get(p));
    for (const [, s] of stamped) {
      expect(s).toBeGreaterThan(before.value);
      expect(s).toBeLessThanOrEqual(now.value);
    }
    return { before, now, stamped: stamped.map(([p]) => p).sort() };
  }

  beforeAll(async () => {
    f = await makeLiveSession(manager, { participants: 2 });
    p1 = participantCtx(manager, f.people[0]!);
    p2 = participantCtx(manager, f.people[1]!);
  });

  it("declares tables and columns that exist", async () => {
    const columns = async (table: string) =>
      (await manager.tdb.db.all<{ name: string }>(sql.raw(`PRAGMA table_info(\`${table}\`)`))).map((c) => c.name);
    expect(await columns(LIVE_CHANGES.entries)).toEqual(
      expect.arrayContaining([LIVE_CHANGES.stamp, ...LIVE_CHANGES.columns]),
    );
    for (const table of LIVE_CHANGES.rowsOfEntry) expect(await columns(table)).toContain("entry_id");
  });

  it("is moved by a session's start, extra time, a login and any content, the revision with it", async () => {
    const started = await after(() => startScheduledSession(manager, f.sessionId));
    expect(started.now.content).toBeGreaterThan(started.before.content);
    for (const change of [
      () => updateParticipant(manager, f.people[0]!, { extraTimePercent: 10 }),
      () => createLoginSession(manager.tdb, "USER", f.people[0]!, false),
      () => manager.tdb.write((tx) => tx.run(sql`UPDATE workspaces SET name = name`)),
    ]) {
      const { now, before } = await after(change);
      expect(now.content).toBeGreaterThan(before.content);
    }
  });

  it("is left where it was by every live write of the gateway, which stamps exactly the entries it changed", async () => {
    const [first, second] = f.questions[0]!;
    const steps: [string, () => Promise<unknown>, string[]][] = [
      ["ready", () => setReady(p1, f.sessionId, true), [f.people[0]!]],
      ["help", () => requestHelp(p2, f.sessionId), [f.people[1]!]],
      [
        "resolved",
        () => applyLiveOverride(manager, f.sessionId, null, { overrideType: "HELP_REQUEST_RESOLVED" }),
        [f.people[1]!],
      ],
      ["pause", () => applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" }), f.people],
      ["resume", () => applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" }), f.people],
      [
        "extension",
        () =>
          applyLiveOverride(manager, f.sessionId, [f.people[0]!], {
            overrideType: "EXTEND_TIME",
            value: { numericValue: 30 },
          }),
        [f.people[0]!],
      ],
      ["move", () => finishQuestion(p1, f.sessionId, f.evaluations[0]!, first!), [f.people[0]!]],
      ["waiting", () => finishQuestion(p1, f.sessionId, f.evaluations[0]!, second!), [f.people[0]!]],
      ["unlock", () => unlockWaitingParticipants(manager, f.people, f.sessionId), [f.people[0]!]],
    ];
    for (const [what, step, changed] of steps) {
      const { before, now, stamped } = await after(step);
      expect(now.value, what).toBeGreaterThan(before.value);
      expect(now.content, what).toBe(before.content);
      expect(stamped, what).toEqual([...changed].sort());
    }
  });

  it("is left where it was by a live row written through SQL, which stamps its entry; an entry's other columns count as content", async () => {
    const [entryId] = (
      await manager.tdb.db.all<{ id: string }>(
        sql`SELECT id FROM scheduled_session_participant_entries WHERE participant_id = ${f.people[1]!} AND scheduled_session_id = ${f.sessionId}`,
      )
    ).map((r) => r.id);
    const run = (statement: ReturnType<typeof sql>) => () => manager.tdb.write((tx) => tx.run(statement));
    for (const [what, statement] of [
      [
        "override inserted",
        sql`INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (${entryId}, 'SESSION_PAUSE', ${Date.now()})`,
      ],
      ["progress updated", sql`UPDATE live_progress SET section_start = section_start + 1 WHERE entry_id = ${entryId}`],
      [
        "progress inserted",
        sql`INSERT INTO live_progress (entry_id, evaluation_id, question_id, section_start) VALUES (${entryId}, 'x', 'y', ${Date.now()})`,
      ],
      ["progress deleted", sql`DELETE FROM live_progress WHERE entry_id = ${entryId} AND evaluation_id = 'x'`],
      [
        "entry's readiness",
        sql`UPDATE scheduled_session_participant_entries SET ready = 1 - ready WHERE id = ${entryId}`,
      ],
    ] as const) {
      const { before, now, stamped } = await after(run(statement));
      expect(now.value, what).toBeGreaterThan(before.value);
      expect(now.content, what).toBe(before.content);
      expect(stamped, what).toEqual([f.people[1]!]);
    }
    const { before, now } = await after(
      run(sql`UPDATE scheduled_session_participant_entries SET session_order = session_order WHERE id = ${entryId}`),
    );
    expect(now.content).toBeGreaterThan(before.content);
    // The stamp itself moves nothing.
    const stampOnly = await after(
      run(sql`UPDATE scheduled_session_participant_entries SET live_stamp = live_stamp WHERE id = ${entryId}`),
    );
    expect(stampOnly.now).toEqual(stampOnly.before);
    const completed = await after(() => completeScheduledSession(manager, f.sessionId));
    expect(completed.now.content).toBeGreaterThan(completed.before.content);
  });

  it("refuses an override's edit or deletion (the log is only appended to) and changes nothing; an entry's removal takes its overrides", async () => {
    const other = await makeLiveSession(manager, { participants: 1 });
    const [entry] = await manager.tdb.db.all<{ id: string }>(
      sql`SELECT id FROM scheduled_session_participant_entries WHERE scheduled_session_id = ${other.sessionId}`,
    );
    const run = (statement: ReturnType<typeof sql>) => manager.tdb.write((tx) => tx.run(statement));
    await run(
      sql`INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (${entry!.id}, 'SESSION_PAUSE', ${Date.now()})`,
    );
    const log = () => manager.tdb.db.all(sql`SELECT * FROM live_overrides WHERE entry_id = ${entry!.id}`);
    const stored = await log();
    const before = await both();
    for (const [what, statement, message] of [
      ["an edit", sql`UPDATE live_overrides SET datetime = datetime + 1 WHERE entry_id = ${entry!.id}`, /never edited/],
      ["a deletion", sql`DELETE FROM live_overrides WHERE entry_id = ${entry!.id}`, /never deleted/],
    ] as const) {
      const refused = await run(statement).then(
        () => null,
        (error: unknown) => error,
      );
      // drizzle's error names the query; SQLite's refusal is its cause.
      expect(String((refused as { cause?: unknown } | null)?.cause), what).toMatch(message);
    }
    expect(await log()).toEqual(stored);
    expect(await both()).toEqual(before);
    await run(sql`DELETE FROM scheduled_session_participant_entries WHERE id = ${entry!.id}`);
    expect(await log()).toEqual([]);
  });
});

describe("KeptAtRevision", () => {
  const tdb = {} as TenantDb;
  it("holds a store that reads no live row while the content revision is not past it, and only that one", () => {
    const notLive = new KeptAtRevision<string>(10, { readsLiveTables: false });
    const live = new KeptAtRevision<string>(10, { readsLiveTables: true });
    for (const store of [notLive, live]) store.set(tdb, { value: 5, content: 3 }, "k", "v");
    // Only live rows changed since 5 (content 5 or less): carried.
    expect(notLive.get(tdb, { value: 9, content: 5 }, "k")).toBe("v");
    expect(live.get(tdb, { value: 9, content: 5 }, "k")).toBeUndefined();
    // An older read is never answered from a newer store.
    expect(notLive.get(tdb, { value: 5, content: 3 }, "k")).toBeUndefined();
    // Content moved past what is kept: nothing answers.
    expect(notLive.get(tdb, { value: 12, content: 10 }, "k")).toBeUndefined();
    notLive.set(tdb, { value: 12, content: 10 }, "k", "w");
    expect(notLive.get(tdb, { value: 12, content: 10 }, "k")).toBe("w");
  });
});

describe("sharedRevision", () => {
  it("answers each caller from a read sent after it asked, shared by the callers who asked while one was out", async () => {
    const { tdb } = await makeTenant();
    const client = tdb.db.$client;
    const execute = client.execute.bind(client);
    let reads = 0;
    // Every revision read answers 30 ms after it ran, so callers can ask while one is out.
    const spy = vi.spyOn(client, "execute").mockImplementation(((statement: Parameters<typeof execute>[0]) => {
      const isRevisionRead = typeof statement === "string" && statement.includes("data_revision");
      if (isRevisionRead) reads++;
      const result = execute(statement);
      return isRevisionRead ? result.then((r) => new Promise((done) => setTimeout(() => done(r), 30))) : result;
    }) as typeof client.execute);
    try {
      const before = await readRevision(tdb.db);
      reads = 0;
      const first = sharedRevision(tdb);
      // A write commits while that read is out (it ran before the write): later callers must see it.
      await tdb.write((tx) => tx.run(sql`UPDATE workspaces SET name = name`));
      const later = [sharedRevision(tdb), sharedRevision(tdb), sharedRevision(tdb)];
      const [a, ...rest] = await Promise.all([first, ...later]);
      const after = await readRevision(tdb.db);
      expect(after.value).toBeGreaterThan(before.value);
      expect(a).toEqual(before);
      expect(rest).toEqual([after, after, after]);
      expect(reads).toBe(3); // the first, the one the three later callers shared, and `after`
    } finally {
      spy.mockRestore();
    }
  });
});
