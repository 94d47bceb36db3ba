import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { verifyRealtimeToken } from "../../../party/token";
import type { Ctx } from "~/lib/context.server";
import { publishLive } from "~/modules/live/events.server";
import {
  issueRealtimeToken,
  partykitHost,
  publishEventsToRoom,
  realtimeSecret,
} from "~/modules/realtime/realtime.server";

const saved = { ...process.env };

beforeEach(() => {
  delete process.env.REALTIME_SECRET;
  delete process.env.PARTYKIT_HOST;
});

afterEach(() => {
  for (const key of ["REALTIME_SECRET", "PARTYKIT_HOST", "NODE_ENV"] as const) {
    if (saved[key] === undefined) delete process.env[key];
    else (process.env as Record<string, string>)[key] = saved[key];
  }
  vi.restoreAllMocks();
});

describe("realtimeSecret", () => {
  it("uses REALTIME_SECRET when set", () => {
    process.env.REALTIME_SECRET = "from-env";
    expect(realtimeSecret()).toBe("from-env");
  });

  it("refuses to invent a secret in production when the room runs elsewhere", () => {
    process.env.NODE_ENV = "production";
    process.env.PARTYKIT_HOST = "rooms.example.test";
    expect(() => realtimeSecret()).toThrow(/REALTIME_SECRET/);
  });

  it("keeps one random secret per DATA_DIR in development and tests", () => {
    process.env.NODE_ENV = "development";
    const file = path.join(process.env.DATA_DIR!, ".realtime-secret");
    fs.rmSync(file, { force: true });
    const first = realtimeSecret();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(realtimeSecret()).toBe(first);
  });
});

describe("issueRealtimeToken", () => {
  it("signs a token for the session's room that the room accepts", async () => {
    process.env.REALTIME_SECRET = "s3cret";
    const now = Date.now();
    const issued = await issueRealtimeToken({
      tenant: "demo",
      scheduledSessionId: "ss-1",
      capability: "participant",
      clientId: "p-1",
      now,
    });
    expect(issued).toMatchObject({
      capability: "participant",
      clientId: "p-1",
      issued: now,
      // Short-lived (ADR 0030): browsers renew theirs before reconnecting.
      expires: now + 10 * 60 * 1000,
      host: "127.0.0.1:1999",
      party: "main",
      room: "demo%3Ass-1",
      scheduledSessionId: "ss-1",
    });
    expect(await verifyRealtimeToken(issued.token, "s3cret", "demo:ss-1", now)).toMatchObject({ clientId: "p-1" });
    expect(await verifyRealtimeToken(issued.token, "s3cret", "demo:ss-2", now)).toBeNull();
  });
});

describe("publishing to the room", () => {
  it("defaults the host to 127.0.0.1:1999", () => {
    expect(partykitHost()).toBe("127.0.0.1:1999");
  });

  it("returns false instead of throwing when the room server is down", async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, "127.0.0.1", () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    process.env.REALTIME_SECRET = "s3cret";
    process.env.PARTYKIT_HOST = `127.0.0.1:${port}`;
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(
      publishEventsToRoom({ tenant: "demo", scheduledSessionId: "ss-1", events: [{ type: "pause", payload: {} }] }),
    ).resolves.toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    // A live event after a write takes the same way: it waits for the refusal, logs it and does not throw.
    await expect(
      publishLive({ tenant: { slug: "demo" } } as Pick<Ctx, "tenant">, "ss-1", [
        { type: "session.started", payload: {} },
      ]),
    ).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
