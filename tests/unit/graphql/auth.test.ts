import { beforeAll, describe, expect, it } from "vitest";
import { firstError } from "../support/defined";
import { GRAPHQL_LIMITS } from "~/graphql/limits";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { eq } from "drizzle-orm";
import { staffUsers } from "~db/tenant/schema";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { createStaffUserInTenant } from "~/modules/staff/staff-users.server";
import { assertCanGrantRoles } from "~/modules/users/roles";
import { addParticipant, lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { COMPLETE_LOGIN, gql, loginOverGraphQL, REQUEST_LOGIN } from "../support/graphql";

let slug: string;
let other: string;
let managerCookie: string;

beforeAll(async () => {
  slug = (await makeTenant("gql-a", "Gql Alpha")).tenant.slug;
  other = (await makeTenant("gql-b", "Gql Beta")).tenant.slug;
  await addParticipant(slug, "pia@gql.test", "Pia");
  managerCookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
});

describe("login over GraphQL", () => {
  it("completeOtpLogin returns the cookie and sets it on the response", async () => {
    const id = { type: "EMAIL", value: `manager@${other}.test` };
    expect((await gql("admin", REQUEST_LOGIN, { tenant: other, id })).body.data.requestLogin).toBe(true);
    const code = (await lastMailTo(`manager@${other}.test`))!.code!;
    const res = await gql("admin", COMPLETE_LOGIN, { tenant: other, otp: code, id });
    const result = res.body.data.completeOtpLogin;
    expect(result.success).toBe(true);
    expect(result.cookies[0]).toMatchObject({ name: "adminAuthState", path: "/", sameSite: "Lax", secure: false });
    expect(res.headers.get("set-cookie")).toContain(`adminAuthState=${encodeURIComponent(result.cookies[0].value)}`);
    expect(res.headers.get("set-cookie")).toContain("HttpOnly");
  });

  it("answers ORGANIZATION_NOT_FOUND for an unknown tenant", async () => {
    const res = await gql("admin", REQUEST_LOGIN, { tenant: "nope", id: { type: "EMAIL", value: "a@b.test" } });
    expect(firstError(res.body).extensions).toMatchObject({
      code: "ORGANIZATION_NOT_FOUND",
      reason: "tenant_not_found",
    });
  });

  it("answers AUTH_CODE_INVALID_OR_EXPIRED for a wrong code, in the request's language", async () => {
    const id = { type: "EMAIL", value: `manager@${slug}.test` };
    const res = await gql("admin", COMPLETE_LOGIN, { tenant: slug, otp: "000000", id }, { locale: "nl-NL,nl;q=0.9" });
    expect(firstError(res.body).extensions).toMatchObject({
      code: "AUTH_CODE_INVALID_OR_EXPIRED",
      reason: "auth_code_invalid_or_expired",
    });
    expect(firstError(res.body).message).toContain("Deze code is onjuist");
  });

  it("participants log in on the user API", async () => {
    const cookie = await loginOverGraphQL("user", slug, "pia@gql.test");
    expect(cookie.startsWith("userAuthState=")).toBe(true);
    const res = await gql("user", `{ profile { tenant permissions userInfo { email name } } }`, {}, { cookie });
    expect(res.body.data.profile).toEqual({
      tenant: slug,
      permissions: [],
      userInfo: { email: "pia@gql.test", name: "Pia" },
    });
    // A participant session gives no access to the admin API.
    const admin = await gql("admin", `{ profile { tenant } }`, {}, { cookie });
    expect(firstError(admin.body).extensions!.code).toBe("UNAUTHORIZED");
  });
});

describe("profile and organisation queries", () => {
  it("profile returns tenant, permissions and userInfo", async () => {
    const res = await gql(
      "admin",
      `{ profile { tenant permissions userInfo { sub email email_verified name nickname updated_at } } }`,
      {},
      { cookie: managerCookie },
    );
    const p = res.body.data.profile;
    expect(p.tenant).toBe(slug);
    expect(p.permissions).toContain("manage:users");
    expect(p.userInfo).toMatchObject({ email: `manager@${slug}.test`, email_verified: true, name: "Manager" });
  });

  it("profile without a session is UNAUTHORIZED", async () => {
    const res = await gql("admin", `{ profile { tenant } }`);
    expect(firstError(res.body).extensions).toMatchObject({ code: "UNAUTHORIZED", reason: "unauthorized" });
  });

  it("organizationPublicInfo and organizationTenantExists", async () => {
    const res = await gql(
      "user",
      `{ organizationPublicInfo(tenant: "${slug}") { tenant name logo } a: organizationTenantExists(tenant: "${slug}") b: organizationTenantExists(tenant: "ghost") }`,
    );
    expect(res.body.data).toEqual({
      organizationPublicInfo: { tenant: slug, name: "Gql Alpha", logo: null },
      a: true,
      b: false,
    });
    const missing = await gql("user", `{ organizationPublicInfo(tenant: "ghost") { name } }`);
    expect(firstError(missing.body).extensions!.code).toBe("ORGANIZATION_NOT_FOUND");
  });

  it("rolesForUserId: own roles; others' only with manage:users", async () => {
    const me = await gql("admin", `{ profile { userInfo { sub } } }`, {}, { cookie: managerCookie });
    const res = await gql(
      "admin",
      `query($id: ID!) { rolesForUserId(id: $id) }`,
      { id: me.body.data.profile.userInfo.sub },
      { cookie: managerCookie },
    );
    expect(res.body.data.rolesForUserId).toEqual(["ORGANIZATION_MANAGER"]);
    const unknown = await gql("admin", `{ rolesForUserId(id: "nobody") }`, {}, { cookie: managerCookie });
    expect(firstError(unknown.body).extensions).toMatchObject({ code: "NOT_FOUND", reason: "user_not_found" });
  });
});

describe("createAdminUser", () => {
  it("lets a manager add a manager to their own tenant, who can then log in", async () => {
    const res = await gql(
      "admin",
      `mutation { createAdminUser(email: "second@${slug}.test", tenant: "${slug}") { email roles } }`,
      {},
      { cookie: managerCookie },
    );
    expect(res.body.data.createAdminUser).toEqual({ email: `second@${slug}.test`, roles: ["ORGANIZATION_MANAGER"] });
    const cookie = await loginOverGraphQL("admin", slug, `second@${slug}.test`);
    expect(cookie).toMatch(/^adminAuthState=/);
  });

  it("refuses another tenant, a duplicate, and anonymous callers", async () => {
    const cross = await gql(
      "admin",
      `mutation { createAdminUser(email: "x@y.test", tenant: "${other}") { email } }`,
      {},
      { cookie: managerCookie },
    );
    expect(firstError(cross.body).extensions!.code).toBe("FORBIDDEN");
    const dup = await gql(
      "admin",
      `mutation { createAdminUser(email: "manager@${slug}.test", tenant: "${slug}") { email } }`,
      {},
      { cookie: managerCookie },
    );
    expect(firstError(dup.body).extensions).toMatchObject({ code: "BAD_REQUEST", reason: "user_creation_failed" });
    const anon = await gql("admin", `mutation { createAdminUser(email: "x@y.test", tenant: "${slug}") { email } }`);
    expect(firstError(anon.body).extensions!.code).toBe("UNAUTHORIZED");
  });
});

describe("granting roles", () => {
  it("a user manager cannot create a manager (nobody grants a role they do not hold); nothing is created", async () => {
    const userManager = `um@${slug}.test`;
    const tdb = await openTenant(await requireTenant(slug));
    await createStaffUserInTenant(tdb, { email: userManager, name: "UM", roles: ["ORGANIZATION_USER_MANAGER"] });
    const cookie = await loginOverGraphQL("admin", slug, userManager);
    const res = await gql(
      "admin",
      `mutation { createAdminUser(email: "lifted@${slug}.test", tenant: "${slug}") { email roles } }`,
      {},
      { cookie },
    );
    expect(res.body.data).toBeNull();
    expect(firstError(res.body).extensions).toMatchObject({ code: "FORBIDDEN", reason: "role_not_grantable" });
    expect(firstError(res.body).message).toContain("ORGANIZATION_MANAGER");
    expect(
      await tdb.db
        .select()
        .from(staffUsers)
        .where(eq(staffUsers.email, `lifted@${slug}.test`))
        .get(),
    ).toBeUndefined();
  });

  it("assertCanGrantRoles: roles within the giver's permissions only", async () => {
    const userManager = await staffCtx(slug, ["ORGANIZATION_USER_MANAGER"]);
    expect(() => assertCanGrantRoles(userManager, ["ORGANIZATION_USER_MANAGER", "ORGANIZATION_READER"])).not.toThrow();
    for (const role of ["ORGANIZATION_MANAGER", "ORGANIZATION_WRITER", "ORGANIZATION_REALTIME_USER"] as const) {
      expect(() => assertCanGrantRoles(userManager, [role])).toThrow(
        expect.objectContaining({ code: "FORBIDDEN", reason: "role_not_grantable" }),
      );
    }
    const manager = await staffCtx(slug, ["ORGANIZATION_MANAGER"]);
    expect(() => assertCanGrantRoles(manager, ["ORGANIZATION_MANAGER", "ORGANIZATION_WRITER"])).not.toThrow();
    const writer = await staffCtx(slug, ["ORGANIZATION_WRITER"]);
    expect(() => assertCanGrantRoles(writer, ["ORGANIZATION_READER"])).toThrow(
      expect.objectContaining({ code: "FORBIDDEN", reason: "forbidden" }),
    );
  });

  it("the operator token still creates the first manager of any organisation", async () => {
    process.env.OPERATOR_API_TOKEN = "operator-secret-token";
    try {
      const res = await handleAdminGraphQL(
        new Request("http://localhost/api/admin/graphql", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json",
            Authorization: "Bearer operator-secret-token",
          },
          body: JSON.stringify({
            query: `mutation { createAdminUser(email: "first@${other}.test", tenant: "${other}") { email roles } }`,
          }),
        }),
        { clientAddress: "10.0.0.1" },
      );
      expect((await res.json()).data.createAdminUser).toEqual({
        email: `first@${other}.test`,
        roles: ["ORGANIZATION_MANAGER"],
      });
    } finally {
      delete process.env.OPERATOR_API_TOKEN;
    }
  });
});

describe("transport rules", () => {
  it("refuses text/plain and form POSTs (cross-site requests)", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await handleAdminGraphQL(
        new Request("http://localhost/api/admin/graphql", {
          method: "POST",
          headers: { "Content-Type": type, Cookie: managerCookie },
          body: JSON.stringify({
            query: `mutation { createAdminUser(email: "csrf@x.test", tenant: "${slug}") { email } }`,
          }),
        }),
      );
      expect(res.status).toBe(415);
    }
    const check = await gql(
      "admin",
      `mutation { createAdminUser(email: "csrf@x.test", tenant: "${slug}") { email } }`,
      {},
      { cookie: managerCookie },
    );
    expect(check.body.data.createAdminUser.email).toBe("csrf@x.test"); // it had not been created before
  });

  it("refuses operations nested deeper than the limit", async () => {
    const deep = "{ profile { userInfo { sub } } }";
    expect((await gql("admin", deep, {}, { cookie: managerCookie })).body.data).toBeTruthy();
    // __type(name:"Query") { fields { type { ofType { ofType { … } } } } } nests one level per ofType.
    let inner = "name";
    for (let i = 0; i < GRAPHQL_LIMITS.maxDepth; i++) inner = `ofType { ${inner} }`;
    const query = `__type(name: "Query") { fields { type { ${inner} } } }`;
    const res = await gql("admin", `{ ${query} }`, {}, { cookie: managerCookie });
    expect(firstError(res.body).extensions!.code).toBe("BAD_REQUEST");
    expect(firstError(res.body).message).toMatch(/nested/);
  });
});

describe("sessions", () => {
  it("applyCookie accepts only a live session of the same account type; logout ends the session", async () => {
    const cookie = await loginOverGraphQL("admin", slug, `manager@${slug}.test`);
    const [name, value] = cookie.split("=") as [string, string];
    const applied = await gql("admin", `mutation($n: String!, $v: String!) { applyCookie(name: $n, value: $v) }`, {
      n: name,
      v: value,
    });
    expect(applied.body.data.applyCookie).toBe(true);
    expect(applied.headers.get("set-cookie")).toContain(`${name}=`);
    const forged = await gql("admin", `mutation($n: String!, $v: String!) { applyCookie(name: $n, value: $v) }`, {
      n: name,
      v: `${slug}.forgedforgedforgedforgedforged`,
    });
    expect(firstError(forged.body).extensions!.code).toBe("UNAUTHORIZED");
    const wrongArea = await gql("user", `mutation($n: String!, $v: String!) { applyCookie(name: $n, value: $v) }`, {
      n: "userAuthState",
      v: value,
    });
    expect(firstError(wrongArea.body).extensions!.code).toBe("UNAUTHORIZED");

    const out = await gql("admin", `mutation { logout }`, {}, { cookie });
    expect(out.body.data.logout).toBe(true);
    expect(out.headers.get("set-cookie")).toMatch(/adminAuthState=;.*Expires=Thu, 01 Jan 1970/);
    const after = await gql("admin", `{ profile { tenant } }`, {}, { cookie });
    expect(firstError(after.body).extensions!.code).toBe("UNAUTHORIZED");
  });
});
