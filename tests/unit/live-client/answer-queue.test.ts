import { describe, expect, it } from "vitest";
import { AnswerQueue, MemoryStore, type QueuedAnswer, type SendResult } from "~/components/live/answer-queue";

const ref = { scheduledSession: "s1", evaluation: "e1", question: "q1", stepIndex: 0 };
const other = { ...ref, stepIndex: 1 };

/** A fake timer the test fires by hand: no waiting in tests. */
function manualTimer() {
  const pending: Array<{ fn: () => void; ms: number }> = [];
  return {
    pending,
    set: (fn: () => void, ms: number) => (pending.push({ fn, ms }), pending.length - 1),
    clear: (h: unknown) => {
      if (typeof h === "number" && pending[h]) pending[h]!.fn = () => {};
    },
    fire: () => pending.splice(0).forEach((p) => p.fn()),
  };
}

/** A server that stores the highest revision per key, and can be switched off. */
function fakeServer() {
  const stored = new Map<string, QueuedAnswer>();
  let up = true;
  const calls: QueuedAnswer[] = [];
  const send = async (r: QueuedAnswer): Promise<SendResult> => {
    calls.push(r);
    if (!up) throw new TypeError("Failed to fetch");
    const key = `${r.evaluation}|${r.question}|${r.stepIndex}`;
    const have = stored.get(key);
    if (!have || have.revision < r.revision) stored.set(key, r);
    return { ok: true, revision: stored.get(key)!.revision, late: false };
  };
  return { stored, calls, send, setUp: (v: boolean) => (up = v) };
}

async function settle(queue: AnswerQueue) {
  for (let i = 0; i < 5; i++) await queue.flush();
}

describe("AnswerQueue", () => {
  it("stores a change before sending it, and acknowledges only after the server's ok", async () => {
    const store = new MemoryStore();
    let release!: (r: SendResult) => void;
    const seenInStore: boolean[] = [];
    const queue = new AnswerQueue(store, (r) => {
      seenInStore.push(store.data.size > 0 && !store.data.values().next().value!.acked);
      return new Promise<SendResult>((resolve) => (release = resolve)).then(
        (x) => x ?? { ok: true, revision: r.revision, late: false },
      );
    });
    await queue.load();
    await queue.change(ref, { numericValue: 4 });
    expect(seenInStore).toEqual([true]);
    expect(queue.status().waiting).toBe(1);
    release({ ok: true, revision: 1, late: false });
    await queue.flush();
    expect(queue.status().waiting).toBe(0);
    expect([...store.data.values()][0]).toMatchObject({ revision: 1, acked: true, answer: { numericValue: 4 } });
  });

  it("gives every change a higher revision, also across a reload, and the server keeps the newest", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    const first = new AnswerQueue(store, server.send, manualTimer());
    await first.load();
    for (let i = 1; i <= 5; i++) await first.change(ref, { numericValue: i });
    await settle(first);
    const revisions = server.calls.map((c) => c.revision);
    expect([...revisions].sort((a, b) => a - b)).toEqual(revisions);
    const reloaded = new AnswerQueue(store, server.send, manualTimer());
    await reloaded.load();
    const next = await reloaded.change(ref, { numericValue: 6 });
    expect(next.revision).toBe(6);
    await settle(reloaded);
    expect(server.stored.get("e1|q1|0")).toMatchObject({ revision: 6, answer: { numericValue: 6 } });
  });

  it("keeps answers while the server is unreachable and re-sends them with backoff, then on flush", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    const timer = manualTimer();
    const queue = new AnswerQueue(store, server.send, timer);
    await queue.load();
    server.setUp(false);
    await queue.change(ref, { textValue: "a" });
    await queue.change(other, { textValue: "b" });
    await settle(queue);
    expect(queue.status()).toMatchObject({ waiting: 2, lastFailure: true });
    expect(server.stored.size).toBe(0);
    expect(timer.pending.length).toBeGreaterThan(0);
    server.setUp(true);
    timer.fire();
    await settle(queue);
    expect(queue.status()).toMatchObject({ waiting: 0, lastFailure: false });
    expect(server.stored.get("e1|q1|0")?.answer).toEqual({ textValue: "a" });
    expect(server.stored.get("e1|q1|1")?.answer).toEqual({ textValue: "b" });
  });

  it("after a reload re-sends what was never acknowledged (the browser closed mid-send)", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.setUp(false);
    const before = new AnswerQueue(store, server.send, manualTimer());
    await before.load();
    await before.change(ref, { booleanValue: true });
    await settle(before);
    before.dispose();
    server.setUp(true);
    const after = new AnswerQueue(store, server.send, manualTimer());
    await after.load();
    expect(after.status().waiting).toBe(1);
    await settle(after);
    expect(after.status().waiting).toBe(0);
    expect(server.stored.get("e1|q1|0")?.answer).toEqual({ booleanValue: true });
  });

  it("a change made while a send is in flight stays waiting until its own revision is confirmed", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    let gate!: () => void;
    const queue = new AnswerQueue(store, async (r) => {
      if (r.revision === 1) await new Promise<void>((resolve) => (gate = resolve));
      return server.send(r);
    });
    await queue.load();
    await queue.change(ref, { textValue: "first" });
    await queue.change(ref, { textValue: "second" });
    gate();
    await settle(queue);
    expect(queue.status().waiting).toBe(0);
    expect(server.stored.get("e1|q1|0")).toMatchObject({ revision: 2, answer: { textValue: "second" } });
  });

  it("merges the server's answers: a newer local answer wins, an equal server revision acknowledges it", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    server.setUp(false);
    const queue = new AnswerQueue(store, server.send, manualTimer());
    await queue.load();
    await queue.mergeServer([{ ...ref, answer: { numericValue: 1 }, revision: 3 }]);
    await queue.change(ref, { numericValue: 2 });
    await settle(queue);
    expect(queue.answerOf(ref)).toMatchObject({ revision: 4, answer: { numericValue: 2 }, acked: false });
    await queue.mergeServer([{ ...ref, answer: { numericValue: 1 }, revision: 3 }]);
    expect(queue.answerOf(ref)?.answer).toEqual({ numericValue: 2 });
    await queue.mergeServer([{ ...ref, answer: { numericValue: 2 }, revision: 4 }]);
    expect(queue.status().waiting).toBe(0);
    await queue.mergeServer([{ ...other, answer: { numericValue: 9 }, revision: 2 }]);
    expect(queue.answerOf(other)).toMatchObject({ revision: 2, acked: true });
  });

  it("a refusal for good is kept and not re-sent forever; a later change is sent again", async () => {
    const store = new MemoryStore();
    let refuse = true;
    const queue = new AnswerQueue(store, async (r): Promise<SendResult> =>
      refuse ? { ok: false, refused: "live_question_not_current" } : { ok: true, revision: r.revision, late: true },
    );
    await queue.load();
    await queue.change(ref, { textValue: "x" });
    await settle(queue);
    expect(queue.status()).toMatchObject({ waiting: 0, refused: 1 });
    expect(store.data.size).toBe(1);
    refuse = false;
    await queue.change(ref, { textValue: "y" });
    await settle(queue);
    expect(queue.status()).toMatchObject({ waiting: 0, refused: 0, late: true });
  });
});

describe("AnswerQueue for station ticks (records that name the participant)", () => {
  it("keeps one device's ticks of two participants on the same step apart, and re-sends them after a failure", async () => {
    const store = new MemoryStore();
    const server = fakeServer();
    const timer = manualTimer();
    server.setUp(false);
    const queue = new AnswerQueue(store, server.send, timer);
    await queue.load();
    const lea = { ...ref, participant: "lea" };
    const noor = { ...ref, participant: "noor" };
    await queue.change(lea, { ticks: [true] });
    await queue.change(noor, { ticks: [false, true] });
    expect(queue.answerOf(lea)?.answer).toEqual({ ticks: [true] });
    expect(queue.answerOf(noor)?.answer).toEqual({ ticks: [false, true] });
    expect(queue.answerOf(ref)).toBeUndefined();
    await settle(queue);
    expect(queue.status()).toMatchObject({ waiting: 2, lastFailure: true });
    // The tablet is back online: both ticks reach the server, each for its own participant.
    server.setUp(true);
    timer.fire();
    await settle(queue);
    expect(queue.status().waiting).toBe(0);
    expect(server.calls.filter((c) => c.participant === "lea").at(-1)?.answer).toEqual({ ticks: [true] });
    expect(server.calls.filter((c) => c.participant === "noor").at(-1)?.answer).toEqual({ ticks: [false, true] });
    expect(store.data.size).toBe(2);
  });
});
