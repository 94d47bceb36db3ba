import { afterEach, describe, expect, it, vi } from "vitest";
import { parseNumber } from "~/components/live/step-input";
import { postAnswer } from "~/components/live/use-answer-queue";

const record = {
  scheduledSession: "s 1",
  evaluation: "e",
  question: "q",
  stepIndex: 2,
  answer: { numericValue: 3 },
  revision: 7,
  acked: false,
};

function answering(status: number, body: unknown) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe("postAnswer: what the queue does with the server's answer", () => {
  it("posts JSON with the revision to the session's answer route and reads the stored revision", async () => {
    const calls = answering(200, { ok: true, revision: 7, late: true });
    expect(await postAnswer(record)).toEqual({ ok: true, revision: 7, late: true });
    expect(calls[0]!.url).toBe("/api/user/live/s%201/answer");
    expect(calls[0]!.init.headers).toMatchObject({ "content-type": "application/json" });
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      evaluation: "e",
      question: "q",
      stepIndex: 2,
      answer: { numericValue: 3 },
      revision: 7,
    });
  });

  it("keeps retrying when the network, the login or the server fails", async () => {
    for (const status of [401, 429, 500, 502, 503]) {
      answering(status, {});
      expect(await postAnswer(record)).toEqual({ ok: false, retry: true });
    }
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await postAnswer(record)).toEqual({ ok: false, retry: true });
  });

  it("waits as long as a 503 says (the database restarting) before the next try", async () => {
    vi.stubGlobal(
      "fetch",
      async () =>
        new Response(JSON.stringify({ ok: false, code: "INTERNAL_SERVER_ERROR", reason: "database_unavailable" }), {
          status: 503,
          headers: { "content-type": "application/json", "retry-after": "2" },
        }),
    );
    expect(await postAnswer(record)).toEqual({ ok: false, retry: true, retryAfterMs: 2000 });
  });

  it("stops on a clear refusal and keeps its translated message", async () => {
    answering(400, {
      ok: false,
      code: "BAD_REQUEST",
      reason: "live_question_not_current",
      message: "This question is not the one you are on now.",
    });
    expect(await postAnswer(record)).toEqual({ ok: false, refused: "This question is not the one you are on now." });
  });
});

describe("parseNumber", () => {
  it("reads a decimal point or comma and refuses what is not a number", () => {
    expect(parseNumber("2,5")).toBe(2.5);
    expect(parseNumber(" -3.25 ")).toBe(-3.25);
    expect(parseNumber("12")).toBe(12);
    for (const bad of ["", "-", "3,", "1e5", "abc", "1.2.3"]) expect(parseNumber(bad)).toBeNull();
  });
});
