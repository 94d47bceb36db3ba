// The webhooks domain's browser-safe face: what the settings screen shows.
export {
  WEBHOOK_EVENT_NAMES,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEvent,
} from "./types";
