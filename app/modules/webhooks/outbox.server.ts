// The outbox (ADR 0042): an action that causes an event calls recordWebhookEvent inside its own
// write transaction, so the deliveries exist exactly when the action happened, and nothing is sent
// while the action waits. The delivery worker (worker.server.ts) sends them afterwards.
import type { TenantTx } from "~db/tenant/client";
import { webhookDeliveries, webhookEndpoints, type WebhookEvent } from "~db/tenant/schema";
import { newId } from "~/lib/ids.server";

/** Retries of a delivery stop a day after its event (or its resend). */
export const RETRY_FOR_MS = 86_400_000;

/** The JSON body every endpoint receives for the event (and every retry or resend sends again). */
export function webhookBody(args: {
  eventId: string;
  event: WebhookEvent;
  tenant: string;
  at: Date;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({
    id: args.eventId,
    type: args.event,
    createdAt: args.at.toISOString(),
    organization: args.tenant,
    data: args.data,
  });
}

/**
 * Queues `event` for every endpoint of the organisation that asked for it: one PENDING delivery
 * each, due now. Costs one read of the (small) endpoint table when nobody listens.
 */
export async function recordWebhookEvent(
  tx: TenantTx,
  args: { tenant: string; event: WebhookEvent; data: Record<string, unknown>; now?: Date },
): Promise<number> {
  const endpoints = (
    await tx.select({ id: webhookEndpoints.id, events: webhookEndpoints.events }).from(webhookEndpoints).all()
  ).filter((e) => e.events.includes(args.event));
  if (endpoints.length === 0) return 0;
  const at = args.now ?? new Date();
  const eventId = newId();
  const body = webhookBody({ eventId, event: args.event, tenant: args.tenant, at, data: args.data });
  await tx.insert(webhookDeliveries).values(
    endpoints.map((endpoint) => ({
      id: newId(),
      endpointId: endpoint.id,
      event: args.event,
      eventId,
      body,
      status: "PENDING" as const,
      attempts: 0,
      nextAttemptAt: at,
      retryUntil: new Date(at.getTime() + RETRY_FOR_MS),
      createdAt: at,
    })),
  );
  return endpoints.length;
}
