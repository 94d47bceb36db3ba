import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { createLoginSession, findLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { addParticipant, listParticipants } from "~/modules/databases/participants.server";
import { myLiveSession, requestHelp, saveAnswer, type MyLiveSession } from "~/modules/live/participant.server";
import { applyLiveOverride } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import type { AccountType } from "~db/tenant/schema";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";
import { makeLiveSession, participantCtx, type LiveFixture } from "../live/fixtures";

// Two app processes on the same databases (ADR 0038): this test process, its login lookups and
// kept live state warm, and a second real process (tests/unit/support/other-process.ts, its own
// pools and kept state) acting through the product's module functions. Whatever the other process
// does is seen by this one's very next request: nothing is switched off, nothing waits for a timeout.
// The other process loads the modules through Vite, as Vitest does: their faces load the
// translations with Vite's import.meta.glob, which plain tsx cannot.

/**
 * How many entries this process read the live facts of (progress, overrides, extra time; or, of
 * entries kept already, progress and the overrides appended since).
 */
const reads = vi.hoisted(() => ({ entries: 0 }));
vi.mock(import("~/modules/live/plan.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    entriesFacts: (...args: Parameters<typeof actual.entriesFacts>) => {
      reads.entries += args[1].length;
      return actual.entriesFacts(...args);
    },
    entriesLiveAfter: (...args: Parameters<typeof actual.entriesLiveAfter>) => {
      reads.entries += args[1].size;
      return actual.entriesLiveAfter(...args);
    },
  };
});

process.env.PARTYKIT_DISABLED = "true";
const root = path.resolve(__dirname, "../../..");

let other: ChildProcessWithoutNullStreams;
const answers = new Map<number, (reply: { value?: unknown; error?: { reason?: string; message?: string } }) => void>();
let nextId = 0;
let slug: string;
let manager: Ctx;

/** Asks the other process to do one thing, and waits for it to be done. */
function elsewhere<T = unknown>(action: string, ...args: unknown[]): Promise<T> {
  const id = ++nextId;
  return new Promise<T>((resolve, reject) => {
    answers.set(id, (reply) =>
      reply.error
        ? reject(new Error(`${action} failed in the other process: ${reply.error.reason ?? reply.error.message}`))
        : resolve(reply.value as T),
    );
    other.stdin.write(`${JSON.stringify({ id, tenant: slug, action, args })}\n`);
  });
}

beforeAll(async () => {
  slug = (await makeTenant("two-processes")).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  other = spawn(process.execPath, ["--import", "tsx", "tests/unit/support/other-process.ts"], {
    cwd: root,
    env: { ...process.env },
  });
  other.stderr.on("data", (chunk: Buffer) => process.stderr.write(chunk));
  const ready = new Promise<void>((resolve, reject) => {
    other.once("exit", (code) => reject(new Error(`the other process exited (${code})`)));
    readline.createInterface({ input: other.stdout }).on("line", (line) => {
      if (!line.startsWith("{")) return;
      const reply = JSON.parse(line) as { id?: number; ready?: boolean; value?: unknown; error?: { reason?: string } };
      if (reply.ready) return resolve();
      answers.get(reply.id!)?.(reply);
      answers.delete(reply.id!);
    });
  });
  await ready;
}, 90_000);

afterAll(async () => {
  const exited = new Promise((resolve) => other.once("exit", resolve));
  other.stdin.end();
  await exited;
});

/** A request of this process carrying the session cookie, as every screen and API call does. */
async function signedIn(accountType: AccountType, subjectId: string) {
  const cookie = await createLoginSession(manager.tdb, accountType, subjectId, false);
  const request = () =>
    contextFromSession(
      new Request("http://app.test/", { headers: { Cookie: serializeCookie(cookie).split(";")[0]! } }),
      accountType,
    );
  expect(await request()).not.toBeNull();
  return { cookie: cookie.value, request };
}

describe("login sessions and accounts changed through another process", () => {
  it("a logout there is refused here at the next request, for staff and participants", async () => {
    const staff = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const session = await signedIn("ADMIN", staff.actor.type === "ADMIN" ? staff.actor.userId : "");
    await elsewhere("logout", "ADMIN", session.cookie);
    expect(await session.request()).toBeNull();

    const participant = (await addParticipant(manager, { name: "Pia", email: "pia@two.test" }))._id;
    const theirs = await signedIn("USER", participant);
    await elsewhere("logout", "USER", theirs.cookie);
    expect(await theirs.request()).toBeNull();
  });

  it("a changed role there is applied here at the next request, a removed user refused", async () => {
    const staff = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    if (staff.actor.type !== "ADMIN") throw new Error("expected staff");
    const session = await signedIn("ADMIN", staff.actor.userId);
    expect((await session.request())?.permissions).toContain("write:databases");
    await elsewhere("updateUser", staff.actor.userId, {
      email: staff.actor.email,
      name: staff.actor.name,
      roles: ["ORGANIZATION_READER"],
    });
    const after = await session.request();
    expect(after?.actor).toMatchObject({ roles: ["ORGANIZATION_READER"] });
    expect(after?.permissions).not.toContain("write:databases");
    await elsewhere("removeUser", staff.actor.userId);
    expect(await session.request()).toBeNull();
  });
});

describe("a live session run through another process", () => {
  let f: LiveFixture;
  let people: Ctx[];
  const live = (i: number) => myLiveSession(people[i]!, f.sessionId);

  /** The same screen state, to the second (a second may tick between two reads). */
  function expectSameState(kept: MyLiveSession, read: MyLiveSession, what: string) {
    const still = (s: MyLiveSession) => ({ ...s, remainingSeconds: 0, deadline: null, serverTime: null });
    expect(still(kept), what).toEqual(still(read));
    expect(Math.abs((kept.remainingSeconds ?? 0) - (read.remainingSeconds ?? 0)), what).toBeLessThanOrEqual(1);
  }

  /**
   * Every participant's next state here after the other process's live write: only the `changed`
   * entries are read again (ADR 0047), and what is kept is what a fresh read gives (one made after
   * a content change here, which makes the whole session read again).
   */
  async function caughtUp(what: string, changed: number): Promise<MyLiveSession[]> {
    const before = reads.entries;
    const kept: MyLiveSession[] = [];
    for (const i of [0, 1, 2]) kept.push(await live(i));
    expect(reads.entries - before, `${what}: entries read`).toBe(changed);
    await manager.tdb.write((tx) => tx.run(sql`UPDATE workspaces SET name = name`));
    const whole = reads.entries;
    for (const [i, state] of kept.entries()) expectSameState(state, await live(i), `${what}: participant ${i + 1}`);
    expect(reads.entries - whole, `${what}: a fresh read reads every entry`).toBe(3);
    return kept;
  }

  beforeAll(async () => {
    f = await makeLiveSession(manager, { participants: 3 });
    people = f.people.map((p) => participantCtx(manager, p));
    await startScheduledSession(manager, f.sessionId);
    // Warm: every participant's state kept here, and a save through the kept state.
    for (const [i] of people.entries()) await live(i);
    const saved = await saveAnswer(people[0]!, {
      scheduledSession: f.sessionId,
      evaluation: f.evaluations[0]!,
      question: f.questions[0]![0]!,
      stepIndex: 2,
      answer: { textValue: "warm" },
      revision: 1,
    });
    expect(saved.stored).toBe(true);
    // The other process's state of them is warm too.
    expect(await elsewhere<{ paused: boolean }>("myLiveSession", f.people[0], f.sessionId)).toMatchObject({
      paused: false,
    });
  });

  it("shows a pause, a resume and an extension given there in the next state here, reading only the entries changed", async () => {
    await elsewhere("override", f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    for (const state of await caughtUp("pause", 3)) expect(state.paused).toBe(true);
    await elsewhere("override", f.sessionId, [f.people[1]], { overrideType: "SESSION_RESUME" });
    expect((await caughtUp("resume of one", 1)).map((s) => s.paused)).toEqual([true, false, true]);
    await elsewhere("override", f.sessionId, null, { overrideType: "SESSION_RESUME" });
    for (const state of await caughtUp("resume", 2)) expect(state.paused).toBe(false);
    const before = (await live(0)).remainingSeconds!;
    await elsewhere("override", f.sessionId, null, { overrideType: "EXTEND_TIME", value: { numericValue: 60 } });
    expect((await caughtUp("extension", 3))[0]!.remainingSeconds).toBeGreaterThanOrEqual(before + 58);
  });

  it("keeps a login session here through live writes there, and reads it again after a logout there", async () => {
    const staff = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    if (staff.actor.type !== "ADMIN") throw new Error("expected staff");
    const signIn = () =>
      createLoginSession(manager.tdb, "ADMIN", staff.actor.type === "ADMIN" ? staff.actor.userId : "", false);
    const cookie = (await signIn()).value;
    const mine = cookie.slice(cookie.indexOf(".") + 1);
    const other = (await signIn()).value;
    const lastSeen = async () => (await findLoginSession(manager.tdb, "ADMIN", mine))!.session.lastSeenAt.getTime();
    const first = await lastSeen();
    // A session's touch moves no revision: a kept session does not show it, one read again does.
    await manager.tdb.write((tx) => tx.run(sql`UPDATE auth_sessions SET last_seen_at = last_seen_at + 1`));
    await elsewhere("override", f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    await elsewhere("override", f.sessionId, null, { overrideType: "SESSION_RESUME" });
    expect(await lastSeen(), "kept through the live writes").toBe(first);
    await elsewhere("logout", "ADMIN", other);
    expect(await lastSeen(), "read again after a logout").toBe(first + 1);
  });

  it("and the other way round: a pause given here is in the other process's next state", async () => {
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_PAUSE" });
    expect(await elsewhere("myLiveSession", f.people[0], f.sessionId)).toMatchObject({ paused: true });
    await applyLiveOverride(manager, f.sessionId, null, { overrideType: "SESSION_RESUME" });
    expect(await elsewhere("myLiveSession", f.people[0], f.sessionId)).toMatchObject({ paused: false });
  });

  it("shows a help request resolved there", async () => {
    expect((await requestHelp(people[0]!, f.sessionId)).helpRequested).toBe(true);
    await elsewhere("override", f.sessionId, [f.people[0]], { overrideType: "HELP_REQUEST_RESOLVED" });
    expect((await caughtUp("help resolved", 1))[0]!.helpRequested).toBe(false);
  });

  it("shows a participant's move made there, an unlock and an opened evaluation", async () => {
    const [first, second] = f.questions[0]!;
    await elsewhere("finishQuestion", f.people[1], f.sessionId, f.evaluations[0], first);
    expect((await caughtUp("move", 1))[1]!.currentQuestion).toBe(second);
    await elsewhere("finishQuestion", f.people[1], f.sessionId, f.evaluations[0], second);
    expect((await caughtUp("waiting", 1))[1]!.status).toBe("waiting");
    await elsewhere("unlock", f.sessionId, [f.people[1]]);
    expect((await caughtUp("unlock", 1))[1]!.evaluation?._id).toBe(f.evaluations[1]);
    await elsewhere("override", f.sessionId, [f.people[2]], {
      overrideType: "OPEN_EVALUATION",
      evaluation: f.evaluations[1],
    });
    expect((await caughtUp("opened evaluation", 1))[2]!.evaluation?._id).toBe(f.evaluations[1]);
  });

  it("reads the whole session again after a content change there (a participant added and removed)", async () => {
    for (const i of [0, 1, 2]) await live(i);
    const added = await elsewhere<{ _id: string }>("addParticipant", { name: "Cora Content", email: "cora@two.test" });
    let before = reads.entries;
    for (const i of [0, 1, 2]) await live(i);
    expect(reads.entries - before).toBe(3);
    await elsewhere("removeParticipant", added._id);
    before = reads.entries;
    for (const i of [0, 1, 2]) await live(i);
    expect(reads.entries - before).toBe(3);
  });

  it("shows the session finished there, and refuses the next save here", async () => {
    await elsewhere("complete", f.sessionId);
    expect((await live(0)).sessionStatus).toBe("COMPLETED");
    const refused = await refusal(
      saveAnswer(people[0]!, {
        scheduledSession: f.sessionId,
        evaluation: f.evaluations[0]!,
        question: f.questions[0]![0]!,
        stepIndex: 2,
        answer: { textValue: "too late" },
        revision: 2,
      }),
    );
    expect(refused.reason).toBe("live_session_not_ongoing");
  });
});

describe("lists changed through another process", () => {
  it("show a participant created or removed there in the next list here, and the other way round", async () => {
    const names = async () => (await listParticipants(manager, {})).edges.map((e) => e.node.name);
    expect(await names()).not.toContain("Olly Other");
    const created = await elsewhere<{ _id: string }>("addParticipant", { name: "Olly Other", email: "olly@two.test" });
    expect(await names()).toContain("Olly Other");
    await elsewhere("removeParticipant", created._id);
    expect(await names()).not.toContain("Olly Other");
    await addParticipant(manager, { name: "Hetty Here", email: "hetty@two.test" });
    expect(await elsewhere("participantNames")).toContain("Hetty Here");
  });
});
