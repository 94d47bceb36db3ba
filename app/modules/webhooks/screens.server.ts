// The webhooks section of /admin/organization/settings.
import { can } from "~/lib/permissions";
import type { Ctx } from "~/lib/context.server";
import { listWebhookDeliveries, resendWebhookDelivery } from "./deliveries.server";
import { addWebhookEndpoint, listWebhookEndpoints, removeWebhookEndpoint } from "./endpoints.server";

/** Endpoints and the newest deliveries; null for someone who may not manage them. */
export async function webhooksScreen(ctx: Ctx) {
  if (!can(ctx.permissions, "manage:settings")) return null;
  const [endpoints, deliveries] = await Promise.all([
    listWebhookEndpoints(ctx),
    listWebhookDeliveries(ctx, null, { first: 20 }),
  ]);
  return {
    endpoints,
    deliveries: deliveries.edges.map((e) => e.node),
    totalDeliveries: deliveries.pageInfo.totalCount,
  };
}
export type WebhooksScreen = NonNullable<Awaited<ReturnType<typeof webhooksScreen>>>;

/** The section's form intents (runIntent): add shows the secret once; remove; resend. */
export function webhookFormHandlers(ctx: Ctx) {
  return {
    add: async (input: Record<string, unknown>, _id: string, form: FormData) => {
      const added = await addWebhookEndpoint(ctx, { url: input.url, events: form.getAll("events") });
      return { id: added._id, secret: added.secret };
    },
    remove: async (_input: Record<string, unknown>, id: string) => {
      await removeWebhookEndpoint(ctx, id);
      return ctx.t("webhooks:removed");
    },
    resend: async (_input: Record<string, unknown>, id: string) => {
      await resendWebhookDelivery(ctx, id);
      return ctx.t("webhooks:resent");
    },
  };
}
