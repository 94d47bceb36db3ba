import http from "node:http";
import https from "node:https";

/**
 * Hostile requests, sent from outside to a running server: each must be refused,
 * and quickly. Used by tests/e2e/hostile-requests.spec.ts (CI) and by `npm run security:check`.
 * Body probes stay modest (5 MB proves a 1 MB limit); nothing here is a load test.
 */

export type Answer = { status: number; headers: Record<string, string>; text: string; ms: number };
export type Probe = { method: string; path: string; headers?: Record<string, string>; body?: string };
/** Sends one request; Playwright's `request` fixture or plain fetch. */
export type Send = (probe: Probe) => Promise<Omit<Answer, "ms">>;

export type Check = {
  name: string;
  /** Needs a staff session cookie (the signed-in probes). */
  signedIn?: boolean;
  run: (ctx: { base: string; send: Send; cookie?: string }) => Promise<void>;
};

/** A refusal must come back within this (a server frozen by such a request once took 26 s). */
export const QUICK_MS = 2000;

class CheckFailed extends Error {}
function expect(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailed(message);
}

async function timed(send: Send, probe: Probe): Promise<Answer> {
  const start = performance.now();
  const answer = await send(probe);
  return { ...answer, ms: Math.round(performance.now() - start) };
}

const graphql = (query: string, headers: Record<string, string> = {}): Probe => ({
  method: "POST",
  path: "/api/admin/graphql",
  headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
  body: JSON.stringify({ query }),
});

const errorsOf = (answer: Answer): Array<{ message: string; extensions?: { code?: string; reason?: string } }> => {
  try {
    return (JSON.parse(answer.text) as { errors?: [] }).errors ?? [];
  } catch {
    return [];
  }
};

/** The one refusal shape (README, "API"), or null when the answer is not one. */
const refusalOf = (answer: Answer): { code: string; reason: string; message: string } | null => {
  try {
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    const keys = Object.keys(body).filter((k) => k !== "fields" && k !== "retryAfterMs");
    const shaped = keys.join() === "ok,code,reason,message" && body.ok === false && typeof body.message === "string";
    return shaped ? (body as { code: string; reason: string; message: string }) : null;
  } catch {
    return null;
  }
};

function expectQuickRefusal(answer: Answer, codes: string[], what: string) {
  expect(answer.ms < QUICK_MS, `${what}: took ${answer.ms} ms (limit ${QUICK_MS} ms)`);
  const errors = errorsOf(answer);
  const code = errors[0]?.extensions?.code;
  expect(
    code && codes.includes(code),
    `${what}: expected ${codes.join(" or ")}, got ${answer.status} ${answer.text.slice(0, 200)}`,
  );
  expect(!/"data":\{/.test(answer.text), `${what}: answered data`);
}

export function exponentialFragments(n = 25): string {
  let q = "query{...F0}";
  for (let i = 0; i < n - 1; i++) q += ` fragment F${i} on Query{__typename ...F${i + 1} ...F${i + 1}}`;
  return `${q} fragment F${n - 1} on Query{__typename}`;
}

export const aliasBomb = (count = 300) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: allParticipants(first: 100) { edges { node { _id } } }`).join(" ")} }`;

/**
 * Streams `totalBytes` as a chunked body (no Content-Length) and reports the answer and how much
 * was written before the server answered (status 0: it hung up first): a limit that reads
 * everything first would take it all.
 */
export function streamChunked(
  base: string,
  path: string,
  headers: Record<string, string>,
  totalBytes: number,
): Promise<{ status: number; text: string; sentBeforeAnswer: number; ms: number }> {
  const url = new URL(path, base);
  const client = url.protocol === "https:" ? https : http;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = -1;
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const req = client.request(
      url,
      { method: "POST", headers: { ...headers, "Transfer-Encoding": "chunked" } },
      (res) => {
        answered = sent;
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            text,
            sentBeforeAnswer: answered,
            ms: Math.round(performance.now() - start),
          }),
        );
        res.on("error", reject);
      },
    );
    // Having answered 413, the server closes the connection with the rest unread; the kernel may
    // then reset it before the answer is read here. A reset before the whole body was taken is
    // the refusal too (status 0): what matters is that the server stopped reading.
    req.on("error", (error) => {
      if (answered >= 0) return;
      if (sent > 0 && sent < totalBytes)
        resolve({ status: 0, text: String(error), sentBeforeAnswer: sent, ms: Math.round(performance.now() - start) });
      else reject(error);
    });
    const pump = () => {
      while (answered < 0 && sent < totalBytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      if (sent >= totalBytes || answered >= 0) req.end();
    };
    pump();
  });
}

/** One request over a plain socket, so that Host can be forged (fetch sends the URL's host). */
export function rawRequest(base: string, probe: Probe): Promise<Answer> {
  const url = new URL(probe.path, base);
  const client = url.protocol === "https:" ? https : http;
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      { method: probe.method, headers: probe.headers, setHost: !probe.headers?.Host },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string>,
            text,
            ms: Math.round(performance.now() - start),
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(probe.body);
  });
}

const FIVE_MB = 5 * 1024 * 1024;
/**
 * What a chunked probe offers. Loopback socket buffers take several MB before the server has a
 * say, so the offer is larger; what is actually sent stops when the server refuses.
 */
const CHUNKED_OFFER = 32 * 1024 * 1024;
const evil = { Origin: "http://evil.test", "Sec-Fetch-Site": "cross-site" };
/** The organisation and a participant the probes may ask a code for (the demo's by default). */
const PROBE_TENANT = process.env.SECURITY_CHECK_TENANT ?? "demo";
const KNOWN_PARTICIPANT = process.env.SECURITY_CHECK_PARTICIPANT ?? "participant@demo.test";

export const CHECKS: Check[] = [
  {
    name: "anonymous 25-fragment exponential query is refused quickly",
    run: async ({ send }) =>
      expectQuickRefusal(
        await timed(send, graphql(exponentialFragments(25))),
        ["BAD_REQUEST", "UNAUTHORIZED"],
        "fragments",
      ),
  },
  {
    name: "anonymous alias bomb (300 × allParticipants(first: 100)) is refused quickly",
    run: async ({ send }) =>
      expectQuickRefusal(await timed(send, graphql(aliasBomb())), ["UNAUTHORIZED", "BAD_REQUEST"], "alias bomb"),
  },
  {
    name: "anonymous non-login operation is refused (UNAUTHORIZED)",
    run: async ({ send }) =>
      expectQuickRefusal(
        await timed(send, graphql("{ allParticipants { edges { cursor } } }")),
        ["UNAUTHORIZED"],
        "anonymous",
      ),
  },
  {
    name: "signed-in alias bomb is refused by the cost limit",
    signedIn: true,
    run: async ({ send, cookie }) => {
      const answer = await timed(send, graphql(aliasBomb(), { Cookie: cookie! }));
      expectQuickRefusal(answer, ["BAD_REQUEST"], "alias bomb");
      expect(
        errorsOf(answer).some((e) => e.extensions?.reason === "query_too_complex"),
        "alias bomb: no query_too_complex refusal",
      );
    },
  },
  {
    name: "signed-in exponential fragments are refused quickly",
    signedIn: true,
    run: async ({ send, cookie }) =>
      expectQuickRefusal(
        await timed(send, graphql(exponentialFragments(25), { Cookie: cookie! })),
        ["BAD_REQUEST"],
        "fragments",
      ),
  },
  {
    name: "5 MB GraphQL body is refused with 413 before it is parsed",
    run: async ({ send }) => {
      const body = JSON.stringify({ query: "{ version }", variables: { pad: "x".repeat(FIVE_MB) } });
      const answer = await timed(send, {
        method: "POST",
        path: "/api/admin/graphql",
        headers: { "Content-Type": "application/json" },
        body,
      });
      expect(answer.status === 413, `big body: status ${answer.status}`);
      expect(refusalOf(answer)?.code === "BAD_REQUEST", `big body: ${answer.text.slice(0, 200)}`);
    },
  },
  {
    name: "chunked GraphQL body is cut off at the limit",
    run: async ({ base }) => {
      const answer = await streamChunked(
        base,
        "/api/admin/graphql",
        { "Content-Type": "application/json" },
        CHUNKED_OFFER,
      );
      expect(answer.status === 413 || answer.status === 0, `chunked body: status ${answer.status}`);
      expect(answer.sentBeforeAnswer < CHUNKED_OFFER, "chunked body: the whole body was read before the answer");
      expect(answer.ms < QUICK_MS, `chunked body: took ${answer.ms} ms`);
    },
  },
  {
    name: "chunked upload over the image maximum is cut off",
    signedIn: true,
    run: async ({ base, cookie }) => {
      const answer = await streamChunked(
        base,
        "/api/assets/image/upload/file",
        { "Content-Type": "multipart/form-data; boundary=x", Cookie: cookie! },
        CHUNKED_OFFER,
      );
      expect(
        answer.status === 413 || answer.status === 0,
        `chunked upload: status ${answer.status} ${answer.text.slice(0, 200)}`,
      );
      expect(answer.sentBeforeAnswer < CHUNKED_OFFER, "chunked upload: the whole body was read before the answer");
    },
  },
  {
    name: "cross-site POST to a Remix data route is refused (403)",
    run: async ({ send, cookie }) => {
      const answer = await timed(send, {
        method: "POST",
        path: "/admin/databases/companies.data",
        headers: {
          ...evil,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "intent=create&name=Evil+Corp",
      });
      expect(answer.status === 403, `cross-site data route: status ${answer.status}`);
      expect(refusalOf(answer)?.reason === "forbidden", `cross-site data route: ${answer.text.slice(0, 200)}`);
    },
  },
  {
    name: "cross-site POST to a Remix document route (?_data) is refused (403)",
    run: async ({ send, cookie }) => {
      const answer = await timed(send, {
        method: "POST",
        path: "/admin/databases/companies?_data=routes%2Fadmin.databases.companies",
        headers: {
          Origin: "http://evil.test",
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookie ? { Cookie: cookie } : {}),
        },
        body: "intent=create&name=Evil+Corp",
      });
      expect(answer.status === 403, `cross-site ?_data: status ${answer.status}`);
      expect(refusalOf(answer)?.reason === "forbidden", `cross-site ?_data: ${answer.text.slice(0, 200)}`);
    },
  },
  {
    name: "cross-site multipart upload is refused (403)",
    run: async ({ send, cookie }) => {
      const answer = await timed(send, {
        method: "POST",
        path: "/api/assets/image/upload/file",
        headers: { ...evil, "Content-Type": "multipart/form-data; boundary=x", ...(cookie ? { Cookie: cookie } : {}) },
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--x--\r\n',
      });
      expect(answer.status === 403, `cross-site upload: status ${answer.status}`);
      expect(refusalOf(answer)?.reason === "forbidden", `cross-site upload: ${answer.text.slice(0, 200)}`);
    },
  },
  {
    name: "cross-site GraphQL mutation is refused (403)",
    run: async ({ send, cookie }) => {
      const answer = await timed(
        send,
        graphql("mutation { logout }", { Origin: "http://evil.test", ...(cookie ? { Cookie: cookie } : {}) }),
      );
      expect(answer.status === 403, `cross-site GraphQL: status ${answer.status}`);
      expect(refusalOf(answer)?.reason === "forbidden", `cross-site GraphQL: ${answer.text.slice(0, 200)}`);
    },
  },
  {
    name: "requestLogin answers a known and an unknown identifier alike",
    run: async ({ send }) => {
      const ask = (value: string) =>
        timed(send, {
          method: "POST",
          path: "/api/user/graphql",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            query: "mutation($t: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $t, userIdentifier: $id) }",
            variables: { t: PROBE_TENANT, id: { type: "EMAIL", value } },
          }),
        });
      const known = await ask(KNOWN_PARTICIPANT);
      const unknown = await ask(`nobody-${Date.now()}@nowhere.test`);
      expect(
        known.status === unknown.status && known.text === unknown.text,
        `known answered ${known.status} ${known.text.slice(0, 120)}, unknown ${unknown.status} ${unknown.text.slice(0, 120)}`,
      );
      expect(known.ms < QUICK_MS, `requestLogin took ${known.ms} ms for a known identifier`);
    },
  },
  {
    name: "a login asked through a forged Host or X-Forwarded-Host is refused (no sign-in link can point there)",
    run: async ({ base }) => {
      const login = (area: "admin" | "user") =>
        JSON.stringify({
          query: "mutation($t: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $t, userIdentifier: $id) }",
          variables: {
            t: PROBE_TENANT,
            id: { type: "EMAIL", value: area === "admin" ? "admin@demo.test" : KNOWN_PARTICIPANT },
          },
        });
      const probes: Probe[] = [
        {
          method: "POST",
          path: "/api/admin/graphql",
          headers: { "Content-Type": "application/json" },
          body: login("admin"),
        },
        {
          method: "POST",
          path: "/api/user/graphql",
          headers: { "Content-Type": "application/json" },
          body: login("user"),
        },
        {
          method: "POST",
          path: "/admin",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: `intent=request-code&tenant=${PROBE_TENANT}&identifier=admin%40demo.test`,
        },
      ];
      for (const probe of probes) {
        const forgeries: Record<string, string>[] = [
          { Host: "evil.example" },
          { "X-Forwarded-Host": "evil.example" },
          { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
        ];
        for (const forged of forgeries) {
          const answer = await rawRequest(base, { ...probe, headers: { ...probe.headers, ...forged } });
          const what = `${probe.path} with ${JSON.stringify(forged)}`;
          expect(answer.status === 421, `${what}: ${answer.status} ${answer.text.slice(0, 160)}`);
          expect(refusalOf(answer)?.reason === "unknown_host", `${what}: ${answer.text.slice(0, 160)}`);
          expect(answer.ms < QUICK_MS, `${what}: took ${answer.ms} ms`);
        }
      }
    },
  },
  {
    name: "a form intent named after an object property is a clean 400",
    signedIn: true,
    run: async ({ send, cookie, base }) => {
      for (const intent of ["__proto__", "constructor", "valueOf", "hasOwnProperty"]) {
        const answer = await timed(send, {
          method: "POST",
          path: "/admin/databases/companies",
          headers: {
            Origin: new URL(base).origin,
            "Content-Type": "application/x-www-form-urlencoded",
            Cookie: cookie!,
          },
          body: `intent=${intent}&name=x`,
        });
        expect(answer.status === 400, `intent ${intent}: ${answer.status}`);
        expect(
          !answer.text.includes(`${intent}(`) && !/at .*\.js:\d+/.test(answer.text),
          `intent ${intent}: the answer shows code`,
        );
      }
    },
  },
  {
    name: "a broken multipart form is a clean 400, not a 500",
    signedIn: true,
    run: async ({ send, cookie, base }) => {
      for (const path of [
        "/admin/organization/settings.data",
        "/admin/usermanagement.data",
        "/admin/databases/companies.data",
      ]) {
        const answer = await timed(send, {
          method: "POST",
          path,
          headers: {
            Origin: new URL(base).origin,
            "Content-Type": "multipart/form-data; boundary=zzz",
            Cookie: cookie!,
          },
          body: "--zzz\r\nbroken",
        });
        expect(answer.status === 400, `${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
        expect(
          !/Unexpected Server Error/i.test(answer.text) && !/at .*\.js:\d+/.test(answer.text),
          `${path}: ${answer.text.slice(0, 200)}`,
        );
        expect(answer.ms < QUICK_MS, `${path}: took ${answer.ms} ms`);
      }
    },
  },
  {
    name: "upload by address refuses loopback hidden in IPv6 (::/96)",
    signedIn: true,
    run: async ({ send, cookie, base }) => {
      for (const url of ["http://[::7f00:1]/", "http://[::127.0.0.1]/", "http://[::ffff:127.0.0.1]/"]) {
        const answer = await timed(send, {
          method: "POST",
          path: "/api/assets/image/upload/url",
          headers: { Origin: new URL(base).origin, "Content-Type": "application/json", Cookie: cookie! },
          body: JSON.stringify({ url }),
        });
        expect(answer.status === 400, `${url}: ${answer.status} ${answer.text.slice(0, 160)}`);
      }
    },
  },
  {
    name: "an import over the row limit is refused before anything is written",
    signedIn: true,
    run: async ({ send, cookie }) => {
      const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `Probe ${i}`, email: `probe-${i}@probe.test` }));
      const answer = await timed(send, {
        method: "POST",
        path: "/api/admin/graphql",
        headers: { "Content-Type": "application/json", Cookie: cookie! },
        body: JSON.stringify({
          query: "mutation($d: [ParticipantInput!]!) { importParticipants(data: $d) { _id } }",
          variables: { d: rows },
        }),
      });
      expectQuickRefusal(answer, ["BAD_REQUEST"], "import over the limit");
      const after = await timed(
        send,
        graphql('{ allParticipants(filter: { email: "probe-4999@probe.test" }) { pageInfo { totalCount } } }', {
          Cookie: cookie!,
        }),
      );
      expect(/"totalCount":0/.test(after.text), `rows were written: ${after.text.slice(0, 160)}`);
    },
  },
  {
    name: "pages carry the security headers",
    run: async ({ base, send }) => {
      const answer = await timed(send, { method: "GET", path: "/admin" });
      const h = answer.headers;
      const csp = h["content-security-policy"] ?? "";
      expect(/script-src [^;]*'nonce-[^']+'/.test(csp), `CSP without a script nonce: ${csp}`);
      expect(csp.includes("frame-ancestors 'none'"), "CSP without frame-ancestors");
      expect(h["x-content-type-options"] === "nosniff", "no X-Content-Type-Options");
      expect(!!h["referrer-policy"], "no Referrer-Policy");
      expect(!!h["permissions-policy"], "no Permissions-Policy");
      expect((h["cache-control"] ?? "").includes("no-store"), `page Cache-Control: ${h["cache-control"]}`);
      if (base.startsWith("https:"))
        expect(!!h["strict-transport-security"], "https without Strict-Transport-Security");
    },
  },
];

export type Outcome = { name: string; ok: boolean; skipped?: boolean; message?: string };

/** Runs every check (the signed-in ones only with a cookie). */
export async function runChecks(base: string, send: Send, cookie?: string): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const check of CHECKS) {
    if (check.signedIn && !cookie) {
      outcomes.push({ name: check.name, ok: true, skipped: true });
      continue;
    }
    try {
      await check.run({ base, send, cookie });
      outcomes.push({ name: check.name, ok: true });
    } catch (error) {
      outcomes.push({ name: check.name, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return outcomes;
}

/** `send` with Node's fetch. */
export function fetchSender(base: string): Send {
  return async ({ method, path, headers, body }) => {
    const res = await fetch(new URL(path, base), { method, headers, body, redirect: "manual" });
    return { status: res.status, headers: Object.fromEntries(res.headers), text: await res.text() };
  };
}
