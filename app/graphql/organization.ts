import { oidcSettingsOf, requestUploadSignature, updateOidcSettings } from "~/modules/auth/index.server";
import { organizationSettings, updateOrganizationSettings } from "~/modules/tenants/index.server";
import { addUser, listUsers, removeUser, updateUser, type ManagedUser } from "~/modules/users/index.server";
import { connection } from "./sdl";
import { ctxOf, type SchemaPiece, type Args } from "./types";

/** The spec's Managed user fields (the ManagedUser type is declared with createAdminUser). */
export const toManagedUser = (u: ManagedUser) => ({
  _id: u.id,
  user_id: u.id,
  name: u.name,
  nickname: u.nickname ?? u.name,
  email: u.email,
  email_verified: u.emailVerified,
  phone_number: u.phone,
  phone_verified: u.phoneVerified,
  picture: u.picture,
  created_at: u.createdAt,
  updated_at: u.updatedAt,
  last_login: u.lastLogin,
  last_ip: u.lastIp,
  logins_count: u.loginsCount,
  roles: u.roles,
});

/** User management, organisation settings and upload tickets (admin API only). */
export const organizationPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    ${connection("ManagedUser")}
    "Case-insensitive substring of the name or e-mail."
    input ManagedUserFilter {
      q: String
    }
    input ManagedUserInput {
      email: String!
      name: String!
      phone_number: String
      roles: [OrganizationRole!]!
    }
    type RemoveUserResult {
      id: ID!
    }
    enum ReportLayoutChoice {
      NARROW
      WIDE
    }
    type Organization {
      tenant: String!
      name: String!
      "Id of the logo image in the organisation's asset store."
      logo: String
      "Public URL of the logo (shown on the login pages and in e-mails)."
      logoUrl: String
      organizationManagerEmails: [String!]!
      "Addresses writers may send session reports to besides the participant's own (managers may send anywhere)."
      reportRecipientEmails: [String!]!
      timeZone: String!
      defaultLanguage: String!
      defaultPassPercentage: Int!
      defaultReportLayout: ReportLayoutChoice!
      "Staff sign-in through the organisation's OpenID Connect provider (manage:settings; others are refused FORBIDDEN)."
      oidc: OidcSettings
    }
    "The organisation's OpenID Connect provider for staff sign-in. Embedded in Organization (no id of its own); the client secret is never answered."
    type OidcSettings {
      "Whether the staff sign-in page offers the button."
      enabled: Boolean!
      "The name on the button (Sign in with …)."
      displayName: String!
      "Issuer identifier; discovery reads <issuer>/.well-known/openid-configuration."
      issuer: String!
      clientId: String!
      "Whether a client secret is stored (the secret itself is never answered)."
      clientSecretSet: Boolean!
      "The ID token (or userinfo) claim holding the staff member's e-mail address."
      emailClaim: String!
      "The redirect URI to register at the provider."
      redirectUri: String!
      updatedAt: DateTime
    }
    "A field left out keeps its value. The first save needs displayName, issuer and clientId. clientSecret null removes the secret (a public client, PKCE only)."
    input OidcSettingsInput {
      enabled: Boolean
      displayName: String
      issuer: String
      clientId: String
      clientSecret: String
      emailClaim: String
    }
    input OrganizationSettingsInput {
      name: String
      "Id of an image uploaded to this organisation (upload routes or an upload ticket); null removes the logo."
      logo: String
      organizationManagerEmails: [String!]
      reportRecipientEmails: [String!]
      timeZone: String
      defaultLanguage: String
      defaultPassPercentage: Int
      defaultReportLayout: ReportLayoutChoice
    }
    "A ticket for one upload without a session cookie: POST it with the file to /api/assets/image/upload/file (or file/upload/file) as the form fields tenant, public_id, signature and timestamp. Valid 10 minutes, for one file."
    type UploadSignature {
      public_id: String!
      signature: String!
      timestamp: Int!
      tenant: String!
      expires_at: Int!
    }
    extend type Query {
      "The organisation's staff users, by name (manage:users)."
      allUsers(after: String, first: Int, filter: ManagedUserFilter): ManagedUserConnection!
      "The signed-in staff member's organisation and its settings."
      organization: Organization!
    }
    extend type Mutation {
      "Adds a staff user with roles the caller holds; mails an invitation with a sign-in link."
      addUser(input: ManagedUserInput!): ManagedUser!
      updateUser(id: ID!, input: ManagedUserInput!): ManagedUser!
      "Removes a staff user. One who owns content or runs scheduled sessions needs handOverTo (another staff user), else OBJECT_REFERENCED lists what they hold."
      removeUser(id: ID!, handOverTo: ID): RemoveUserResult!
      updateOrganizationSettings(input: OrganizationSettingsInput!): Organization!
      requestCloudinaryUploadSignature: UploadSignature!
      "Sets up staff sign-in through the organisation's OpenID Connect provider (manage:settings)."
      updateOidcSettings(input: OidcSettingsInput!): OidcSettings!
    }
  `,
  resolvers: {
    Query: {
      allUsers: async (_p, a: Args, g) => {
        const list = await listUsers(ctxOf(g), { after: a.after, first: a.first, q: a.filter?.q });
        return { ...list, edges: list.edges.map((e) => ({ cursor: e.cursor, node: toManagedUser(e.node) })) };
      },
      organization: (_p, _a, g) => organizationSettings(ctxOf(g)),
    },
    Mutation: {
      addUser: async (_p, a: Args, g) => toManagedUser(await addUser(ctxOf(g), a.input)),
      updateUser: async (_p, a: Args, g) => toManagedUser(await updateUser(ctxOf(g), a.id, a.input)),
      removeUser: (_p, a: Args, g) => removeUser(ctxOf(g), a.id, a.handOverTo),
      updateOrganizationSettings: (_p, a: Args, g) => updateOrganizationSettings(ctxOf(g), a.input),
      requestCloudinaryUploadSignature: (_p, _a, g) => requestUploadSignature(ctxOf(g)),
      updateOidcSettings: (_p, a: Args, g) => updateOidcSettings(ctxOf(g), a.input),
    },
    Organization: {
      oidc: (_p, _a, g) => oidcSettingsOf(ctxOf(g)),
    },
  },
};
