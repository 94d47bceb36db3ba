import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { liveAnswers, scheduledSessionParticipantEntries } from "~db/tenant/schema";
import { apiEndpoints } from "~/api/routes.server";
import { AnswerQueue, MemoryStore, type AnswerRef, type SendResult } from "~/components/live/answer-queue";
import { postAnswer } from "~/components/live/use-answer-queue";
import type { Ctx } from "~/lib/context.server";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { participantSaves, SAVE_LIMITS, saveLimitKey, SaveLimiter } from "~/modules/live/save-limit.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, type LiveFixture } from "../live/fixtures";

// One participant with 64 saves in flight had 718 saves/s accepted and slowed everyone
// else. A participant's saves are now bounded (SAVE_LIMITS: 20/s sustained, a burst of 40, 4 in
// flight); past that the answer route says 429 with Retry-After, and the browser's answer queue
// keeps the answer and sends it again then: nothing is lost.

process.env.PARTYKIT_HOST = "127.0.0.1:9";
process.env.PARTYKIT_DISABLED = "true"; // no room: publishes are skipped

const route = apiEndpoints.find((r) => r.path === "/api/user/live/:scheduledSessionId/answer")!;
let manager: Ctx;
let slug = "";
let f: LiveFixture;
let cookie = "";

/** The answer route, called as the browser's fetch would reach it (with the participant's cookie). */
async function serve(url: string, init: RequestInit = {}): Promise<Response> {
  const request = new Request(`http://localhost${url}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), Cookie: cookie },
  });
  const scheduledSessionId = decodeURIComponent(/\/api\/user\/live\/([^/]+)\/answer$/.exec(url)![1]!);
  return (await route.handle({ request, context: {}, params: { scheduledSessionId } })) as Response;
}

const ref = (stepIndex: number): AnswerRef => ({
  scheduledSession: f.sessionId,
  evaluation: f.evaluations[0]!,
  question: f.questions[0]![0]!,
  stepIndex,
});
/** A valid answer for each step of the fixture's first question (mc, num, txt, hz, pr). */
const answerFor = (stepIndex: number, n: number) =>
  [
    { textlistValue: ["Green"] },
    { numericValue: n },
    { textValue: `answer ${n}` },
    { numericlistValue: [0.5, 0.25] },
    { booleanValue: true },
  ][stepIndex]!;

async function stored(participantId: string) {
  const entry = await manager.tdb.db
    .select()
    .from(scheduledSessionParticipantEntries)
    .where(
      and(
        eq(scheduledSessionParticipantEntries.scheduledSessionId, f.sessionId),
        eq(scheduledSessionParticipantEntries.participantId, participantId),
      ),
    )
    .get();
  const rows = await manager.tdb.db.select().from(liveAnswers).where(eq(liveAnswers.entryId, entry!.id)).all();
  return new Map(rows.map((r) => [r.stepIndex, { revision: r.revision, answer: r.answer }]));
}

beforeAll(async () => {
  const { tenant, tdb } = await makeTenant();
  slug = tenant.slug;
  manager = await staffCtx(tenant.slug);
  f = await makeLiveSession(manager, { participants: 2 });
  await startScheduledSession(manager, f.sessionId);
  cookie = serializeCookie(await createLoginSession(tdb, "USER", f.people[0]!, false)).split(";")[0]!;
  vi.stubGlobal("fetch", serve);
});

afterEach(() => vi.useRealTimers());

describe("the save limiter", () => {
  it("allows a burst, then the sustained rate, and a bounded number at once", () => {
    let now = 0;
    const limiter = new SaveLimiter({ ratePerSecond: 20, burst: 40, inFlight: 4 }, () => now);
    const take = () => {
      const t = limiter.take("p");
      if ("release" in t) t.release();
      return t;
    };
    // A burst of 40 one after the other, then one every 50 ms.
    for (let i = 0; i < 40; i++) expect("release" in take()).toBe(true);
    expect(take()).toEqual({ retryAfterMs: 50 });
    now += 25;
    expect(take()).toEqual({ retryAfterMs: 25 });
    now += 25;
    expect("release" in take()).toBe(true);
    // Four at once: a fifth is refused until one of them ends, whatever tokens are left.
    now += 10_000;
    const running = Array.from({ length: 4 }, () => limiter.take("p"));
    expect(running.every((t) => "release" in t)).toBe(true);
    expect(limiter.take("p")).toEqual({ retryAfterMs: 250 });
    for (const t of running) if ("release" in t) t.release();
    expect("release" in take()).toBe(true);
    // Another participant is not affected.
    expect("release" in limiter.take("q")).toBe(true);
  });
});

describe("saves faster than a device makes them", () => {
  it("reads the wait from Retry-After when the body does not say it exactly", async () => {
    vi.stubGlobal("fetch", async () => new Response("{}", { status: 429, headers: { "retry-after": "3" } }));
    try {
      expect(await postAnswer({ ...ref(2), answer: { textValue: "x" }, revision: 1, acked: false })).toEqual({
        ok: false,
        retry: true,
        retryAfterMs: 3000,
      });
    } finally {
      vi.stubGlobal("fetch", serve);
    }
  });

  it("answers a burst of 64 at once with 429s and Retry-After; the accepted saves are stored", async () => {
    const results = await Promise.all(
      Array.from({ length: 64 }, (_, i) =>
        fetch(`/api/user/live/${encodeURIComponent(f.sessionId)}/answer`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...ref(2), answer: { textValue: `burst ${i + 1}` }, revision: i + 1 }),
        }).then(async (r) => ({
          status: r.status,
          retryAfter: r.headers.get("retry-after"),
          body: (await r.json()) as { ok: boolean; revision?: number; reason?: string; message?: string },
        })),
      ),
    );
    const accepted = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 429);
    expect(accepted.length + refused.length).toBe(64);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    expect(accepted.length).toBeLessThanOrEqual(SAVE_LIMITS.burst);
    expect(refused.length).toBeGreaterThanOrEqual(64 - SAVE_LIMITS.burst);
    expect(refused[0]).toMatchObject({
      retryAfter: expect.stringMatching(/^\d+$/),
      body: { ok: false, reason: "live_saves_too_fast" },
    });
    expect(refused[0]!.body.message).toMatch(/kept on this device/);
    // What was accepted is in the database: the highest revision acknowledged.
    const highest = Math.max(...accepted.map((r) => r.body.revision!));
    expect((await stored(f.people[0]!)).get(2)).toEqual({
      revision: highest,
      answer: { textValue: `burst ${highest}` },
    });
  });

  it("the answer queue keeps what was refused, sends it again when told, and everything ends up stored", async () => {
    // The participant's other saves fill every slot (SAVE_LIMITS.inFlight at once): the queue's are refused.
    const held: Array<{ release: () => void }> = [];
    while (held.length < SAVE_LIMITS.inFlight) {
      const slot = participantSaves.take(saveLimitKey(slug, f.people[0]!));
      if ("release" in slot) held.push(slot);
      else await new Promise((r) => setTimeout(r, slot.retryAfterMs));
    }
    const direct = await postAnswer({ ...ref(2), answer: { textValue: "one too many" }, revision: 1000, acked: false });
    expect(direct).toEqual({ ok: false, retry: true, retryAfterMs: 250 });

    const outcomes: SendResult[] = [];
    const queue = new AnswerQueue(new MemoryStore(), async (record) => {
      const result = await postAnswer(record);
      outcomes.push(result);
      return result;
    });
    await queue.load();
    await queue.mergeServer([]);
    const changes = [0, 1, 3, 4].map((i) => ({ ref: ref(i), answer: answerFor(i, 7) }));
    for (const c of changes) await queue.change(c.ref, c.answer);
    // Refused, kept, waiting for the wait the server gave; then the other saves end.
    await vi.waitFor(() => expect(outcomes.some((o) => !o.ok && "retry" in o)).toBe(true), {
      timeout: 5_000,
      interval: 10,
    });
    expect(queue.status().waiting).toBe(changes.length);
    for (const h of held) h.release();
    // The queue retries on its own (after the waits the server gave) until nothing is waiting.
    await vi.waitFor(() => expect(queue.status().waiting).toBe(0), { timeout: 10_000, interval: 20 });
    expect(outcomes.some((o) => !o.ok && "retry" in o)).toBe(true);
    expect(outcomes.filter((o) => "refused" in o)).toEqual([]);
    const saved = await stored(f.people[0]!);
    for (const c of changes) {
      const local = queue.answerOf(c.ref)!;
      expect(local.acked).toBe(true);
      expect(saved.get(c.ref.stepIndex)).toEqual({ revision: local.revision, answer: c.answer });
    }
    queue.dispose();
  });
});
