import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questions } from "~db/tenant/schema";
import { apiRoutes } from "~/api/routes.server";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";
import { createApiLane } from "~/server/api-lane";
import { apiSecurityHeaders } from "~/server/security";
import { participantById } from "~/modules/databases/index.server";
import type { LiveFixture } from "../live/fixtures";
import { scoredSession } from "../reports/support";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// The spec's error catalogue: every server code and every GraphQL code,
// each provoked for real through the API, answered with its code, its reason and a message in the
// request's language (French here).

/** The spec's server codes (lowercase) and GraphQL codes (uppercase), as its catalogue lists them. */
const SERVER_CODES = [
  "tenant_not_found",
  "workspace_not_found",
  "category_not_found",
  "supplyobject_not_found",
  "location_not_found",
  "question_not_found",
  "context_not_found",
  "evaluation_not_found",
  "session_not_found",
  "company_not_found",
  "participant_not_found",
  "scheduled_session_not_found",
  "scheduled_session_participant_entry_not_found",
  "scheduled_session_participant_correction_not_found",
  "session_report_not_found",
  "object_referenced",
  "realtime_auth_failed",
  "auth_request_failed",
  "auth_code_invalid_or_expired",
  "user_creation_failed",
  "user_not_found",
  "invalid_category_parent",
];
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
const french = JSON.parse(readFileSync("app/locales/fr-fr/errors.json", "utf8")) as Record<string, unknown>;

let slug: string;
let manager: string;
let reader: string;
let participant: string;
let live: LiveFixture;
const ids: Record<string, string> = {};

beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  const ctx = await staffCtx(slug);
  // A completed session with two participants; no report built yet.
  live = await scoredSession(ctx);
  participant = await loginOverGraphQL("user", slug, (await participantById(ctx, live.people[0]!)).email);
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const readerCtx = await staffCtx(slug, ["ORGANIZATION_READER"]);
  reader = await loginOverGraphQL("admin", slug, (readerCtx.actor as { email: string }).email);

  const ok = async (query: string, variables: Record<string, unknown>) => {
    const res = await gql("admin", query, variables, { cookie: manager });
    expect(res.body.errors, query).toBeUndefined();
    return res.body.data;
  };
  ids.company = (await ok(`mutation { addCompany(input: { name: "Referenced Ltd" }) { _id } }`, {})).addCompany._id;
  await ok(
    `mutation($c: ID!) { addParticipant(input: { name: "Works there", email: "works@there.test", company: $c }) { _id } }`,
    {
      c: ids.company,
    },
  );
  ids.category = (await ok(`mutation { addCategory(input: { name: "Root" }) { _id } }`, {})).addCategory._id;
  ids.question = (
    await ok(`mutation($i: QuestionInput!) { addQuestion(input: $i) { _id } }`, {
      i: {
        name: "Stored badly later",
        maxTime: 60,
        steps: [
          {
            type: "NUMERIC",
            score: 1,
            question: [{ type: "text", html: "<p>How many?</p>" }],
            answer: { numericValue: 4 },
          },
        ],
      },
    })
  ).addQuestion._id;
  // A stored value the server cannot give in the schema's type: what an unexpected server error is.
  await ctx.tdb.write((tx) =>
    tx
      .update(questions)
      .set({ steps: [{ key: "k", type: "NUMERIC", score: 1, question: [], answer: { numericValue: "four" } }] })
      .where(eq(questions.id, ids.question!)),
  );
});

type Case = {
  code: string;
  reason: string;
  area?: "admin" | "user";
  /** The cookie to send: the manager's unless said. */
  as?: () => string | undefined;
  query: string;
  variables?: () => Record<string, unknown>;
  /** The message when it is not the reason's own (it names what went wrong). */
  message?: RegExp;
};

const byId = (field: string, reason: string): Case => ({
  code: "NOT_FOUND",
  reason,
  query: `query { ${field}(id: "nope") { _id } }`,
});

const cases: Case[] = [
  {
    code: "ORGANIZATION_NOT_FOUND",
    reason: "tenant_not_found",
    as: () => undefined,
    query: `mutation { requestLogin(tenant: "no-such-organisation", userIdentifier: { type: EMAIL, value: "a@b.test" }) }`,
  },
  {
    code: "NOT_FOUND",
    reason: "workspace_not_found",
    query: `mutation { importCompanies(data: [{ name: "Nowhere Ltd" }], workspace: "nope") { _id } }`,
  },
  byId("categoryById", "category_not_found"),
  byId("supplyObjectById", "supplyobject_not_found"),
  byId("locationById", "location_not_found"),
  byId("questionById", "question_not_found"),
  byId("contextById", "context_not_found"),
  byId("evaluationById", "evaluation_not_found"),
  byId("sessionById", "session_not_found"),
  byId("companyById", "company_not_found"),
  byId("participantById", "participant_not_found"),
  byId("scheduledSessionById", "scheduled_session_not_found"),
  {
    code: "NOT_FOUND",
    reason: "scheduled_session_participant_entry_not_found",
    query: `query($s: ID!) { scheduledSessionParticipantEntry(scheduledSessionId: $s, participantId: "nobody") { _id } }`,
    variables: () => ({ s: live.sessionId }),
  },
  {
    code: "NOT_FOUND",
    reason: "scheduled_session_participant_correction_not_found",
    query: `query($s: ID!) { scheduledSessionParticipantCorrection(scheduledSessionId: $s, participantId: "nobody") { _id } }`,
    variables: () => ({ s: live.sessionId }),
  },
  {
    // On the session, but no report was built yet: an error, not null.
    code: "NOT_FOUND",
    reason: "session_report_not_found",
    query: `query($s: ID!, $p: ID!) { scheduledSessionReport(scheduledSessionId: $s, participantId: $p) { _id } }`,
    variables: () => ({ s: live.sessionId, p: live.people[0] }),
  },
  {
    code: "OBJECT_REFERENCED",
    reason: "object_referenced",
    query: `mutation($id: ID!) { removeCompany(id: $id) { id } }`,
    variables: () => ({ id: ids.company }),
  },
  {
    // The session is over: its live room is closed to its participants.
    code: "FORBIDDEN",
    reason: "realtime_auth_failed",
    area: "user",
    as: () => participant,
    query: `mutation($s: ID!) { getRealtimeToken(scheduledSession: $s) { token } }`,
    variables: () => ({ s: live.sessionId }),
  },
  {
    code: "AUTH_REQUEST_FAILED",
    reason: "auth_request_failed",
    as: () => undefined,
    query: `mutation($t: String!) { requestLogin(tenant: $t, userIdentifier: { type: EMAIL, value: "not an address" }) }`,
    variables: () => ({ t: slug }),
  },
  {
    code: "AUTH_CODE_INVALID_OR_EXPIRED",
    reason: "auth_code_invalid_or_expired",
    as: () => undefined,
    query: `mutation($t: String!, $e: String!) { completeOtpLogin(tenant: $t, otp: "000000", userIdentifier: { type: EMAIL, value: $e }) { success } }`,
    variables: () => ({ t: slug, e: `manager@${slug}.test` }),
  },
  {
    // The e-mail is someone's already.
    code: "BAD_REQUEST",
    reason: "user_creation_failed",
    query: `mutation($e: String!) { addUser(input: { email: $e, name: "Twice", roles: [ORGANIZATION_READER] }) { _id } }`,
    variables: () => ({ e: `manager@${slug}.test` }),
  },
  {
    code: "NOT_FOUND",
    reason: "user_not_found",
    query: `query { rolesForUserId(id: "nope") }`,
  },
  {
    code: "INVALID_CATEGORY_PARENT",
    reason: "invalid_category_parent",
    query: `mutation($id: ID!) { updateCategory(id: $id, input: { parent: $id }) { _id } }`,
    variables: () => ({ id: ids.category }),
  },
  // The other GraphQL codes.
  {
    code: "BAD_REQUEST",
    reason: "validation_failed",
    query: `query { allCompanies { `,
    message: /^La requête n'est pas du GraphQL valide : /,
  },
  {
    code: "FORBIDDEN",
    reason: "forbidden",
    as: () => reader,
    query: `mutation { addCompany(input: { name: "Not by a reader" }) { _id } }`,
  },
  {
    code: "UNAUTHORIZED",
    reason: "unauthorized",
    as: () => undefined,
    query: `query { allCompanies { edges { cursor } } }`,
  },
  {
    code: "INTERNAL_SERVER_ERROR",
    reason: "internal_error",
    query: `query($id: ID!) { questionById(id: $id) { steps { answer { numericValue } } } }`,
    variables: () => ({ id: ids.question }),
  },
];

describe("the error catalogue", () => {
  it("has a case for every code of the spec", () => {
    expect(SERVER_CODES.filter((code) => !cases.some((c) => c.reason === code))).toEqual([]);
    expect(GRAPHQL_CODES.filter((code) => !cases.some((c) => c.code === code))).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.code} ${c.reason}`, async () => {
      const cookie = c.as ? c.as() : manager;
      const res = await gql(c.area ?? "admin", c.query, c.variables?.() ?? {}, { cookie, locale: "fr-FR" });
      const error = res.body.errors?.[0];
      expect(error?.extensions, JSON.stringify(res.body)).toMatchObject({ code: c.code, reason: c.reason });
      // Translated: the French text when the reason has a message of its own, never a key or a placeholder.
      const own = french[c.reason];
      if (c.message) expect(error!.message).toMatch(c.message);
      else if (typeof own === "string" && !own.includes("{{")) expect(error!.message).toBe(own);
      expect(error!.message).not.toMatch(/\{\{|^errors:|^[a-z_]+$/);
    });
  }

  it("a request GraphQL cannot take says what is wrong, in the request's language", async () => {
    // No query at all, then variables that are no object.
    const ask = async (handle: typeof handleAdminGraphQL, body: string, language: string) => {
      const res = await handle(
        new Request("http://localhost/api/graphql", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept-Language": language, Cookie: manager },
          body,
        }),
        { clientAddress: "10.0.0.1" },
      );
      const answer = (await res.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect(answer.errors[0]!.extensions.code).toBe("BAD_REQUEST");
      return answer.errors[0]!.message;
    };
    expect(await ask(handleAdminGraphQL, `{"variables":{}}`, "fr-FR")).toBe(
      "La requête n'est pas une requête GraphQL valide : la requête (query) est absente.",
    );
    expect(await ask(handleUserGraphQL, `{"query":"{ version }","variables":[1]}`, "nl-NL")).toBe(
      "Het verzoek is geen geldig GraphQL-verzoek: variables moet een object zijn.",
    );
  });
});

describe("refusals outside GraphQL", () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const build = { entry: { module: { apiRoutes } } } as unknown as ServerBuild;
    const lane = await createApiLane({ build, trustProxy: "loopback", securityHeaders: apiSecurityHeaders(false) });
    server = createServer((req, res) => {
      if (!lane(req, res)) res.writeHead(404).end();
    }).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("a POST to the PDF path: 405 with Allow and the one JSON refusal, never a server error", async () => {
    const res = await fetch(`${base}/api/pdf/generate/session-report?id=x`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "en-US" },
      body: "{}",
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      ok: false,
      code: "BAD_REQUEST",
      reason: "method",
      message: "This address does not accept POST requests.",
    });
  });
});
