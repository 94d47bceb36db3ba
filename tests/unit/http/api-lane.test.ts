import type { Server } from "node:http";
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
      Response.json({ id: params.id, body: await request.text(), url: new URL(request.url).pathname, client: (context as { clientAddress: string }).clientAddress }),
  },
  { methods: ["GET"], path: "/api/broken", handle: async () => Promise.reject(new Error("secret detail at /srv/app.ts:12")) },
];

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
    expect(await res.json()).toEqual({ id: "abc", body: '{"a":1}', url: "/api/echo/abc", client: "test-client" });
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
});
