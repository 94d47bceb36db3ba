import { beforeAll, describe, expect, it } from "vitest";
import { gql, loginOverGraphQL } from "../support/graphql";
import { MAX_IMPORT_ROWS } from "~/modules/databases/import-limits";
import { makeTenant, staffCtx } from "../support/tenants";

let slug: string;
let manager: string;
let readerCookie: string;
let otherManager: string;

const PAGE = "pageInfo { endCursor startCursor hasNextPage hasPreviousPage pageSize totalCount }";
const DOC = "_id _createdAt _updatedAt _rev _type";

async function ok(query: string, variables: Record<string, unknown> = {}, cookie = manager) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}
async function fails(query: string, variables: Record<string, unknown> = {}, cookie = manager, locale?: string) {
  const res = await gql("admin", query, variables, { cookie, locale });
  expect(res.body.errors, JSON.stringify(res.body)).toBeTruthy();
  return res.body.errors![0]!;
}

beforeAll(async () => {
  slug = (await makeTenant("db-gql-a")).tenant.slug;
  const other = (await makeTenant("db-gql-b")).tenant.slug;
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  otherManager = await loginOverGraphQL("admin", other, `manager@${other}.test`);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
});

describe("databases over GraphQL", () => {
  it("adds, lists, updates and removes supply objects, locations and contexts", async () => {
    const s = (
      await ok(`mutation($i: SupplyObjectInput!) { addSupplyObject(input: $i) { ${DOC} name workspace } }`, {
        i: { name: "Gloves" },
      })
    ).addSupplyObject;
    expect(s).toMatchObject({ name: "Gloves", _type: "SupplyObject", _rev: 1 });
    expect(s.workspace).toBeTruthy();
    expect(
      (
        await ok(`mutation($id: ID!) { updateSupplyObject(id: $id, input: { name: "Gloves L" }) { name _rev } }`, {
          id: s._id,
        })
      ).updateSupplyObject,
    ).toEqual({
      name: "Gloves L",
      _rev: 2,
    });
    const list = (
      await ok(`{ allSupplyObjects(filter: { name: "gloves" }) { edges { cursor node { _id name } } ${PAGE} } }`)
    ).allSupplyObjects;
    expect(list.edges.map((e: any) => e.node._id)).toEqual([s._id]);
    expect(list.pageInfo).toMatchObject({ pageSize: 20, totalCount: 1, hasNextPage: false, hasPreviousPage: false });
    expect(
      (await ok(`mutation($id: ID!) { removeSupplyObject(id: $id) { id } }`, { id: s._id })).removeSupplyObject,
    ).toEqual({ id: s._id });

    const address = { line1: "Rue 1", city: "Lyon", country: "FR" };
    const l = (
      await ok(
        `mutation($i: LocationInput!) { addLocation(input: $i) { _id name address { line1 city region country } } }`,
        { i: { name: "Hall", address } },
      )
    ).addLocation;
    expect(l.address).toEqual({ ...address, region: null });
    expect(
      (
        await ok(`mutation($id: ID!, $i: LocationInput!) { updateLocation(id: $id, input: $i) { name } }`, {
          id: l._id,
          i: { name: "Hall 2", address },
        })
      ).updateLocation.name,
    ).toBe("Hall 2");
    expect((await ok(`{ allLocations { edges { node { name } } } }`)).allLocations.edges).toHaveLength(1);
    expect((await ok(`mutation($id: ID!) { removeLocation(id: $id) { id } }`, { id: l._id })).removeLocation.id).toBe(
      l._id,
    );

    const c = (
      await ok(`mutation { addContext(input: { name: "Lab", description: "Inside" }) { _id name description } }`)
    ).addContext;
    expect(c.description).toBe("Inside");
    // Left out keeps the description, null clears it (one rule for every update).
    expect(
      (
        await ok(`mutation($id: ID!) { updateContext(id: $id, input: { name: "Lab 2" }) { name description } }`, {
          id: c._id,
        })
      ).updateContext,
    ).toEqual({ name: "Lab 2", description: "Inside" });
    expect(
      (
        await ok(`mutation($id: ID!) { updateContext(id: $id, input: { description: null }) { name description } }`, {
          id: c._id,
        })
      ).updateContext,
    ).toEqual({ name: "Lab 2", description: null });
    expect(
      (await ok(`{ allContexts(order: DESC, orderBy: NAME) { edges { node { name } } } }`)).allContexts.edges[0].node
        .name,
    ).toBe("Lab 2");
    expect((await ok(`mutation($id: ID!) { removeContext(id: $id) { id } }`, { id: c._id })).removeContext.id).toBe(
      c._id,
    );
  });

  it("pages with opaque cursors", async () => {
    for (let i = 0; i < 23; i++)
      await ok(`mutation($n: String) { addSupplyObject(input: { name: $n }) { _id } }`, {
        n: `S${String(i).padStart(2, "0")}`,
      });
    const first = (await ok(`{ allSupplyObjects { edges { cursor node { name } } ${PAGE} } }`)).allSupplyObjects;
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, totalCount: 23 });
    const next = (
      await ok(`query($a: String) { allSupplyObjects(after: $a, first: 2) { edges { node { name } } ${PAGE} } }`, {
        a: first.pageInfo.endCursor,
      })
    ).allSupplyObjects;
    expect(next.edges.map((e: any) => e.node.name)).toEqual(["S20", "S21"]);
    expect(next.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true, pageSize: 2 });
  });

  it("handles companies and participants, resolving participant.company", async () => {
    const co = (
      await ok(
        `mutation { addCompany(input: { name: "Acme", address: { city: "Gent" } }) { _id name address { city } } }`,
      )
    ).addCompany;
    expect(co.address.city).toBe("Gent");
    const p = (
      await ok(
        `mutation($i: ParticipantInput!) { addParticipant(input: $i) { ${DOC} name email phone externalId company { _id name } } }`,
        {
          i: { name: "Pia", email: "pia@gql.test", externalId: "P-1", company: co._id },
        },
      )
    ).addParticipant;
    expect(p).toMatchObject({ name: "Pia", _type: "Participant", company: { _id: co._id, name: "Acme" } });
    await ok(`mutation { addParticipant(input: { name: "Bob", email: "bob@gql.test", externalId: "P-0" }) { _id } }`);
    const sorted = (await ok(`{ allParticipants(orderBy: EXTERNAL_ID, order: ASC) { edges { node { externalId } } } }`))
      .allParticipants;
    expect(sorted.edges.map((e: any) => e.node.externalId)).toEqual(["P-0", "P-1"]);
    const byEmail = (
      await ok(
        `{ allParticipants(orderBy: EMAIL, order: DESC, filter: { email: "GQL.TEST" }) { edges { node { email } } } }`,
      )
    ).allParticipants;
    expect(byEmail.edges.map((e: any) => e.node.email)).toEqual(["pia@gql.test", "bob@gql.test"]);
    expect(
      (await ok(`query($id: ID!) { allParticipants(filter: { id: $id }) { ${PAGE} } }`, { id: p._id })).allParticipants
        .pageInfo.totalCount,
    ).toBe(1);
    expect(
      (await ok(`{ allParticipants(filter: { name: "PI", externalId: "p-1" }) { ${PAGE} } }`)).allParticipants.pageInfo
        .totalCount,
    ).toBe(1);
    expect(
      (await ok(`query($id: ID!) { participantById(id: $id) { email } }`, { id: p._id })).participantById.email,
    ).toBe("pia@gql.test");
    expect(
      (await ok(`{ allCompanies(filter: { name: "acm" }) { edges { node { name } } } }`)).allCompanies.edges,
    ).toHaveLength(1);

    const refused = await fails(`mutation($id: ID!) { removeCompany(id: $id) { id } }`, { id: co._id });
    expect(refused.extensions).toMatchObject({
      code: "OBJECT_REFERENCED",
      reason: "object_referenced",
      references: [{ id: p._id, title: "Pia", type: "Participant" }],
    });
    expect((await ok(`query($id: ID!) { companyById(id: $id) { name } }`, { id: co._id })).companyById.name).toBe(
      "Acme",
    );

    const upd = (
      await ok(
        `mutation($id: ID!) { updateParticipant(id: $id, input: { name: "Pia P", email: "pia@gql.test", company: null }) { name company { _id } _rev } }`,
        { id: p._id },
      )
    ).updateParticipant;
    expect(upd).toEqual({ name: "Pia P", company: null, _rev: 2 });
    expect(
      (await ok(`mutation($id: ID!) { removeParticipant(id: $id) { id } }`, { id: p._id })).removeParticipant,
    ).toEqual({ id: p._id });
    expect(
      (
        await ok(`mutation($id: ID!, $i: CompanyInput!) { updateCompany(id: $id, input: $i) { name } }`, {
          id: co._id,
          i: { name: "Acme 2" },
        })
      ).updateCompany.name,
    ).toBe("Acme 2");
    expect((await ok(`mutation($id: ID!) { removeCompany(id: $id) { id } }`, { id: co._id })).removeCompany.id).toBe(
      co._id,
    );
  });

  it("returns translated field errors for invalid input and saves nothing", async () => {
    const e = await fails(
      `mutation { addParticipant(input: { name: "", email: "nope" }) { _id } }`,
      {},
      manager,
      "nl-NL",
    );
    expect(e.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "validation_failed" });
    expect(e.extensions!.fieldErrors.name).toBe("Dit veld is verplicht.");
    expect(e.extensions!.fieldErrors.email).toBeTruthy();
    const loc = await fails(`mutation { addLocation(input: { name: "X" }) { _id } }`);
    expect(loc.extensions!.fieldErrors).toHaveProperty("address");
    expect(
      (await ok(`{ allParticipants(filter: { email: "nope" }) { ${PAGE} } }`)).allParticipants.pageInfo.totalCount,
    ).toBe(0);
  });

  it("manages the category tree", async () => {
    const add = `mutation($i: CategoryInput!) { addCategory(input: $i) { _id name leaf parent { _id } } }`;
    const root = (await ok(add, { i: { name: "Root" } })).addCategory;
    const kid = (await ok(add, { i: { name: "Kid", parent: root._id } })).addCategory;
    const grand = (await ok(add, { i: { name: "Grand", parent: kid._id } })).addCategory;
    expect(kid.parent._id).toBe(root._id);
    const roots = (await ok(`{ allCategories(parent: null) { edges { node { _id leaf } } } }`)).allCategories.edges;
    expect(roots).toEqual([{ node: { _id: root._id, leaf: false } }]);
    const kids = (
      await ok(
        `query($p: ID) { allCategories(parent: $p, orderBy: NAME, order: ASC) { edges { node { _id } } ${PAGE} } }`,
        { p: kid._id },
      )
    ).allCategories;
    expect(kids.edges.map((e: any) => e.node._id)).toEqual([grand._id]);
    expect((await ok(`{ allCategories { ${PAGE} } }`)).allCategories.pageInfo.totalCount).toBe(3);
    expect(
      (await ok(`{ allCategories(filter: { name: "GRA" }) { edges { node { name leaf } } } }`)).allCategories.edges[0]
        .node,
    ).toEqual({ name: "Grand", leaf: true });

    const cycle = await fails(
      `mutation($id: ID!, $p: ID) { updateCategory(id: $id, input: { name: "Root", parent: $p }) { _id } }`,
      { id: root._id, p: grand._id },
    );
    expect(cycle.extensions).toMatchObject({ code: "INVALID_CATEGORY_PARENT", reason: "invalid_category_parent" });
    const renamed = (
      await ok(`mutation($id: ID!) { updateCategory(id: $id, input: { name: "Kid 2" }) { name parent { _id } } }`, {
        id: kid._id,
      })
    ).updateCategory;
    expect(renamed).toEqual({ name: "Kid 2", parent: { _id: root._id } });
    const removed = (await ok(`mutation($id: ID!) { removeCategory(id: $id) }`, { id: root._id })).removeCategory;
    expect(removed.sort()).toEqual([root._id, kid._id, grand._id].sort());
    expect((await ok(`{ allCategories { ${PAGE} } }`)).allCategories.pageInfo.totalCount).toBe(0);
  });

  it("imports participants and companies, updating on re-import", async () => {
    const q = `mutation($d: [ParticipantInput!]!) { importParticipants(data: $d) { _id name company { name } } }`;
    const first = (
      await ok(q, { d: [{ name: "Imp", email: "imp@gql.test", externalId: "I-1", company: "Imported Co" }] })
    ).importParticipants;
    expect(first[0].company.name).toBe("Imported Co");
    const again = (await ok(q, { d: [{ name: "Imp 2", email: "other@gql.test", externalId: "I-1" }] }))
      .importParticipants;
    // No company given: the stored one stays.
    expect(again[0]).toMatchObject({ _id: first[0]._id, name: "Imp 2", company: { name: "Imported Co" } });
    const bad = await fails(q, { d: [{ name: "X", email: "x" }] });
    expect(bad.extensions).toMatchObject({ code: "BAD_REQUEST" });
    expect(bad.extensions!.fieldErrors).toHaveProperty("0.email");
    const c = `mutation($d: [CompanyInput!]!) { importCompanies(data: $d) { _id name } }`;
    const cs = (await ok(c, { d: [{ name: "Imported Co" }, { name: "Fresh Co" }] })).importCompanies;
    expect(cs.map((x: any) => x.name)).toEqual(["Imported Co", "Fresh Co"]);
    const ws = await fails(`mutation { importCompanies(data: [{ name: "Z" }], workspace: "nope") { _id } }`);
    expect(ws.extensions).toMatchObject({ code: "NOT_FOUND", reason: "workspace_not_found" });
  });

  it("refuses an import above the row cap with BAD_REQUEST in the caller's language, saving nothing", async () => {
    const data = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => ({
      name: `Cap ${i}`,
      email: `cap${i}@gql.test`,
    }));
    const res = await gql(
      "admin",
      `mutation($d: [ParticipantInput!]!) { importParticipants(data: $d) { _id } }`,
      { d: data },
      { cookie: manager, locale: "nl-nl" },
    );
    expect(res.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "import_too_large" });
    expect(res.body.errors![0]!.message).toContain(`hoogstens ${MAX_IMPORT_ROWS} rijen`);
    const firms = await gql(
      "admin",
      `mutation($d: [CompanyInput!]!) { importCompanies(data: $d) { _id } }`,
      { d: data.map((d) => ({ name: d.name })) },
      { cookie: manager },
    );
    expect(firms.body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "import_too_large" });
    expect(
      (await ok(`{ allParticipants(filter: { name: "Cap " }) { pageInfo { totalCount } } }`)).allParticipants.pageInfo
        .totalCount,
    ).toBe(0);
  });

  it("lets a reader read but refuses changes with FORBIDDEN", async () => {
    expect(
      (await ok(`{ allCompanies { ${PAGE} } }`, {}, readerCookie)).allCompanies.pageInfo.totalCount,
    ).toBeGreaterThan(0);
    for (const m of [
      `mutation { addCategory(input: { name: "N" }) { _id } }`,
      `mutation { addSupplyObject(input: { name: "N" }) { _id } }`,
      `mutation { addCompany(input: { name: "N" }) { _id } }`,
      `mutation { addContext(input: { name: "N" }) { _id } }`,
      `mutation { addParticipant(input: { name: "N", email: "n@gql.test" }) { _id } }`,
      `mutation { importParticipants(data: []) { _id } }`,
    ]) {
      expect((await fails(m, {}, readerCookie)).extensions).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(
      (await ok(`{ allCompanies(filter: { name: "N" }) { edges { node { name } } } }`)).allCompanies.edges.every(
        (e: any) => e.node.name !== "N",
      ),
    ).toBe(true);
  });

  it("reads single objects by id, and another tenant's ids answer NOT_FOUND", async () => {
    const made = (await ok(`mutation {
        c: addCategory(input: { name: "ById cat" }) { _id }
        s: addSupplyObject(input: { name: "ById supply" }) { _id }
        l: addLocation(input: { name: "ById hall", address: { line1: "Dok 1", city: "Gent", country: "BE" } }) { _id }
        co: addCompany(input: { name: "ById firm" }) { _id }
        x: addContext(input: { name: "ById context" }) { _id }
      }`)) as Record<string, { _id: string }>;
    const cases: Array<[string, string, string]> = [
      ["categoryById", made.c!._id, "category_not_found"],
      ["supplyObjectById", made.s!._id, "supplyobject_not_found"],
      ["locationById", made.l!._id, "location_not_found"],
      ["companyById", made.co!._id, "company_not_found"],
      ["contextById", made.x!._id, "context_not_found"],
    ];
    for (const [field, id, reason] of cases) {
      const q = `query($id: ID!) { ${field}(id: $id) { _id _type name } }`;
      expect((await ok(q, { id }))[field]).toMatchObject({ _id: id, name: expect.stringMatching(/^ById/) });
      expect((await fails(q, { id }, otherManager)).extensions).toMatchObject({ code: "NOT_FOUND", reason });
    }
  });

  it("sorts with the spec's enums", async () => {
    const q = `{ allParticipants(orderBy: EXTERNAL_ID, order: DESC, first: 100) { edges { node { externalId } } } }`;
    const ext = (await ok(q)).allParticipants.edges.map((e: any) => e.node.externalId).filter(Boolean);
    expect(ext).toEqual([...ext].sort().reverse());
    const bad = await fails(`{ allCompanies(orderBy: EMAIL) { ${PAGE} } }`);
    expect(bad.extensions).toMatchObject({ code: "BAD_REQUEST" });
    expect(
      (await ok(`{ allCategories(orderBy: NAME, order: DESC, parent: null) { ${PAGE} } }`)).allCategories.pageInfo
        .pageSize,
    ).toBe(20);
  });

  it("answers UNAUTHORIZED without a session and NOT_FOUND for another tenant's ids", async () => {
    expect((await fails(`{ allCategories { ${PAGE} } }`, {}, "")).extensions).toMatchObject({ code: "UNAUTHORIZED" });
    const co = (await ok(`mutation { addCompany(input: { name: "Private Co" }) { _id } }`)).addCompany;
    const p = (await ok(`mutation { addParticipant(input: { name: "Priv", email: "priv@gql.test" }) { _id } }`))
      .addParticipant;
    const cat = (await ok(`mutation { addCategory(input: { name: "Priv" }) { _id } }`)).addCategory;
    const cases: Array<[string, string]> = [
      [`query($id: ID!) { participantById(id: $id) { _id } }`, "participant_not_found"],
      [`mutation($id: ID!) { removeParticipant(id: $id) { id } }`, "participant_not_found"],
    ];
    for (const [q, reason] of cases)
      expect((await fails(q, { id: p._id }, otherManager)).extensions).toMatchObject({ code: "NOT_FOUND", reason });
    expect(
      (await fails(`mutation($id: ID!) { removeCompany(id: $id) { id } }`, { id: co._id }, otherManager)).extensions,
    ).toMatchObject({ code: "NOT_FOUND", reason: "company_not_found" });
    expect(
      (await fails(`mutation($id: ID!) { removeCategory(id: $id) }`, { id: cat._id }, otherManager)).extensions,
    ).toMatchObject({ code: "NOT_FOUND", reason: "category_not_found" });
    expect(
      (await fails(`query($id: ID) { allCategories(parent: $id) { ${PAGE} } }`, { id: cat._id }, otherManager))
        .extensions,
    ).toMatchObject({ reason: "category_not_found" });
    expect(
      (
        await fails(
          `mutation($id: ID!) { updateSupplyObject(id: $id, input: { name: "x" }) { _id } }`,
          { id: "nope" },
          otherManager,
        )
      ).extensions,
    ).toMatchObject({ reason: "supplyobject_not_found" });
    expect(
      (
        await fails(
          `mutation($id: ID!) { updateLocation(id: $id, input: { name: "x", address: { line1: "a", city: "b", country: "c" } }) { _id } }`,
          { id: "nope" },
          otherManager,
        )
      ).extensions,
    ).toMatchObject({ reason: "location_not_found" });
    expect(
      (await fails(`mutation($id: ID!) { removeContext(id: $id) { id } }`, { id: "nope" }, otherManager)).extensions,
    ).toMatchObject({ reason: "context_not_found" });
  });
});
