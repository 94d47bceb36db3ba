import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";
import { checkPublicUrlSetting, isPublicHost, publicOrigin } from "~/lib/public-url.server";
import { handleLoginForm } from "~/modules/auth/login-form.server";
import { refuseForeignHost } from "~/server/host-check";
import type { TrustProxy } from "~/server/request-facts";
import { loginOverGraphQL } from "../support/graphql";
import { addParticipant, lastMailTo, makeTenant } from "../support/tenants";

// A sign-in link must never point at the host a request named (ADR 0029). tests/unit/setup.ts sets
// PUBLIC_URL=http://app.test; every mailed link starts with it whatever Host the request carried.

const FOREIGN = { Host: "evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
const REQUEST_LOGIN = `mutation($tenant: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $tenant, userIdentifier: $id) }`;

/** The links of the newest mail to `to`, each with the origin it points at. */
async function mailedLinks(to: string): Promise<string[]> {
  const mail = await lastMailTo(to);
  const links = [
    ...(mail?.textBody ?? "").matchAll(/https?:\/\/[^\s"<>]+/g),
    ...(mail?.htmlBody ?? "").matchAll(/https?:\/\/[^\s"<>]+/g),
  ].map((m) => m[0]);
  expect(links.length).toBeGreaterThan(0);
  return links;
}

let slug: string;
beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  await addParticipant(slug, `pat@${slug}.test`, "Pat");
});

describe("sign-in links come from PUBLIC_URL, never from the request", () => {
  for (const area of ["admin", "user"] as const) {
    it(`requestLogin on /api/${area}/graphql with a foreign Host and X-Forwarded-Host`, async () => {
      const email = area === "admin" ? `manager@${slug}.test` : `pat@${slug}.test`;
      const handle = area === "admin" ? handleAdminGraphQL : handleUserGraphQL;
      const request = new Request(`https://evil.example/api/${area}/graphql`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", ...FOREIGN },
        body: JSON.stringify({
          query: REQUEST_LOGIN,
          variables: { tenant: slug, id: { type: "EMAIL", value: email } },
        }),
      });
      const response = await handle(request, { clientAddress: "10.9.9.9" });
      expect((await response.json()).data.requestLogin).toBe(true);
      const links = await mailedLinks(email);
      for (const link of links) expect(link.startsWith("http://app.test/")).toBe(true);
      expect(links.some((l) => l.includes(area === "admin" ? "/api/auth/callback?" : "/api/user/auth/callback?"))).toBe(
        true,
      );
    });
  }

  it("a staff invitation asked for through a foreign Host (addUser)", async () => {
    const cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
    const request = new Request("https://evil.example/api/admin/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json", Cookie: cookie, ...FOREIGN },
      body: JSON.stringify({
        query: "mutation($input: ManagedUserInput!) { addUser(input: $input) { _id } }",
        variables: { input: { email: `new@${slug}.test`, name: "Nina New", roles: ["ORGANIZATION_READER"] } },
      }),
    });
    const response = await handleAdminGraphQL(request, { clientAddress: "10.9.9.7" });
    expect((await response.json()).data.addUser._id).toBeTruthy();
    const links = await mailedLinks(`new@${slug}.test`);
    for (const link of links) expect(link.startsWith("http://app.test/")).toBe(true);
    expect(links.some((l) => l.includes("/api/auth/callback?"))).toBe(true);
  });

  it("the login form's request-code with a foreign Host", async () => {
    const body = new URLSearchParams({ intent: "request-code", tenant: slug, identifier: `manager@${slug}.test` });
    const request = new Request("http://evil.example/admin", { method: "POST", headers: FOREIGN, body });
    const state = await handleLoginForm(request, { clientAddress: "10.9.9.8" }, "ADMIN");
    expect(state).toMatchObject({ step: "code" });
    for (const link of await mailedLinks(`manager@${slug}.test`))
      expect(link.startsWith("http://app.test/")).toBe(true);
  });
});

describe("the PUBLIC_URL setting", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["PUBLIC_URL", "PUBLIC_HOST_ALIASES", "PORT"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("defaults to http://localhost:PORT, with the other loopback names on that port", () => {
    expect(checkPublicUrlSetting({ PORT: "4100" })).toBe("http://localhost:4100");
    expect(checkPublicUrlSetting({})).toBe("http://localhost:3000");
    delete process.env.PUBLIC_URL;
    process.env.PORT = "4100";
    expect(publicOrigin()).toBe("http://localhost:4100");
    for (const host of ["localhost:4100", "127.0.0.1:4100", "[::1]:4100"]) expect(isPublicHost(host)).toBe(true);
    expect(isPublicHost("localhost:4101")).toBe(false);
    expect(isPublicHost("evil.example")).toBe(false);
  });

  it("refuses a value that is not an origin, with a clear message", () => {
    for (const bad of [
      "exams.example.org",
      "ftp://exams.example.org",
      "https://exams.example.org/app",
      "https://u:p@exams.example.org",
      "https://exams.example.org/?x=1",
    ]) {
      expect(() => checkPublicUrlSetting({ PUBLIC_URL: bad }), bad).toThrow(/^PUBLIC_URL=/);
    }
    expect(checkPublicUrlSetting({ PUBLIC_URL: "https://Exams.Example.org/" })).toBe("https://exams.example.org");
    expect(() =>
      checkPublicUrlSetting({ PUBLIC_URL: "https://exams.example.org", PUBLIC_HOST_ALIASES: "ok.example, not a host" }),
    ).toThrow(/PUBLIC_HOST_ALIASES/);
  });

  it("accepts only the public host and the aliases named", () => {
    process.env.PUBLIC_URL = "https://exams.example.org";
    process.env.PUBLIC_HOST_ALIASES = "www.exams.example.org, exams.internal:8443";
    expect(publicOrigin()).toBe("https://exams.example.org");
    for (const host of ["exams.example.org", "EXAMS.example.org", "www.exams.example.org", "exams.internal:8443"])
      expect(isPublicHost(host), host).toBe(true);
    for (const host of ["exams.example.org:8443", "localhost:3000", "127.0.0.1:3000", "exams.internal", "evil.example"])
      expect(isPublicHost(host), host).toBe(false);
  });
});

describe("a request naming another host is refused before anything runs", () => {
  let server: Server;
  let port: number;
  let trust: TrustProxy = "loopback";
  let served = 0;
  const saved = process.env.PUBLIC_URL;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (refuseForeignHost(req, res, trust)) return;
      served++;
      res.end("served");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    process.env.PUBLIC_URL = `http://localhost:${port}`;
  });
  afterAll(async () => {
    process.env.PUBLIC_URL = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path: "/api/admin/graphql",
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
        },
        (res) => {
          let body = "";
          res.on("data", (chunk) => (body += chunk));
          res.on("end", () => resolve({ status: res.statusCode!, body, connection: res.headers.connection }));
        },
      );
      req.on("error", reject);
      req.end(
        JSON.stringify({
          query: REQUEST_LOGIN,
          variables: { tenant: slug, id: { type: "EMAIL", value: `manager@${slug}.test` } },
        }),
      );
    });

  for (const mode of ["loopback", "all"] as const) {
    it(`with TRUST_PROXY ${mode === "all" ? "true" : "unset (loopback)"}`, async () => {
      trust = mode;
      const before = served;
      const foreign: Record<string, string>[] = [
        { Host: "evil.example" },
        { Host: `evil.example:${port}` },
        { Host: `localhost:${port}`, "X-Forwarded-Host": "evil.example" },
      ];
      for (const headers of foreign) {
        const answer = await send(headers);
        expect(answer.status, JSON.stringify(headers)).toBe(421);
        expect(answer.connection).toBe("close");
        expect(JSON.parse(answer.body)).toMatchObject({
          ok: false,
          code: "BAD_REQUEST",
          reason: "unknown_host",
          message: expect.stringContaining("address"),
        });
      }
      expect(served).toBe(before);
      const own: Record<string, string>[] = [
        { Host: `localhost:${port}` },
        { Host: `127.0.0.1:${port}` },
        { Host: `localhost:${port}`, "X-Forwarded-Host": `localhost:${port}` },
      ];
      for (const headers of own) {
        expect((await send(headers)).status, JSON.stringify(headers)).toBe(200);
      }
      expect(served).toBe(before + 3);
    });
  }

  it("in the request's language", async () => {
    const answer = await send({ Host: "evil.example", "Accept-Language": "fr-FR,fr;q=0.9" });
    expect(JSON.parse(answer.body).message).toBe(
      "Ce serveur ne répond pas à cette adresse. Ouvrez le site à sa propre adresse.",
    );
  });
});
