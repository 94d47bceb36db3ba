import { AppError } from "~/lib/app-error";
import {
  completeOtpLogin,
  logout,
  requestLogin,
  validateSessionCookieValue,
  userIdentifierInput,
  clearedCookie,
  readCookie,
  serializeCookie,
  SESSION_COOKIE,
  secureCookiesFor,
} from "~/modules/auth/index.server";
import { profile, createAdminUserFor } from "~/modules/users/index.server";
import { rolesForUserId } from "~/modules/staff/index.server";
import { toManagedUser } from "./organization";
import { organizationPublicInfo, organizationTenantExists } from "~/modules/tenants/index.server";
import { ctxOf, type GqlContext, type SchemaPiece } from "./types";

const accountTypeOf = (g: GqlContext): "ADMIN" | "USER" => (g.area === "admin" ? "ADMIN" : "USER");

function parseIdentifier(value: unknown) {
  const parsed = userIdentifierInput.safeParse(value);
  if (!parsed.success) throw new AppError("AUTH_REQUEST_FAILED", "auth_request_failed");
  return parsed.data;
}

/** Login, profile and organisation look-ups: the same on the admin and the user API. */
export const authPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum UserIdentifierType {
      EMAIL
      PHONE
    }
    input UserIdentifierInput {
      type: UserIdentifierType!
      value: String!
    }
    type Cookie {
      name: String!
      value: String!
      expires: DateTime!
      path: String!
      sameSite: String!
      secure: Boolean!
    }
    type LoginResult {
      success: Boolean!
      cookies: [Cookie!]!
    }
    "The signed-in account's person; _id is sub, the account's id."
    type UserInfo {
      _id: ID!
      sub: ID!
      email: String
      email_verified: Boolean
      name: String
      nickname: String
      picture: String
      updated_at: DateTime
    }
    "The signed-in account; _id is the account's id, as in userInfo."
    type Profile {
      _id: ID!
      tenant: String!
      permissions: [String!]!
      userInfo: UserInfo!
    }
    type OrganizationPublicInfo {
      tenant: String!
      name: String!
      logo: String
    }
    extend type Query {
      "The signed-in account."
      profile: Profile!
      organizationPublicInfo(tenant: String!): OrganizationPublicInfo!
      organizationTenantExists(tenant: String!): Boolean!
    }
    extend type Mutation {
      "Sends a one-time code to the account's e-mail or phone. Answers true whether or not the account exists."
      requestLogin(tenant: String!, userIdentifier: UserIdentifierInput!): Boolean!
      "Checks the code and starts a session; the cookie is set on the response and returned."
      completeOtpLogin(tenant: String!, otp: String!, userIdentifier: UserIdentifierInput!): LoginResult!
      "Sets a session cookie obtained elsewhere (e.g. by a native client) after checking that it is live."
      applyCookie(name: String!, value: String!): Boolean!
      "Ends the current session."
      logout: Boolean!
    }
  `,
  resolvers: {
    Profile: { _id: (p: { userInfo: { sub: string } }) => p.userInfo.sub },
    UserInfo: { _id: (u: { sub: string }) => u.sub },
    Query: {
      profile: (_p, _a, g) => profile(ctxOf(g)),
      organizationPublicInfo: (_p, a: { tenant: string }) => organizationPublicInfo(a.tenant),
      organizationTenantExists: (_p, a: { tenant: string }) => organizationTenantExists(a.tenant),
    },
    Mutation: {
      requestLogin: (_p, a: { tenant: string; userIdentifier: unknown }, g) =>
        requestLogin({
          tenant: a.tenant,
          identifier: parseIdentifier(a.userIdentifier),
          accountType: accountTypeOf(g),
          clientAddress: g.clientAddress,
          locale: g.locale,
        }),
      completeOtpLogin: async (_p, a: { tenant: string; otp: string; userIdentifier: unknown }, g) => {
        const { cookie } = await completeOtpLogin({
          tenant: a.tenant,
          otp: a.otp,
          identifier: parseIdentifier(a.userIdentifier),
          accountType: accountTypeOf(g),
          secure: secureCookiesFor(g.request),
          clientAddress: g.clientAddress,
        });
        g.responseHeaders.append("Set-Cookie", serializeCookie(cookie));
        return { success: true, cookies: [cookie] };
      },
      applyCookie: async (_p, a: { name: string; value: string }, g) => {
        const accountType = accountTypeOf(g);
        if (a.name !== SESSION_COOKIE[accountType] || !(await validateSessionCookieValue(accountType, a.value))) {
          throw new AppError("UNAUTHORIZED", "unauthorized");
        }
        const expires = new Date(Date.now() + 7 * 24 * 3600 * 1000);
        g.responseHeaders.append(
          "Set-Cookie",
          serializeCookie({ name: a.name, value: a.value, path: "/", expires, secure: secureCookiesFor(g.request) }),
        );
        return true;
      },
      logout: async (_p, _a, g) => {
        const accountType = accountTypeOf(g);
        await logout(accountType, readCookie(g.request, SESSION_COOKIE[accountType]));
        g.responseHeaders.append("Set-Cookie", clearedCookie(accountType, secureCookiesFor(g.request)));
        return true;
      },
    },
  },
};

/** Staff-only operations on the admin API. */
export const staffPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum OrganizationRole {
      ORGANIZATION_MANAGER
      ORGANIZATION_READER
      ORGANIZATION_REALTIME_USER
      ORGANIZATION_USER_MANAGER
      ORGANIZATION_WRITER
    }
    type UserIdentity {
      provider: String!
      user_id: String!
      connection: String!
      isSocial: Boolean!
    }
    type ManagedUser {
      _id: ID!
      user_id: ID!
      name: String!
      nickname: String
      email: String!
      email_verified: Boolean!
      phone_number: String
      phone_verified: Boolean!
      picture: String
      "Sign-in identities at outside providers; always empty (the one-time code is the product's own)."
      identities: [UserIdentity!]!
      created_at: DateTime!
      updated_at: DateTime!
      last_login: DateTime
      last_ip: String
      logins_count: Int!
      roles: [OrganizationRole!]!
    }
    extend type Query {
      rolesForUserId(id: ID!): [OrganizationRole!]!
    }
    extend type Mutation {
      "Adds an ORGANIZATION_MANAGER to a tenant: by a manager of that tenant (who may grant that role), or by an operator token."
      createAdminUser(email: String!, tenant: String!): ManagedUser!
    }
  `,
  resolvers: {
    ManagedUser: { identities: () => [] },
    Query: {
      rolesForUserId: (_p, a: { id: string }, g) => rolesForUserId(ctxOf(g), a.id),
    },
    Mutation: {
      createAdminUser: async (_p, a: { email: string; tenant: string }, g) =>
        toManagedUser(await createAdminUserFor(g, a)),
    },
  },
};
