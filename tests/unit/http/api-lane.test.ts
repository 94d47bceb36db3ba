import { request, type IncomingHttpHeaders, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiRoute } from "~/api/routes.server";
import { mountApiRoutes } from "~/server/api-lane";
import { apiSecurityHeaders, refuseCrossSiteWrites } from "~/server/security";

// app/server/api-lane.ts serves the build's JSON endpoints before Remix: each behind the security
// chain, with its path parameters, refusing other methods and never showing a stack trace.

let base: string;
let server: Server;

const routes: ApiRoute[] = [
  {
    methods: ["POST"],
    path: "/api/echo/:id",
    handle: async ({ request, params, context }) =>
      Response.json({
        id: params.id,
        body: await request.text(),
        url: new URL(request.url).pathname,
        client: (context as { clientAddress: string }).clientAddress,
        transferEncoding: request.headers.get("transfer-encoding"),
      }),
  },
  { methods: ["GET"], path: "/api/broken", handle: async () => Promise.reject(new Error("secret detail at /srv/app.ts:12")) },
  { methods: ["GET"], path: "/api/big", handle: async () => Response.json({ rows: Array.from({ length: 200 }, (_, i) => ({ name: `Person ${i}` })) }) },
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

beforeAll(async () => {
  const app = express();
  const build = { entry: { module: { apiRoutes: routes } } } as unknown as ServerBuild;
  await mountApiRoutes(app, build, [apiSecurityHeaders(), refuseCrossSiteWrites], () => ({ clientAddress: "test-client" }));
  app.all("*", (_req, res) => res.status(404).send("remix"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("the JSON endpoint lane", () => {
  it("hands the route a Fetch request with its body, path parameters and load context, and sends its answer", async () => {
    const res = await fetch(`${base}/api/echo/abc?x=1`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"a":1}' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "abc", body: '{"a":1}', url: "/api/echo/abc", client: "test-client", transferEncoding: null });
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses another method with 405, Allow and a translated message, before the route", async () => {
    const res = await fetch(`${base}/api/echo/abc`, { method: "PUT", headers: { "Accept-Language": "fr-FR" }, body: "x" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(await res.json()).toMatchObject({ ok: false, code: "BAD_REQUEST", reason: "method", message: "Cette adresse n'accepte pas les requêtes PUT." });
  });

  it("answers a failing route with 500 and a message, never the error's detail", async () => {
    const res = await fetch(`${base}/api/broken`, { headers: { "Accept-Language": "nl-NL" } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain("secret detail");
    expect(JSON.parse(text)).toMatchObject({ code: "INTERNAL_SERVER_ERROR", message: "Er ging aan onze kant iets mis. Probeer het opnieuw." });
  });

  it("refuses a cross-site write before the route, and leaves other paths to Remix", async () => {
    expect((await fetch(`${base}/api/echo/abc`, { method: "POST", headers: { Origin: "http://evil.test" }, body: "x" })).status).toBe(403);
    expect(await (await fetch(`${base}/admin`)).text()).toBe("remix");
  });

  it("hands over a body sent in chunks without a declared length (streamed, not read ahead)", async () => {
    const res = await rawRequest("/api/echo/chunked", { method: "POST", headers: { "Content-Type": "application/json" }, chunks: ['{"part":', '"two"}'] });
    expect(JSON.parse(res.body.toString())).toMatchObject({ id: "chunked", body: '{"part":"two"}', transferEncoding: "chunked" });
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
    const small = await rawRequest("/api/echo/s", { method: "POST", headers: { "Accept-Encoding": "gzip", "Content-Type": "application/json", "Content-Length": "2" }, chunks: ["{}"] });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
