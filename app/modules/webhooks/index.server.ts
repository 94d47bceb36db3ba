// The webhooks domain's public face on the server (ADR 0042). Browser-safe types: ./index.ts.
export { listWebhookDeliveries, resendWebhookDelivery } from "./deliveries.server";
export { addWebhookEndpoint, listWebhookEndpoints, removeWebhookEndpoint, webhookUrlProblem } from "./endpoints.server";
export { recordWebhookEvent, RETRY_FOR_MS } from "./outbox.server";
export { webhookFormHandlers, webhooksScreen, type WebhooksScreen } from "./screens.server";
export { verifyWebhookSignature, webhookSignature } from "./signature.server";
export { backoffMs, startWebhookWorker, WebhookWorker, type WebhookWorkerOptions } from "./worker.server";
