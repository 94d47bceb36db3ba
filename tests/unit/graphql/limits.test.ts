import { getIntrospectionQuery } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { firstError } from "../support/defined";
import { adminSchema, handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { createGraphQLEndpoint } from "~/graphql/handler.server";
import { GRAPHQL_LIMITS } from "~/graphql/limits";
import { makeTenant, staffCtx } from "../support/tenants";
import { gql, loginOverGraphQL } from "../support/graphql";

// Hostile documents and bodies are refused quickly (ADR 0009).

let slug: string;
let reader: string;

/** query{...F0} fragment F0 on Query{__typename ...F1 ...F1} … : 2^n spreads when walked naively. */
function exponentialFragments(n: number): string {
  let q = "query{...F0}";
  for (let i = 0; i < n - 1; i++) q += ` fragment F${i} on Query{__typename ...F${i + 1} ...F${i + 1}}`;
  return `${q} fragment F${n - 1} on Query{__typename}`;
}

const aliases = (count: number, field: string) =>
  `{ ${Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(" ")} }`;
const page = (first: number) => `allParticipants(first: ${first}) { edges { node { _id } } }`;

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start };
}

beforeAll(async () => {
  slug = (await makeTenant("limits-a", "Limits Alpha")).tenant.slug;
  const ctx = await staffCtx(slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", slug, (ctx.actor as { email: string }).email);
});

describe("anonymous callers", () => {
  it("refuse the 25-fragment exponential query quickly (26 s before the fix)", async () => {
    // Only __typename: nothing private, so the cost limit refuses it.
    const { result, ms } = await timed(() => gql("admin", exponentialFragments(25)));
    expect(ms).toBeLessThan(2000);
    expect(firstError(result.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_complex" });
    // With a private field in it, the look at the root fields refuses it before any validation.
    const withPrivate = exponentialFragments(25).replace(
      "query{...F0}",
      "query{...F0 allParticipants { edges { cursor } }}",
    );
    const refused = await timed(() => gql("admin", withPrivate));
    expect(refused.ms).toBeLessThan(2000);
    expect(firstError(refused.result.body).extensions).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("may only sign in and look up organisations", async () => {
    // An unknown field would be a validation error: UNAUTHORIZED shows nothing was validated.
    const refused = await gql("admin", `{ allParticipants { nope } }`);
    expect(firstError(refused.body).extensions).toMatchObject({ code: "UNAUTHORIZED", reason: "unauthorized" });
    expect(refused.body.data ?? null).toBeNull();
    const viaFragment = await gql(
      "user",
      `query { ...Q } fragment Q on Query { organizationTenantExists(tenant: "x") myScheduledSessions { _id } }`,
    );
    expect(firstError(viaFragment.body).extensions!.code).toBe("UNAUTHORIZED");
    const allowed = await gql("user", `{ organizationTenantExists(tenant: "${slug}") version __typename }`);
    expect(allowed.body.data).toEqual({ organizationTenantExists: true, version: "1.0.0", __typename: "Query" });
  });
});

describe("signed-in callers", () => {
  it("refuse the exponential fragment query quickly (cost walk stops)", async () => {
    const { result, ms } = await timed(() => gql("admin", exponentialFragments(25), {}, { cookie: reader }));
    expect(ms).toBeLessThan(2000);
    expect(firstError(result.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_complex" });
  });

  it("refuse 300 aliases of allParticipants(first: 100)", async () => {
    const { result, ms } = await timed(() => gql("admin", aliases(300, page(100)), {}, { cookie: reader }));
    expect(ms).toBeLessThan(2000);
    expect(result.body.data ?? null).toBeNull();
    const reasons = result.body.errors!.map((e) => e.extensions!.reason);
    expect(reasons).toContain("too_many_aliases");
    expect(reasons).toContain("query_too_complex");
  });

  it("count a paged field's selection times `first` (cost limit without many aliases)", async () => {
    const tooMuch = await gql("admin", aliases(20, page(100)), {}, { cookie: reader });
    expect(firstError(tooMuch.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_complex" });
    expect(firstError(tooMuch.body).message).toContain(String(GRAPHQL_LIMITS.maxCost));
    const fine = await gql("admin", `{ ${page(100)} }`, {}, { cookie: reader });
    expect(fine.body.errors).toBeUndefined();
    expect(fine.body.data.allParticipants.edges).toEqual([]);
  });

  it("refuse a query longer than the limit before parsing, and too many tokens", async () => {
    const long = await gql(
      "admin",
      `{ version } # ${"x".repeat(GRAPHQL_LIMITS.maxQueryLength)}`,
      {},
      { cookie: reader },
    );
    expect(firstError(long.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_long" });
    const tokens = await gql("admin", `{ ${"x ".repeat(GRAPHQL_LIMITS.maxTokens)} }`, {}, { cookie: reader });
    expect(firstError(tokens.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "too_many_tokens" });
  });

  it("messages of the limits are translated", async () => {
    const res = await gql("admin", aliases(20, page(100)), {}, { cookie: reader, locale: "fr-FR" });
    expect(firstError(res.body).message).toContain("La requête demande trop");
  });
});

describe("introspection", () => {
  it("getIntrospectionQuery() passes the limits where introspection is on", async () => {
    const res = await gql("admin", getIntrospectionQuery(), {}, { cookie: reader });
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.__schema.queryType.name).toBe("Query");
  });

  it("in production only with GRAPHQL_INTROSPECTION=true", async () => {
    const env = { ...process.env };
    try {
      process.env.NODE_ENV = "production";
      delete process.env.GRAPHQL_INTROSPECTION;
      const closed = createGraphQLEndpoint("admin", adminSchema);
      process.env.GRAPHQL_INTROSPECTION = "true";
      const open = createGraphQLEndpoint("admin", adminSchema);
      const ask = (handle: typeof closed) =>
        handle(
          new Request("http://localhost/api/admin/graphql", {
            method: "POST",
            headers: { "Content-Type": "application/json", Cookie: reader },
            body: JSON.stringify({ query: getIntrospectionQuery() }),
          }),
        ).then((r) => r.json());
      expect((await ask(closed)).errors[0].extensions.code).toBe("BAD_REQUEST");
      expect((await ask(open)).data.__schema.queryType.name).toBe("Query");
    } finally {
      process.env.NODE_ENV = env.NODE_ENV;
      if (env.GRAPHQL_INTROSPECTION === undefined) delete process.env.GRAPHQL_INTROSPECTION;
      else process.env.GRAPHQL_INTROSPECTION = env.GRAPHQL_INTROSPECTION;
    }
  });
});

describe("body limit", () => {
  const post = (body: BodyInit, headers: Record<string, string> = {}) =>
    handleAdminGraphQL(
      new Request("http://localhost/api/admin/graphql", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body,
        // Node's fetch needs this for a streamed body.
        ...({ duplex: "half" } as object),
      }),
      { clientAddress: "127.0.0.1" },
    );

  it("answers 413 BAD_REQUEST for a declared body over 1 MB", async () => {
    const big = JSON.stringify({ query: "{ version }", variables: { pad: "x".repeat(2 * 1024 * 1024) } });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ ok: false, code: "BAD_REQUEST", reason: "body_too_large" });
    // The same body read whole by the server (the JSON lane) and handed over beside the request.
    const request = new Request("http://localhost/api/admin/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    const answered = await handleAdminGraphQL.answer(
      request,
      { clientAddress: "127.0.0.1" },
      new TextEncoder().encode(big),
    );
    if (answered instanceof Response) {
      expect(answered.status).toBe(413);
      expect(await answered.json()).toMatchObject({ ok: false, reason: "body_too_large" });
    } else throw new Error("expected the 413 refusal as a Response");
    const small = await handleAdminGraphQL.answer(
      request,
      {},
      new TextEncoder().encode(JSON.stringify({ query: "{ allParticipants(first: 1) { pageInfo { totalCount } } }" })),
    );
    // Read and parsed: refused for want of a session, not for a missing query.
    if (small instanceof Response) throw new Error("expected an answer for the lane");
    expect(JSON.parse(small.body ?? "{}").errors[0].extensions).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("cuts off a chunked body at the limit without reading the rest", async () => {
    let sent = 0;
    const chunk = new TextEncoder().encode("x".repeat(64 * 1024));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        if (sent > 50 * 1024 * 1024) controller.close();
      },
    });
    const res = await post(stream);
    expect(res.status).toBe(413);
    expect(sent).toBeLessThan(4 * 1024 * 1024);
  });
});
