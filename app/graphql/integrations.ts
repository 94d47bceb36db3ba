import { createApiToken, listApiTokens, revokeApiToken } from "~/modules/apitokens/index.server";
import {
  addWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  resendWebhookDelivery,
} from "~/modules/webhooks/index.server";
import { connection } from "./sdl";
import { ctxOf, type Args, type SchemaPiece } from "./types";

/** API tokens and webhooks (admin API; ADR 0042, README "API clients"). */
export const integrationsPiece: SchemaPiece = {
  typeDefs: /* GraphQL */ `
    enum ApiTokenStatus {
      ACTIVE
      EXPIRED
      REVOKED
    }
    "A token a program uses in Authorization: Bearer … on /api/admin/graphql. The token itself is only in createApiToken's answer."
    type ApiToken {
      _id: ID!
      name: String!
      "What the token may do, as far as its creator may still grant it."
      roles: [OrganizationRole!]!
      "Introspection is allowed for this token even where it is otherwise off."
      allowIntrospection: Boolean!
      status: ApiTokenStatus!
      createdAt: DateTime!
      createdByName: String
      expiresAt: DateTime!
      revokedAt: DateTime
      lastUsedAt: DateTime
      lastUsedFrom: String
    }
    type CreatedApiToken {
      "The new token's id (ApiToken._id)."
      _id: ID!
      "Shown once: store it now. Only its SHA-256 is kept."
      token: String!
      apiToken: ApiToken!
    }
    input ApiTokenInput {
      name: String!
      "Roles the caller may grant (as when adding a staff user)."
      roles: [OrganizationRole!]!
      "In the future, at most a year ahead."
      expiresAt: DateTime!
      allowIntrospection: Boolean
    }
    enum WebhookEvent {
      SCHEDULED_SESSION_STARTED
      SCHEDULED_SESSION_COMPLETED
      PARTICIPANT_SIGNED_UP
      REPORT_RELEASED
      STANDARD_APPLIED
    }
    enum WebhookDeliveryStatus {
      PENDING
      SENDING
      SUCCEEDED
      FAILED
    }
    type WebhookEndpoint {
      _id: ID!
      url: String!
      events: [WebhookEvent!]!
      createdAt: DateTime!
    }
    type AddedWebhookEndpoint {
      "The new endpoint's id (WebhookEndpoint._id)."
      _id: ID!
      "Shown once: the key of every delivery's Webhook-Signature."
      secret: String!
      endpoint: WebhookEndpoint!
    }
    input WebhookEndpointInput {
      "https://…; plain http only to this machine (loopback) and only outside production."
      url: String!
      events: [WebhookEvent!]!
    }
    type RemoveWebhookEndpointResult {
      id: ID!
    }
    "One event sent (or to be sent) to one endpoint."
    type WebhookDelivery {
      _id: ID!
      endpoint: ID!
      url: String!
      event: WebhookEvent!
      "The Webhook-Id header: the same for every attempt and resend of the event."
      eventId: ID!
      status: WebhookDeliveryStatus!
      attempts: Int!
      "The HTTP status of the last attempt (null when the endpoint could not be reached)."
      responseCode: Int
      lastError: String
      createdAt: DateTime!
      lastAttemptAt: DateTime
      "When the next attempt is due (PENDING only)."
      nextAttemptAt: DateTime
      deliveredAt: DateTime
      "The delivery this one sends again."
      resentFrom: ID
      "The JSON body, exactly as signed and sent."
      body: String!
    }
    ${connection("WebhookDelivery")}
    input WebhookDeliveryFilter {
      endpoint: ID
      status: WebhookDeliveryStatus
      event: WebhookEvent
    }
    extend type Query {
      "The organisation's API tokens, newest first (manage:users)."
      apiTokens: [ApiToken!]!
      "manage:settings"
      webhookEndpoints: [WebhookEndpoint!]!
      "Deliveries, newest first (manage:settings)."
      webhookDeliveries(filter: WebhookDeliveryFilter, after: String, first: Int): WebhookDeliveryConnection!
    }
    extend type Mutation {
      "A token with roles the caller may grant (manage:users; a person, not another token)."
      createApiToken(input: ApiTokenInput!): CreatedApiToken!
      revokeApiToken(id: ID!): ApiToken!
      addWebhookEndpoint(input: WebhookEndpointInput!): AddedWebhookEndpoint!
      "Its deliveries go with it."
      removeWebhookEndpoint(id: ID!): RemoveWebhookEndpointResult!
      "Queues the delivery's event to its endpoint again, as a new delivery."
      resendWebhookDelivery(id: ID!): WebhookDelivery!
    }
  `,
  resolvers: {
    Query: {
      apiTokens: (_p, _a, g) => listApiTokens(ctxOf(g)),
      webhookEndpoints: (_p, _a, g) => listWebhookEndpoints(ctxOf(g)),
      webhookDeliveries: (_p, a: Args, g) =>
        listWebhookDeliveries(ctxOf(g), a.filter, { after: a.after, first: a.first }),
    },
    Mutation: {
      createApiToken: (_p, a: Args, g) => createApiToken(ctxOf(g), a.input),
      revokeApiToken: (_p, a: Args, g) => revokeApiToken(ctxOf(g), a.id),
      addWebhookEndpoint: (_p, a: Args, g) => addWebhookEndpoint(ctxOf(g), a.input),
      removeWebhookEndpoint: (_p, a: Args, g) => removeWebhookEndpoint(ctxOf(g), a.id),
      resendWebhookDelivery: (_p, a: Args, g) => resendWebhookDelivery(ctxOf(g), a.id),
    },
  },
};
