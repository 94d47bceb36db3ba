import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestamp } from "./columns";
import { staffUsers, type OrganizationRole } from "./identity";

/**
 * API tokens for integrations (ADR 0042). The token itself is shown once; the row keeps its
 * SHA-256. A token acts with its roles, never more than its creator still holds; removing the
 * creator removes their tokens.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    roles: text("roles", { mode: "json" }).$type<OrganizationRole[]>().notNull(),
    allowIntrospection: integer("allow_introspection", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at").notNull(),
    expiresAt: timestamp("expires_at").notNull(),
    revokedAt: timestamp("revoked_at"),
    lastUsedAt: timestamp("last_used_at"),
    lastUsedFrom: text("last_used_from"),
  },
  (t) => [uniqueIndex("api_tokens_hash_unique").on(t.tokenHash)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Every request made with an API token: the token-use audit log (kept when the token goes). */
export const apiTokenUses = sqliteTable(
  "api_token_uses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenId: text("token_id").notNull(),
    at: timestamp("at").notNull(),
    /** The operation's root fields, e.g. `allScheduledSessions,createSessionReport`. */
    operation: text("operation"),
    clientAddress: text("client_address").notNull(),
    /** The HTTP status of the answer. */
    status: integer("status").notNull(),
  },
  (t) => [index("api_token_uses_token_idx").on(t.tokenId, t.at)],
);

export const WEBHOOK_EVENTS = [
  "SCHEDULED_SESSION_STARTED",
  "SCHEDULED_SESSION_COMPLETED",
  "PARTICIPANT_SIGNED_UP",
  "REPORT_RELEASED",
  "STANDARD_APPLIED",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Where the organisation's events are sent. The secret signs every delivery (it is needed to sign, so it is kept as is). */
export const webhookEndpoints = sqliteTable("webhook_endpoints", {
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  events: text("events", { mode: "json" }).$type<WebhookEvent[]>().notNull(),
  secret: text("secret").notNull(),
  createdBy: text("created_by"),
  createdAt: timestamp("created_at").notNull(),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const WEBHOOK_DELIVERY_STATUSES = ["PENDING", "SENDING", "SUCCEEDED", "FAILED"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * The outbox: one row per event and endpoint, written in the transaction of the action that caused
 * the event, sent by the delivery worker (app/modules/integrations/webhook-worker.server.ts).
 * A worker claims a row by a conditional UPDATE to SENDING until `claimedUntil`; a claim that
 * outlives its worker (a crash) runs out and the row is taken again.
 */
export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event", { enum: WEBHOOK_EVENTS }).notNull(),
    /** The event's id, sent as `Webhook-Id`: the same for every attempt and resend of the event. */
    eventId: text("event_id").notNull(),
    body: text("body").notNull(),
    status: text("status", { enum: WEBHOOK_DELIVERY_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    /** Retries stop here (a day after the event or the resend). */
    retryUntil: timestamp("retry_until").notNull(),
    claimedUntil: timestamp("claimed_until"),
    responseCode: integer("response_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at"),
    deliveredAt: timestamp("delivered_at"),
    /** The delivery this one sends again (a manager's resend). */
    resentFrom: text("resent_from"),
    createdAt: timestamp("created_at").notNull(),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_created_idx").on(t.createdAt, t.id),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
