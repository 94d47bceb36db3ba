import { createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { dataDir } from "~db/config";
import { settings } from "~settings/settings.server";
import { roomRequest } from "./room-http.server";
import {
  ISSUED_HEADER,
  MAX_EVENTS_PER_PUBLISH,
  MAX_PUBLISH_BODY_CHARS,
  MAX_TOKEN_TTL_MS,
  REVOKE_EVENT,
  SIGNATURE_HEADER,
  presenceSigningString,
  publishSigningString,
  roomId,
  roomSegment,
  signBody,
  signRealtimeToken,
  type PresenceEvent,
  type RealtimeCapability,
  type RealtimeToken,
  type RevokePayload,
  type RoomEvent,
} from "../../../party/token";

// The app side of the live rooms: the DB is the truth, the room only relays. So publishing is
// best effort (logged, never thrown) and clients reload state from the app after a reconnect.

export type { PresenceEvent, RealtimeCapability, RealtimeToken, RoomEvent };

/** Short: a token cannot be withdrawn from a browser, only refused by the room; browsers renew theirs (ADR 0030). */
export const DEFAULT_TOKEN_TTL_MS = MAX_TOKEN_TTL_MS;
const PUBLISH_TIMEOUT_MS = 3_000;

/**
 * The secret shared with the room. With a room server elsewhere (PARTYKIT_HOST) REALTIME_SECRET must
 * be set; when the app starts its own room (npm start/dev, tests) one is kept per DATA_DIR.
 */
export function realtimeSecret(): string {
  const { REALTIME_SECRET, NODE_ENV, PARTYKIT_HOST } = settings();
  if (REALTIME_SECRET) return REALTIME_SECRET;
  // A room run elsewhere (PARTYKIT_HOST) must be given the same secret explicitly.
  if (NODE_ENV === "production" && PARTYKIT_HOST) {
    throw new Error("REALTIME_SECRET is not set. Set it to a long random value shared with the PartyKit room.");
  }
  const file = path.join(dataDir(), ".realtime-secret");
  const known = secretFiles.get(file);
  if (known) return known;
  const secret = readOrCreateSecret(file);
  secretFiles.set(file, secret);
  return secret;
}

/** The secret of each DATA_DIR's file, once read: it is read on every token and publish. */
const secretFiles = new Map<string, string>();

function readOrCreateSecret(file: string): string {
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    // "wx": when two processes race, the first file wins and both read it back.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  return fs.readFileSync(file, "utf8").trim();
}

/** host:port of the PartyKit server, as seen from the app (and, for now, from browsers): PARTYKIT_HOST, else the one the server starts. */
export function partykitHost(): string {
  return settings().PARTYKIT_HOST || `127.0.0.1:${settings().PARTYKIT_PORT}`;
}

function roomUrl(tenant: string, scheduledSessionId: string): string {
  const host = partykitHost();
  const base = /^https?:\/\//.test(host) ? host : `http://${host}`;
  return `${base}/parties/main/${roomSegment(roomId(tenant, scheduledSessionId))}`;
}

export type IssueRealtimeTokenInput = {
  tenant: string;
  scheduledSessionId: string;
  capability: RealtimeCapability;
  /** Staff user id for admin, participant id for participant: participant-scoped events match it. */
  clientId: string;
  /** The login session's grant (realtime-grants.server.ts): logging out revokes the token. */
  grant?: string;
  ttlMs?: number;
  now?: number;
};

/**
 * What a browser needs to join a room: its token plus where and which room (path segment), and
 * the scheduled session to ask a new token for (getRealtimeToken) before this one runs out.
 */
export type RealtimeConnection = RealtimeToken & {
  host: string;
  party: "main";
  room: string;
  scheduledSessionId: string;
};

export async function issueRealtimeToken({
  tenant,
  scheduledSessionId,
  capability,
  clientId,
  grant,
  ttlMs = DEFAULT_TOKEN_TTL_MS,
  now = Date.now(),
}: IssueRealtimeTokenInput): Promise<RealtimeConnection> {
  const room = roomId(tenant, scheduledSessionId);
  const token = await signRealtimeToken(
    { capability, clientId, room, issued: now, expires: now + ttlMs, ...(grant ? { grant } : {}) },
    realtimeSecret(),
  );
  return { ...token, host: partykitHost(), party: "main", room: roomSegment(room), scheduledSessionId };
}

export type RevokeInput = { tenant: string; scheduledSessionId: string } & Omit<RevokePayload, "at">;

/**
 * Tells a session's room to close the sockets of these grants or clients and to refuse their
 * tokens from now on (ADR 0030). Best effort like every publish: false (logged) when the room
 * cannot be reached; the tokens then still end within MAX_TOKEN_TTL_MS, and are not renewed.
 */
export function revokeInRoom({ tenant, scheduledSessionId, grants, clients }: RevokeInput): Promise<boolean> {
  if (settings().PARTYKIT_DISABLED) return Promise.resolve(true);
  const payload: RevokePayload = {
    at: Date.now(),
    ...(grants?.length ? { grants } : {}),
    ...(clients?.length ? { clients } : {}),
  };
  return publishEventsToRoom({ tenant, scheduledSessionId, events: [{ type: REVOKE_EVENT, payload }] });
}

/**
 * signPublish's signature (hex HMAC-SHA256, the room checks it with WebCrypto), computed at once.
 * WebCrypto signs on libuv's thread pool, and its answer waits for the event loop: under a burst of
 * saves that held a "pause all" for 50–90 ms between its commit and its request to the room.
 */
export function publishSignature(room: string, body: string, secret: string): string {
  return createHmac("sha256", secret).update(publishSigningString(room, body)).digest("hex");
}

export type PublishManyInput = {
  tenant: string;
  scheduledSessionId: string;
  events: Array<Omit<RoomEvent, "issued"> & { issued?: number }>;
};

/**
 * Sends events to the room in signed requests (a JSON array; one event is sent as itself), in
 * order: as few as the room's limits allow (MAX_EVENTS_PER_PUBLISH events, MAX_PUBLISH_BODY_CHARS).
 * Call after the DB write; returns false (and logs) on any failure.
 */
export async function publishEventsToRoom({ tenant, scheduledSessionId, events }: PublishManyInput): Promise<boolean> {
  const issued = Date.now();
  const texts = events.map((event) => JSON.stringify({ ...event, issued: event.issued ?? issued }));
  const what = events.length === 1 ? events[0]!.type : `${events.length} events`;
  let delivered = true;
  for (const body of publishBodies(texts))
    delivered = (await publishBody(tenant, scheduledSessionId, body, what)) && delivered;
  return delivered;
}

/** The request bodies carrying these events' texts, in order. */
function publishBodies(texts: readonly string[]): string[] {
  if (texts.length === 1) return [texts[0]!];
  const bodies: string[] = [];
  let part: string[] = [];
  let chars = 2; // the brackets
  for (const text of texts) {
    if (
      part.length > 0 &&
      (part.length >= MAX_EVENTS_PER_PUBLISH || chars + text.length + 1 > MAX_PUBLISH_BODY_CHARS)
    ) {
      bodies.push(`[${part.join(",")}]`);
      part = [];
      chars = 2;
    }
    part.push(text);
    chars += text.length + 1;
  }
  if (part.length > 0) bodies.push(`[${part.join(",")}]`);
  return bodies;
}

/** One request; `what` names its events in the log. */
async function publishBody(tenant: string, scheduledSessionId: string, body: string, what: string): Promise<boolean> {
  const url = roomUrl(tenant, scheduledSessionId);
  try {
    const response = await roomRequest(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        [SIGNATURE_HEADER]: publishSignature(roomId(tenant, scheduledSessionId), body, realtimeSecret()),
      },
      body,
      timeoutMs: PUBLISH_TIMEOUT_MS,
    });
    if (!response.ok) {
      console.warn(`[live] publish ${what} to ${url} failed: ${response.status} ${response.text}`);
      return false;
    }
    return true;
  } catch (error) {
    console.warn(`[live] publish ${what} to ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

/** Who is connected to a session's room, or null when the room cannot be reached. */
export async function roomPresence({
  tenant,
  scheduledSessionId,
}: {
  tenant: string;
  scheduledSessionId: string;
}): Promise<PresenceEvent["payload"] | null> {
  const url = roomUrl(tenant, scheduledSessionId);
  try {
    const issued = Date.now();
    const signature = await signBody(
      presenceSigningString(roomId(tenant, scheduledSessionId), issued),
      realtimeSecret(),
    );
    const response = await roomRequest(url, {
      headers: { [ISSUED_HEADER]: String(issued), [SIGNATURE_HEADER]: signature },
      timeoutMs: PUBLISH_TIMEOUT_MS,
    });
    if (!response.ok) {
      console.warn(`[live] presence of ${url} failed: ${response.status}`);
      return null;
    }
    return (JSON.parse(response.text) as PresenceEvent).payload;
  } catch (error) {
    console.warn(`[live] presence of ${url} failed: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}
