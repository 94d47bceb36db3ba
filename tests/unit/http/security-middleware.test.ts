import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "~/lib/origin-check";
import { noStoreByDefault, refuseCrossSiteWrites, securityHeaders } from "~/server/security";

// The express middleware of app/server/main.ts (ADR 0009), in front of a stand-in
// for the Remix handler that records what reached it. The JSON endpoints' headers: api-lane.test.ts.

let base: string;
let server: Server;
const reached: string[] = [];

beforeAll(async () => {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(securityHeaders(false));
  app.use(refuseCrossSiteWrites("loopback"));
  app.all("/cached", noStoreByDefault, (_req, res) => res.set("Cache-Control", "public, max-age=60").send("ok"));
  app.all("*", noStoreByDefault, (req, res) => {
    reached.push(`${req.method} ${req.originalUrl}`);
    res.send(`<script nonce="${res.locals.cspNonce}"></script>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("cross-site writes", () => {
  it("refuses a POST from another origin (also a sibling tenant subdomain) with 403, before the route", async () => {
    for (const origin of ["http://evil.test", "http://other.127.0.0.1.nip.io", "null"]) {
      const res = await fetch(`${base}/admin/databases/companies?_data=routes/admin.databases.companies`, {
        method: "POST",
        headers: { Origin: origin, "Accept-Language": "nl-NL" },
        body: "name=x",
      });
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toEqual({
        ok: false,
        code: "FORBIDDEN",
        reason: "forbidden",
        message: "Dit verzoek kwam van een andere site en is geweigerd.",
      });
    }
    const siteOnly = await fetch(`${base}/api/assets/image/upload/file`, {
      method: "POST",
      headers: { "Sec-Fetch-Site": "same-site" },
      body: "x",
    });
    expect(siteOnly.status).toBe(403);
    expect(reached).toEqual([]);
  });

  it("lets same-origin browsers, non-browser clients and reads through", async () => {
    expect((await fetch(`${base}/a.data`, { method: "POST", headers: { Origin: base }, body: "x" })).status).toBe(200);
    expect(
      (await fetch(`${base}/b`, { method: "POST", headers: { "Sec-Fetch-Site": "same-origin" }, body: "x" })).status,
    ).toBe(200);
    expect((await fetch(`${base}/api/admin/graphql`, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await fetch(`${base}/c`, { headers: { Origin: "http://evil.test" } })).status).toBe(200);
    expect(reached).toEqual(["POST /a.data", "POST /b", "POST /api/admin/graphql", "GET /c"]);
  });

  it("isCrossSiteWrite: the rule itself", () => {
    const own = "https://acme.example.com";
    expect(
      isCrossSiteWrite({
        method: "POST",
        origin: "https://beta.example.com",
        secFetchSite: "same-site",
        ownOrigin: own,
      }),
    ).toBe(true);
    expect(isCrossSiteWrite({ method: "PUT", origin: undefined, secFetchSite: "cross-site", ownOrigin: own })).toBe(
      true,
    );
    expect(
      isCrossSiteWrite({
        method: "DELETE",
        origin: "HTTPS://ACME.example.com",
        secFetchSite: undefined,
        ownOrigin: own,
      }),
    ).toBe(false);
    expect(
      isCrossSiteWrite({ method: "GET", origin: "https://evil.test", secFetchSite: "cross-site", ownOrigin: own }),
    ).toBe(false);
    expect(isCrossSiteWrite({ method: "POST", origin: undefined, secFetchSite: undefined, ownOrigin: own })).toBe(
      false,
    );
  });
});

describe("headers", () => {
  it("sends a CSP with this request's nonce and the other security headers", async () => {
    const res = await fetch(`${base}/admin`);
    const csp = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    expect(await res.text()).toContain(`nonce="${nonce}"`);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    // Images from this site only: an outside image in question content could track candidates.
    expect(/img-src ([^;]*)/.exec(csp)![1]!.split(" ").sort()).toEqual(["'self'", "blob:", "data:"]);
    const again = (await fetch(`${base}/admin`)).headers.get("content-security-policy")!;
    expect(again).not.toContain(nonce);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(res.headers.get("permissions-policy")).toContain("camera=()");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("HSTS only over https (here: a trusted proxy's X-Forwarded-Proto)", async () => {
    expect((await fetch(`${base}/x`)).headers.get("strict-transport-security")).toBeNull();
    const https = await fetch(`${base}/x`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(https.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  });

  it("keeps a route's own Cache-Control", async () => {
    expect((await fetch(`${base}/cached`)).headers.get("cache-control")).toBe("public, max-age=60");
  });
});
