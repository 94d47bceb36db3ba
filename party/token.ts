/**
 * Realtime tokens and signed publishes, shared by the app (Node 20) and the room (workerd).
 * Web Crypto, TextEncoder and btoa/atob only: no Node or Workers specific API.
 */

export type RealtimeCapability = "admin" | "participant";

export type RealtimeTokenClaims = {
  capability: RealtimeCapability;
  clientId: string;
  /** Logical room id, `{tenant}:{scheduledSessionId}` (not URL-encoded). */
  room: string;
  /** ms since epoch */
  issued: number;
  /** ms since epoch */
  expires: number;
  /**
   * The login session the token was issued to (an opaque id derived from it, never the session
   * itself): logging out revokes every token with this grant (ADR 0030). Absent for tokens issued
   * without a login session (tools, tests).
   */
  grant?: string;
};

/**
 * The longest a token may live: a revoked token that a room has forgotten (it restarted empty) or
 * never heard of (the revoke did not reach it) is refused after this at the latest; browsers
 * renew their tokens before reconnecting (ADR 0030).
 */
export const MAX_TOKEN_TTL_MS = 10 * 60 * 1000;

/**
 * What the app tells a room to refuse from now on (a signed `revoke` publish, never relayed):
 * every token of these grants (logged out), and every token of these clients issued at or before
 * `at` (a participant taken off the session, a removed staff account). The room closes matching
 * sockets with REVOKED_CLOSE_CODE and refuses reconnects with those tokens.
 */
export type RevokePayload = {
  at: number;
  grants?: string[];
  clients?: Array<{ capability: RealtimeCapability; clientId: string }>;
};
export const REVOKE_EVENT = "revoke";
/** The close code of a socket whose token was revoked: the browser renews its token (or stops) before reconnecting. */
export const REVOKED_CLOSE_CODE = 4403;

export type RealtimeToken = {
  token: string;
  capability: RealtimeCapability;
  clientId: string;
  issued: number;
  expires: number;
};

/** Events the app publishes and the room broadcasts. */
export type RoomEvent = {
  type: string;
  /** Absent: for the whole session. Set: only admins and this participant receive it. */
  participantId?: string;
  /** Only admin sockets receive it: a participant's screens ignore it (the echo of their own saves). */
  staffOnly?: true;
  payload: unknown;
  /** ms since epoch; the room refuses publishes older than MAX_PUBLISH_AGE_MS. */
  issued: number;
};

export type PresenceClient = {
  clientId: string;
  capability: RealtimeCapability;
  /** Open sockets of this client (tabs, devices). */
  connections: number;
};

export type PresenceEvent = {
  type: "presence";
  payload: { clients: PresenceClient[] };
  issued: number;
};

/**
 * The events of one frame the room sent: a participant gets one event per frame; staff get a
 * publish's events in one frame, as an array in publish order (a "pause all" of 1,000 is one frame
 * to a dashboard, not 1,000).
 */
export function eventsOfFrame(text: string): unknown[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed : [parsed];
}

/**
 * Events one publish may carry: the app splits a longer batch into requests of at most this many, and
 * the room refuses more. A staff action on 1,000 participants (with their clocks about 380 KB, under
 * the room's 1 MB body limit) is then one request.
 */
export const MAX_EVENTS_PER_PUBLISH = 1000;

/**
 * The longest publish body (in characters) the room takes; the app splits a batch into requests
 * under it. An unlock of 1,000 carries each screen's new state, about 1.5 MB (ADR 0048).
 */
export const MAX_PUBLISH_BODY_CHARS = 1024 * 1024;

export const SIGNATURE_HEADER = "x-signature";
/** GET presence carries its timestamp here; the signature covers `presenceSigningString`. */
export const ISSUED_HEADER = "x-issued";
export const MAX_PUBLISH_AGE_MS = 60_000;
/** Tolerated clock difference between app and room for timestamps in the future. */
export const CLOCK_SKEW_MS = 30_000;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const keyCache = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  if (!secret) throw new Error("realtime secret is empty");
  let key = keyCache.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    // A process uses one or two secrets; the bound just stops unbounded growth.
    if (keyCache.size > 16) keyCache.clear();
    keyCache.set(secret, key);
  }
  return key;
}

async function hmac(data: string, secret: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(data)));
}

/** crypto.subtle.verify compares in constant time, unlike a string `===`. */
async function hmacVerify(data: string, signature: Uint8Array<ArrayBuffer>, secret: string): Promise<boolean> {
  if (signature.length !== 32) return false;
  return crypto.subtle.verify("HMAC", await hmacKey(secret), signature, encoder.encode(data));
}

export function base64UrlEncode(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}

/** Logical room id of a scheduled session. */
export function roomId(tenant: string, scheduledSessionId: string): string {
  return `${tenant}:${scheduledSessionId}`;
}

/**
 * The URL path segment of a room. PartyKit picks the Durable Object by the raw segment, so every
 * client (app, browser) must encode the same way or they land in different rooms.
 */
export function roomSegment(room: string): string {
  return encodeURIComponent(room);
}

/** The logical room of a raw path segment, or null when it is not in the canonical encoding. */
export function roomFromSegment(segment: string): string | null {
  try {
    const room = decodeURIComponent(segment);
    return roomSegment(room) === segment ? room : null;
  } catch {
    return null;
  }
}

function isCapability(value: unknown): value is RealtimeCapability {
  return value === "admin" || value === "participant";
}

const isGrant = (value: unknown): value is string => typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value);

export async function signRealtimeToken(claims: RealtimeTokenClaims, secret: string): Promise<RealtimeToken> {
  const { capability, clientId, room, issued, expires, grant } = claims;
  if (!isCapability(capability)) throw new Error(`invalid realtime capability: ${String(capability)}`);
  if (!clientId || !room) throw new Error("realtime token needs a clientId and a room");
  if (!(expires > issued)) throw new Error("realtime token expires before it is issued");
  if (grant !== undefined && !isGrant(grant)) throw new Error("invalid realtime grant");
  // Fixed field order so the payload is the same whatever order the caller used.
  const body = base64UrlEncode(
    encoder.encode(JSON.stringify({ capability, clientId, room, issued, expires, ...(grant ? { grant } : {}) })),
  );
  const signature = base64UrlEncode(await hmac(body, secret));
  return { token: `${body}.${signature}`, capability, clientId, issued, expires };
}

/** The claims of a valid, unexpired token for `room`, else null. Never throws. */
export async function verifyRealtimeToken(
  token: string | null | undefined,
  secret: string,
  room: string,
  now: number = Date.now(),
): Promise<RealtimeTokenClaims | null> {
  if (!token || !secret || token.length > 4096) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [body, sig] = parts as [string, string];
  const signature = base64UrlDecode(sig);
  if (!signature || !(await hmacVerify(body, signature, secret))) return null;
  const raw = base64UrlDecode(body);
  if (!raw) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(decoder.decode(raw));
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  const c = claims as Record<string, unknown>;
  if (
    !isCapability(c.capability) ||
    typeof c.clientId !== "string" ||
    !c.clientId ||
    typeof c.room !== "string" ||
    typeof c.issued !== "number" ||
    typeof c.expires !== "number"
  ) {
    return null;
  }
  if (c.room !== room) return null;
  if (c.expires <= now || c.issued > now + CLOCK_SKEW_MS) return null;
  // Longer-lived tokens (from before revocation existed) are refused: they could outlive a room's memory of a revocation.
  if (c.expires - c.issued > MAX_TOKEN_TTL_MS) return null;
  if (c.grant !== undefined && !isGrant(c.grant)) return null;
  return {
    capability: c.capability,
    clientId: c.clientId,
    room: c.room,
    issued: c.issued,
    expires: c.expires,
    ...(c.grant !== undefined ? { grant: c.grant } : {}),
  };
}

/** Hex HMAC-SHA256 of a raw request body (the `x-signature` header). */
export async function signBody(body: string, secret: string): Promise<string> {
  return toHex(await hmac(body, secret));
}

export async function verifyBody(body: string, signature: string | null | undefined, secret: string): Promise<boolean> {
  if (!signature || !secret) return false;
  const bytes = fromHex(signature);
  return bytes !== null && hmacVerify(body, bytes, secret);
}

/**
 * What a publish POST signs: the room id with the raw body. Signing the body alone let a publish
 * captured for one room be replayed into another; bound to the room, room B refuses it.
 */
export function publishSigningString(room: string, body: string): string {
  return `publish\n${room}\n${body}`;
}

/** The `x-signature` of a publish of `body` to `room`. */
export function signPublish(room: string, body: string, secret: string): Promise<string> {
  return signBody(publishSigningString(room, body), secret);
}

export function verifyPublish(
  room: string,
  body: string,
  signature: string | null | undefined,
  secret: string,
): Promise<boolean> {
  return verifyBody(publishSigningString(room, body), signature, secret);
}

/** What a presence GET signs: bound to the room and the time, so it cannot be replayed elsewhere or later. */
export function presenceSigningString(room: string, issued: number): string {
  return `presence\n${room}\n${issued}`;
}

/** A timestamp is fresh when it is at most MAX_PUBLISH_AGE_MS old and not far in the future. */
export function isFresh(issued: number, now: number = Date.now()): boolean {
  return Number.isFinite(issued) && issued >= now - MAX_PUBLISH_AGE_MS && issued <= now + CLOCK_SKEW_MS;
}
