import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  base64UrlDecode,
  base64UrlEncode,
  isFresh,
  MAX_TOKEN_TTL_MS,
  roomFromSegment,
  roomId,
  roomSegment,
  signBody,
  signPublish,
  signRealtimeToken,
  verifyBody,
  verifyPublish,
  verifyRealtimeToken,
  type RealtimeTokenClaims,
} from "../../../party/token";
import { publishSignature } from "~/modules/realtime/realtime.server";

const SECRET = "test-secret-0123456789abcdef";
const NOW = 1_800_000_000_000;
const ROOM = "demo:session-1";

function claims(over: Partial<RealtimeTokenClaims> = {}): RealtimeTokenClaims {
  return { capability: "participant", clientId: "p1", room: ROOM, issued: NOW, expires: NOW + 60_000, ...over };
}

describe("signRealtimeToken / verifyRealtimeToken", () => {
  it("round-trips the claims", async () => {
    const signed = await signRealtimeToken(claims({ capability: "admin", clientId: "u1" }), SECRET);
    expect(signed).toMatchObject({ capability: "admin", clientId: "u1", issued: NOW, expires: NOW + 60_000 });
    expect(signed.token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await verifyRealtimeToken(signed.token, SECRET, ROOM, NOW + 1)).toEqual(
      claims({ capability: "admin", clientId: "u1" }),
    );
  });

  it("puts base64url(JSON payload) before the dot and an HMAC-SHA256 of it after", async () => {
    const { token } = await signRealtimeToken(claims(), SECRET);
    const [body, sig] = token.split(".") as [string, string];
    expect(JSON.parse(Buffer.from(body, "base64url").toString("utf8"))).toEqual(claims());
    expect(sig).toBe(createHmac("sha256", SECRET).update(body).digest("base64url"));
  });

  it("refuses a token signed with another secret", async () => {
    const { token } = await signRealtimeToken(claims(), "another-secret");
    expect(await verifyRealtimeToken(token, SECRET, ROOM, NOW)).toBeNull();
  });

  it("refuses a token for another room", async () => {
    const { token } = await signRealtimeToken(claims({ room: "demo:session-2" }), SECRET);
    expect(await verifyRealtimeToken(token, SECRET, ROOM, NOW)).toBeNull();
    expect(await verifyRealtimeToken(token, SECRET, "other:session-2", NOW)).toBeNull();
  });

  it("refuses an expired token, and one issued far in the future", async () => {
    const { token } = await signRealtimeToken(claims(), SECRET);
    expect(await verifyRealtimeToken(token, SECRET, ROOM, NOW + 60_000)).toBeNull();
    expect(await verifyRealtimeToken(token, SECRET, ROOM, NOW + 59_999)).not.toBeNull();
    const future = await signRealtimeToken(claims({ issued: NOW + 3_600_000, expires: NOW + 7_200_000 }), SECRET);
    expect(await verifyRealtimeToken(future.token, SECRET, ROOM, NOW)).toBeNull();
  });

  it("carries the login session's grant, and refuses a token that lives longer than MAX_TOKEN_TTL_MS", async () => {
    const withGrant = await signRealtimeToken(claims({ grant: "g-123_abc" }), SECRET);
    expect(await verifyRealtimeToken(withGrant.token, SECRET, ROOM, NOW)).toEqual(claims({ grant: "g-123_abc" }));
    await expect(signRealtimeToken(claims({ grant: "not a grant!" }), SECRET)).rejects.toThrow();
    const longest = await signRealtimeToken(claims({ expires: NOW + MAX_TOKEN_TTL_MS }), SECRET);
    expect(await verifyRealtimeToken(longest.token, SECRET, ROOM, NOW)).not.toBeNull();
    const tooLong = await signRealtimeToken(claims({ expires: NOW + MAX_TOKEN_TTL_MS + 1 }), SECRET);
    expect(await verifyRealtimeToken(tooLong.token, SECRET, ROOM, NOW)).toBeNull();
  });

  it("refuses a token whose payload was changed (capability escalation)", async () => {
    const { token } = await signRealtimeToken(claims(), SECRET);
    const [, sig] = token.split(".") as [string, string];
    const forgedBody = base64UrlEncode(new TextEncoder().encode(JSON.stringify(claims({ capability: "admin" }))));
    expect(await verifyRealtimeToken(`${forgedBody}.${sig}`, SECRET, ROOM, NOW)).toBeNull();
  });

  it("refuses malformed tokens without throwing", async () => {
    const { token } = await signRealtimeToken(claims(), SECRET);
    const [body, sig] = token.split(".") as [string, string];
    for (const bad of [
      undefined,
      null,
      "",
      "abc",
      `${body}.`,
      `.${sig}`,
      `${body}.${sig}.x`,
      `${body}.${sig.slice(0, -2)}`,
      `${body}.${sig}==`,
      `${body}!.${sig}`,
      "a".repeat(5000),
    ]) {
      expect(await verifyRealtimeToken(bad, SECRET, ROOM, NOW)).toBeNull();
    }
    expect(await verifyRealtimeToken(token, "", ROOM, NOW)).toBeNull();
  });

  it("refuses a validly signed payload with the wrong shape", async () => {
    const body = base64UrlEncode(new TextEncoder().encode(JSON.stringify({ ...claims(), capability: "root" })));
    const sig = createHmac("sha256", SECRET).update(body).digest("base64url");
    expect(await verifyRealtimeToken(`${body}.${sig}`, SECRET, ROOM, NOW)).toBeNull();
  });

  it("does not sign nonsense", async () => {
    await expect(signRealtimeToken(claims({ capability: "root" as "admin" }), SECRET)).rejects.toThrow();
    await expect(signRealtimeToken(claims({ clientId: "" }), SECRET)).rejects.toThrow();
    await expect(signRealtimeToken(claims({ expires: NOW }), SECRET)).rejects.toThrow();
    await expect(signRealtimeToken(claims(), "")).rejects.toThrow();
  });
});

describe("signBody / verifyBody", () => {
  it("is the hex HMAC-SHA256 of the raw body", async () => {
    const body = JSON.stringify({ type: "pause", payload: { é: "ü" }, issued: NOW });
    const expected = createHmac("sha256", SECRET).update(body, "utf8").digest("hex");
    expect(await signBody(body, SECRET)).toBe(expected);
    expect(await verifyBody(body, expected, SECRET)).toBe(true);
    expect(await verifyBody(body, expected.toUpperCase(), SECRET)).toBe(true);
  });

  it("refuses a changed body, a wrong secret, and malformed signatures", async () => {
    const body = '{"type":"pause","payload":null,"issued":1}';
    const signature = await signBody(body, SECRET);
    expect(await verifyBody(`${body} `, signature, SECRET)).toBe(false);
    expect(await verifyBody(body, await signBody(body, "other"), SECRET)).toBe(false);
    for (const bad of [null, undefined, "", "zz", signature.slice(0, -2), `${signature}00`, "g".repeat(64)]) {
      expect(await verifyBody(body, bad, SECRET)).toBe(false);
    }
  });
});

describe("publishSignature (the app's synchronous signing)", () => {
  it("is the room's publish signature: the room verifies it, and only for that room, body and secret", async () => {
    const body = JSON.stringify([
      { type: "entry.changed", participantId: "p1", payload: { reason: "SESSION_PAUSE", note: "é ✓" }, issued: NOW },
    ]);
    const signature = publishSignature(ROOM, body, SECRET);
    expect(signature).toBe(await signPublish(ROOM, body, SECRET));
    expect(await verifyPublish(ROOM, body, signature, SECRET)).toBe(true);
    expect(await verifyPublish("demo:session-2", body, signature, SECRET)).toBe(false);
    expect(await verifyPublish(ROOM, `${body} `, signature, SECRET)).toBe(false);
    expect(await verifyPublish(ROOM, body, publishSignature(ROOM, body, "another-secret"), SECRET)).toBe(false);
  });
});

describe("helpers", () => {
  it("base64url round-trips arbitrary bytes", () => {
    const bytes = new Uint8Array(256).map((_, i) => i);
    const text = base64UrlEncode(bytes);
    expect(text).toBe(Buffer.from(bytes).toString("base64url"));
    expect(base64UrlDecode(text)).toEqual(bytes);
    expect(base64UrlDecode("a+b")).toBeNull();
  });

  it("has one canonical path segment per room", () => {
    const room = roomId("demo", "abc-123");
    expect(room).toBe("demo:abc-123");
    expect(roomSegment(room)).toBe("demo%3Aabc-123");
    expect(roomFromSegment("demo%3Aabc-123")).toBe(room);
    // The same room written differently would be another Durable Object: refuse it.
    expect(roomFromSegment("demo:abc-123")).toBeNull();
    expect(roomFromSegment("demo%3aabc-123")).toBeNull();
    expect(roomFromSegment("%E0%A4%A")).toBeNull();
  });

  it("treats timestamps older than 60 s as stale", () => {
    expect(isFresh(NOW, NOW)).toBe(true);
    expect(isFresh(NOW - 60_000, NOW)).toBe(true);
    expect(isFresh(NOW - 60_001, NOW)).toBe(false);
    expect(isFresh(NOW + 120_000, NOW)).toBe(false);
    expect(isFresh(Number.NaN, NOW)).toBe(false);
  });
});
