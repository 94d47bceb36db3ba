import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addCompany, removeCompany } from "~/modules/databases/companies.server";
import { addParticipant } from "~/modules/databases/participants.server";
import { decodeCursor } from "~/lib/paging.server";
import { canWrite, entityIntents } from "~/modules/databases/screens.server";
import { nameListScreen } from "~/routes/admin.databases+shared/entity-routes.server";
import { formInput, runIntent } from "~/lib/intent-action.server";
import { listQuery, pageArgs } from "~/lib/list-query.server";
import { loadOrFail } from "~/lib/form-result.server";
import {
  addSupplyObject,
  getSupplyObject,
  listSupplyObjects,
  removeSupplyObject,
  updateSupplyObject,
} from "~/modules/databases/supplies.server";
import { loader as participantsLoader } from "~/routes/admin.databases.participants";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

let ctx: Ctx;
let reader: Ctx;

const post = (fields: Record<string, string>) =>
  new Request("http://localhost/x", { method: "POST", body: new URLSearchParams(fields) });

beforeAll(async () => {
  const slug = (await makeTenant("db-scr-a")).tenant.slug;
  ctx = await staffCtx(slug, ["ORGANIZATION_WRITER"], "nl-nl");
  reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
});

describe("screen helpers", () => {
  it("reads list state from GET params, ignoring unknown sorts", () => {
    const q = listQuery(new Request("http://x/?q=%20ab%20&sort=EMAIL&dir=DESC&page=3"), ["NAME", "EMAIL"], "NAME");
    expect(q).toEqual({ q: "ab", sort: "EMAIL", dir: "DESC", page: 3 });
    expect(listQuery(new Request("http://x/?sort=EVIL&page=-2"), ["NAME"], "NAME")).toEqual({
      q: "",
      sort: "NAME",
      dir: "ASC",
      page: 1,
    });
    expect(decodeCursor(pageArgs(q).after)).toBe(39);
  });

  it("a name list screen searches by name, redirects a page past the end and tells whether to show write buttons", async () => {
    await addSupplyObject(ctx, { name: "Namelist ladder" });
    const found = await nameListScreen(
      ctx,
      new Request("http://x/admin/databases/supplies?q=namelist"),
      listSupplyObjects,
    );
    expect(found.list.edges.map((e) => e.node.name)).toEqual(["Namelist ladder"]);
    expect(found.canWrite).toBe(true);
    expect((await nameListScreen(reader, new Request("http://x/s?q=namelist"), listSupplyObjects)).canWrite).toBe(
      false,
    );
    const past = await nameListScreen(
      ctx,
      new Request("http://x/admin/databases/supplies?q=namelist&page=9"),
      listSupplyObjects,
    ).catch((e) => e);
    expect(past).toBeInstanceOf(Response);
    expect((past as Response).headers.get("Location")).toBe("/admin/databases/supplies?q=namelist");
  });

  it("the entity dialog's create, update and remove intents reach the module", async () => {
    const intents = entityIntents(ctx, {
      add: addSupplyObject,
      update: updateSupplyObject,
      remove: removeSupplyObject,
    });
    const made = await runIntent(ctx, post({ intent: "create", name: "Intent drill" }), intents);
    const id = (made as { data: { _id: string } }).data._id;
    await runIntent(ctx, post({ intent: "update", id, name: "Intent drill 2" }), intents);
    expect((await getSupplyObject(ctx, id)).name).toBe("Intent drill 2");
    expect(await runIntent(ctx, post({ intent: "remove", id }), intents)).toMatchObject({ ok: true, intent: "remove" });
    expect(
      await runIntent(
        reader,
        post({ intent: "remove", id }),
        entityIntents(reader, { add: addSupplyObject, update: updateSupplyObject, remove: removeSupplyObject }),
      ),
    ).toMatchObject({ ok: false });
  });

  it("nests dotted form fields", () => {
    const form = new FormData();
    form.set("intent", "create");
    form.set("name", "Hall");
    form.set("address.city", "Gent");
    expect(formInput(form)).toEqual({ name: "Hall", address: { city: "Gent" } });
  });

  it("runs an intent and translates field errors into the user's language", async () => {
    const res = await runIntent(ctx, post({ intent: "create", name: "" }), {
      create: (input) => addSupplyObject(ctx, input),
    });
    expect(res).toMatchObject({ ok: false, intent: "create", fieldErrors: { name: "Dit veld is verplicht." } });
    expect(
      await runIntent(ctx, post({ intent: "create", name: "Saw" }), { create: (input) => addSupplyObject(ctx, input) }),
    ).toMatchObject({ ok: true });
  });

  it("answers an unknown intent, also one named like an Object.prototype member, with a clean 400", async () => {
    for (const intent of ["valueOf", "__proto__", "constructor", "hasOwnProperty", "toString", "nope"]) {
      const thrown = await runIntent(ctx, post({ intent, name: "x" }), {
        create: (input) => addSupplyObject(ctx, input),
      }).catch((e) => e);
      expect(thrown, intent).toBeInstanceOf(Response);
      expect((thrown as Response).status, intent).toBe(400);
      expect(await (thrown as Response).text(), intent).toBe("Bad Request");
    }
  });

  it("answers a refused removal with what still uses the object", async () => {
    const co = await addCompany(ctx, { name: "Busy" });
    const p = await addParticipant(ctx, { name: "Busy Bee", email: "bee@scr.test", company: co._id });
    const res = await runIntent(ctx, post({ intent: "remove", id: co._id }), {
      remove: (_i, id) => removeCompany(ctx, id),
    });
    expect(res).toMatchObject({ ok: false, references: [{ id: p._id, title: "Busy Bee", type: "Participant" }] });
  });

  it("refuses readers, hides write controls, and turns load errors into status responses", async () => {
    expect(canWrite(reader)).toBe(false);
    expect(canWrite(ctx)).toBe(true);
    const res = await runIntent(reader, post({ intent: "create", name: "x" }), {
      create: (input) => addSupplyObject(reader, input),
    });
    expect(res).toMatchObject({ ok: false, message: "You are not allowed to do this." });
    const thrown = await loadOrFail(ctx, () => getSupplyObject(ctx, "missing")).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});

describe("participants screen", () => {
  it("names the companies of the page's participants only (the form searches companies itself)", async () => {
    const slug = (await makeTenant("db-scr-people")).tenant.slug;
    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    const used = await addCompany(writer, { name: "Used Co" });
    const unused = await addCompany(writer, { name: "Unused Co" });
    await addParticipant(writer, { name: "Pia Page", email: "pia@page.test", company: used._id });
    await addParticipant(writer, { name: "Noa None", email: "noa@page.test" });
    const cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
    const request = new Request("http://localhost/admin/databases/participants", { headers: { Cookie: cookie } });
    const page = (await participantsLoader({
      request,
      context: { clientAddress: "10.2.2.2" },
      params: {},
    } as never)) as any;
    expect(page.list.edges.map((e: any) => e.node.name)).toEqual(["Noa None", "Pia Page"]);
    expect(page.companyNames).toEqual({ [used._id]: "Used Co" });
    expect(page.companyNames[unused._id]).toBeUndefined();
  });
});
