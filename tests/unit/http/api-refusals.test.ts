import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiEndpoints, apiRoutes } from "~/api/routes.server";
import { createApiLane } from "~/server/api-lane";
import { refuseForeignHost } from "~/server/host-check";
import { apiSecurityHeaders, refuseCrossSiteWrites } from "~/server/security";
import { makeTenant } from "../support/tenants";

// Every refusal of every endpoint of the one API table (app/api/routes.server.ts), and of the
// server's own checks, has the one shape: { ok: false, code, reason, message, fields? } with the
// message translated (README, "API"). Served as app/server/main.ts serves them.

const GRAPHQL_CODES = [
  "AUTH_CODE_INVALID_OR_EXPIRED",
  "AUTH_REQUEST_FAILED",
  "BAD_REQUEST",
  "FORBIDDEN",
  "INTERNAL_SERVER_ERROR",
  "INVALID_CATEGORY_PARENT",
  "NOT_FOUND",
  "OBJECT_REFERENCED",
  "ORGANIZATION_NOT_FOUND",
  "UNAUTHORIZED",
];

let base: string;
let server: Server;
let strictBase: string;
let strictServer: Server;

beforeAll(async () => {
  await makeTenant(); // the catalog, for the endpoints that look a tenant up
  const build = { entry: { module: { apiRoutes } } } as unknown as ServerBuild;
  const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(false) });
  const app = express();
  app.use(refuseCrossSiteWrites("loopback"));
  app.all("*", (_req, res) => res.status(404).send("remix"));
  server = createServer((req, res) => lane(req, res) || app(req, res)).listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The host check (outside development): PUBLIC_URL in tests is not 127.0.0.1 on this port.
  strictServer = createServer((req, res) => refuseForeignHost(req, res, "loopback") || app(req, res)).listen(
    0,
    "127.0.0.1",
  );
  await new Promise((resolve) => strictServer.once("listening", resolve));
  strictBase = `http://127.0.0.1:${(strictServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => strictServer.close(resolve));
});

/** Asserts the one refusal shape and returns it (the requests ask for French). */
async function expectRefusal(res: Response, status: number, what: string) {
  expect(res.status, what).toBe(status);
  expect(res.headers.get("content-type"), what).toMatch(/^application\/json/);
  const body = (await res.json()) as Record<string, unknown>;
  expect(
    Object.keys(body).filter((k) => k !== "fields"),
    what,
  ).toEqual(["ok", "code", "reason", "message"]);
  expect(body.ok, what).toBe(false);
  expect(GRAPHQL_CODES, what).toContain(body.code);
  expect(body.reason, what).toMatch(/^[a-z]+(_[a-z]+)*$/);
  expect(typeof body.message, what).toBe("string");
  // Translated: a message, not a translation key (`errors:…`, `snake_case`, `dotted.key`).
  expect(body.message, what).not.toMatch(/^[a-z]+:|^[a-z0-9]+([_.-][a-z0-9]+)*$/);
  if ("fields" in body) {
    for (const messages of Object.values(body.fields as Record<string, unknown>)) {
      expect(Array.isArray(messages) && messages.every((m) => typeof m === "string" && m), what).toBe(true);
    }
  }
  return body;
}

const french = { "Accept-Language": "fr-FR" };
/** A concrete URL of a table path. */
const urlOf = (path: string) => base + path.replace(/:(\w+)/g, "x$1");

/** For each endpoint, a request it refuses on its own (no session, unknown tenant, …) and the status. */
const ownRefusals: Record<string, { init?: RequestInit; status: number }> = {
  "/api/user/live/:scheduledSessionId/answer": {
    init: { method: "POST", headers: { ...french, "Content-Type": "application/json" }, body: "{}" },
    status: 401,
  },
  "/api/admin/corrections/:scheduledSessionId/tick": {
    init: { method: "POST", headers: { ...french, "Content-Type": "text/plain" }, body: "{}" },
    status: 415,
  },
  "/api/user/live-state/:scheduledSessionId": { status: 401 },
  // Issue 32: the devices' contact reports (JSON only, like the queues) and the audit trail's CSV.
  "/api/user/live/:scheduledSessionId/contact": {
    init: { method: "POST", headers: { ...french, "Content-Type": "text/plain" }, body: "{}" },
    status: 415,
  },
  "/api/admin/live/:scheduledSessionId/contact": {
    init: { method: "POST", headers: { ...french, "Content-Type": "application/json" }, body: "{}" },
    status: 401,
  },
  "/api/admin/audit/:scheduledSessionId/:participantId/trail.csv": { status: 401 },
  "/api/assets/:tenant/:id": { status: 401 },
  "/api/assets/file/upload/file": {
    init: { method: "POST", headers: { ...french, "Content-Type": "multipart/form-data; boundary=x" }, body: "--x" },
    status: 400,
  },
  "/api/assets/image/upload/file": {
    init: {
      method: "POST",
      headers: { ...french, "Content-Length": String(50 * 1024 * 1024) },
      body: "x",
    },
    status: 413,
  },
  "/api/assets/image/upload/url": {
    init: { method: "POST", headers: { ...french, "Content-Type": "application/json" }, body: '{"url":"x"}' },
    status: 401,
  },
  "/api/organization/:tenant/logo": { status: 404 },
  "/api/pdf/generate/session-report": { status: 404 },
  "/api/exams/:exam/results.csv": { status: 401 },
  "/api/exams/:exam/board.pdf": { status: 401 },
  "/api/qti/export": { status: 401 },
  "/api/qti/import": {
    init: { method: "POST", headers: { ...french, "Content-Length": String(80 * 1024 * 1024) }, body: "x" },
    status: 413,
  },
};
/**
 * Endpoints with no refusal of their own: GraphQL answers operation errors in GraphQL's format; a
 * bad locale goes home; the identity provider's start and callback are browser navigations that
 * refuse by going back to the sign-in page with the reason (ADR 0040), and its button answers
 * `oidc: null` for any organisation without one.
 */
const noOwnRefusal = [
  "/api/admin/graphql",
  "/api/user/graphql",
  "/api/locale",
  "/api/auth/oidc/:tenant/start",
  "/api/auth/oidc/:tenant/callback",
  "/api/auth/oidc/:tenant/button",
];

describe("the one refusal shape", () => {
  it("every endpoint of the table is walked", () => {
    expect(apiEndpoints.map((e) => e.path).sort()).toEqual([...Object.keys(ownRefusals), ...noOwnRefusal].sort());
  });

  for (const endpoint of apiEndpoints) {
    it(`${endpoint.path}: its own refusal, a wrong method and a cross-site write`, async () => {
      const own = ownRefusals[endpoint.path];
      if (own) {
        const init = { ...own.init, headers: { ...french, ...(own.init?.headers as object) } };
        if (init.headers && "Content-Length" in init.headers) {
          // fetch sets the length itself: a declared length over the limit is sent raw.
          const res = await rawPost(urlOf(endpoint.path), init.headers as Record<string, string>);
          await expectRefusal(res, own.status, `${endpoint.path} own`);
        } else {
          await expectRefusal(await fetch(urlOf(endpoint.path), init), own.status, `${endpoint.path} own`);
        }
      }
      const wrong = await fetch(urlOf(endpoint.path), { method: "PUT", headers: french, body: "x" });
      const refused = await expectRefusal(wrong, 405, `${endpoint.path} PUT`);
      expect(refused).toMatchObject({ reason: "method", message: "Cette adresse n'accepte pas les requêtes PUT." });
      expect(wrong.headers.get("allow")).toBe(endpoint.methods.join(", "));
      const crossSite = await fetch(urlOf(endpoint.path), {
        method: "POST",
        headers: { ...french, Origin: "http://evil.test" },
        body: "x",
      });
      expect(await expectRefusal(crossSite, 403, `${endpoint.path} cross-site`)).toMatchObject({
        reason: "forbidden",
        message: "Cette requête provenait d'un autre site et a été refusée.",
      });
    });
  }

  it("a malformed address of an endpoint", async () => {
    await expectRefusal(await fetch(`${base}/api/assets/%E0%A4%A/x`, { headers: french }), 400, "malformed");
  });

  it("the security middleware's cross-site refusal in front of pages", async () => {
    const res = await fetch(`${base}/admin/databases/companies`, {
      method: "POST",
      headers: { ...french, Origin: "http://evil.test" },
      body: "name=x",
    });
    expect((await expectRefusal(res, 403, "page cross-site")).reason).toBe("forbidden");
  });

  it("GraphQL's refusals before any operation runs (wrong type, too large)", async () => {
    for (const path of ["/api/admin/graphql", "/api/user/graphql"]) {
      const wrongType = await fetch(base + path, {
        method: "POST",
        headers: { ...french, "Content-Type": "text/plain" },
        body: "{}",
      });
      expect((await expectRefusal(wrongType, 415, `${path} text/plain`)).message).toBe(
        "Seules les requêtes POST application/json sont acceptées.",
      );
      const big = JSON.stringify({ query: "{ version }", variables: { pad: "x".repeat(2 * 1024 * 1024) } });
      const tooLarge = await fetch(base + path, {
        method: "POST",
        headers: { ...french, "Content-Type": "application/json" },
        body: big,
      });
      expect((await expectRefusal(tooLarge, 413, `${path} too large`)).reason).toBe("body_too_large");
    }
  });

  it("the host check", async () => {
    const res = await fetch(`${strictBase}/api/admin/graphql`, { headers: french });
    expect((await expectRefusal(res, 421, "unknown host")).reason).toBe("unknown_host");
  });
});

/** A POST with the given headers (a declared length larger than what is sent), answered before its body. */
async function rawPost(url: string, headers: Record<string, string>): Promise<Response> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        resolve(
          new Response(Buffer.concat(parts), {
            status: res.statusCode!,
            headers: { "content-type": String(res.headers["content-type"] ?? "") },
          }),
        ),
      );
    });
    req.on("error", reject);
    req.write("x");
  });
}
