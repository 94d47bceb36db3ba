import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import PartySocket from "partysocket";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import WS from "ws";
import {
  REVOKED_CLOSE_CODE,
  eventsOfFrame,
  signBody,
  signPublish,
  signRealtimeToken,
  type PresenceEvent,
} from "../../../party/token";
import type { Ctx } from "~/lib/context.server";
import { logout } from "~/modules/auth/login.server";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { createLoginSession, type SessionCookie } from "~/modules/auth/sessions.server";
import { publishLive, type LiveEventType } from "~/modules/live/events.server";
import {
  issueRealtimeToken,
  publishEventsToRoom,
  revokeInRoom,
  roomPresence,
} from "~/modules/realtime/realtime.server";
import { partykitDevArgs } from "~/server/partykit-dev";
import { participantRealtimeToken, requestHelp } from "~/modules/live/participant.server";
import { staffRealtimeToken } from "~/modules/live/run.server";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { getParticipantEntry, removeParticipantFromScheduledSession } from "~/modules/scheduling/entries.server";
import { removeUser } from "~/modules/users/user-management.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeLiveSession, participantCtx } from "./fixtures";

// Runs the real room in `partykit dev` (workerd) and talks to it like the app and browsers do.

/** Requests sent to the room (publishEventsToRoom is the one way there), counted by a spy. */
const roomRequests = vi.hoisted(() => ({ count: 0 }));
vi.mock(import("~/modules/realtime/realtime.server"), async (importOriginal) => {
  const actual = await importOriginal();
  return {
    ...actual,
    publishEventsToRoom: (...args: Parameters<typeof actual.publishEventsToRoom>) => {
      roomRequests.count++;
      return actual.publishEventsToRoom(...args);
    },
  };
});

const ROOT = path.resolve(__dirname, "../../..");
const SECRET = randomBytes(32).toString("hex");
const TENANT = "demo";
const SESSION = `ss-${randomBytes(4).toString("hex")}`;
const ROOM = `${TENANT}:${SESSION}`;
const SEGMENT = encodeURIComponent(ROOM);
const CONFIG_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "room-test-"));
/** The app's side of a publish: live events go to the room through publishLive, as in production. */
const app = { tenant: { slug: TENANT } } as Pick<Ctx, "tenant">;

let server: ChildProcess | undefined;
let serverLog = "";
let host = "";
const sockets: Array<PartySocket | WS> = [];

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server?.exitCode != null) throw new Error(`partykit dev exited early:\n${serverLog}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1_000) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`partykit dev did not answer within ${timeoutMs} ms:\n${serverLog}`);
}

beforeAll(async () => {
  const port = await freePort();
  host = `127.0.0.1:${port}`;
  process.env.PARTYKIT_HOST = host;
  process.env.REALTIME_SECRET = SECRET;
  server = spawn(
    path.join(ROOT, "node_modules", ".bin", "partykit"),
    // The same private config file `npm start` uses: the secret never appears on the command line.
    partykitDevArgs({ root: ROOT, port, secret: SECRET, configDir: CONFIG_DIR }),
    // Own process group, so afterAll can stop workerd together with the CLI.
    { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, CI: "1" } },
  );
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  await waitForServer(`http://${host}/`, 60_000);
}, 65_000);

/** Signals the whole process group: the CLI, esbuild and workerd. */
let stopped = false;
function killGroup(signal: NodeJS.Signals): void {
  if (!server?.pid || stopped) return;
  try {
    process.kill(-server.pid, signal);
  } catch {
    /* already gone */
  }
}

// Safety net if the worker is torn down before afterAll: never leave workerd behind.
process.once("exit", () => killGroup("SIGKILL"));

afterAll(async () => {
  for (const socket of sockets) socket.close();
  const child = server;
  if (!child?.pid) return;
  if (child.exitCode == null && child.signalCode == null) {
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    killGroup("SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
  }
  // workerd has been seen to outlive the CLI: finish the group off.
  killGroup("SIGKILL");
  stopped = true;
}, 15_000);

type Message = { type: string; participantId?: string; payload: unknown; issued: number };

/** A browser-like client: every message it receives, and a way to wait for one. */
class Client {
  readonly messages: Message[] = [];
  /** Frames received (staff get a publish's events in one). */
  frames = 0;
  private waiters: Array<() => void> = [];

  constructor(readonly socket: PartySocket) {
    sockets.push(socket);
    socket.addEventListener("message", (event) => {
      this.frames++;
      this.messages.push(...(eventsOfFrame(String(event.data)) as Message[]));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  async waitFor(predicate: (m: Message) => boolean, what: string, timeoutMs = 5_000): Promise<Message> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; got ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): void {
    this.socket.close();
  }
}

async function connect(capability: "admin" | "participant", clientId: string): Promise<Client> {
  const issued = await issueRealtimeToken({ tenant: TENANT, scheduledSessionId: SESSION, capability, clientId });
  const socket = new PartySocket({
    host: issued.host,
    room: issued.room,
    party: issued.party,
    query: { token: issued.token },
    WebSocket: WS,
    maxRetries: 0,
  });
  const client = new Client(socket);
  // The welcome is sent from onConnect, so after it the room routes events to this socket.
  await client.waitFor((m) => m.type === "welcome", `welcome for ${clientId}`);
  return client;
}

/** Opens a raw socket and reports how the handshake ended: "open", or the HTTP status refusing it. */
async function handshake(url: string): Promise<"open" | number> {
  return new Promise((resolve, reject) => {
    const ws = new WS(url);
    sockets.push(ws);
    ws.once("open", () => {
      ws.close();
      resolve("open");
    });
    ws.once("unexpected-response", (_req, res) => {
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
    ws.once("error", (error) => reject(error));
  });
}

function wsUrl(token: string | null, segment = SEGMENT): string {
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  return `ws://${host}/parties/main/${segment}${query}`;
}

describe("session room", () => {
  it("broadcasts a published event to every client", async () => {
    const admin = await connect("admin", "staff-1");
    const participant = await connect("participant", "p-1");
    await publishLive(app, SESSION, [{ type: "session.started", payload: { at: 1 } }]);
    for (const client of [admin, participant]) {
      const event = await client.waitFor((m) => m.type === "session.started", "session.started");
      expect(event.payload).toEqual({ at: 1 });
      expect(event.participantId).toBeUndefined();
    }
    admin.close();
    participant.close();
  });

  it("sends participant-scoped events only to that participant (and to admins)", async () => {
    const admin = await connect("admin", "staff-1");
    const p1 = await connect("participant", "p-1");
    const p2 = await connect("participant", "p-2");
    const publish = (type: LiveEventType, participantId?: string) =>
      publishLive(app, SESSION, [{ type, participantId, payload: { type } }]);

    await publish("entry.changed", "p-1");
    await publish("plan.changed");

    await p1.waitFor((m) => m.type === "entry.changed", "p-1's entry change");
    await admin.waitFor((m) => m.type === "entry.changed" && m.participantId === "p-1", "admin's copy");
    // A connection gets messages in order: once p-2 has the later marker, the entry change is not coming.
    await p2.waitFor((m) => m.type === "plan.changed", "marker on p-2");
    expect(p2.messages.map((m) => m.type)).not.toContain("entry.changed");
    // Presence names every participant: only admins get it.
    expect(p1.messages.map((m) => m.type)).not.toContain("presence");
    expect(p2.messages.map((m) => m.type)).not.toContain("presence");
    for (const c of [admin, p1, p2]) c.close();
  });

  it("delivers a batch in one request: each participant only its own and the session's events, in order; admins all", async () => {
    const admin = await connect("admin", "staff-batch");
    const p1 = await connect("participant", "pb-1");
    const p2 = await connect("participant", "pb-2");
    const ok = await publishEventsToRoom({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      events: [
        { type: "b.1", participantId: "pb-1", payload: {} },
        { type: "b.all", payload: {} },
        { type: "b.2", participantId: "pb-2", payload: {} },
        { type: "b.1-again", participantId: "pb-1", payload: {} },
        { type: "b.1-staff", participantId: "pb-1", staffOnly: true, payload: {} },
        { type: "b.all-staff", staffOnly: true, payload: {} },
        { type: "b.end", payload: {} },
      ],
    });
    expect(ok).toBe(true);
    const batchTypes = (c: Client) => c.messages.map((m) => m.type).filter((t) => t.startsWith("b."));
    for (const c of [admin, p1, p2]) await c.waitFor((m) => m.type === "b.end", "end of the batch");
    // Staff-only events (the echo of a participant's own saves) reach admins only.
    expect(batchTypes(p1)).toEqual(["b.1", "b.all", "b.1-again", "b.end"]);
    expect(batchTypes(p2)).toEqual(["b.all", "b.2", "b.end"]);
    expect(batchTypes(admin)).toEqual(["b.1", "b.all", "b.2", "b.1-again", "b.1-staff", "b.all-staff", "b.end"]);
    // A participant gets a frame per event; staff get the whole publish in one frame.
    expect(p1.frames - p1.messages.filter((m) => !m.type.startsWith("b.")).length).toBe(4);
    expect(admin.frames - admin.messages.filter((m) => !m.type.startsWith("b.")).length).toBe(1);
    for (const c of [admin, p1, p2]) c.close();
  });

  it("splits a batch over the room's body limit into requests under it, in order: an unlock of 1,000 carrying each screen (ADR 0048)", async () => {
    const p1 = await connect("participant", "pl-1");
    const p2 = await connect("participant", "pl-2");
    // 3 × 400 KB: one request would be refused (413); each part is taken, in order.
    const big = "x".repeat(400 * 1024);
    const before = roomRequests.count;
    const ok = await publishEventsToRoom({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      events: [
        { type: "l.1", participantId: "pl-1", payload: { big } },
        { type: "l.2", participantId: "pl-2", payload: { big } },
        { type: "l.3", participantId: "pl-1", payload: { big } },
        { type: "l.end", payload: {} },
      ],
    });
    expect(roomRequests.count - before).toBe(1);
    expect(ok).toBe(true);
    for (const c of [p1, p2]) await c.waitFor((m) => m.type === "l.end", "end of the batch");
    const types = (c: Client) => c.messages.map((m) => m.type).filter((t) => t.startsWith("l."));
    expect(types(p1)).toEqual(["l.1", "l.3", "l.end"]);
    expect(types(p2)).toEqual(["l.2", "l.end"]);
    for (const c of [p1, p2]) c.close();
  });

  it("refuses a batch with one malformed or stale event as a whole", async () => {
    const post = async (events: unknown[]) => {
      const body = JSON.stringify(events);
      return fetch(`http://${host}/parties/main/${SEGMENT}`, {
        method: "POST",
        headers: { "x-signature": await signPublish(ROOM, body, SECRET) },
        body,
      });
    };
    const good = { type: "fine", payload: {}, issued: Date.now() };
    expect((await post([good, { type: "", payload: {}, issued: Date.now() }])).status).toBe(400);
    expect((await post([good, { ...good, staffOnly: "yes" }])).status).toBe(400);
    expect((await post([good, { ...good, issued: Date.now() - 120_000 }])).status).toBe(401);
    expect((await post([])).status).toBe(400);
  });

  it("tells admins who is connected, on connect and on close", async () => {
    const admin = await connect("admin", "staff-presence");
    const hasP9 = (m: Message) =>
      m.type === "presence" &&
      (m as PresenceEvent).payload.clients.some((c) => c.clientId === "p-9" && c.capability === "participant");
    const p9 = await connect("participant", "p-9");
    await admin.waitFor(hasP9, "presence with p-9");

    const presence = await roomPresence({ tenant: TENANT, scheduledSessionId: SESSION });
    expect(presence?.clients).toEqual(
      expect.arrayContaining([
        { clientId: "staff-presence", capability: "admin", connections: 1 },
        { clientId: "p-9", capability: "participant", connections: 1 },
      ]),
    );

    const seen = admin.messages.length;
    p9.close();
    await admin.waitFor(
      (m) => admin.messages.indexOf(m) >= seen && m.type === "presence" && !hasP9(m),
      "presence without p-9",
    );
    admin.close();
  });

  it("refuses a socket without a token", async () => {
    expect(await handshake(wsUrl(null))).toBe(401);
  });

  it("refuses a token signed with another secret", async () => {
    const now = Date.now();
    const forged = await signRealtimeToken(
      { capability: "admin", clientId: "mallory", room: ROOM, issued: now, expires: now + 60_000 },
      "not-the-secret",
    );
    expect(await handshake(wsUrl(forged.token))).toBe(401);
  });

  it("refuses an expired token", async () => {
    const issued = await issueRealtimeToken({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      capability: "participant",
      clientId: "p-1",
      now: Date.now() - 120_000,
      ttlMs: 60_000,
    });
    expect(await handshake(wsUrl(issued.token))).toBe(401);
  });

  it("refuses a token for another room", async () => {
    const other = await issueRealtimeToken({
      tenant: TENANT,
      scheduledSessionId: "another-session",
      capability: "admin",
      clientId: "staff-1",
    });
    expect(await handshake(wsUrl(other.token))).toBe(401);
    // And a token for this room on a non-canonical spelling of it (which would be another Durable Object).
    const mine = await issueRealtimeToken({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      capability: "admin",
      clientId: "x",
    });
    expect(await handshake(wsUrl(mine.token, ROOM))).toBe(401);
    expect(await handshake(wsUrl(mine.token))).toBe("open");
  });

  it("never opens a PartySocket with a bad token", async () => {
    const socket = new PartySocket({
      host,
      room: SEGMENT,
      party: "main",
      query: { token: "garbage.token" },
      WebSocket: WS,
      maxRetries: 0,
    });
    sockets.push(socket);
    const outcome = await new Promise<string>((resolve) => {
      socket.addEventListener("open", () => resolve("open"));
      socket.addEventListener("error", () => resolve("error"));
    });
    expect(outcome).toBe("error");
    expect(socket.readyState).not.toBe(WS.OPEN);
  });

  it("answers 401 to an unsigned, wrongly signed or stale publish, and to an unsigned presence read", async () => {
    const url = `http://${host}/parties/main/${SEGMENT}`;
    const body = JSON.stringify({ type: "session.paused", payload: {}, issued: Date.now() });
    const post = (b: string, signature?: string) =>
      fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", ...(signature ? { "x-signature": signature } : {}) },
        body: b,
      });

    expect((await post(body)).status).toBe(401);
    expect((await post(body, await signPublish(ROOM, body, "not-the-secret"))).status).toBe(401);
    expect((await post(`${body} `, await signPublish(ROOM, body, SECRET))).status).toBe(401);
    const stale = JSON.stringify({ type: "session.paused", payload: {}, issued: Date.now() - 61_000 });
    expect((await post(stale, await signPublish(ROOM, stale, SECRET))).status).toBe(401);
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { "x-issued": String(Date.now()), "x-signature": "00" } })).status).toBe(401);

    const good = await post(body, await signPublish(ROOM, body, SECRET));
    expect(good.status).toBe(200);
    // The same signed request again is a replay: accepted, but not delivered twice.
    expect(await (await post(body, await signPublish(ROOM, body, SECRET))).json()).toMatchObject({ duplicate: true });
  });

  it("refuses a publish captured for room A when it is replayed into room B", async () => {
    const roomA = ROOM;
    const roomB = `${TENANT}:other-${SESSION}`;
    const listener = await connect("admin", "staff-replay");
    const urlOf = (room: string) => `http://${host}/parties/main/${encodeURIComponent(room)}`;
    const body = JSON.stringify({ type: "session.completed", payload: {}, issued: Date.now() });
    const signature = await signPublish(roomA, body, SECRET);
    const post = (room: string, sig: string) =>
      fetch(urlOf(room), { method: "POST", headers: { "content-type": "application/json", "x-signature": sig }, body });

    // The captured request, unchanged, sent to room B.
    expect((await post(roomB, signature)).status).toBe(401);
    // A signature over the body alone (the old scheme) is refused everywhere.
    expect((await post(roomA, await signBody(body, SECRET))).status).toBe(401);
    expect((await post(roomB, await signBody(body, SECRET))).status).toBe(401);
    // In its own room it is accepted.
    expect((await post(roomA, signature)).status).toBe(200);
    await listener.waitFor((m) => m.type === "session.completed", "the genuine publish");
    listener.close();
  });

  it("keeps the secret off every command line of the room's processes (visible in ps)", () => {
    const group = server!.pid!;
    const commandLines: string[] = [];
    for (const pid of fs.readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        // Field 5 (after the parenthesised name) is the process group id.
        const pgid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
        if (pgid === group) commandLines.push(fs.readFileSync(`/proc/${pid}/cmdline`, "utf8"));
      } catch {
        /* the process ended meanwhile */
      }
    }
    expect(commandLines.some((c) => c.includes("partykit"))).toBe(true);
    for (const line of commandLines) expect(line).not.toContain(SECRET);
  });

  it("lets every save's staff-only event wait for company, and sends what a screen waits for at once", async () => {
    const ctx = { tenant: { slug: TENANT } } as Ctx;
    const admin = await connect("admin", "staff-outbox");
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    process.env.LIVE_STAFF_EVENT_WAIT_MS = "400";
    try {
      // Twenty saves 10 ms apart: sent one by one before, a request each; now they share one or two.
      const before = roomRequests.count;
      for (let i = 0; i < 20; i++) {
        void publishLive(ctx, SESSION, [{ type: "answer.saved", staffOnly: true, payload: { i } }], {
          waitForRoom: false,
        });
        await sleep(10);
      }
      await admin.waitFor(
        (m) => m.type === "answer.saved" && (m.payload as { i: number }).i === 19,
        "the last save's event",
      );
      expect(roomRequests.count - before).toBeLessThanOrEqual(2);
      const order = admin.messages.filter((m) => m.type === "answer.saved").map((m) => (m.payload as { i: number }).i);
      expect(order).toEqual([...Array(20).keys()]);

      // A participant's event does not wait: it takes the waiting staff-only event along, in order.
      process.env.LIVE_STAFF_EVENT_WAIT_MS = "60000";
      void publishLive(ctx, SESSION, [{ type: "answer.saved", staffOnly: true, payload: { i: 20 } }], {
        waitForRoom: false,
      });
      const sent = publishLive(ctx, SESSION, [
        { type: "entry.changed", participantId: "p-9", payload: { reason: "pause" } },
      ]).then(() => "sent");
      expect(await Promise.race([sent, sleep(10_000).then(() => "still waiting")])).toBe("sent");
      const last = await admin.waitFor((m) => m.type === "entry.changed", "the pause");
      expect(admin.messages.indexOf(last)).toBe(
        admin.messages.findIndex((m) => m.type === "answer.saved" && (m.payload as { i: number }).i === 20) + 1,
      );
    } finally {
      delete process.env.LIVE_STAFF_EVENT_WAIT_MS;
      admin.close();
    }
  });

  it("carries the live run's events, written to the database first, to the session's sockets", async () => {
    const slug = (await makeTenant(`room-live-${process.pid}`)).tenant.slug;
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const f = await makeLiveSession(manager);
    const adminToken = await staffRealtimeToken(manager, f.sessionId);
    const socket = new PartySocket({
      host: adminToken.host,
      room: adminToken.room,
      party: adminToken.party,
      query: { token: adminToken.token },
      WebSocket: WS,
      maxRetries: 0,
    });
    const admin = new Client(socket);
    await admin.waitFor((m) => m.type === "welcome", "welcome");

    await startScheduledSession(manager, f.sessionId);
    await admin.waitFor((m) => m.type === "session.started", "session.started");
    await requestHelp(participantCtx(manager, f.people[0]!), f.sessionId);
    const help = await admin.waitFor((m) => m.type === "help.requested", "help.requested");
    const entry = await getParticipantEntry(manager, f.sessionId, f.people[0]!);
    expect(help.participantId).toBe(f.people[0]);
    // The event names the revision the database holds: a client that saw an older one reloads.
    expect((help.payload as { revision: number }).revision).toBe(entry._rev);
    expect(entry.sessionOverrides.map((o) => o.overrideType)).toEqual(["HELP_REQUEST"]);
    admin.close();
  });
});

/** A raw socket: its messages, and how it ended (the close code), to see a room close or refuse it. */
function watch(
  token: string,
  segment = SEGMENT,
): { messages: Message[]; closed: Promise<number>; welcomed: Promise<boolean> } {
  const ws = new WS(wsUrl(token, segment));
  sockets.push(ws);
  ws.on("error", () => undefined); // a refused handshake is reported through `closed`
  const messages: Message[] = [];
  let welcome: (ok: boolean) => void = () => {};
  const welcomed = new Promise<boolean>((resolve) => (welcome = resolve));
  ws.on("message", (data) => {
    const events = eventsOfFrame(String(data)) as Message[];
    messages.push(...events);
    if (events.some((m) => m.type === "welcome")) welcome(true);
  });
  const closed = new Promise<number>((resolve) => {
    ws.once("close", (code) => {
      welcome(false);
      resolve(code);
    });
    ws.once("unexpected-response", (_req, res) => {
      welcome(false);
      resolve(res.statusCode ?? 0);
      res.resume();
      ws.terminate();
    });
  });
  return { messages, closed, welcomed };
}

const within = <T>(promise: Promise<T>, ms = 5_000): Promise<T | "timeout"> =>
  Promise.race([promise, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms))]);

describe("revoked tokens (ADR 0030)", () => {
  it("closes the sockets of a revoked login session and refuses its token on reconnect; other sessions stay", async () => {
    const token = (grant: string) =>
      issueRealtimeToken({
        tenant: TENANT,
        scheduledSessionId: SESSION,
        capability: "participant",
        clientId: "p-rev",
        grant,
      });
    const [a, b] = [await token("grant-a"), await token("grant-b")];
    const first = watch(a.token);
    const other = watch(b.token);
    expect(await first.welcomed).toBe(true);
    expect(await other.welcomed).toBe(true);

    expect(await revokeInRoom({ tenant: TENANT, scheduledSessionId: SESSION, grants: ["grant-a"] })).toBe(true);
    expect(await within(first.closed)).toBe(REVOKED_CLOSE_CODE);
    // A reconnect with the same token is closed at once, before any event or welcome.
    const again = watch(a.token);
    expect(await within(again.closed)).toBe(REVOKED_CLOSE_CODE);
    expect(again.messages).toEqual([]);

    // The same participant's other login session keeps its socket and its events.
    await publishLive(app, SESSION, [{ type: "plan.changed", payload: { after: "revoke" } }]);
    await expect.poll(() => other.messages.map((m) => m.type)).toContain("plan.changed");
    expect(first.messages.map((m) => m.type)).not.toContain("plan.changed");
    expect(await within(other.closed, 300)).toBe("timeout");
  });

  it("closes a client taken off the session and refuses the tokens it held; a token issued later is accepted", async () => {
    const held = await issueRealtimeToken({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      capability: "participant",
      clientId: "p-gone",
      now: Date.now() - 1_000,
    });
    const socket = watch(held.token);
    expect(await socket.welcomed).toBe(true);
    expect(
      await revokeInRoom({
        tenant: TENANT,
        scheduledSessionId: SESSION,
        clients: [{ capability: "participant", clientId: "p-gone" }],
      }),
    ).toBe(true);
    expect(await within(socket.closed)).toBe(REVOKED_CLOSE_CODE);
    expect(await within(watch(held.token).closed)).toBe(REVOKED_CLOSE_CODE);
    // Added to the session again: the app issues a new token, which the room takes.
    const fresh = await issueRealtimeToken({
      tenant: TENANT,
      scheduledSessionId: SESSION,
      capability: "participant",
      clientId: "p-gone",
      now: Date.now() + 5,
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(await watch(fresh.token).welcomed).toBe(true);
  });

  it("refuses a token that lives longer than the short lifetime (a token of before revocation)", async () => {
    const now = Date.now();
    const long = await signRealtimeToken(
      { capability: "admin", clientId: "staff-old", room: ROOM, issued: now, expires: now + 2 * 60 * 60 * 1000 },
      SECRET,
    );
    expect(await handshake(wsUrl(long.token))).toBe(401);
  });

  it("ends a live token on logout, on removal from the session and with a removed staff account", async () => {
    const { tenant, tdb } = await makeTenant(`room-revoke-${process.pid}`);
    const manager = await staffCtx(tenant.slug, ["ORGANIZATION_MANAGER"]);
    const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
    const f = await makeLiveSession(manager, { participants: 2 });
    /** The context of a request made with the login session's cookie. */
    const requestCtx = async (accountType: "ADMIN" | "USER", cookie: SessionCookie) => {
      const request = new Request("http://localhost/", { headers: { Cookie: `${cookie.name}=${cookie.value}` } });
      return (await contextFromSession(request, accountType))!;
    };

    // Logout.
    const aliceCookie = await createLoginSession(tdb, "USER", f.people[0]!, false);
    const alice = await participantRealtimeToken(await requestCtx("USER", aliceCookie), f.sessionId);
    const aliceSocket = watch(alice.token, alice.room);
    expect(await aliceSocket.welcomed).toBe(true);
    await logout("USER", aliceCookie.value);
    expect(await within(aliceSocket.closed)).toBe(REVOKED_CLOSE_CODE);
    expect(await within(watch(alice.token, alice.room).closed)).toBe(REVOKED_CLOSE_CODE);

    // Taken off the scheduled session.
    const bobCookie = await createLoginSession(tdb, "USER", f.people[1]!, false);
    const bob = await participantRealtimeToken(await requestCtx("USER", bobCookie), f.sessionId);
    const bobSocket = watch(bob.token, bob.room);
    expect(await bobSocket.welcomed).toBe(true);
    await removeParticipantFromScheduledSession(manager, f.sessionId, f.people[1]!);
    expect(await within(bobSocket.closed)).toBe(REVOKED_CLOSE_CODE);
    expect(await within(watch(bob.token, bob.room).closed)).toBe(REVOKED_CLOSE_CODE);

    // A removed staff account.
    const writerId = (writer.actor as { userId: string }).userId;
    const staffCookie = await createLoginSession(tdb, "ADMIN", writerId, false);
    const staff = await staffRealtimeToken(await requestCtx("ADMIN", staffCookie), f.sessionId);
    const staffSocket = watch(staff.token, staff.room);
    expect(await staffSocket.welcomed).toBe(true);
    const managerToken = await staffRealtimeToken(manager, f.sessionId);
    const managerSocket = watch(managerToken.token, managerToken.room);
    expect(await managerSocket.welcomed).toBe(true);
    await removeUser(manager, writerId);
    expect(await within(staffSocket.closed)).toBe(REVOKED_CLOSE_CODE);
    expect(await within(watch(staff.token, staff.room).closed)).toBe(REVOKED_CLOSE_CODE);
    // Nobody else's socket was touched.
    expect(await within(managerSocket.closed, 300)).toBe("timeout");
  });
});
