import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { readRevision, revisionTriggers, sharedRevision, UNCOUNTED } from "~db/tenant/revision";
import { appendOnlyTriggers, APPEND_ONLY, authSessions } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { createLoginSession, destroyLoginSession } from "~/modules/auth/sessions.server";
import { updateParticipant } from "~/modules/databases/participants.server";
import { applyLiveOverride } from "~/modules/live/run.server";
import {
  finishQuestion,
  myLiveSession,
  participantRealtimeToken,
  saveAnswer,
  setReady,
} from "~/modules/live/participant.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
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
