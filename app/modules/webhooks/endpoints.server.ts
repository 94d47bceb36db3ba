// Webhook endpoints of an organisation (manage:settings): where its events are sent.
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { catalog } from "~db/catalog/client";
import { webhookTenants } from "~db/catalog/schema";
import { WEBHOOK_EVENTS, webhookEndpoints, type WebhookEndpointRow } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newId, randomToken } from "~/lib/ids.server";
import { parseInput } from "~/lib/parse-input";
import { settings } from "~settings/settings.server";
import type { WebhookEndpoint } from "./types";

const MANAGE = "manage:settings" as const;
/** Endpoints per organisation: each event is sent to each, so the list stays short. */
export const MAX_WEBHOOK_ENDPOINTS = 10;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const isLoopback = (host: string) => LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);

/** HTTPS only; plain http to this machine (loopback) only outside production, for trying a receiver out. */
export function webhookUrlProblem(raw: string, production = settings().NODE_ENV === "production"): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "webhooks:errors.url-invalid";
  }
  if (url.username || url.password) return "webhooks:errors.url-credentials";
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:" && !production && isLoopback(url.hostname.toLowerCase())) return null;
  return production ? "webhooks:errors.url-https" : "webhooks:errors.url-https-or-loopback";
}

export const webhookEndpointInput = z.object({
  url: z
    .string({ required_error: "validation:required" })
    .trim()
    .min(1, "validation:required")
    .max(2000)
    .superRefine((url, issue) => {
      const problem = webhookUrlProblem(url);
      if (problem) issue.addIssue({ code: "custom", message: problem });
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { invalid_type_error: "validation:invalid-choice" }))
    .superRefine((events, issue) => {
      if (events.length === 0) issue.addIssue({ code: "custom", message: "webhooks:errors.events-required" });
    })
    .transform((events) => WEBHOOK_EVENTS.filter((e) => events.includes(e))),
});

export const toWebhookEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt,
});

/** `addWebhookEndpoint(input: { url, events }) { _id secret }`: the secret is in this answer only. */
export async function addWebhookEndpoint(
  ctx: Ctx,
  input: unknown,
): Promise<{ _id: string; secret: string; endpoint: WebhookEndpoint }> {
  requirePermission(ctx, MANAGE);
  const data = parseInput(webhookEndpointInput, input, { ownKeyPrefix: "webhooks:" });
  const now = new Date();
  // The worker looks only into organisations listed here (ADR 0042); listed first, so a new
  // endpoint's deliveries are never left unseen.
  const { db, writes } = await catalog();
  await writes.run(() =>
    db.insert(webhookTenants).values({ tenantSlug: ctx.tenant.slug, since: now }).onConflictDoNothing().run(),
  );
  const row: WebhookEndpointRow = {
    id: newId(),
    url: data.url,
    events: data.events,
    secret: `whsec_${randomToken(32)}`,
    createdBy: ctx.actor.type === "ADMIN" ? ctx.actor.userId : null,
    createdAt: now,
  };
  await ctx.tdb.write(async (tx) => {
    const count = (await tx.select({ id: webhookEndpoints.id }).from(webhookEndpoints).all()).length;
    if (count >= MAX_WEBHOOK_ENDPOINTS)
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { url: { key: "webhooks:errors.too-many", values: { max: MAX_WEBHOOK_ENDPOINTS } } },
      });
    await tx.insert(webhookEndpoints).values(row);
  });
  return { _id: row.id, secret: row.secret, endpoint: toWebhookEndpoint(row) };
}

/** `removeWebhookEndpoint(id)`: nothing more is sent there; its deliveries go with it. */
export async function removeWebhookEndpoint(ctx: Ctx, id: string): Promise<{ id: string }> {
  requirePermission(ctx, MANAGE);
  await ctx.tdb.write(async (tx) => {
    const found = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .get();
    if (!found) throw new AppError("NOT_FOUND", "webhook_endpoint_not_found");
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  });
  return { id };
}

/** `webhookEndpoints`: newest first. */
export async function listWebhookEndpoints(ctx: Ctx): Promise<WebhookEndpoint[]> {
  requirePermission(ctx, MANAGE);
  const rows = await ctx.tdb.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt)).all();
  return rows.map(toWebhookEndpoint);
}
