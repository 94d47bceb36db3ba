// The deliveries a manager sees (status, response code, attempts) and sends again.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENTS,
  webhookDeliveries,
  webhookEndpoints,
  type WebhookDeliveryRow,
} from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { checkPageArgs, paginateSelect, type Connection, type PageArgs } from "~/lib/paging.server";
import { parseInput } from "~/lib/parse-input";
import { RETRY_FOR_MS } from "./outbox.server";
import type { WebhookDelivery } from "./types";

const MANAGE = "manage:settings" as const;

export const deliveryFilterInput = z
  .object({
    endpoint: z.string().trim().min(1).max(100).nullish(),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullish(),
    event: z.enum(WEBHOOK_EVENTS).nullish(),
  })
  .nullish();

const toDelivery = (row: WebhookDeliveryRow, url: string): WebhookDelivery => ({
  _id: row.id,
  endpoint: row.endpointId,
  url,
  event: row.event,
  eventId: row.eventId,
  status: row.status,
  attempts: row.attempts,
  responseCode: row.responseCode,
  lastError: row.lastError,
  createdAt: row.createdAt,
  lastAttemptAt: row.lastAttemptAt,
  nextAttemptAt: row.status === "PENDING" ? row.nextAttemptAt : null,
  deliveredAt: row.deliveredAt,
  resentFrom: row.resentFrom,
  body: row.body,
});

/** `webhookDeliveries(filter: { endpoint, status, event }, after, first)`: newest first. */
export async function listWebhookDeliveries(
  ctx: Ctx,
  filter: unknown,
  page: PageArgs = {},
): Promise<Connection<WebhookDelivery>> {
  requirePermission(ctx, MANAGE);
  checkPageArgs(page);
  const f = parseInput(deliveryFilterInput, filter) ?? {};
  const conditions: SQL[] = [];
  if (f.endpoint) conditions.push(eq(webhookDeliveries.endpointId, f.endpoint));
  if (f.status) conditions.push(eq(webhookDeliveries.status, f.status));
  if (f.event) conditions.push(eq(webhookDeliveries.event, f.event));
  const where = conditions.length ? and(...conditions) : undefined;
  const db = ctx.tdb.db;
  return paginateSelect(
    page,
    db
      .select({ n: sql<number>`count(*)` })
      .from(webhookDeliveries)
      .where(where),
    db
      .select({ row: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)),
    ({ row, url }) => toDelivery(row, url),
  );
}

/**
 * `resendWebhookDelivery(id)`: the same event (same body and Webhook-Id, so a receiver that has it
 * already can tell) queued again to the same endpoint as a new delivery, retried for another day.
 */
export async function resendWebhookDelivery(ctx: Ctx, id: string, now = new Date()): Promise<WebhookDelivery> {
  requirePermission(ctx, MANAGE);
  return ctx.tdb.write(async (tx) => {
    const found = await tx
      .select({ row: webhookDeliveries, url: webhookEndpoints.url })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookDeliveries.id, id))
      .get();
    if (!found) throw new AppError("NOT_FOUND", "webhook_delivery_not_found");
    const row: WebhookDeliveryRow = {
      ...found.row,
      id: newId(),
      status: "PENDING",
      attempts: 0,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + RETRY_FOR_MS),
      claimedUntil: null,
      responseCode: null,
      lastError: null,
      lastAttemptAt: null,
      deliveredAt: null,
      resentFrom: found.row.id,
      createdAt: now,
    };
    await tx.insert(webhookDeliveries).values(row);
    return toDelivery(row, found.url);
  });
}
