import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { questions, scheduledSessions, staffUsers } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { createAdminUser, createAdminUserFor } from "~/modules/users/admin-users.server";
import { findStaffUser } from "~/modules/staff/staff-users.server";
import { addUser, listUsers, removeUser, updateUser } from "~/modules/users/user-management.server";
import { gql } from "../support/graphql";
import { lastMailTo, makeTenant, managerOf, staffCtx } from "../support/tenants";

let slug: string;
let manager: Ctx;
let userManager: Ctx;

beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
  userManager = await staffCtx(slug, ["ORGANIZATION_USER_MANAGER"]);
});

const input = (email: string, roles: string[], name = "Nora New") => ({ email, name, roles });
const idOf = (ctx: Ctx) => (ctx.actor.type === "ADMIN" ? ctx.actor.userId : "");

describe("adding and changing staff users", () => {
  it("adds a user with roles, lists them, and mails an invitation with a sign-in link", async () => {
    const user = await addUser(manager, { ...input(`writer@${slug}.test`, ["ORGANIZATION_WRITER"]), phone_number: "" });
    expect(user.roles).toEqual(["ORGANIZATION_WRITER"]);
    const mail = await lastMailTo(`writer@${slug}.test`);
    expect(mail?.textBody).toContain(`http://app.test/api/auth/callback?tenant=${slug}&token=`);
    const list = await listUsers(manager, { q: "writer@" });
    expect(list.edges.map((e) => e.node.email)).toEqual([`writer@${slug}.test`]);
  });

  it("requires email, name and roles", async () => {
    await expect(addUser(manager, { email: "nope", name: "", roles: [] })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      fieldErrors: { email: expect.anything(), name: expect.anything(), roles: expect.anything() },
    });
  });

  it("does not let anyone grant a role they do not hold (addUser, updateUser, createAdminUser)", async () => {
    await expect(addUser(userManager, input(`boss@${slug}.test`, ["ORGANIZATION_MANAGER"]))).rejects.toMatchObject({
      code: "FORBIDDEN",
      reason: "role_not_grantable",
    });
    await expect(addUser(userManager, input(`w2@${slug}.test`, ["ORGANIZATION_WRITER"]))).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(
      addUser(userManager, input(`rt@${slug}.test`, ["ORGANIZATION_READER", "ORGANIZATION_REALTIME_USER"])),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    // Not even to themselves.
    await expect(
      updateUser(
        userManager,
        idOf(userManager),
        input(userManager.actor.type === "ADMIN" ? userManager.actor.email : "", [
          "ORGANIZATION_USER_MANAGER",
          "ORGANIZATION_MANAGER",
        ]),
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(createAdminUser(userManager, { email: `sneaky@${slug}.test`, tenant: slug })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const sneaky = await manager.tdb.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, `sneaky@${slug}.test`))
      .get();
    expect(sneaky).toBeUndefined();
    expect((await findStaffUser(userManager.tdb, idOf(userManager)))!.roles).toEqual(["ORGANIZATION_USER_MANAGER"]);
  });

  it("does not let a user manager change a manager's account (e.g. its e-mail, to take it over)", async () => {
    const boss = (await managerOf(slug))!;
    await expect(
      updateUser(userManager, boss.id, input(`mine@${slug}.test`, ["ORGANIZATION_MANAGER"])),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(removeUser(userManager, boss.id)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await findStaffUser(manager.tdb, boss.id))!.email).toBe(`manager@${slug}.test`);
  });

  it("lets a user manager add and change users with their own role", async () => {
    const added = await addUser(userManager, input(`um2@${slug}.test`, ["ORGANIZATION_USER_MANAGER"], "Umma"));
    const changed = await updateUser(userManager, added.id, {
      ...input(`um2@${slug}.test`, ["ORGANIZATION_USER_MANAGER"], "Umma Two"),
      phone_number: "+32 470 12 34 56",
    });
    expect(changed).toMatchObject({ name: "Umma Two", phone: "+32 470 12 34 56" });
  });

  it("refuses an e-mail that another user has", async () => {
    const other = await addUser(manager, input(`dup1@${slug}.test`, ["ORGANIZATION_READER"]));
    await expect(
      updateUser(manager, other.id, input(`manager@${slug}.test`, ["ORGANIZATION_READER"])),
    ).rejects.toMatchObject({ fieldErrors: { email: { key: "validation:email-taken" } } });
  });
});

describe("createAdminUser's caller rule", () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request("http://localhost/api/admin/graphql", { method: "POST", headers });

  it("the operator token adds a manager to any organisation; anyone else must be a signed-in manager of it", async () => {
    const other = (await makeTenant()).tenant.slug;
    process.env.OPERATOR_API_TOKEN = "operator-secret-token";
    try {
      const operator = request({ Authorization: "Bearer operator-secret-token" });
      expect(
        (
          await createAdminUserFor(
            { request: operator, session: null },
            { email: `first@${other}.test`, tenant: other },
          )
        ).roles,
      ).toEqual(["ORGANIZATION_MANAGER"]);
      const wrongToken = request({ Authorization: "Bearer guessed" });
      await expect(
        createAdminUserFor({ request: wrongToken, session: null }, { email: `x@${other}.test`, tenant: other }),
      ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
      await expect(
        createAdminUserFor({ request: request(), session: manager }, { email: `y@${other}.test`, tenant: other }),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      expect(
        (
          await createAdminUserFor(
            { request: request(), session: manager },
            { email: `second@${slug}.test`, tenant: slug },
          )
        ).roles,
      ).toEqual(["ORGANIZATION_MANAGER"]);
    } finally {
      delete process.env.OPERATOR_API_TOKEN;
    }
  });
});

describe("the last manager", () => {
  it("can be demoted while another manager exists, but the last one cannot be demoted or removed", async () => {
    const own = (await makeTenant()).tenant.slug;
    const first = (await managerOf(own))!;
    const acting = await staffCtx(own, ["ORGANIZATION_MANAGER"]);
    const actingEmail = acting.actor.type === "ADMIN" ? acting.actor.email : "";
    await expect(updateUser(acting, first.id, input(first.email, ["ORGANIZATION_READER"]))).resolves.toMatchObject({
      roles: ["ORGANIZATION_READER"],
    });
    // Now `acting` is the last manager.
    await expect(updateUser(acting, idOf(acting), input(actingEmail, ["ORGANIZATION_WRITER"]))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "last_manager",
    });
    await expect(removeUser(acting, idOf(acting))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      reason: "last_manager",
    });
    expect((await findStaffUser(acting.tdb, idOf(acting)))!.roles).toEqual(["ORGANIZATION_MANAGER"]);
  });
});

describe("removing a user", () => {
  it("lists what they own or run, and removes them after handing it over", async () => {
    const leaver = await addUser(manager, input(`leaver@${slug}.test`, ["ORGANIZATION_WRITER"], "Lee Leaver"));
    const heir = await addUser(manager, input(`heir@${slug}.test`, ["ORGANIZATION_WRITER"], "Hal Heir"));
    const now = new Date();
    const questionId = newId();
    await manager.tdb.write(async (tx) => {
      await tx.insert(questions).values({
        id: questionId,
        createdAt: now,
        updatedAt: now,
        workspaceId: "ws",
        ownerType: "USER",
        ownerUserId: leaver.id,
        visibility: "PRIVATE",
        name: "Private question",
        nameLower: "private question",
        maxTime: 60,
        categoryIds: [],
        supplyIds: [],
        preparationInfo: [],
        steps: [],
      });
      await tx.insert(scheduledSessions).values({
        id: newId(),
        createdAt: now,
        updatedAt: now,
        workspaceId: "ws",
        sessionTemplateId: "t",
        datetime: new Date(Date.now() + 86_400_000),
        reference: `REF${Date.now()}`,
        assignedUserId: leaver.id,
        loginCode: "ABCDEF",
        options: { allQuestionsInEvaluationShownByDefault: false, enableAutoPauseOnHelpRequest: false },
      });
    });
    const refused = await removeUser(manager, leaver.id).catch((e) => e);
    expect(refused).toMatchObject({ code: "OBJECT_REFERENCED", reason: "hand_over_required" });
    expect(refused.references.map((r: { type: string; title: string }) => `${r.type}:${r.title}`)).toEqual([
      "Question:Private question",
      expect.stringMatching(/^ScheduledSession:REF/),
    ]);
    expect(await findStaffUser(manager.tdb, leaver.id)).not.toBeNull();

    await expect(removeUser(manager, leaver.id, leaver.id)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(removeUser(manager, leaver.id, heir.id)).resolves.toEqual({ id: leaver.id });
    expect(await findStaffUser(manager.tdb, leaver.id)).toBeNull();
    const q = await manager.tdb.db.select().from(questions).where(eq(questions.id, questionId)).get();
    expect(q?.ownerUserId).toBe(heir.id);
    const runs = await manager.tdb.db
      .select()
      .from(scheduledSessions)
      .where(eq(scheduledSessions.assignedUserId, heir.id))
      .all();
    expect(runs).toHaveLength(1);
  });
});

describe("over GraphQL", () => {
  it("adds, lists, changes and removes a user with the Managed user fields", async () => {
    const { createLoginSession } = await import("~/modules/auth/sessions.server");
    const session = await createLoginSession(manager.tdb, "ADMIN", idOf(manager), false);
    const cookie = `${session.name}=${session.value}`;
    const added = await gql(
      "admin",
      `mutation($input: ManagedUserInput!) { addUser(input: $input) { _id name email phone_number roles logins_count last_login email_verified } }`,
      {
        input: { email: `gql@${slug}.test`, name: "Gigi", phone_number: "+3212345678", roles: ["ORGANIZATION_READER"] },
      },
      { cookie },
    );
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data.addUser).toMatchObject({
      name: "Gigi",
      roles: ["ORGANIZATION_READER"],
      logins_count: 0,
      last_login: null,
      email_verified: false,
    });
    const id = added.body.data.addUser._id;
    const list = await gql(
      "admin",
      `{ allUsers(first: 2, filter: { q: "gigi" }) { edges { node { email } } pageInfo { totalCount pageSize } } }`,
      {},
      { cookie },
    );
    expect(list.body.data.allUsers).toEqual({
      edges: [{ node: { email: `gql@${slug}.test` } }],
      pageInfo: { totalCount: 1, pageSize: 2 },
    });
    const updated = await gql(
      "admin",
      `mutation($id: ID!, $input: ManagedUserInput!) { updateUser(id: $id, input: $input) { roles } }`,
      { id, input: { email: `gql@${slug}.test`, name: "Gigi", roles: ["ORGANIZATION_WRITER"] } },
      { cookie },
    );
    expect(updated.body.data.updateUser.roles).toEqual(["ORGANIZATION_WRITER"]);
    const removed = await gql("admin", `mutation($id: ID!) { removeUser(id: $id) { id } }`, { id }, { cookie });
    expect(removed.body.data.removeUser).toEqual({ id });
  });
});
