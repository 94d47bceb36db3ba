import { Agent, createServer, request, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "~/api/routes.server";
import { BodyTooLargeError, requestBody } from "~/lib/body-limit.server";
import { createApiLane } from "~/server/api-lane";
import { apiSecurityHeaders, capUnreadBodies, refuseCrossSiteWrites } from "~/server/security";

// An answer sent before the request body was read whole (a 413, a cross-site 403)
// said `Connection: keep-alive`, then the server cut the connection while dropping the rest of the
// body: the client's next request on it failed with ECONNRESET. Such answers say
// `Connection: close` now, and the connection ends cleanly after the answer. Over real sockets, on
// a server assembled as app/server/main.ts assembles it (JSON lane first, then Express).

const LIMIT = 1024 * 1024;
const routes: ApiRoute[] = [
  {
    methods: ["POST"],
    path: "/api/limited",
    handle: async ({ request, body }) => {
      try {
        const bytes = await requestBody(request, body, LIMIT);
        return Response.json({ bytes: bytes.byteLength });
      } catch (e) {
        if (e instanceof BodyTooLargeError) return Response.json({ error: "body_too_large" }, { status: 413 });
        throw e;
      }
    },
  },
  { methods: ["GET"], path: "/api/ping", handle: async () => Response.json({ pong: true }) },
];

let base: string;
let port: number;
let server: Server;

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(capUnreadBodies);
  app.use(refuseCrossSiteWrites("loopback"));
  // An upload route's early refusal: by the declared length, nothing read.
  app.post("/upload", (req, res) => {
    if (Number(req.headers["content-length"] ?? 0) > LIMIT) return void res.status(413).json({ error: "too large" });
    req.resume();
    req.on("end", () => res.json({ ok: true }));
  });
  app.get("/page", (_req, res) => res.send("page"));
  const build = { entry: { module: { apiRoutes: routes } } } as unknown as ServerBuild;
  const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(false) });
  server = createServer((req, res) => lane(req, res) || app(req, res)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

type RawAnswer = {
  status: number;
  headers: Record<string, string>;
  body: string;
  ended: "end" | "reset" | "still open";
};

/**
 * Sends the head and the first part of a body over a plain socket (the rest is never sent) and
 * reads the answer, then waits for the server to end the connection (`end`), reset it, or leave it open.
 */
function rawExchange(head: string, firstBytes: number): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    let answer: Omit<RawAnswer, "ended"> | null = null;
    let waiting: NodeJS.Timeout | undefined;
    const finish = (ended: RawAnswer["ended"]) => {
      clearTimeout(waiting);
      socket.destroy();
      if (!answer) return reject(new Error(`no whole answer before ${ended}: ${data.slice(0, 200)}`));
      resolve({ ...answer, ended });
    };
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      data += chunk;
      const split = data.indexOf("\r\n\r\n");
      if (answer || split < 0) return;
      const [statusLine, ...lines] = data.slice(0, split).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"]);
      if (data.length - split - 4 < length) return;
      answer = { status: Number(statusLine!.split(" ")[1]), headers, body: data.slice(split + 4, split + 4 + length) };
      waiting = setTimeout(() => finish("still open"), 1500);
    });
    socket.on("end", () => finish("end"));
    socket.on("error", () => finish("reset"));
    socket.write(head);
    socket.write(Buffer.alloc(firstBytes, 0x61));
  });
}

const FIVE_MB = 5 * 1024 * 1024;
const postHead = (path: string, extra = "") =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: ${FIVE_MB}\r\n${extra}\r\n`;

describe("an answer sent before the body was read whole", () => {
  it("JSON lane 413 by the declared length: Connection: close, then the connection ends cleanly", async () => {
    const answer = await rawExchange(postHead("/api/limited", "Content-Type: application/json\r\n"), 256 * 1024);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.ended).toBe("end");
  });

  it("JSON lane 413 of a chunked body cut off at the limit", async () => {
    const head = `POST /api/limited HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = `${(2 * LIMIT).toString(16)}\r\n${"a".repeat(2 * LIMIT)}\r\n`;
    const answer = await rawExchange(head + chunk, 0);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.ended).toBe("end");
  });

  it("Express 413 of an upload by its declared length", async () => {
    const answer = await rawExchange(
      postHead("/upload", "Content-Type: multipart/form-data; boundary=x\r\n"),
      256 * 1024,
    );
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.ended).toBe("end");
  });

  it("the cross-site 403, before any route read the body", async () => {
    const answer = await rawExchange(postHead("/upload", "Origin: http://evil.test\r\n"), 64 * 1024);
    expect(answer.status).toBe(403);
    expect(answer.headers.connection).toBe("close");
    expect(answer.ended).toBe("end");
  });

  it("a keep-alive client's next request goes through after a 413 (no ECONNRESET)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
        const req = request(
          `${base}/api/limited`,
          { method: "POST", agent, headers: { "Content-Type": "application/json", "Content-Length": FIVE_MB } },
          (res) => {
            res.resume();
            res.on("end", () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        req.on("error", reject);
        req.end(Buffer.alloc(FIVE_MB, 0x61));
      });
      expect(first).toEqual({ status: 413, connection: "close" });
      const next = await new Promise<number>((resolve, reject) => {
        const req = request(`${base}/api/ping`, { agent }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode!));
        });
        req.on("error", reject);
        req.end();
      });
      expect(next).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe("answers after the body was read whole keep the connection", () => {
  it("a small POST read whole and a GET say keep-alive", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const post = await fetch(`${base}/api/limited`, {
        method: "POST",
        body: "x".repeat(1000),
        headers: { "Content-Type": "application/json" },
      });
      expect(post.status).toBe(200);
      expect(post.headers.get("connection")).not.toBe("close");
      const upload = await fetch(`${base}/upload`, { method: "POST", body: "x".repeat(1000) });
      expect(upload.status).toBe(200);
      expect(upload.headers.get("connection")).not.toBe("close");
      const page = await fetch(`${base}/page`);
      expect(page.headers.get("connection")).not.toBe("close");
    } finally {
      agent.destroy();
    }
  });
});
