import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
} from "graphql";
import { beforeAll, describe, expect, it } from "vitest";
import { adminSchema } from "~/graphql/admin-schema.server";
import { createLoginSession } from "~/modules/auth/sessions.server";
import { ADMIN_OPERATIONS } from "~/lib/operations";
import { permissionsForRoles, type Role } from "~/lib/permissions";
import { rolesGrantableBy } from "~/modules/users/roles";
import { gql } from "../support/graphql";
import { makeTenant, staffCtx } from "../support/tenants";

// The role × operation matrix, generated from the one permission table (ADMIN_OPERATIONS +
// ROLE_PERMISSIONS) and the admin schema's operations: each role calls each operation with
// made-up arguments and must be refused with FORBIDDEN exactly when the table says so.

const ROLES: Role[] = [
  "ORGANIZATION_MANAGER",
  "ORGANIZATION_USER_MANAGER",
  "ORGANIZATION_WRITER",
  "ORGANIZATION_REALTIME_USER",
  "ORGANIZATION_READER",
];
const queryFields = adminSchema.getQueryType()!.getFields();
const mutationFields = adminSchema.getMutationType()!.getFields();
const operations = [
  ...Object.values(queryFields).map((f) => ({ kind: "query" as const, field: f })),
  ...Object.values(mutationFields).map((f) => ({ kind: "mutation" as const, field: f })),
];

let slug: string;
const cookies = new Map<Role, string>();
let n = 0;

/**
 * A value of the argument's type: an unknown id, a fresh e-mail, the tenant's own slug, the
 * caller's own role (granting it is allowed; granting others is checked in users.test.ts), …
 */
function sample(type: GraphQLInputType, name: string, role: Role): unknown {
  if (isNonNullType(type)) return sample(type.ofType, name, role);
  if (isListType(type)) return [sample(type.ofType, name, role)];
  if (isEnumType(type)) return type.name === "OrganizationRole" ? role : type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields()))
      if (isNonNullType(f.type)) out[f.name] = sample(f.type, f.name, role);
    return out;
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case "ID":
        return "00000000-0000-4000-8000-000000000000";
      case "Int":
      case "Float":
        return 1;
      case "Boolean":
        return false;
      case "DateTime":
        return new Date().toISOString();
      case "JSON":
        return {};
      default:
        if (name === "tenant") return slug;
        if (/email/i.test(name)) return `matrix-${++n}@${slug}.test`;
        return "x";
    }
  }
  throw new Error(`no sample for ${String(type)}`);
}

function document(kind: "query" | "mutation", field: GraphQLField<unknown, unknown>, role: Role) {
  const required = field.args.filter((a) => isNonNullType(a.type));
  const vars = required.map((a) => `$${a.name}: ${String(a.type)}`).join(", ");
  const args = required.map((a) => `${a.name}: $${a.name}`).join(", ");
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? "" : " { __typename }";
  const variables = Object.fromEntries(required.map((a) => [a.name, sample(a.type, a.name, role)]));
  return {
    query: `${kind}${vars ? `(${vars})` : ""} { ${field.name}${args ? `(${args})` : ""}${selection} }`,
    variables,
  };
}

beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
  for (const role of ROLES) {
    const ctx = await staffCtx(slug, [role]);
    if (ctx.actor.type !== "ADMIN") throw new Error("staff expected");
    const cookie = await createLoginSession(ctx.tdb, "ADMIN", ctx.actor.userId, false);
    cookies.set(role, `${cookie.name}=${cookie.value}`);
  }
});

describe("the permission table", () => {
  it("has a rule for every operation of the admin API, and none for operations that do not exist", () => {
    const names = operations.map((o) => o.field.name).sort();
    expect(
      names.filter((name) => !(name in ADMIN_OPERATIONS)),
      "operations without a rule",
    ).toEqual([]);
    expect(
      Object.keys(ADMIN_OPERATIONS).filter((name) => !names.includes(name)),
      "rules without an operation",
    ).toEqual([]);
  });
});

describe.each(ROLES)("%s", (role) => {
  const permissions = permissionsForRoles([role]);
  const grantable = rolesGrantableBy([role]);
  const guarded = operations.filter((o) => typeof ADMIN_OPERATIONS[o.field.name] === "object");

  it.each(guarded.map((o) => [o.field.name, o] as const))(
    "%s: FORBIDDEN exactly when the table says so",
    async (_name, op) => {
      const rule = ADMIN_OPERATIONS[op.field.name] as { permission: (typeof permissions)[number]; grants?: Role[] };
      const allowed = permissions.includes(rule.permission) && (rule.grants ?? []).every((r) => grantable.includes(r));
      const { query, variables } = document(op.kind, op.field, role);
      const result = await gql("admin", query, variables, { cookie: cookies.get(role) });
      const codes = (result.body.errors ?? []).map((e) => e.extensions?.code);
      if (allowed) expect(codes, JSON.stringify(result.body.errors)).not.toContain("FORBIDDEN");
      else expect(codes, JSON.stringify(result.body)).toEqual(["FORBIDDEN"]);
    },
  );
});
