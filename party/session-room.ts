import type * as Party from "partykit/server";
import {
  CLOCK_SKEW_MS,
  ISSUED_HEADER,
  MAX_EVENTS_PER_PUBLISH,
  MAX_PUBLISH_BODY_CHARS,
  MAX_TOKEN_TTL_MS,
  REVOKE_EVENT,
  REVOKED_CLOSE_CODE,
  SIGNATURE_HEADER,
  isFresh,
  presenceSigningString,
  roomFromSegment,
  verifyBody,
  verifyPublish,
  verifyRealtimeToken,
  type PresenceClient,
  type PresenceEvent,
  type RealtimeCapability,
  type RevokePayload,
  type RoomEvent,
} from "./token";

/**
 * One room per scheduled session (`{tenant}:{scheduledSessionId}`, URL-encoded in the path).
 * The tenant database is the truth: the room only relays events the app signed and tracks who is
 * connected. It keeps no storage, so a restart loses nothing a reconnecting client cannot reload.
 */

/** `grant` and `issued` come from the token: a revocation is matched against them (ADR 0030). */
type ConnState = { clientId: string; capability: RealtimeCapability; grant?: string; issued: number };

/** Set by onBeforeConnect after the token was verified; overwritten there, so a client cannot forge it. */
const CLAIMS_HEADER = "x-realtime-claims";

function secretOf(env: Record<string, unknown>): string | null {
  const secret = env.REALTIME_SECRET;
  return typeof secret === "string" && secret.length > 0 ? secret : null;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function unauthorized(reason: string): Response {
  return new Response(reason, { status: 401 });
}

function isRevokePayload(value: unknown): value is RevokePayload {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const strings = (list: unknown) =>
    Array.isArray(list) &&
    list.length <= MAX_REVOKED &&
    list.every((g) => typeof g === "string" && g.length > 0 && g.length <= 200);
  const clients = (list: unknown) =>
    Array.isArray(list) &&
    list.length <= MAX_REVOKED &&
    list.every(
      (c) =>
        typeof c === "object" &&
        c !== null &&
        (c.capability === "admin" || c.capability === "participant") &&
        typeof c.clientId === "string" &&
        c.clientId.length > 0,
    );
  return (
    typeof v.at === "number" &&
    Number.isFinite(v.at) &&
    (v.grants === undefined || strings(v.grants)) &&
    (v.clients === undefined || clients(v.clients))
  );
}

/** Grants or clients one revoke may name. */
const MAX_REVOKED = 1000;

function isRoomEvent(value: unknown): value is RoomEvent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.type === "string" &&
    v.type.length > 0 &&
    v.type !== "presence" &&
    typeof v.issued === "number" &&
    "payload" in v &&
    (v.participantId === undefined || (typeof v.participantId === "string" && v.participantId.length > 0)) &&
    (v.staffOnly === undefined || v.staffOnly === true)
  );
}

export default class SessionRoom implements Party.Server {
  /** Signatures of recent publishes: a captured POST cannot be replayed within its 60 s window. */
  private readonly seen = new Map<string, number>();
  /**
   * Revoked grants (`g:<grant>`) and clients (`c:<capability>:<clientId>`) with when they were
   * revoked: a token of theirs issued at or before then is refused. Kept until every such token
   * has expired (MAX_TOKEN_TTL_MS); in memory only, so a room that restarts (it was empty) forgets
   * them, and the tokens' short life bounds what that lets through (ADR 0030).
   */
  private readonly revoked = new Map<string, number>();

  constructor(readonly room: Party.Room) {}

  static async onBeforeConnect(req: Party.Request, lobby: Party.Lobby): Promise<Party.Request | Response> {
    const secret = secretOf(lobby.env);
    if (!secret) return new Response("realtime secret not configured", { status: 500 });
    const room = roomFromSegment(lobby.id);
    if (!room) return unauthorized("non-canonical room id");
    const token = new URL(req.url).searchParams.get("token");
    if (!token) return unauthorized("missing token");
    const claims = await verifyRealtimeToken(token, secret, room);
    if (!claims) return unauthorized("invalid token");
    const state: ConnState = {
      clientId: claims.clientId,
      capability: claims.capability,
      issued: claims.issued,
      ...(claims.grant ? { grant: claims.grant } : {}),
    };
    req.headers.set(CLAIMS_HEADER, JSON.stringify(state));
    return req;
  }

  onConnect(conn: Party.Connection<ConnState>, ctx: Party.ConnectionContext): void {
    const state = parseClaims(ctx.request.headers.get(CLAIMS_HEADER));
    if (!state) {
      // Only reachable if onBeforeConnect was bypassed; never serve an unidentified socket.
      conn.close(4001, "unauthorized");
      return;
    }
    // onBeforeConnect runs outside the room and cannot see its revocations: a revoked token is
    // refused here, before the socket is given any state, event or presence.
    if (this.isRevoked(state)) {
      conn.close(REVOKED_CLOSE_CODE, "revoked");
      return;
    }
    conn.setState(state);
    conn.send(
      JSON.stringify({
        type: "welcome",
        payload: { clientId: state.clientId, capability: state.capability },
        issued: Date.now(),
      }),
    );
    this.broadcastPresence();
  }

  onClose(conn: Party.Connection<ConnState>): void {
    this.broadcastPresence(conn.id);
  }

  onError(conn: Party.Connection<ConnState>): void {
    this.broadcastPresence(conn.id);
  }

  /** Clients only listen: every change goes through the app so it is written to the DB first. */
  onMessage(): void {}

  async onRequest(req: Party.Request): Promise<Response> {
    const secret = secretOf(this.room.env);
    if (!secret) return new Response("realtime secret not configured", { status: 500 });
    const room = roomFromSegment(this.room.id);
    if (!room) return unauthorized("non-canonical room id");

    if (req.method === "GET") {
      const issued = Number(req.headers.get(ISSUED_HEADER));
      const ok =
        isFresh(issued) &&
        (await verifyBody(presenceSigningString(room, issued), req.headers.get(SIGNATURE_HEADER), secret));
      if (!ok) return unauthorized("invalid signature");
      return json(this.presence());
    }

    if (req.method !== "POST")
      return new Response("method not allowed", { status: 405, headers: { allow: "GET, POST" } });

    const body = await req.text();
    if (body.length > MAX_PUBLISH_BODY_CHARS) return new Response("body too large", { status: 413 });
    const signature = req.headers.get(SIGNATURE_HEADER);
    if (!(await verifyPublish(room, body, signature, secret))) return unauthorized("invalid signature");
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return new Response("invalid JSON", { status: 400 });
    }
    // One event, or a batch (`[event, …]`) from one app action: one request instead of one per participant.
    const events = Array.isArray(parsed) ? parsed : [parsed];
    if (events.length === 0 || events.length > MAX_EVENTS_PER_PUBLISH || !events.every(isRoomEvent))
      return new Response("invalid event", { status: 400 });
    const now = Date.now();
    if (!events.every((e) => isFresh(e.issued, now))) return unauthorized("stale event");
    const revokes = events.filter((e) => e.type === REVOKE_EVENT);
    if (!revokes.every((e) => isRevokePayload(e.payload))) return new Response("invalid event", { status: 400 });
    this.pruneSeen(now);
    // A replay is answered like a success: publishing is idempotent, the sender need not retry.
    if (signature && this.seen.has(signature)) return json({ delivered: 0, duplicate: true });
    if (signature) this.seen.set(signature, Math.min(...events.map((e) => e.issued)));
    // Revocations are the room's own business: applied, never relayed.
    const closed = revokes.reduce((n, e) => n + this.revoke(e.payload as RevokePayload, now), 0);
    const relayed = revokes.length ? events.filter((e) => e.type !== REVOKE_EVENT) : events;
    return json({ delivered: relayed.length ? this.deliver(relayed) : 0, ...(revokes.length ? { closed } : {}) });
  }

  /** Remembers a revocation and closes the sockets it names; answers how many were closed. */
  private revoke(payload: RevokePayload, now: number): number {
    this.pruneRevoked(now);
    for (const grant of payload.grants ?? [])
      this.revoked.set(`g:${grant}`, Math.max(payload.at, this.revoked.get(`g:${grant}`) ?? 0));
    for (const c of payload.clients ?? []) {
      const key = `c:${c.capability}:${c.clientId}`;
      this.revoked.set(key, Math.max(payload.at, this.revoked.get(key) ?? 0));
    }
    let closed = 0;
    for (const conn of this.room.getConnections<ConnState>()) {
      if (conn.state && this.isRevoked(conn.state)) {
        conn.close(REVOKED_CLOSE_CODE, "revoked");
        closed++;
      }
    }
    return closed;
  }

  private isRevoked(state: ConnState): boolean {
    const byGrant = state.grant ? this.revoked.get(`g:${state.grant}`) : undefined;
    if (byGrant !== undefined && state.issued <= byGrant) return true;
    const byClient = this.revoked.get(`c:${state.capability}:${state.clientId}`);
    return byClient !== undefined && state.issued <= byClient;
  }

  /** A revocation is needed until the last token it refuses has expired. */
  private pruneRevoked(now: number): void {
    for (const [key, at] of this.revoked) if (at + MAX_TOKEN_TTL_MS + CLOCK_SKEW_MS < now) this.revoked.delete(key);
  }

  /**
   * Each socket gets, in publish order, the events it may see: every one for admins, the session's
   * and its own (unless staff-only) for a participant. Indexed by participant, so a batch of 1,000
   * participant events to 1,000 sockets costs 1,000 sends, not a million checks.
   */
  private deliver(events: RoomEvent[]): number {
    const texts = events.map((event) => JSON.stringify(event));
    const shared: number[] = [];
    const own = new Map<string, number[]>();
    events.forEach((event, i) => {
      if (event.staffOnly) return;
      if (event.participantId === undefined) shared.push(i);
      else {
        const list = own.get(event.participantId);
        if (list) list.push(i);
        else own.set(event.participantId, [i]);
      }
    });
    let delivered = 0;
    const admins: Party.Connection<ConnState>[] = [];
    for (const conn of this.room.getConnections<ConnState>()) {
      const state = conn.state;
      if (!state) continue;
      // Participants first: a dashboard that connected before them must not make them wait.
      if (state.capability === "admin") {
        admins.push(conn);
        continue;
      }
      const indexes = merge(shared, own.get(state.clientId) ?? []);
      for (const i of indexes) conn.send(texts[i]!);
      delivered += indexes.length;
    }
    // Staff get every event of the publish in one frame (eventsOfFrame reads it).
    const all = texts.length === 1 ? texts[0]! : `[${texts.join(",")}]`;
    for (const conn of admins) {
      conn.send(all);
      delivered += texts.length;
    }
    return delivered;
  }

  private presence(excludeConnectionId?: string): PresenceEvent {
    const clients = new Map<string, PresenceClient>();
    for (const conn of this.room.getConnections<ConnState>()) {
      const state = conn.state;
      if (!state || conn.id === excludeConnectionId) continue;
      const key = `${state.capability}:${state.clientId}`;
      const entry = clients.get(key);
      if (entry) entry.connections++;
      else clients.set(key, { clientId: state.clientId, capability: state.capability, connections: 1 });
    }
    return { type: "presence", payload: { clients: [...clients.values()] }, issued: Date.now() };
  }

  /** Presence names every participant, so only admin sockets receive it. */
  private broadcastPresence(excludeConnectionId?: string): void {
    const message = JSON.stringify(this.presence(excludeConnectionId));
    for (const conn of this.room.getConnections<ConnState>()) {
      if (conn.id !== excludeConnectionId && conn.state?.capability === "admin") conn.send(message);
    }
  }

  private pruneSeen(now: number): void {
    for (const [signature, issued] of this.seen) {
      if (!isFresh(issued, now)) this.seen.delete(signature);
    }
  }
}

/** Two ascending index lists as one ascending list. */
function merge(a: number[], b: number[]): number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]! < b[j]!) ? a[i++]! : b[j++]!);
  return out;
}

function parseClaims(header: string | null): ConnState | null {
  if (!header) return null;
  try {
    const value = JSON.parse(header) as Partial<ConnState>;
    if (
      typeof value.clientId !== "string" ||
      (value.capability !== "admin" && value.capability !== "participant") ||
      typeof value.issued !== "number"
    ) {
      return null;
    }
    return {
      clientId: value.clientId,
      capability: value.capability,
      issued: value.issued,
      ...(typeof value.grant === "string" ? { grant: value.grant } : {}),
    };
  } catch {
    return null;
  }
}

SessionRoom satisfies Party.Worker;
