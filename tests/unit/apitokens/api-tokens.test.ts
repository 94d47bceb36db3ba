import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { getIntrospectionQuery } from "graphql";
import { describe, expect, it } from "vitest";
import { apiTokens, apiTokenUses, rateLimitHits } from "~db/tenant/schema";
import { adminSchema, handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { createGraphQLEndpoint } from "~/graphql/handler.server";
import { API_TOKEN_RATE_LIMIT, createApiToken, revokeApiToken } from "~/modules/apitokens/index.server";
import { makeTenant, managerCtx, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

/** A POST to /api/admin/graphql with the token, as a program sends it (no cookie, no Origin). */
async function call(
  token: string,
  query: string,
  variables: Record<string, unknown> = {},
  handle: (request: Request, context?: unknown) => Promise<Response> = handleAdminGraphQL,
) {
  const response = await handle(
    new Request("http://localhost/api/admin/graphql", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Accept-Language": "nl-nl" },
      body: JSON.stringify({ query, variables }),
    }),
    { clientAddress: "192.0.2.7" },
  );
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe("API tokens", () => {
  it("is shown once, kept as its SHA-256 only, and acts with its roles within its tenant", async () => {
    const { tenant, tdb } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    const created = await createApiToken(manager, {
      name: "Student system",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(30),
    });
    expect(created.token).toMatch(new RegExp(`^sat\\.${tenant.slug}\\.[A-Za-z0-9_-]{43}$`));
    const row = await tdb.db.select().from(apiTokens).where(eq(apiTokens.id, created._id)).get();
    expect(row!.tokenHash).toBe(createHash("sha256").update(created.token).digest("hex"));
    // The token itself is nowhere in the row.
    expect(JSON.stringify(row)).not.toContain(created.token.split(".")[2]);

    const read = await call(created.token, "{ organization { tenant name } }");
    expect(read.status).toBe(200);
    expect(read.body.data.organization.tenant).toBe(tenant.slug);
    // A reader may not write: the token's roles, not its creator's.
    const write = await call(created.token, `mutation { addLocation(input: { name: "Hall" }) { _id } }`);
    expect(write.body.errors[0].extensions.code).toBe("FORBIDDEN");

    // The list shows it with its last use, never the token.
    const listed = await call(
      (
        await createApiToken(manager, {
          name: "Lister",
          roles: ["ORGANIZATION_USER_MANAGER"],
          expiresAt: inDays(1),
        })
      ).token,
      "{ apiTokens { _id name roles status lastUsedAt lastUsedFrom } }",
    );
    const mine = listed.body.data.apiTokens.find((t: { _id: string }) => t._id === created._id);
    expect(mine).toMatchObject({ name: "Student system", roles: ["ORGANIZATION_READER"], status: "ACTIVE" });
    expect(mine.lastUsedFrom).toBe("192.0.2.7");
    expect(JSON.stringify(listed.body)).not.toContain(created.token);
  });

  it("never carries a role its creator may not grant: FORBIDDEN role_not_grantable, nothing stored", async () => {
    const { tenant, tdb } = await makeTenant();
    const userManager = await staffCtx(tenant.slug, ["ORGANIZATION_USER_MANAGER"], "fr-fr");
    const error = await refusal(
      createApiToken(userManager, { name: "Too much", roles: ["ORGANIZATION_WRITER"], expiresAt: inDays(30) }),
    );
    expect(error.code).toBe("FORBIDDEN");
    expect(error.reason).toBe("role_not_grantable");
    expect(userManager.t(error.messageKey, error.values)).toContain("ORGANIZATION_WRITER");
    expect(userManager.t(error.messageKey, error.values)).toMatch(/Vous ne pouvez pas/);
    expect(await tdb.db.select().from(apiTokens).all()).toEqual([]);
    // What they hold they may give.
    const ok = await createApiToken(userManager, {
      name: "Directory sync",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(30),
    });
    expect(ok.apiToken.roles).toEqual(["ORGANIZATION_READER"]);
    // And a writer (no manage:users) makes none at all.
    const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
    expect((await refusal(createApiToken(writer, { name: "x", roles: [], expiresAt: inDays(1) }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("refuses an expiry in the past or more than a year ahead, and a token making tokens", async () => {
    const { tenant } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    for (const expiresAt of [inDays(-1), inDays(400)]) {
      const error = await refusal(createApiToken(manager, { name: "x", roles: ["ORGANIZATION_READER"], expiresAt }));
      expect(error.code).toBe("BAD_REQUEST");
      expect(Object.keys(error.fieldErrors ?? {})).toEqual(["expiresAt"]);
    }
    const { token } = await createApiToken(manager, {
      name: "Admin bot",
      roles: ["ORGANIZATION_MANAGER"],
      expiresAt: inDays(5),
    });
    const made = await call(
      token,
      `mutation($e: DateTime!) { createApiToken(input: { name: "child", roles: [ORGANIZATION_READER], expiresAt: $e }) { _id token } }`,
      { e: inDays(5).toISOString() },
    );
    expect(made.body.errors[0].extensions).toMatchObject({ code: "FORBIDDEN", reason: "api_token_needs_person" });
  });

  it("stops working when expired or revoked (401, translated), and when its creator loses the role", async () => {
    const { tenant, tdb } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    const { _id, token } = await createApiToken(manager, {
      name: "Short",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(1),
    });
    expect((await call(token, "{ organization { tenant } }")).status).toBe(200);

    await tdb.write((tx) =>
      tx
        .update(apiTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiTokens.id, _id)),
    );
    const expired = await call(token, "{ organization { tenant } }");
    expect(expired.status).toBe(401);
    expect(expired.body.errors[0].extensions).toEqual({ code: "UNAUTHORIZED", reason: "api_token_invalid" });
    expect(expired.body.errors[0].message).toMatch(/API-token is niet geldig/);
    expect(expired.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);

    const second = await createApiToken(manager, {
      name: "Revoked",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(1),
    });
    await revokeApiToken(manager, second._id);
    expect((await call(second.token, "{ organization { tenant } }")).status).toBe(401);
    // A changed character is another token.
    const forged = second.token.slice(0, -1) + (second.token.endsWith("A") ? "B" : "A");
    expect((await call(forged, "{ organization { tenant } }")).status).toBe(401);
  });

  it("cannot reach another tenant: a token of A named for B is refused, and B's data stays unread", async () => {
    const a = await makeTenant();
    const b = await makeTenant();
    const { token } = await createApiToken(await managerCtx(a.tenant.slug), {
      name: "A's",
      roles: ["ORGANIZATION_MANAGER"],
      expiresAt: inDays(1),
    });
    const aimedAtB = token.replace(`sat.${a.tenant.slug}.`, `sat.${b.tenant.slug}.`);
    const refused = await call(aimedAtB, "{ organization { tenant } allUsers { edges { node { email } } } }");
    expect(refused.status).toBe(401);
    expect(refused.body.data).toBeUndefined();
    // With its own name it reads its own tenant only.
    const own = await call(token, "{ organization { tenant } allUsers { edges { node { email } } } }");
    expect(own.body.data.organization.tenant).toBe(a.tenant.slug);
    expect(JSON.stringify(own.body.data.allUsers)).not.toContain(`@${b.tenant.slug}.test`);
    // B's revoke cannot touch A's token.
    const bManager = await managerCtx(b.tenant.slug);
    const mine = await a.tdb.db.select().from(apiTokens).get();
    expect((await refusal(revokeApiToken(bManager, mine!.id))).reason).toBe("api_token_not_found");
  });

  it("records every use (root fields, status, address) and is rate limited per token (429, nothing recorded)", async () => {
    const { tenant, tdb } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    const busy = await createApiToken(manager, { name: "Busy", roles: ["ORGANIZATION_READER"], expiresAt: inDays(1) });
    const calm = await createApiToken(manager, { name: "Calm", roles: ["ORGANIZATION_READER"], expiresAt: inDays(1) });

    const first = await call(busy.token, "query Who { organization { tenant } }");
    expect(first.status).toBe(200);
    const uses = await tdb.db.select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, busy._id)).all();
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ operation: "organization", status: 200, clientAddress: "192.0.2.7" });

    // Fill the busy token's window through the same rate limit as login codes (rate_limit_hits).
    await tdb.write((tx) =>
      tx.insert(rateLimitHits).values(
        Array.from({ length: API_TOKEN_RATE_LIMIT.max - 1 }, () => ({
          bucket: `api-token:${busy._id}`,
          at: new Date(),
        })),
      ),
    );
    const limited = await call(busy.token, "{ organization { tenant } }");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(limited.body.errors[0].extensions).toEqual({ code: "BAD_REQUEST", reason: "api_token_rate_limited" });
    expect(await tdb.db.select().from(apiTokenUses).where(eq(apiTokenUses.tokenId, busy._id)).all()).toHaveLength(1);
    // The other token has a bucket of its own.
    expect((await call(calm.token, "{ organization { tenant } }")).status).toBe(200);
  });

  it("reaches the limit by real calls too: the 121st call within the minute is refused", async () => {
    const { tenant } = await makeTenant();
    const { token } = await createApiToken(await managerCtx(tenant.slug), {
      name: "Loop",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(1),
    });
    const statuses: number[] = [];
    for (let i = 0; i <= API_TOKEN_RATE_LIMIT.max; i++) statuses.push((await call(token, "{ version }")).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(API_TOKEN_RATE_LIMIT.max);
    expect(statuses.at(-1)).toBe(429);
  });

  it("reads the schema in production only when the token allows introspection", async () => {
    const { tenant } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    const plain = await createApiToken(manager, {
      name: "Plain",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(1),
    });
    const codegen = await createApiToken(manager, {
      name: "Codegen",
      roles: ["ORGANIZATION_READER"],
      expiresAt: inDays(1),
      allowIntrospection: true,
    });
    const env = { ...process.env };
    try {
      process.env.NODE_ENV = "production";
      delete process.env.GRAPHQL_INTROSPECTION;
      const production = createGraphQLEndpoint("admin", adminSchema);
      const refused = await call(plain.token, getIntrospectionQuery(), {}, production);
      expect(refused.body.errors[0].extensions.code).toBe("BAD_REQUEST");
      expect(refused.body.data).toBeUndefined();
      const allowed = await call(codegen.token, getIntrospectionQuery(), {}, production);
      expect(allowed.body.errors).toBeUndefined();
      expect(allowed.body.data.__schema.queryType.name).toBe("Query");
    } finally {
      process.env.NODE_ENV = env.NODE_ENV;
      if (env.GRAPHQL_INTROSPECTION !== undefined) process.env.GRAPHQL_INTROSPECTION = env.GRAPHQL_INTROSPECTION;
    }
  });
});
