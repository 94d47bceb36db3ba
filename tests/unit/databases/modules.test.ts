import { beforeAll, describe, expect, it } from "vitest";
import { categories, companies, participants } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import {
  addCategory,
  categoryPath,
  categorySubtree,
  childCounts,
  getCategory,
  listCategories,
  removeCategory,
  updateCategory,
  descendantsOf,
} from "~/modules/databases/categories.server";
import { registerReferenceFinder } from "~/lib/references.server";
import {
  addCompany,
  companiesByIds,
  getCompany,
  listCompanies,
  removeCompany,
  updateCompany,
} from "~/modules/databases/companies.server";
import {
  addContext,
  getContext,
  listContexts,
  removeContext,
  updateContext,
} from "~/modules/databases/contexts.server";
import {
  addLocation,
  getLocation,
  listLocations,
  removeLocation,
  updateLocation,
} from "~/modules/databases/locations.server";
import {
  addParticipant,
  listParticipants,
  participantById,
  removeParticipant,
  updateParticipant,
} from "~/modules/databases/participants.server";
import {
  addSupplyObject,
  getSupplyObject,
  listSupplyObjects,
  removeSupplyObject,
  updateSupplyObject,
} from "~/modules/databases/supplies.server";
import { databasesOverview } from "~/modules/databases/overview.server";
import { afterForPage, decodeCursor, encodeCursor } from "~/lib/paging.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";

let ctx: Ctx;
let reader: Ctx;
let otherCtx: Ctx;

const ADDRESS = { line1: "Main 1", city: "Ghent", region: "", postal: "9000", country: "BE" };

beforeAll(async () => {
  const a = await makeTenant("db-mod-a");
  const b = await makeTenant("db-mod-b");
  ctx = await staffCtx(a.tenant.slug, ["ORGANIZATION_WRITER"]);
  reader = await staffCtx(a.tenant.slug, ["ORGANIZATION_READER"]);
  otherCtx = await staffCtx(b.tenant.slug);
});

describe("paging", () => {
  it("encodes opaque offsets and pages by number", () => {
    expect(decodeCursor(encodeCursor(41))).toBe(41);
    expect(decodeCursor("garbage")).toBe(-1);
    expect(afterForPage(1)).toBeNull();
    expect(decodeCursor(afterForPage(3))).toBe(39);
  });
});

describe("supply objects", () => {
  it("adds, reads, lists, updates and removes", async () => {
    const s = await addSupplyObject(ctx, { name: "  Hammer " });
    expect(s).toMatchObject({ name: "Hammer", _type: "SupplyObject", _rev: 1 });
    expect((await getSupplyObject(ctx, s._id)).name).toBe("Hammer");
    const u = await updateSupplyObject(ctx, s._id, { name: "Big hammer" });
    expect(u._rev).toBe(2);
    expect((await listSupplyObjects(ctx, { filter: { name: "BIG" } })).pageInfo.totalCount).toBe(1);
    expect(await removeSupplyObject(ctx, s._id)).toEqual({ id: s._id });
    expect((await refusal(getSupplyObject(ctx, s._id))).reason).toBe("supplyobject_not_found");
  });

  it("pages 20 at a time with cursors, sorted by name both ways", async () => {
    for (let i = 0; i < 25; i++) await addSupplyObject(ctx, { name: `Item ${String(i).padStart(2, "0")}` });
    const first = await listSupplyObjects(ctx, {});
    expect(first.edges).toHaveLength(20);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false, pageSize: 20, totalCount: 25 });
    expect(first.edges[0]!.node.name).toBe("Item 00");
    const second = await listSupplyObjects(ctx, { after: first.pageInfo.endCursor });
    expect(second.edges).toHaveLength(5);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const desc = await listSupplyObjects(ctx, { order: "DESC", orderBy: "NAME", first: 2 });
    expect(desc.edges.map((e) => e.node.name)).toEqual(["Item 24", "Item 23"]);
  });

  it("refuses an empty name with a translated field key and saves nothing", async () => {
    const before = (await listSupplyObjects(ctx)).pageInfo.totalCount;
    const e = await refusal(addSupplyObject(ctx, { name: "  " }));
    expect(e.code).toBe("BAD_REQUEST");
    expect(e.fieldErrors).toEqual({ name: { key: "validation:required" } });
    expect((await listSupplyObjects(ctx)).pageInfo.totalCount).toBe(before);
  });
});

describe("contexts", () => {
  it("keeps name and description", async () => {
    const c = await addContext(ctx, { name: "Workshop", description: "On site" });
    expect(c).toMatchObject({ name: "Workshop", description: "On site", _type: "Context" });
    expect((await updateContext(ctx, c._id, { name: "Lab", description: "" })).description).toBeNull();
    expect((await getContext(ctx, c._id)).name).toBe("Lab");
    expect((await listContexts(ctx, { filter: { name: "la" } })).edges.map((e) => e.node._id)).toContain(c._id);
    await removeContext(ctx, c._id);
    expect((await refusal(getContext(ctx, c._id))).reason).toBe("context_not_found");
  });
});

describe("locations", () => {
  it("requires an address with line1, city and country", async () => {
    expect((await refusal(addLocation(ctx, { name: "Hall" }))).fieldErrors).toEqual({
      address: { key: "validation:required" },
    });
    const e = await refusal(addLocation(ctx, { name: "Hall", address: { line1: "", city: "Gent" } }));
    expect(e.fieldErrors).toMatchObject({
      "address.line1": { key: "validation:required" },
      "address.country": { key: "validation:required" },
    });
    const l = await addLocation(ctx, { name: "Hall", address: ADDRESS });
    expect(l.address).toEqual({ ...ADDRESS, region: null });
    expect((await updateLocation(ctx, l._id, { name: "Hall B", address: ADDRESS })).name).toBe("Hall B");
    expect((await getLocation(ctx, l._id))._rev).toBe(2);
    expect((await listLocations(ctx)).pageInfo.totalCount).toBe(1);
    await removeLocation(ctx, l._id);
    expect((await refusal(getLocation(ctx, l._id))).reason).toBe("location_not_found");
  });
});

describe("companies and participants", () => {
  it("keeps an optional address and unique names", async () => {
    const c = await addCompany(ctx, { name: "Acme" });
    expect(c.address).toBeNull();
    expect((await refusal(addCompany(ctx, { name: "ACME" }))).fieldErrors).toEqual({
      name: { key: "validation:name-taken" },
    });
    const u = await updateCompany(ctx, c._id, { name: "Acme", address: { city: "Lyon" } });
    expect(u.address).toMatchObject({ city: "Lyon", line1: null });
    expect((await getCompany(ctx, c._id)).address?.city).toBe("Lyon");
    expect((await listCompanies(ctx, { filter: { name: "cm" } })).pageInfo.totalCount).toBe(1);
    expect((await companiesByIds(ctx, [c._id])).get(c._id)?.name).toBe("Acme");
  });

  it("adds, filters, sorts, updates and removes participants", async () => {
    const firm = await addCompany(ctx, { name: "Firm" });
    const p = await addParticipant(ctx, {
      name: "Zoë Zed",
      email: "Zoe@Example.test",
      externalId: "EXT-9",
      company: firm._id,
    });
    expect(p).toMatchObject({
      name: "Zoë Zed",
      email: "Zoe@Example.test",
      externalId: "EXT-9",
      companyId: firm._id,
      phone: null,
      _type: "Participant",
    });
    await addParticipant(ctx, { name: "Adam Alpha", email: "adam@example.test", externalId: "EXT-1" });
    expect((await listParticipants(ctx, { filter: { email: "ZOE@" } })).edges.map((e) => e.node._id)).toEqual([p._id]);
    expect((await listParticipants(ctx, { filter: { externalId: "ext-9" } })).pageInfo.totalCount).toBe(1);
    expect((await listParticipants(ctx, { filter: { id: p._id } })).pageInfo.totalCount).toBe(1);
    expect((await listParticipants(ctx, { filter: { name: "alpha" } })).pageInfo.totalCount).toBe(1);
    const byEmail = await listParticipants(ctx, { orderBy: "EMAIL", order: "DESC" });
    expect(byEmail.edges[0]!.node._id).toBe(p._id);
    const byExt = await listParticipants(ctx, { orderBy: "EXTERNAL_ID" });
    expect(byExt.edges.map((e) => e.node.externalId)).toEqual(["EXT-1", "EXT-9"]);
    const companyBefore = (await participantById(ctx, p._id)).companyId;
    expect(
      (await updateParticipant(ctx, p._id, { name: "Zoë", email: "zoe@example.test", phone: "+32 1" })).phone,
    ).toBe("+32 1");
    expect((await participantById(ctx, p._id)).companyId).toBe(companyBefore); // left out: unchanged
    expect((await updateParticipant(ctx, p._id, { company: null })).companyId).toBeNull(); // null: cleared
    await removeParticipant(ctx, p._id);
    expect((await refusal(participantById(ctx, p._id))).reason).toBe("participant_not_found");
  });

  it("refuses missing or invalid e-mail, duplicates and unknown companies", async () => {
    expect((await refusal(addParticipant(ctx, { name: "X" }))).fieldErrors).toEqual({
      email: { key: "validation:required" },
    });
    expect((await refusal(addParticipant(ctx, { name: "X", email: "nope" }))).fieldErrors).toEqual({
      email: { key: "validation:email" },
    });
    expect((await refusal(addParticipant(ctx, { name: "", email: "x@y.test" }))).fieldErrors).toEqual({
      name: { key: "validation:required" },
    });
    await addParticipant(ctx, { name: "Dup", email: "dup@example.test", externalId: "D1" });
    expect((await refusal(addParticipant(ctx, { name: "Dup2", email: "DUP@example.test" }))).fieldErrors).toEqual({
      email: { key: "validation:email-taken" },
    });
    expect(
      (await refusal(addParticipant(ctx, { name: "Dup3", email: "d3@example.test", externalId: "D1" }))).fieldErrors,
    ).toEqual({
      externalId: { key: "validation:external-id-taken" },
    });
    const e = await refusal(addParticipant(ctx, { name: "Y", email: "y@example.test", company: "missing" }));
    expect([e.code, e.reason]).toEqual(["NOT_FOUND", "company_not_found"]);
  });

  it("refuses to remove a company participants use, listing them, and changes nothing", async () => {
    const firm = await addCompany(ctx, { name: "Used Inc" });
    const p = await addParticipant(ctx, { name: "Worker", email: "worker@example.test", company: firm._id });
    const e = await refusal(removeCompany(ctx, firm._id));
    expect([e.code, e.reason]).toEqual(["OBJECT_REFERENCED", "object_referenced"]);
    expect(e.references).toEqual([{ id: p._id, title: "Worker", type: "Participant" }]);
    expect((await getCompany(ctx, firm._id)).name).toBe("Used Inc");
    await removeParticipant(ctx, p._id);
    expect(await removeCompany(ctx, firm._id)).toEqual({ id: firm._id });
  });
});

describe("categories", () => {
  it("builds a tree, lists roots and children, walks paths", async () => {
    const root = await addCategory(ctx, { name: "Safety" });
    const child = await addCategory(ctx, { name: "Fire", parent: root._id });
    const grandchild = await addCategory(ctx, { name: "Extinguishers", parent: child._id });
    expect(child.parentId).toBe(root._id);
    expect((await listCategories(ctx, { parent: null })).edges.map((e) => e.node._id)).toContain(root._id);
    expect((await listCategories(ctx, { parent: root._id })).edges.map((e) => e.node._id)).toEqual([child._id]);
    expect((await listCategories(ctx, { filter: { name: "EXT" } })).edges.map((e) => e.node._id)).toEqual([
      grandchild._id,
    ]);
    expect((await categoryPath(ctx, [root._id, child._id])).map((c) => c.name)).toEqual(["Safety", "Fire"]);
    expect((await refusal(categoryPath(ctx, [child._id]))).reason).toBe("category_not_found");
    expect((await childCounts(ctx, [root._id, grandchild._id])).get(root._id)).toBe(1);
    expect(await categorySubtree(ctx, root._id)).toEqual([root._id, child._id, grandchild._id]);
    expect((await refusal(listCategories(ctx, { parent: "nope" }))).reason).toBe("category_not_found");
  });

  it("renames and moves, but never under itself or a descendant", async () => {
    const a = await addCategory(ctx, { name: "A" });
    const b = await addCategory(ctx, { name: "B", parent: a._id });
    const c = await addCategory(ctx, { name: "C", parent: b._id });
    for (const target of [a._id, b._id, c._id]) {
      const e = await refusal(updateCategory(ctx, a._id, { name: "A", parent: target }));
      expect([e.code, e.reason]).toEqual(["INVALID_CATEGORY_PARENT", "invalid_category_parent"]);
    }
    expect((await getCategory(ctx, a._id)).parentId).toBeNull();
    expect((await updateCategory(ctx, c._id, { name: "C2" })).parentId).toBe(b._id);
    expect((await updateCategory(ctx, c._id, { name: "C2", parent: null })).parentId).toBeNull();
    expect((await updateCategory(ctx, a._id, { name: "A", parent: c._id })).parentId).toBe(c._id);
    expect((await refusal(addCategory(ctx, { name: "X", parent: "missing" }))).reason).toBe("category_not_found");
  });

  it("removes a category with its whole subtree", async () => {
    const r = await addCategory(ctx, { name: "Gone" });
    const k = await addCategory(ctx, { name: "Gone kid", parent: r._id });
    const g = await addCategory(ctx, { name: "Gone grandkid", parent: k._id });
    expect((await removeCategory(ctx, r._id)).sort()).toEqual([r._id, k._id, g._id].sort());
    expect((await refusal(getCategory(ctx, g._id))).reason).toBe("category_not_found");
  });

  it("lists what a removal takes along, per category of a page", async () => {
    const r = await addCategory(ctx, { name: "Top" });
    const k = await addCategory(ctx, { name: "Mid", parent: r._id });
    await addCategory(ctx, { name: "Bottom", parent: k._id });
    const leaf = await addCategory(ctx, { name: "Alone" });
    const below = await descendantsOf(ctx, [r._id, leaf._id]);
    expect(below.get(r._id)).toEqual(["Bottom", "Mid"]);
    expect(below.get(leaf._id)).toEqual([]);
  });

  it("refuses to remove a subtree when something uses one of its categories, changing nothing", async () => {
    const r = await addCategory(ctx, { name: "Used root" });
    const k = await addCategory(ctx, { name: "Used kid", parent: r._id });
    registerReferenceFinder("Category", async (_db, ids) =>
      ids.includes(k._id) ? [{ id: "q1", title: "Question one", type: "Question" }] : [],
    );
    const e = await refusal(removeCategory(ctx, r._id));
    expect([e.code, e.reason]).toEqual(["OBJECT_REFERENCED", "object_referenced"]);
    expect(e.references).toEqual([{ id: "q1", title: "Question one", type: "Question" }]);
    expect((await getCategory(ctx, r._id)).name).toBe("Used root");
    expect((await getCategory(ctx, k._id)).parentId).toBe(r._id);
  });
});

describe("permissions and tenants", () => {
  it("lets a reader read but not change anything", async () => {
    expect((await listSupplyObjects(reader)).pageInfo.totalCount).toBeGreaterThan(0);
    for (const attempt of [
      addSupplyObject(reader, { name: "No" }),
      addCategory(reader, { name: "No" }),
      addCompany(reader, { name: "No" }),
      addLocation(reader, { name: "No", address: ADDRESS }),
      addContext(reader, { name: "No" }),
      addParticipant(reader, { name: "No", email: "no@example.test" }),
    ]) {
      expect((await refusal(attempt)).code).toBe("FORBIDDEN");
    }
    const rows = await reader.tdb.db.select().from(companies).all();
    expect(rows.some((r) => r.name === "No")).toBe(false);
  });

  it("answers NOT_FOUND for another tenant's ids", async () => {
    const s = await addSupplyObject(ctx, { name: "Mine" });
    const cat = await addCategory(ctx, { name: "Mine" });
    const comp = await addCompany(ctx, { name: "Mine" });
    const loc = await addLocation(ctx, { name: "Mine", address: ADDRESS });
    const con = await addContext(ctx, { name: "Mine" });
    const p = await addParticipant(ctx, { name: "Mine", email: "mine@example.test" });
    const cases: Array<[Promise<unknown>, string]> = [
      [getSupplyObject(otherCtx, s._id), "supplyobject_not_found"],
      [updateCategory(otherCtx, cat._id, { name: "x" }), "category_not_found"],
      [removeCompany(otherCtx, comp._id), "company_not_found"],
      [removeLocation(otherCtx, loc._id), "location_not_found"],
      [updateContext(otherCtx, con._id, { name: "x" }), "context_not_found"],
      [participantById(otherCtx, p._id), "participant_not_found"],
      [removeCategory(otherCtx, cat._id), "category_not_found"],
      [addParticipant(otherCtx, { name: "x", email: "x@x.test", company: comp._id }), "company_not_found"],
    ];
    // Every refusal is caught as soon as it is made: writes made together fail together.
    const refusals = cases.map(([attempt, reason]) => refusal(attempt).then((e) => [e, reason] as const));
    for (const [e, reason] of await Promise.all(refusals)) expect([e.code, e.reason]).toEqual(["NOT_FOUND", reason]);
  });

  it("counts every section for the overview", async () => {
    const overview = await databasesOverview(ctx);
    expect(overview.map((o) => o.section)).toEqual([
      "categories",
      "supplies",
      "locations",
      "participants",
      "companies",
      "contexts",
    ]);
    const db = ctx.tdb.db;
    expect(overview.find((o) => o.section === "participants")!.count).toBe(
      (await db.select().from(participants).all()).length,
    );
    expect(overview.find((o) => o.section === "categories")!.count).toBe(
      (await db.select().from(categories).all()).length,
    );
  });
});
