import { getIntrospectionQuery } from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { GRAPHQL_LIMITS, nestingDepth } from "~/graphql/limits";
import { gql, loginOverGraphQL } from "../support/graphql";
import { addParticipant, makeTenant, staffCtx } from "../support/tenants";

// A 5,000-deep document (`{a{a{…}}}`, or list values nested in an argument) made
// graphql-js's recursive parser overflow the stack ("Maximum call stack size exceeded") before
// the token limit or the depth rule could refuse it. The nesting is now counted before parsing and
// refused with the depth limit's own refusal (BAD_REQUEST, query_too_deep), on both endpoints.

const nestedFields = (levels: number) => "{a".repeat(levels) + "}".repeat(levels);
const nestedList = (levels: number) => "[".repeat(levels) + '"x"' + "]".repeat(levels);

let slug: string;
let staff: string;
let participant: string;

beforeAll(async () => {
  slug = (await makeTenant("deep-q-a")).tenant.slug;
  const ctx = await staffCtx(slug, ["ORGANIZATION_READER"]);
  staff = await loginOverGraphQL("admin", slug, (ctx.actor as { email: string }).email);
  await addParticipant(slug, `deep@${slug}.test`, "Deep Participant");
  participant = await loginOverGraphQL("user", slug, `deep@${slug}.test`);
});

describe("nestingDepth", () => {
  it("counts braces, brackets and parentheses together", () => {
    expect(nestingDepth("{ a }")).toBe(1);
    expect(nestingDepth("{ a(b: [{ c: 1 }]) { d } }")).toBe(4);
    expect(nestingDepth(nestedFields(50))).toBe(50);
    expect(nestingDepth(nestedList(30))).toBe(30);
  });

  it("does not count what is inside strings, block strings and comments", () => {
    expect(nestingDepth('{ a(b: "{{{[[[(((") }')).toBe(2);
    expect(nestingDepth('{ a(b: "escaped \\" {{{{") }')).toBe(2);
    expect(nestingDepth('{ a(b: """ {{{ \\""" [[[ """) }')).toBe(2);
    expect(nestingDepth("{ a # {{{{{{ [[[[\n b }")).toBe(1);
  });

  it("stops counting past the limit it is given", () => {
    expect(nestingDepth(nestedFields(5000), 20)).toBe(21);
  });

  it("is never fooled into a lower count by closing brackets first", () => {
    expect(nestingDepth("}}}}" + nestedFields(30))).toBe(30);
  });
});

describe("a 5,000-deep document is refused with query_too_deep, not a stack overflow", () => {
  const probes: Array<[string, string]> = [
    ["nested fields", nestedFields(5000)],
    [
      "nested list values in an argument",
      `{ allParticipants(filter: { name: ${nestedList(5000)} }) { pageInfo { totalCount } } }`,
    ],
    [
      "nested object values in an argument",
      `{ allParticipants(filter: ${"{ name: ".repeat(3000)}"x"${" }".repeat(3000)}) { pageInfo { totalCount } } }`,
    ],
  ];
  const callers: Array<["admin" | "user", string, () => string | undefined]> = [
    ["admin", "anonymous", () => undefined],
    ["admin", "staff", () => staff],
    ["user", "anonymous", () => undefined],
    ["user", "participant", () => participant],
  ];
  for (const [what, query] of probes) {
    for (const [area, who, cookie] of callers) {
      it(`${what} on /api/${area}/graphql (${who})`, async () => {
        const start = performance.now();
        const answer = await gql(area, query, {}, { cookie: cookie() });
        expect(performance.now() - start).toBeLessThan(2000);
        expect(answer.body.data ?? null).toBeNull();
        expect(answer.body.errors).toHaveLength(1);
        expect(answer.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_deep" });
        expect(answer.body.errors![0]!.message).toBe(
          `The query is nested more than ${GRAPHQL_LIMITS.maxDepth} levels deep.`,
        );
      });
    }
  }

  it("answers in the caller's language", async () => {
    const answer = await gql("user", nestedFields(5000), {}, { locale: "nl-nl" });
    expect(answer.body.errors![0]!.message).toMatch(/10/);
    expect(answer.body.errors![0]!.message).not.toBe(
      `The query is nested more than ${GRAPHQL_LIMITS.maxDepth} levels deep.`,
    );
  });
});

describe("documents within the limits are not touched", () => {
  it("brackets inside strings and comments do not count", async () => {
    const deepText = "{[(".repeat(500);
    const answer = await gql("user", `# ${deepText}\n{ organizationTenantExists(tenant: "${deepText}") }`);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data).toEqual({ organizationTenantExists: false });
  });

  it("a query at the depth limit with an argument object still runs", async () => {
    const answer = await gql(
      "admin",
      `{ allParticipants(first: 5, filter: { name: "Deep" }) { edges { node { _id name } } pageInfo { totalCount } } }`,
      {},
      { cookie: staff },
    );
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.allParticipants.pageInfo.totalCount).toBe(1);
  });

  it("getIntrospectionQuery() stays within the nesting limit", () => {
    expect(nestingDepth(getIntrospectionQuery())).toBeLessThanOrEqual(GRAPHQL_LIMITS.maxNesting);
  });

  it("a document just past the depth limit is refused by the depth rule as before", async () => {
    const answer = await gql("admin", nestedFields(GRAPHQL_LIMITS.maxDepth + 2), {}, { cookie: staff });
    expect(answer.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "query_too_deep" });
  });
});
