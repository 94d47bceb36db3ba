import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import {
  addQuestion,
  getQuestion,
  listQuestions,
  removeQuestion,
  updateQuestion,
} from "~/modules/assessments/questions.server";
import { addEvaluation } from "~/modules/assessments/evaluations.server";
import { makeTenant, staffCtx } from "../support/tenants";

let alice: Ctx;
let bob: Ctx;
let carol: Ctx;
let reader: Ctx;
const uid = (c: Ctx) => (c.actor as { userId: string }).userId;

beforeAll(async () => {
  const { tenant } = await makeTenant("as-own");
  alice = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  bob = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  carol = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
});

describe("ownership and sharing", () => {
  it("hides PRIVATE objects from everyone but the owner and shared users", async () => {
    const q = await addQuestion(alice, {
      name: "Private Q",
      maxTime: 5,
      visibility: "PRIVATE",
      objectOwnerType: "USER",
      shares: [{ user: uid(bob), level: "VIEWER" }],
    });
    expect(q.owner).toMatchObject({
      objectOwnerType: "USER",
      uid: uid(alice),
      name: (alice.actor as { name: string }).name,
    });
    expect(q.shares).toEqual([{ user: expect.objectContaining({ _id: uid(bob) }), level: "VIEWER" }]);
    expect((await getQuestion(bob, q._id)).access).toEqual({ canEdit: false, canManageSharing: false });
    await expect(getQuestion(carol, q._id)).rejects.toMatchObject({ code: "NOT_FOUND", reason: "question_not_found" });
    await expect(getQuestion(reader, q._id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    const ids = async (c: Ctx) =>
      (await listQuestions(c, { filter: { name: "private q" } })).edges.map((e) => e.node._id);
    expect(await ids(alice)).toEqual([q._id]);
    expect(await ids(bob)).toEqual([q._id]);
    expect(await ids(carol)).toEqual([]);
    // A VIEWER may not change or remove; someone who cannot see it gets NOT_FOUND.
    await expect(updateQuestion(bob, q._id, { name: "x", maxTime: 5 })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeQuestion(bob, q._id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(updateQuestion(carol, q._id, { name: "x", maxTime: 5 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    // A private question the actor cannot see cannot be put in an evaluation.
    await expect(addEvaluation(carol, { name: "E", questions: [q._id] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    expect((await getQuestion(alice, q._id)).name).toBe("Private Q");
  });

  it("lets an EDITOR change but not re-share; the owner re-shares", async () => {
    const q = await addQuestion(alice, {
      name: "Shared Q",
      maxTime: 5,
      visibility: "PRIVATE",
      objectOwnerType: "USER",
      shares: [{ user: uid(bob), level: "EDITOR" }],
    });
    const changed = await updateQuestion(bob, q._id, { name: "Shared Q2", maxTime: 6 });
    expect(changed).toMatchObject({ name: "Shared Q2", _rev: 2, visibility: "PRIVATE" });
    await expect(
      updateQuestion(bob, q._id, { name: "Shared Q3", maxTime: 6, visibility: "ORGANIZATION" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(
      updateQuestion(bob, q._id, { name: "Shared Q3", maxTime: 6, shares: [{ user: uid(carol), level: "EDITOR" }] }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await getQuestion(alice, q._id)).name).toBe("Shared Q2");
    await updateQuestion(alice, q._id, {
      name: "Shared Q2",
      maxTime: 6,
      shares: [{ user: uid(carol), level: "VIEWER" }],
    });
    await expect(getQuestion(bob, q._id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await getQuestion(carol, q._id)).name).toBe("Shared Q2");
    await expect(
      updateQuestion(alice, q._id, { name: "x", maxTime: 6, shares: [{ user: "ghost", level: "VIEWER" }] }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("lets any writer change organisation-owned objects, but only read others' user-owned ones", async () => {
    const org = await addQuestion(alice, { name: "Org Q", maxTime: 5 });
    expect((await updateQuestion(carol, org._id, { name: "Org Q!", maxTime: 5 })).name).toBe("Org Q!");
    const mine = await addQuestion(alice, { name: "Alice's", maxTime: 5, objectOwnerType: "USER" });
    expect((await getQuestion(carol, mine._id)).access.canEdit).toBe(false);
    await expect(updateQuestion(carol, mine._id, { name: "x", maxTime: 5 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    expect((await removeQuestion(alice, mine._id)).id).toBe(mine._id);
  });
});
