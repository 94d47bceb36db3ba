import { beforeAll, describe, expect, it } from "vitest";
import { firstError } from "../support/defined";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { parseIsoDateTime } from "~/lib/iso-date-time";
import { makeTenant, staffCtx } from "../support/tenants";
import { gql, loginOverGraphQL } from "../support/graphql";

// Impossible dates, paging arguments, translated request errors.

let manager: string;

beforeAll(async () => {
  const slug = (await makeTenant("msgs-a", "Messages Alpha")).tenant.slug;
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const ctx = await staffCtx(slug);
  const { addCompany } = await import("~/modules/databases/companies.server");
  for (const name of ["Acme", "Bolt", "Crane"]) await addCompany(ctx, { name });
});

describe("validation messages in the request's language", () => {
  it("unknown field: English, Dutch and French, with the names kept", async () => {
    const query = `{ allCompanies { edges { node { nope } } } }`;
    const en = await gql("admin", query, {}, { cookie: manager });
    expect(firstError(en.body).message).toBe('The field "nope" does not exist on type "Company".');
    const nl = await gql("admin", query, {}, { cookie: manager, locale: "nl-NL" });
    expect(firstError(nl.body).message).toBe('Het veld "nope" bestaat niet op type "Company".');
    const fr = await gql("admin", query, {}, { cookie: manager, locale: "fr-FR" });
    expect(firstError(fr.body).message).toBe("Le champ « nope » n'existe pas sur le type « Company ».");
    expect(firstError(fr.body).extensions!.code).toBe("BAD_REQUEST");
  });

  it("wrong scalar in a literal and in a variable", async () => {
    const literal = await gql(
      "admin",
      `{ allCompanies(first: "ten") { pageInfo { pageSize } } }`,
      {},
      { cookie: manager, locale: "nl-NL" },
    );
    expect(firstError(literal.body).message).toBe('"ten" is geen geldige Int.');
    const variable = await gql(
      "admin",
      `query($n: Int) { allCompanies(first: $n) { pageInfo { pageSize } } }`,
      { n: "ten" },
      { cookie: manager, locale: "fr-FR" },
    );
    expect(firstError(variable.body).message).toBe(
      'La variable « $n » a une valeur non valide : "ten" n\'est pas un Int valide.',
    );
    expect(firstError(variable.body).extensions!.code).toBe("BAD_REQUEST");
  });

  it("syntax errors and unparsable JSON get BAD_REQUEST and a translated message", async () => {
    const syntax = await gql("admin", `{ allCompanies { `, {}, { cookie: manager, locale: "nl-NL" });
    expect(firstError(syntax.body).message).toMatch(/^De query is geen geldige GraphQL: /);
    expect(firstError(syntax.body).extensions!.code).toBe("BAD_REQUEST");
    const res = await handleAdminGraphQL(
      new Request("http://localhost/api/admin/graphql", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "fr-FR" },
        body: "{ not json",
      }),
      { clientAddress: "127.0.0.1" },
    );
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].extensions.code).toBe("BAD_REQUEST");
    expect(body.errors[0].message).toBe("Le corps de la requête n'est pas du JSON valide.");
  });
});

describe("DateTime", () => {
  const between = `query($s: DateTime!, $e: DateTime!) { allScheduledSessionsBetween(start: $s, end: $e) { _id } }`;

  it("refuses impossible dates with BAD_REQUEST (2026-02-30 is not 2 March)", async () => {
    const variable = await gql(
      "admin",
      between,
      { s: "2026-02-30T09:00:00Z", e: "2026-03-31T09:00:00Z" },
      { cookie: manager },
    );
    expect(firstError(variable.body).extensions!.code).toBe("BAD_REQUEST");
    expect(firstError(variable.body).message).toContain("2026-02-30T09:00:00Z");
    const literal = await gql(
      "admin",
      `{ allScheduledSessionsBetween(start: "2026-04-31T09:00:00Z", end: "2026-05-01T00:00:00Z") { _id } }`,
      {},
      { cookie: manager },
    );
    expect(firstError(literal.body).extensions!.code).toBe("BAD_REQUEST");
    const fine = await gql(
      "admin",
      between,
      { s: "2028-02-29T09:00:00Z", e: "2028-03-01T09:00:00+01:00" },
      { cookie: manager },
    );
    expect(fine.body.errors).toBeUndefined();
  });

  it("parseIsoDateTime checks every part", () => {
    for (const bad of [
      "2026-02-30T09:00:00Z",
      "2026-13-01",
      "2026-01-01T24:00:00Z",
      "2026-01-01T10:60Z",
      "1 March 2026",
      "",
      "2026-01-01T10:00:00+25:00",
    ]) {
      expect(parseIsoDateTime(bad), bad).toBeNull();
    }
    expect(parseIsoDateTime("2026-03-01T09:00:00.123Z")?.toISOString()).toBe("2026-03-01T09:00:00.123Z");
    expect(parseIsoDateTime("2026-03-01")?.toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});

describe("paging arguments", () => {
  const list = `query($first: Int, $after: String) { allCompanies(first: $first, after: $after) { edges { node { name } } pageInfo { pageSize endCursor } } }`;

  it("refuses a cursor it did not hand out and first below 1", async () => {
    for (const variables of [{ after: "garbage!!" }, { first: 0 }, { first: -3 }]) {
      const res = await gql("admin", list, variables, { cookie: manager });
      expect(firstError(res.body).extensions, JSON.stringify(variables)).toMatchObject({
        code: "BAD_REQUEST",
        reason: "validation_failed",
      });
    }
    const nl = await gql("admin", list, { first: 0 }, { cookie: manager, locale: "nl-NL" });
    expect(firstError(nl.body).extensions!.fieldErrors).toEqual({ first: '"first" moet tussen 1 en 100 liggen.' });
  });

  it("pages with real cursors and caps first at 100", async () => {
    const one = await gql("admin", list, { first: 2 }, { cookie: manager });
    expect(one.body.data.allCompanies.edges).toHaveLength(2);
    const two = await gql(
      "admin",
      list,
      { first: 2, after: one.body.data.allCompanies.pageInfo.endCursor },
      { cookie: manager },
    );
    expect(two.body.data.allCompanies.edges).toHaveLength(1);
    const capped = await gql("admin", list, { first: 500 }, { cookie: manager });
    expect(capped.body.data.allCompanies.pageInfo.pageSize).toBe(100);
  });
});
