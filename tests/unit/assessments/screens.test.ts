import { beforeAll, describe, expect, it } from "vitest";
import { loader as entryLoader } from "~/routes/admin.assessments._index";
import { action as listAction, loader as listLoader } from "~/routes/admin.assessments.questions._index";
import { action as createAction } from "~/routes/admin.assessments.questions.create";
import { loader as copyLoader } from "~/routes/admin.assessments.questions.create_.$question";
import { action as editAction, loader as editLoader } from "~/routes/admin.assessments.questions.edit.$question";
import { action as evalCreateAction } from "~/routes/admin.assessments.evaluations.create";
import { action as sessionCreateAction } from "~/routes/admin.assessments.sessions.create";
import { loader as sessionsLoader } from "~/routes/admin.assessments.sessions._index";
import { loader as evaluationsLoader } from "~/routes/admin.assessments.evaluations._index";
import { addCategory } from "~/modules/databases/categories.server";
import { addQuestion } from "~/modules/assessments/questions.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { loginOverGraphQL } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

let cookie: string;
let slug: string;
let readerCookie: string;
const context = { clientAddress: "10.0.0.7" };

const post = (path: string, fields: Record<string, string>, c = cookie) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body,
    headers: { Cookie: c, "Accept-Language": "fr-fr" },
  });
};
const get = (path: string, c = cookie) => new Request(`http://localhost${path}`, { headers: { Cookie: c } });
const run = (fn: (a: any) => any, request: Request, params: Record<string, string> = {}) =>
  fn({ request, context, params });

beforeAll(async () => {
  const { tenant } = await makeTenant("as-screens");
  slug = tenant.slug;
  cookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
  const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", tenant.slug, (reader.actor as { email: string }).email);
});

describe("assessment screens (loaders and actions)", () => {
  it("creates, copies, edits, lists and removes a question through the screens", async () => {
    const bad = await run(
      createAction,
      post("/admin/assessments/questions/create", {
        payload: JSON.stringify({
          name: "P",
          maxTime: 10,
          steps: [
            {
              type: "PRACTICAL",
              question: [{ type: "text", html: "<p>Q?</p>" }],
              score: 1,
              answer: { textlistValue: ["a"], numericlistValue: [40] },
            },
          ],
        }),
      }),
    );
    expect(bad.ok).toBe(false);
    expect(bad.fieldErrors["steps.0.answer.numericlistValue"]).toMatch(/au moins 100/);

    const created = await run(
      createAction,
      post("/admin/assessments/questions/create", { payload: JSON.stringify({ name: "Screen Q", maxTime: 10 }) }),
    );
    expect(created).toMatchObject({ ok: true });
    const copy = await run(copyLoader, get(`/admin/assessments/questions/create/${created.id}`), {
      question: created.id,
    });
    expect(copy.question.name).toBe("Screen Q (copy)");
    const edit = await run(editLoader, get(`/admin/assessments/questions/edit/${created.id}`), {
      question: created.id,
    });
    expect(edit).toMatchObject({ mode: "edit", canWrite: true, question: { name: "Screen Q" } });
    expect(
      await run(editAction, post("/", { payload: JSON.stringify({ name: "Screen Q2", maxTime: 11 }) }), {
        question: created.id,
      }),
    ).toMatchObject({ ok: true, id: created.id });

    const list = await run(listLoader, get("/admin/assessments/questions?q=screen&sort=NAME&dir=ASC&layout=NARROW"));
    expect(list.layout).toBe("NARROW");
    expect(list.list.edges.map((e: any) => e.node.name)).toEqual(["Screen Q2"]);
    expect((await run(entryLoader, get("/admin/assessments"))).counts.questions).toBe(1);

    const ev = await run(
      evalCreateAction,
      post("/", { payload: JSON.stringify({ name: "Screen E", questions: [created.id] }) }),
    );
    expect(ev.ok).toBe(true);
    const refused = await run(listAction, post("/", { intent: "remove", id: created.id }));
    expect(refused).toMatchObject({ ok: false, references: [{ id: ev.id, title: "Screen E", type: "Evaluation" }] });

    const s = await run(
      sessionCreateAction,
      post("/", { payload: JSON.stringify({ name: "Screen S", passPercentage: 60, evaluations: [ev.id] }) }),
    );
    expect(s.ok).toBe(true);
    expect(
      (await run(sessionsLoader, get("/admin/assessments/sessions"))).list.edges[0].node.resolvedEvaluations,
    ).toEqual([expect.objectContaining({ _id: ev.id })]);
  });

  it("hides write controls from readers and refuses their changes", async () => {
    const list = await run(listLoader, get("/admin/assessments/questions", readerCookie));
    expect(list.canWrite).toBe(false);
    const refused = await run(
      createAction,
      post("/", { payload: JSON.stringify({ name: "Nope", maxTime: 10 }) }, readerCookie),
    );
    expect(refused).toMatchObject({ ok: false });
    const after = await run(listLoader, get("/admin/assessments/questions?q=nope", readerCookie));
    expect(after.list.pageInfo.totalCount).toBe(0);
    await expect(run(listLoader, new Request("http://localhost/admin/assessments/questions"))).rejects.toBeInstanceOf(
      Response,
    );
  });

  it("filters lists on a category including everything below it, and offers the categories by path", async () => {
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    const safety = await addCategory(manager, { name: "Tree Safety" });
    const cranes = await addCategory(manager, { name: "Tree Cranes", parent: safety._id });
    const other = await addCategory(manager, { name: "Tree Other" });
    const inChild = await addQuestion(manager, { name: "Tree Q child", maxTime: 5, categories: [cranes._id] });
    await addQuestion(manager, { name: "Tree Q other", maxTime: 5, categories: [other._id] });
    await addEvaluation(manager, { name: "Tree E child", categories: [cranes._id], questions: [inChild._id] });

    const data = await run(listLoader, get(`/admin/assessments/questions?category=${safety._id}&q=Tree`));
    expect(data.list.edges.map((e: any) => e.node.name)).toEqual(["Tree Q child"]);
    expect(data.categoryOptions).toEqual(
      expect.arrayContaining([{ _id: cranes._id, path: "Tree Safety › Tree Cranes" }]),
    );
    const onChild = await run(listLoader, get(`/admin/assessments/questions?category=${cranes._id}&q=Tree`));
    expect(onChild.list.edges.map((e: any) => e.node.name)).toEqual(["Tree Q child"]);
    const onOther = await run(evaluationsLoader, get(`/admin/assessments/evaluations?category=${other._id}`));
    expect(onOther.list.edges).toHaveLength(0);
    const evaluations = await run(evaluationsLoader, get(`/admin/assessments/evaluations?category=${safety._id}`));
    expect(evaluations.list.edges.map((e: any) => e.node.name)).toEqual(["Tree E child"]);
  });
});
