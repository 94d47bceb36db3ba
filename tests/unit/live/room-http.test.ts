import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { roomRequest } from "~/modules/realtime/room-http.server";

// A request to the room on a kept-alive connection the room closed meanwhile never reached it: it
// is sent once more on a new connection. One on a new connection that fails is not.

let server: http.Server | null = null;

/** A room that answers 200, but drops the connection of the requests whose number is in `drop`. */
async function room(drop: number[]) {
  let seen = 0;
  server = http.createServer((req, res) => {
    seen++;
    if (drop.includes(seen)) req.socket.destroy();
    else res.end("ok");
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parties/main/room`;
  return { url, seen: () => seen };
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = null;
});

describe("roomRequest", () => {
  it("sends a request again once when its kept-alive connection was closed under it", async () => {
    const { url, seen } = await room([2]);
    expect((await roomRequest(url, { method: "POST", body: "{}", timeoutMs: 2000 })).ok).toBe(true);
    // The second goes on the kept-alive connection, which the room drops: sent again, answered.
    const again = await roomRequest(url, { method: "POST", body: "{}", timeoutMs: 2000 });
    expect(again).toMatchObject({ ok: true, text: "ok" });
    expect(seen()).toBe(3);
  });

  it("does not send again a request whose new connection failed", async () => {
    const { url, seen } = await room([1]);
    await expect(roomRequest(url, { method: "POST", body: "{}", timeoutMs: 2000 })).rejects.toThrow();
    expect(seen()).toBe(1);
  });
});
