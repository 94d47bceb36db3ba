import type { WebhookDeliveryStatus, WebhookEvent } from "~db/tenant/schema";

export type { WebhookDeliveryStatus, WebhookEvent };

/** The events an endpoint can ask for, in the order the settings screen lists them. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEvent[] = [
  "SCHEDULED_SESSION_STARTED",
  "SCHEDULED_SESSION_COMPLETED",
  "PARTICIPANT_SIGNED_UP",
  "REPORT_RELEASED",
  "STANDARD_APPLIED",
];

export type WebhookEndpoint = { _id: string; url: string; events: WebhookEvent[]; createdAt: Date };

export type WebhookDelivery = {
  _id: string;
  endpoint: string;
  url: string;
  event: WebhookEvent;
  eventId: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  responseCode: number | null;
  lastError: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  resentFrom: string | null;
  body: string;
};
