import { beforeAll, describe, expect, it } from "vitest";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, managerOf } from "../support/tenants";

// One rule for every update mutation: a field left out keeps its value, a field sent as null is
// cleared. Each row: how to create the object (with its optional fields set), an update that
// leaves them out, what must still be there, an update that sends null, what must then be gone.

let cookie: string;
let slug: string;
const ok = async (query: string, variables: Record<string, unknown> = {}) => {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
};

type Case = {
  type: string;
  fields: string;
  add: () => Promise<Record<string, unknown>>;
  leaveOut: Record<string, unknown>;
  kept: (doc: any) => void;
  nulls: Record<string, unknown>;
  cleared: (doc: any) => void;
};

let ids: Record<string, string> = {};

beforeAll(async () => {
  slug = (await makeTenant("upd-sem", "Update Semantics")).tenant.slug;
  cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const d = await ok(`mutation {
    cat: addCategory(input: { name: "Cranes" }) { _id }
    co: addCompany(input: { name: "Acme" }) { _id }
    loc: addLocation(input: { name: "Hall", address: { line1: "Quay 1", city: "Ghent", country: "BE" } }) { _id }
  }`);
  const q = await ok(`mutation { addQuestion(input: { name: "Lift", maxTime: 60 }) { _id } }`);
  const e = await ok(`mutation { addEvaluation(input: { name: "Basics" }) { _id } }`);
  const s = await ok(
    `mutation($e: ID!) { addSession(input: { name: "Crane day", passPercentage: 60, evaluations: [$e], referenceFormat: "CRN" }) { _id } }`,
    {
      e: e.addEvaluation._id,
    },
  );
  ids = {
    category: d.cat._id,
    company: d.co._id,
    location: d.loc._id,
    question: q.addQuestion._id,
    evaluation: e.addEvaluation._id,
    session: s.addSession._id,
  };
  ids.manager = (await managerOf(slug))!.id;
});

const addOne = (mutation: string, input: Record<string, unknown>, fields: string) =>
  ok(`mutation($i: ${mutation.replace(/^add/, "")}Input!) { r: ${mutation}(input: $i) { _id ${fields} } }`, {
    i: input,
  }).then((d) => d.r);

const cases: Case[] = [
  {
    type: "Category",
    fields: "name parent { _id }",
    add: () => addOne("addCategory", { name: "Tower", parent: ids.category }, ""),
    leaveOut: { name: "Tower cranes" },
    kept: (c) => expect(c.parent).toEqual({ _id: ids.category }),
    nulls: { parent: null },
    cleared: (c) => expect(c.parent).toBeNull(),
  },
  {
    type: "SupplyObject",
    fields: "name",
    add: () => addOne("addSupplyObject", { name: "Helmet" }, ""),
    leaveOut: {},
    kept: (c) => expect(c.name).toBe("Helmet"),
    nulls: {},
    cleared: () => {},
  },
  {
    type: "Location",
    fields: "name address { line1 city postal country }",
    add: () =>
      addOne(
        "addLocation",
        { name: "Yard", address: { line1: "Dock 2", city: "Antwerp", postal: "2000", country: "BE" } },
        "",
      ),
    leaveOut: { name: "Yard 2", address: { city: "Antwerpen" } },
    kept: (c) => expect(c.address).toEqual({ line1: "Dock 2", city: "Antwerpen", postal: "2000", country: "BE" }),
    nulls: { address: { postal: null } },
    cleared: (c) => expect(c.address).toEqual({ line1: "Dock 2", city: "Antwerpen", postal: null, country: "BE" }),
  },
  {
    type: "Company",
    fields: "name address { line1 city country }",
    add: () =>
      addOne("addCompany", { name: "Lifters", address: { line1: "Road 3", city: "Liège", country: "BE" } }, ""),
    leaveOut: { name: "Lifters NV" },
    kept: (c) => expect(c.address).toEqual({ line1: "Road 3", city: "Liège", country: "BE" }),
    nulls: { address: null },
    cleared: (c) => expect(c.address).toBeNull(),
  },
  {
    type: "Participant",
    fields: "name email phone externalId company { _id }",
    add: () =>
      addOne(
        "addParticipant",
        { name: "Ann", email: "ann@upd.test", phone: "+32 470 00 00 00", externalId: "EXT-1", company: ids.company },
        "",
      ),
    leaveOut: { name: "Ann Peeters" },
    kept: (p) =>
      expect(p).toMatchObject({
        email: "ann@upd.test",
        phone: "+32 470 00 00 00",
        externalId: "EXT-1",
        company: { _id: ids.company },
      }),
    nulls: { phone: null, company: null },
    cleared: (p) => expect(p).toMatchObject({ email: "ann@upd.test", phone: null, externalId: "EXT-1", company: null }),
  },
  {
    type: "Context",
    fields: "name description",
    add: () => addOne("addContext", { name: "Night shift", description: "After 22:00" }, ""),
    leaveOut: { name: "Night" },
    kept: (c) => expect(c.description).toBe("After 22:00"),
    nulls: { description: null },
    cleared: (c) => expect(c.description).toBeNull(),
  },
  {
    type: "Question",
    fields: "name maxTime categories",
    add: () => addOne("addQuestion", { name: "Sling", maxTime: 90, categories: [ids.category] }, ""),
    leaveOut: { name: "Sling check", maxTime: 120 },
    kept: (q) => expect(q.categories).toEqual([ids.category]),
    nulls: { name: "Sling check", maxTime: 120, categories: null },
    cleared: (q) => expect(q.categories).toEqual([]),
  },
  {
    type: "Evaluation",
    fields: "name description categories questions options { enableTimer }",
    add: () =>
      addOne(
        "addEvaluation",
        {
          name: "Theory",
          description: "Part 1",
          categories: [ids.category],
          questions: [ids.question],
          options: { enableTimer: false },
        },
        "",
      ),
    leaveOut: { name: "Theory A" },
    kept: (e) =>
      expect(e).toMatchObject({
        description: "Part 1",
        categories: [ids.category],
        questions: [ids.question],
        options: { enableTimer: false },
      }),
    nulls: { name: "Theory A", description: null, categories: null },
    cleared: (e) => expect(e).toMatchObject({ description: null, categories: [], questions: [ids.question] }),
  },
  {
    type: "Session",
    fields: "name passPercentage referenceFormat categories evaluations",
    add: () =>
      addOne(
        "addSession",
        {
          name: "Exam",
          passPercentage: 70,
          referenceFormat: "EXM",
          categories: [ids.category],
          evaluations: [ids.evaluation],
        },
        "",
      ),
    leaveOut: { name: "Exam B", passPercentage: 75 },
    kept: (s) =>
      expect(s).toMatchObject({ referenceFormat: "EXM", categories: [ids.category], evaluations: [ids.evaluation] }),
    nulls: { name: "Exam B", passPercentage: 75, referenceFormat: null, categories: null },
    cleared: (s) => expect(s).toMatchObject({ referenceFormat: "", categories: [], evaluations: [ids.evaluation] }),
  },
  {
    type: "ScheduledSession",
    fields: "datetime location { _id } assignedUser { _id } status",
    add: () =>
      addOne(
        "addScheduledSession",
        { session: ids.session, datetime: "2031-05-05T08:00:00Z", location: ids.location, assignedUser: ids.manager },
        "",
      ),
    leaveOut: { datetime: "2031-05-06T08:00:00Z" },
    kept: (s) =>
      expect(s).toMatchObject({
        location: { _id: ids.location },
        assignedUser: { _id: ids.manager },
        status: "SCHEDULED",
      }),
    nulls: { location: null },
    cleared: (s) => expect(s).toMatchObject({ location: null, assignedUser: { _id: ids.manager } }),
  },
];

describe("update mutations: left out = unchanged, null = cleared", () => {
  for (const c of cases) {
    it(`update${c.type}`, async () => {
      const { _id } = await c.add();
      const update = (input: Record<string, unknown>) =>
        ok(`mutation($id: ID!, $i: ${c.type}Input!) { r: update${c.type}(id: $id, input: $i) { ${c.fields} } }`, {
          id: _id,
          i: input,
        }).then((d) => d.r);
      const afterLeaveOut = await update(c.leaveOut);
      c.kept(afterLeaveOut);
      for (const [key, value] of Object.entries(c.leaveOut))
        if (typeof value !== "object")
          expect(afterLeaveOut[key]).toEqual(key === "datetime" ? new Date(String(value)).toISOString() : value);
      c.cleared(await update(c.nulls));
    });
  }
});
