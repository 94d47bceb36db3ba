import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluations, questions, sessionTemplates, staffUsers } from "~db/tenant/schema";
import { addQuestion } from "~/modules/assessments/questions.server";
import type { Ctx } from "~/lib/context.server";
import { addSupplyObject } from "~/modules/databases/supplies.server";
import { addCategory, removeCategory } from "~/modules/databases/categories.server";
import { ANSWER, gql, loginOverGraphQL, RICH } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

let slug: string;
let manager: string;
let readerCookie: string;
let managerCtx: Ctx;

const PAGE = "pageInfo { endCursor startCursor hasNextPage hasPreviousPage pageSize totalCount }";
const DOC = "_id _createdAt _updatedAt _rev _type workspace owner { name objectOwnerType organization uid } visibility";
const Q_FIELDS = `${DOC} name maxTime categories supplies resolvedCategories { _id name } preparationInfo { ${RICH} } steps { key type question { ${RICH} } answer { ${ANSWER} } score } stepTypes totalScore canEdit`;

async function ok(query: string, variables: Record<string, unknown> = {}, cookie = manager) {
  const res = await gql("admin", query, variables, { cookie });
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}
async function fails(query: string, variables: Record<string, unknown> = {}, cookie = manager, locale?: string) {
  const res = await gql("admin", query, variables, { cookie, locale });
  expect(res.body.errors, JSON.stringify(res.body)).toBeTruthy();
  return res.body.errors![0]! as { message: string; extensions: Record<string, any> };
}

const ADD_Q = `mutation($i: QuestionInput!) { addQuestion(input: $i) { ${Q_FIELDS} } }`;
const ADD_E = `mutation($i: EvaluationInput!) { addEvaluation(input: $i) { ${DOC} name description questions options { enableTimer } resolvedQuestions { _id name } questionCount } }`;
const ADD_S = `mutation($i: SessionInput!) { addSession(input: $i) { ${DOC} name evaluations passPercentage referenceFormat resolvedEvaluations { _id name } } }`;

const practicalStep = {
  key: "p1",
  type: "PRACTICAL",
  score: 10,
  question: [{ type: "text", html: "<p>Do <b>it</b><script>alert(1)</script></p>" }],
  answer: { textlistValue: ["Gloves on", "Area secured"], numericlistValue: [60, 40] },
};

beforeAll(async () => {
  slug = (await makeTenant("as-gql-a")).tenant.slug;
  manager = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
  const reader = await staffCtx(slug, ["ORGANIZATION_READER"]);
  readerCookie = await loginOverGraphQL("admin", slug, (reader.actor as { email: string }).email);
  managerCtx = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
});

describe("assessments over GraphQL", () => {
  it("adds, reads, lists, updates and removes a question", async () => {
    const cat = await addCategory(managerCtx, { name: "Safety" });
    const sup = await addSupplyObject(managerCtx, { name: "Helmet" });
    const q = (
      await ok(ADD_Q, {
        i: {
          name: "Lift a load",
          maxTime: 120,
          categories: [cat._id],
          supplies: [sup._id],
          preparationInfo: [{ type: "text", html: '<p onclick="x">Read</p>' }],
          steps: [practicalStep],
        },
      })
    ).addQuestion;
    expect(q).toMatchObject({
      name: "Lift a load",
      maxTime: 120,
      _type: "Question",
      _rev: 1,
      visibility: "ORGANIZATION",
      stepTypes: ["PRACTICAL"],
      totalScore: 10,
      canEdit: true,
    });
    expect(q.owner).toEqual({
      name: `Tenant ${slug}`.replace(`Tenant ${slug}`, q.owner.name),
      objectOwnerType: "ORGANIZATION",
      organization: slug,
      uid: null,
    });
    expect(q.resolvedCategories).toEqual([{ _id: cat._id, name: "Safety" }]);
    expect(q.preparationInfo).toEqual([{ type: "text", html: "<p>Read</p>" }]);
    expect(q.steps[0].question).toEqual([{ type: "text", html: "<p>Do <b>it</b></p>" }]);

    const byId = (await ok(`query($id: ID!) { questionById(id: $id) { ${Q_FIELDS} } }`, { id: q._id })).questionById;
    expect(byId._id).toBe(q._id);

    const updated = (
      await ok(`mutation($id: ID!, $i: QuestionInput!) { updateQuestion(id: $id, input: $i) { name _rev maxTime } }`, {
        id: q._id,
        i: { name: "Lift a heavy load", maxTime: 90 },
      })
    ).updateQuestion;
    expect(updated).toEqual({ name: "Lift a heavy load", _rev: 2, maxTime: 90 });

    const list = (
      await ok(`{ allQuestions(filter: { name: "HEAVY" }) { edges { cursor node { _id name } } ${PAGE} } }`)
    ).allQuestions;
    expect(list.edges.map((e: any) => e.node._id)).toEqual([q._id]);
    expect(list.pageInfo).toMatchObject({ pageSize: 20, totalCount: 1, hasNextPage: false, hasPreviousPage: false });

    // An update keeps the fields its input leaves out.
    expect(
      (await ok(`query($id: ID!) { questionById(id: $id) { categories supplies steps { key } } }`, { id: q._id }))
        .questionById,
    ).toEqual({
      categories: [cat._id],
      supplies: [sup._id],
      steps: [{ key: "p1" }],
    });
    expect((await ok(`mutation($id: ID!) { removeQuestion(id: $id) { id } }`, { id: q._id })).removeQuestion).toEqual({
      id: q._id,
    });
    const gone = await fails(`query($id: ID!) { questionById(id: $id) { _id } }`, { id: q._id });
    expect(gone.extensions).toMatchObject({ code: "NOT_FOUND", reason: "question_not_found" });
    const gone2 = await fails(`mutation($id: ID!) { removeQuestion(id: $id) { id } }`, { id: q._id });
    expect(gone2.extensions).toMatchObject({ code: "NOT_FOUND", reason: "question_not_found" });
  });

  it("refuses invalid input with translated field errors and saves nothing", async () => {
    const before = (await ok(`{ allQuestions { pageInfo { totalCount } } }`)).allQuestions.pageInfo.totalCount;
    const bad = { ...practicalStep, answer: { textlistValue: ["a", "b"], numericlistValue: [50, -20] } };
    const e = await fails(ADD_Q, { i: { name: "Bad", maxTime: 10, steps: [bad] } }, manager, "nl-nl");
    expect(e.extensions.code).toBe("BAD_REQUEST");
    expect(Object.keys(e.extensions.fieldErrors)).toEqual(["steps.0.answer.numericlistValue"]);
    expect(e.extensions.fieldErrors["steps.0.answer.numericlistValue"]).not.toContain("assessments:");
    const e2 = await fails(ADD_Q, { i: { name: "", maxTime: 0 } });
    expect(Object.keys(e2.extensions.fieldErrors).sort()).toEqual(["maxTime", "name"]);
    const e3 = await fails(ADD_Q, { i: { name: "X", maxTime: 5, categories: ["nope"] } });
    expect(e3.extensions.fieldErrors.categories).toBeTruthy();
    expect((await ok(`{ allQuestions { pageInfo { totalCount } } }`)).allQuestions.pageInfo.totalCount).toBe(before);
  });

  it("builds evaluations and session templates and refuses removing what is in use", async () => {
    const cat = await addCategory(managerCtx, { name: "Cat for refs" });
    const q1 = (
      await ok(ADD_Q, {
        i: {
          name: "Q one",
          maxTime: 30,
          categories: [cat._id],
          steps: [
            { type: "TEXT", question: [{ type: "text", html: "<p>Q?</p>" }], score: 1, answer: { textValue: "yes" } },
          ],
        },
      })
    ).addQuestion;
    const q2 = (
      await ok(ADD_Q, {
        i: {
          name: "Q two",
          maxTime: 30,
          steps: [
            {
              type: "NUMERIC",
              question: [{ type: "text", html: "<p>Q?</p>" }],
              score: 2,
              answer: { numericValue: 4, numericlistValue: [0.5] },
            },
          ],
        },
      })
    ).addQuestion;
    const ev = (
      await ok(ADD_E, {
        i: { name: "Eval", description: "d", questions: [q2._id, q1._id], options: { enableTimer: true } },
      })
    ).addEvaluation;
    expect(ev).toMatchObject({
      name: "Eval",
      questions: [q2._id, q1._id],
      options: { enableTimer: true },
      questionCount: 2,
    });
    expect(ev.resolvedQuestions.map((q: any) => q.name)).toEqual(["Q two", "Q one"]);

    const summary = (
      await ok(
        `{ allEvaluations(asSummary: true) { edges { node { _id resolvedQuestions { _id } questionCount } } ${PAGE} } }`,
      )
    ).allEvaluations;
    expect(summary.edges[0].node).toEqual({ _id: ev._id, resolvedQuestions: null, questionCount: 2 });
    const full = (await ok(`{ allEvaluations { edges { node { resolvedQuestions { _id } } } } }`)).allEvaluations;
    expect(full.edges[0].node.resolvedQuestions).toHaveLength(2);
    expect((await ok(`query($id: ID!) { evaluationById(id: $id) { name } }`, { id: ev._id })).evaluationById.name).toBe(
      "Eval",
    );

    const badSession = await fails(ADD_S, { i: { name: "S", passPercentage: 120, evaluations: [ev._id] } });
    expect(badSession.extensions.fieldErrors.passPercentage).toBeTruthy();
    const s = (
      await ok(ADD_S, { i: { name: "Session A", passPercentage: 70, referenceFormat: "VCA", evaluations: [ev._id] } })
    ).addSession;
    expect(s).toMatchObject({
      name: "Session A",
      passPercentage: 70,
      referenceFormat: "VCA",
      evaluations: [ev._id],
      _type: "Session",
    });
    expect(s.resolvedEvaluations).toEqual([{ _id: ev._id, name: "Eval" }]);
    const sl = (await ok(`{ allSessions(filter: { name: "session" }) { edges { node { _id } } ${PAGE} } }`))
      .allSessions;
    expect(sl.pageInfo.totalCount).toBe(1);
    expect(
      (
        await ok(
          `mutation($id: ID!) { updateSession(id: $id, input: { name: "Session B", passPercentage: 80 }) { name _rev passPercentage } }`,
          { id: s._id },
        )
      ).updateSession,
    ).toEqual({
      name: "Session B",
      _rev: 2,
      passPercentage: 80,
    });

    const refQ = await fails(`mutation($id: ID!) { removeQuestion(id: $id) { id } }`, { id: q1._id });
    expect(refQ.extensions).toMatchObject({
      code: "OBJECT_REFERENCED",
      reason: "object_referenced",
      references: [{ id: ev._id, title: "Eval", type: "Evaluation" }],
    });
    const refE = await fails(`mutation($id: ID!) { removeEvaluation(id: $id) { id } }`, { id: ev._id });
    expect(refE.extensions).toMatchObject({
      code: "OBJECT_REFERENCED",
      references: [{ id: s._id, title: "Session B", type: "Session" }],
    });
    // The category used by a question cannot be removed either.
    await expect(removeCategory(managerCtx, cat._id)).rejects.toMatchObject({ code: "OBJECT_REFERENCED" });
    // Nothing changed.
    const tdb = managerCtx.tdb.db;
    expect(await tdb.select().from(questions).where(eq(questions.id, q1._id)).get()).toBeTruthy();
    expect(await tdb.select().from(evaluations).where(eq(evaluations.id, ev._id)).get()).toBeTruthy();

    expect((await ok(`mutation($id: ID!) { removeSession(id: $id) { id } }`, { id: s._id })).removeSession).toEqual({
      id: s._id,
    });
    expect(await tdb.select().from(sessionTemplates).where(eq(sessionTemplates.id, s._id)).get()).toBeUndefined();
    expect(
      (await ok(`mutation($id: ID!) { removeEvaluation(id: $id) { id } }`, { id: ev._id })).removeEvaluation,
    ).toEqual({ id: ev._id });
    expect((await ok(`mutation($id: ID!) { removeQuestion(id: $id) { id } }`, { id: q1._id })).removeQuestion).toEqual({
      id: q1._id,
    });
    const nf = await fails(`query($id: ID!) { sessionById(id: $id) { _id } }`, { id: s._id });
    expect(nf.extensions.reason).toBe("session_not_found");
    const nfe = await fails(`mutation($id: ID!) { updateEvaluation(id: $id, input: { name: "x" }) { _id } }`, {
      id: ev._id,
    });
    expect(nfe.extensions.reason).toBe("evaluation_not_found");
  });

  it("sorts and pages by DATE, NAME and OWNER_NAME", async () => {
    for (const name of ["zeta", "alpha", "Mid"]) await ok(ADD_Q, { i: { name: `sort ${name}`, maxTime: 5 } });
    const names = async (orderBy: string, order: string) =>
      (
        await ok(
          `{ allQuestions(filter: { name: "sort " }, orderBy: ${orderBy}, order: ${order}) { edges { node { name } } } }`,
        )
      ).allQuestions.edges.map((e: any) => e.node.name);
    expect(await names("NAME", "ASC")).toEqual(["sort alpha", "sort Mid", "sort zeta"]);
    expect(await names("NAME", "DESC")).toEqual(["sort zeta", "sort Mid", "sort alpha"]);
    expect(await names("DATE", "ASC")).toEqual(["sort zeta", "sort alpha", "sort Mid"]);
    expect(await names("OWNER_NAME", "ASC")).toHaveLength(3);
    const p1 = (
      await ok(
        `{ allQuestions(filter: { name: "sort " }, orderBy: NAME, first: 2) { edges { node { name } } ${PAGE} } }`,
      )
    ).allQuestions;
    expect(p1.pageInfo).toMatchObject({ pageSize: 2, totalCount: 3, hasNextPage: true, hasPreviousPage: false });
    const p2 = (
      await ok(
        `query($a: String) { allQuestions(filter: { name: "sort " }, orderBy: NAME, first: 2, after: $a) { edges { node { name } } ${PAGE} } }`,
        { a: p1.pageInfo.endCursor },
      )
    ).allQuestions;
    expect(p2.edges.map((e: any) => e.node.name)).toEqual(["sort zeta"]);
    expect(p2.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const byType = (await ok(`{ allQuestions(filter: { steps: [PRACTICAL] }) { edges { node { stepTypes } } } }`))
      .allQuestions.edges;
    for (const e of byType) expect(e.node.stepTypes).toContain("PRACTICAL");
  });

  it("updates an evaluation and sorts by owner name", async () => {
    const q = (await ok(ADD_Q, { i: { name: "Upd Q", maxTime: 5 } })).addQuestion;
    const ev = (await ok(ADD_E, { i: { name: "Upd E" } })).addEvaluation;
    const upd = (
      await ok(
        `mutation($id: ID!, $i: EvaluationInput!) { updateEvaluation(id: $id, input: $i) { _rev name description questions options { enableTimer } resolvedQuestions { _id } } }`,
        {
          id: ev._id,
          i: { name: "Upd E2", description: "now with a question", questions: [q._id], options: { enableTimer: true } },
        },
      )
    ).updateEvaluation;
    expect(upd).toEqual({
      _rev: 2,
      name: "Upd E2",
      description: "now with a question",
      questions: [q._id],
      options: { enableTimer: true },
      resolvedQuestions: [{ _id: q._id }],
    });
    const unknown = await fails(
      `mutation($id: ID!) { updateEvaluation(id: $id, input: { name: "x", questions: ["nope"] }) { _id } }`,
      { id: ev._id },
    );
    expect(unknown.extensions.fieldErrors.questions).toBeTruthy();
    expect(
      (await ok(`query($id: ID!) { evaluationById(id: $id) { _rev questions } }`, { id: ev._id })).evaluationById,
    ).toEqual({ _rev: 2, questions: [q._id] });

    // Two user-owned questions by differently named owners, and one owned by the organisation.
    const zed = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    await zed.tdb.write((tx) =>
      tx
        .update(staffUsers)
        .set({ name: "Zed" })
        .where(eq(staffUsers.id, (zed.actor as { userId: string }).userId)),
    );
    const amy = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    await amy.tdb.write((tx) =>
      tx
        .update(staffUsers)
        .set({ name: "Amy" })
        .where(eq(staffUsers.id, (amy.actor as { userId: string }).userId)),
    );
    await addQuestion(zed, { name: "own-sort z", maxTime: 5, objectOwnerType: "USER" });
    await addQuestion(amy, { name: "own-sort a", maxTime: 5, objectOwnerType: "USER" });
    const owners = (
      await ok(
        `{ allQuestions(filter: { name: "own-sort" }, orderBy: OWNER_NAME, order: ASC) { edges { node { name owner { name objectOwnerType uid } } } } }`,
      )
    ).allQuestions.edges;
    expect(owners.map((e: any) => e.node.owner.name)).toEqual(["Amy", "Zed"]);
    expect(owners[0].node.owner).toMatchObject({
      objectOwnerType: "USER",
      uid: (amy.actor as { userId: string }).userId,
    });
  });

  it("lets a READER read but not change, and requires sign-in", async () => {
    const q = (await ok(ADD_Q, { i: { name: "Reader test", maxTime: 5 } })).addQuestion;
    expect(
      (await ok(`query($id: ID!) { questionById(id: $id) { name canEdit } }`, { id: q._id }, readerCookie))
        .questionById,
    ).toEqual({ name: "Reader test", canEdit: false });
    for (const [query, vars] of [
      [ADD_Q, { i: { name: "Nope", maxTime: 5 } }],
      [`mutation($id: ID!) { updateQuestion(id: $id, input: { name: "x", maxTime: 5 }) { _id } }`, { id: q._id }],
      [`mutation($id: ID!) { removeQuestion(id: $id) { id } }`, { id: q._id }],
      [ADD_E, { i: { name: "Nope" } }],
      [ADD_S, { i: { name: "Nope", passPercentage: 5 } }],
    ] as const) {
      const e = await fails(query, vars, readerCookie);
      expect(e.extensions.code).toBe("FORBIDDEN");
    }
    expect((await ok(`query($id: ID!) { questionById(id: $id) { name } }`, { id: q._id })).questionById.name).toBe(
      "Reader test",
    );
    const anon = await gql("admin", `{ allQuestions { pageInfo { totalCount } } }`);
    expect(anon.body.errors?.[0]?.extensions?.code).toBe("UNAUTHORIZED");
  });
});
