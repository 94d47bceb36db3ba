import { buildSchema, GraphQLError, specifiedRules, validate, type ValidationRule } from "graphql";
import { describe, expect, it } from "vitest";
import { costDependsOnVariables, limitValidationRules, parseWithLimits, validateInStages } from "~/graphql/limits";
import { getT } from "~/i18n/i18n.server";
import { createLoginSession, serializeCookie } from "~/modules/auth/sessions.server";
import { gql } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// Parsed documents and passed validations are reused across requests, but never across rule sets:
// the variables-dependent limits and an anonymous caller's refusal always run.

const schema = buildSchema("type Query { hello(name: String): String, page(first: Int): [Query] }");

describe("the GraphQL document cache", () => {
  it("parses a query text once and walks graphql-js's rules once per rule set", async () => {
    const t = await getT("en-us");
    const parse = parseWithLimits(t);
    const query = `{ hello(name: "cache ${Date.now()}") }`;
    const document = parse(query);
    expect(parse(query)).toBe(document);

    let walks = 0;
    // Counts the walks of graphql-js's own rules (the limits' stage, empty here, is not counted).
    const counting: typeof validate = (...args) => {
      if (args[2]?.length) walks++;
      return validate(...args);
    };
    const run = validateInStages(t, counting);
    expect(run(schema, document, specifiedRules)).toEqual([]);
    expect(run(schema, document, specifiedRules)).toEqual([]);
    expect(walks).toBe(1);

    // Another rule set (here one that refuses everything, like the anonymous rule) is walked, not skipped.
    const refuseAll: ValidationRule = (context) => ({
      Document: (node) => context.reportError(new GraphQLError("refused", { nodes: [node] })),
    });
    const refused = run(schema, document, [...specifiedRules, refuseAll]);
    expect(walks).toBe(2);
    expect(refused.length).toBeGreaterThan(0);
  });

  it("still refuses an anonymous caller a document a signed-in one ran before", async () => {
    const { tenant } = await makeTenant();
    const staff = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    if (staff.actor.type !== "ADMIN") throw new Error("expected a staff context");
    const cookie = serializeCookie(await createLoginSession(staff.tdb, "ADMIN", staff.actor.userId, false)).split(
      ";",
    )[0]!;
    const query = "{ allParticipants(first: 5) { pageInfo { totalCount } } }";
    const signedIn = await gql("admin", query, {}, { cookie });
    expect(signedIn.body.errors).toBeUndefined();
    const anonymous = await gql("admin", query);
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");
    expect(anonymous.body.data ?? null).toBeNull();
  });

  it("walks the request limits once for a document whose cost no variable changes, every time for one whose page size is a variable", async () => {
    const t = await getT("en-us");
    const parse = parseWithLimits(t);
    let limitWalks = 0;
    const counting: typeof validate = (...args) => {
      if (args[2]?.some((rule) => !specifiedRules.includes(rule))) limitWalks++;
      return validate(...args);
    };
    const run = validateInStages(t, counting);
    const rulesFor = (variables: Record<string, unknown>) => [...limitValidationRules(t, variables), ...specifiedRules];

    const fixed = parse(`{ page(first: 20) { hello } } # ${Date.now()}`);
    expect(costDependsOnVariables(fixed)).toBe(false);
    expect(run(schema, fixed, rulesFor({}))).toEqual([]);
    expect(run(schema, fixed, rulesFor({}))).toEqual([]);
    expect(limitWalks).toBe(1);

    const paged = parse(
      `query ($n: Int) { page(first: $n) { page(first: $n) { page(first: $n) { hello } } } } # ${Date.now()}`,
    );
    expect(costDependsOnVariables(paged)).toBe(true);
    expect(run(schema, paged, rulesFor({ n: 2 }))).toEqual([]);
    // The same document with larger pages costs more than the limit: refused, not taken from a cache.
    const refused = run(schema, paged, rulesFor({ n: 100 }));
    expect(refused[0]?.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_complex" });
    expect(limitWalks).toBe(3);

    expect(costDependsOnVariables(parse(`query ($s: Boolean!) { hello @skip(if: $s) }`))).toBe(true);
    expect(costDependsOnVariables(parse(`query ($s: String) { hello(name: $s) }`))).toBe(false);
  });
});
