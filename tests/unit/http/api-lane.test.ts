import { createServer, request, type IncomingHttpHeaders, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "~/api/routes.server";
import { requestBody } from "~/lib/body-limit.server";
import { createApiLane } from "~/server/api-lane";
import { apiSecurityHeaders } from "~/server/security";

// app/server/api-lane.ts serves the build's JSON endpoints before Express and Remix: each with the
// JSON security headers, its path parameters and the client's address, refusing cross-site writes
// and other methods, and never showing a stack trace.

let base: string;

const routes: ApiRoute[] = [
  {
    methods: ["POST"],
    path: "/api/echo/:id",
    prereadBody: true,
    handle: async ({ request, params, context, body }) => {
      reached++;
      return Response.json({
        id: params.id,
        body: new TextDecoder().decode(await requestBody(request, body, 1024)),
        preread: body !== undefined,
        url: new URL(request.url).pathname,
        client: (context as { clientAddress: string }).clientAddress,
        nonce: (context as { cspNonce?: string }).cspNonce ?? null,
        transferEncoding: request.headers.get("transfer-encoding"),
      });
    },
  },
  {
    methods: ["GET"],
    path: "/api/answer",
    handle: async () => ({
      status: 201,
      headers: [
        ["Content-Type", "application/json"],
        ["Set-Cookie", "a=1"],
        ["Set-Cookie", "b=2"],
      ],
      body: '{"written":true}',
    }),
  },
  {
    methods: ["GET"],
    path: "/api/broken",
    handle: async () => Promise.reject(new Error("secret detail at /srv/app.ts:12")),
  },
  {
    methods: ["GET"],
    path: "/api/big",
    handle: async () => Response.json({ rows: Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}` })) }),
  },
];

/** A raw request (fetch would ask for and undo compression itself, and always declares a length). */
function rawRequest(path: string, options: { method?: string; headers?: Record<string, string>; chunks?: string[] }) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = request(`${base}${path}`, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on("error", reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

let reached = 0;
const lanes: { server: Server; base: string }[] = [];

/** A server as app/server/main.ts makes it: the lane first, an Express stand-in for Remix after it. */
async function serveWithLane(development: boolean): Promise<{ server: Server; base: string }> {
  const app = express();
  const build = { entry: { module: { apiRoutes: routes } } } as unknown as ServerBuild;
  const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(development) });
  app.all("*", (_req, res) => res.status(404).send("remix"));
  const server = createServer((req, res) => lane(req, res) || app(req, res)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const served = { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  lanes.push(served);
  return served;
}

beforeAll(async () => {
  ({ base } = await serveWithLane(false));
});

afterAll(() => Promise.all(lanes.map(({ server }) => new Promise((resolve) => server.close(resolve)))));

describe("the JSON endpoint lane", () => {
  it("hands the route a Fetch request with its body, path parameters and load context, and sends its answer", async () => {
    const res = await fetch(`${base}/api/echo/abc?x=1`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: '{"a":1}',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      id: "abc",
      body: '{"a":1}',
      url: "/api/echo/abc",
      client: "127.0.0.1",
      nonce: null,
      preread: true,
      transferEncoding: null,
    });
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses another method with 405, Allow and a translated message, before the route", async () => {
    const res = await fetch(`${base}/api/echo/abc`, {
      method: "PUT",
      headers: { "Accept-Language": "fr-FR" },
      body: "x",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({
      ok: false,
      code: "BAD_REQUEST",
      reason: "method",
      message: "Cette adresse n'accepte pas les requêtes PUT.",
    });
    // A cross-site write is refused as such first, whatever its method.
    expect(
      (await fetch(`${base}/api/echo/abc`, { method: "PUT", headers: { Origin: "http://evil.test" }, body: "x" }))
        .status,
    ).toBe(403);
  });

  it("answers a failing route with 500 and a message, never the error's detail", async () => {
    const res = await fetch(`${base}/api/broken`, { headers: { "Accept-Language": "nl-NL" } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret detail");
    expect(JSON.parse(text)).toMatchObject({
      code: "INTERNAL_SERVER_ERROR",
      message: "Er ging aan onze kant iets mis. Probeer het opnieuw.",
    });
  });

  it("refuses a cross-site write before the route, and leaves other paths to Remix", async () => {
    expect(
      (await fetch(`${base}/api/echo/abc`, { method: "POST", headers: { Origin: "http://evil.test" }, body: "x" }))
        .status,
    ).toBe(403);
    expect(await (await fetch(`${base}/admin`)).text()).toBe("remix");
  });

  it("hands over a body sent in chunks without a declared length (streamed, not read ahead)", async () => {
    const res = await rawRequest("/api/echo/chunked", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      chunks: ['{"part":', '"two"}'],
    });
    expect(JSON.parse(res.body.toString())).toMatchObject({
      id: "chunked",
      body: '{"part":"two"}',
      preread: false,
      transferEncoding: "chunked",
    });
  });

  it("gzips a large answer for a client that accepts it, and says it varies by Accept-Encoding", async () => {
    const plain = await rawRequest("/api/big", {});
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("Accept-Encoding");
    const rows = (JSON.parse(plain.body.toString()) as { rows: unknown[] }).rows;
    expect(rows).toHaveLength(200);
    const zipped = await rawRequest("/api/big", { headers: { "Accept-Encoding": "gzip, deflate" } });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    // A small answer is sent as it is.
    const small = await rawRequest("/api/echo/s", {
      method: "POST",
      headers: { "Accept-Encoding": "gzip", "Content-Type": "application/json", "Content-Length": "2" },
      chunks: ["{}"],
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("carries a policy that loads and frames nothing; a refused write never reaches the route", async () => {
    const res = await fetch(`${base}/api/echo/h`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("permissions-policy")).toBeTruthy();
    expect(res.headers.get("strict-transport-security")).toBeNull();
    const before = reached;
    const refused = await fetch(`${base}/api/echo/h`, {
      method: "POST",
      headers: { Origin: "http://evil.test", "Accept-Language": "fr-FR" },
      body: "{}",
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("x-frame-options")).toBe("DENY");
    expect(await refused.json()).toEqual({
      ok: false,
      code: "FORBIDDEN",
      reason: "forbidden",
      message: "Cette requête provenait d'un autre site et a été refusée.",
    });
    // A sibling on another port is another origin; the server's own origin is not.
    expect(
      (await fetch(`${base}/api/echo/h`, { method: "POST", headers: { Origin: "http://127.0.0.1:1" }, body: "{}" }))
        .status,
    ).toBe(403);
    expect(reached).toBe(before);
    expect((await fetch(`${base}/api/echo/h`, { method: "POST", headers: { Origin: base }, body: "{}" })).status).toBe(
      200,
    );
  });

  it("takes the client, scheme and host from a trusted (loopback) proxy, as Express does", async () => {
    const res = await fetch(`${base}/api/echo/p`, {
      method: "POST",
      headers: {
        "X-Forwarded-For": "203.0.113.9, 127.0.0.1",
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "acme.example.com:8443",
        Origin: "https://acme.example.com:8443",
      },
      body: "{}",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ client: "203.0.113.9" });
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });

  it("matches paths as Express did (any case, a trailing slash) and leaves other /api paths to Remix", async () => {
    expect(await (await fetch(`${base}/API/Echo/x/`, { method: "POST", body: "{}" })).json()).toMatchObject({
      id: "x",
    });
    expect(await (await fetch(`${base}/api/echo/a%20b`, { method: "POST", body: "{}" })).json()).toMatchObject({
      id: "a b",
    });
    expect(await (await fetch(`${base}/api/echo`)).text()).toBe("remix");
    const malformed = await fetch(`${base}/api/echo/%E0%A4%A`, { method: "POST", body: "{}" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("answers HEAD as GET without a body", async () => {
    const res = await rawRequest("/api/big", { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it("in development, carries the page policy with a fresh nonce and hands the nonce to the route (the explorer page)", async () => {
    const dev = await serveWithLane(true);
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${dev.base}/api/echo/d`, { method: "POST", body: "{}" });
      const { nonce } = (await res.json()) as { nonce: string };
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(2);
  });

  it("writes a route's JSON answer (no Fetch Response) with its status and every header, cookies included", async () => {
    const res = await rawRequest("/api/answer", {});
    expect(res.status).toBe(201);
    expect(res.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(JSON.parse(res.body.toString())).toEqual({ written: true });
  });

  it("holds a body the server read whole to the route's limit too (requestBody; uncaught here: the lane's 500, no detail)", async () => {
    const res = await fetch(`${base}/api/echo/big`, { method: "POST", body: "x".repeat(2048) });
    expect(res.status).toBe(500); // the echo route does not catch BodyTooLargeError: the lane's 500, no detail
    expect(await res.text()).not.toContain("bytes");
  });
});
