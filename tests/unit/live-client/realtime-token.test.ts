import { afterEach, describe, expect, it, vi } from "vitest";
import {
  fetchRealtimeToken,
  RealtimeAccessEnded,
  RealtimeTokenKeeper,
  REVOKED_CLOSE_CODE,
  type RenewableConnection,
} from "~/components/live/realtime-token";

// ADR 0030: live-room tokens live ten minutes and can be revoked. Before a (re)connect the browser
// renews a token that is about to run out or that the room revoked; when the app refuses (logged
// out, taken off the session), it stops connecting.

const NOW = 1_800_000_000_000;
const page: RenewableConnection = {
  token: "t-page",
  capability: "participant",
  expires: NOW + 600_000,
  scheduledSessionId: "s 1",
};

afterEach(() => vi.unstubAllGlobals());

describe("RealtimeTokenKeeper", () => {
  it("connects with the page's token while it is fresh, and renews it shortly before its end", async () => {
    let now = NOW;
    const renew = vi.fn(async () => ({ token: `t-renewed-${renew.mock.calls.length}`, expires: now + 600_000 }));
    const keeper = new RealtimeTokenKeeper(page, renew, () => now);
    expect(await keeper.tokenForConnect()).toBe("t-page");
    now = NOW + 545_000;
    expect(await keeper.tokenForConnect()).toBe("t-renewed-1");
    expect(renew).toHaveBeenCalledWith(page);
    expect(await keeper.tokenForConnect()).toBe("t-renewed-1");
    // A page reload brings a newer token: that one is used.
    keeper.update({ ...page, token: "t-reloaded", expires: now + 600_000 });
    expect(await keeper.tokenForConnect()).toBe("t-reloaded");
  });

  it("renews after the room closed the socket as revoked, and stops when the app refuses", async () => {
    const answers: Array<{ token: string; expires: number } | "refused"> = [
      { token: "t-other-session", expires: NOW + 600_000 },
      "refused",
    ];
    const keeper = new RealtimeTokenKeeper(
      page,
      async () => answers.shift()!,
      () => NOW,
    );
    keeper.closedWith(1006); // a dropped connection: the same token again
    expect(await keeper.tokenForConnect()).toBe("t-page");
    keeper.closedWith(REVOKED_CLOSE_CODE);
    expect(await keeper.tokenForConnect()).toBe("t-other-session");
    keeper.closedWith(REVOKED_CLOSE_CODE);
    await expect(keeper.tokenForConnect()).rejects.toBeInstanceOf(RealtimeAccessEnded);
  });
});

describe("fetchRealtimeToken", () => {
  it("asks the account's own API for a token of the session", async () => {
    const calls: Array<{ url: string; body: { query: string; variables: unknown } }> = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ data: { getRealtimeToken: { token: "t-new", expires: NOW + 1 } } }), {
        status: 200,
      });
    });
    expect(await fetchRealtimeToken(page)).toEqual({ token: "t-new", expires: NOW + 1 });
    expect(await fetchRealtimeToken({ ...page, capability: "admin" })).toEqual({ token: "t-new", expires: NOW + 1 });
    expect(calls.map((c) => c.url)).toEqual(["/api/user/graphql", "/api/admin/graphql"]);
    expect(calls[0]!.body.query).toContain("getRealtimeToken(scheduledSession: $s)");
    expect(calls[0]!.body.variables).toEqual({ s: "s 1" });
  });

  it("answers refused when the app will not give one, and throws (retried later) when it cannot be reached", async () => {
    for (const code of ["UNAUTHORIZED", "FORBIDDEN", "NOT_FOUND"]) {
      vi.stubGlobal(
        "fetch",
        async () =>
          new Response(JSON.stringify({ errors: [{ message: "no", extensions: { code } }] }), { status: 200 }),
      );
      expect(await fetchRealtimeToken(page)).toBe("refused");
    }
    vi.stubGlobal("fetch", async () => new Response("", { status: 401 }));
    expect(await fetchRealtimeToken(page)).toBe("refused");
    vi.stubGlobal("fetch", async () => new Response("", { status: 503 }));
    await expect(fetchRealtimeToken(page)).rejects.toThrow();
  });
});
