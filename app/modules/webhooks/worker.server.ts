// The delivery worker (ADR 0042): one per app process, started at start-up. It looks into the
// organisations that have endpoints (the catalog's webhook_tenants), claims due deliveries with a
// conditional UPDATE (so several processes never send one twice at once), sends them signed, and
// writes the outcome: SUCCEEDED on a 2xx, else PENDING again after an exponential backoff until
// the delivery's day is over, then FAILED. A claim lasts `claimMs`: a process that dies while
// sending leaves rows that the next worker (after a restart, or another process) takes again.
import { and, eq, inArray, lte, or } from "drizzle-orm";
import { catalog } from "~db/catalog/client";
import { webhookTenants } from "~db/catalog/schema";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~db/connection";
import type { TenantDb } from "~db/tenant/client";
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryRow } from "~db/tenant/schema";
import { findTenant, openTenant } from "~/modules/tenants/index.server";
import { webhookHeaders } from "./signature.server";

/** The wait before attempt n+1 after n failed ones: 30 s, 1 min, 2 min, … at most 2 h. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 2 * 3_600_000);
}

export type WebhookWorkerOptions = {
  now?: () => Date;
  /** How deliveries are sent (tests may count them); the global fetch by default. */
  fetch?: typeof fetch;
  pollMs?: number;
  /** How long a claim holds: longer than a send may take. */
  claimMs?: number;
  /** A receiver's answer is awaited this long. */
  timeoutMs?: number;
  batch?: number;
};

type Claimed = WebhookDeliveryRow & { url: string; secret: string };

export class WebhookWorker {
  private readonly now: () => Date;
  private readonly send: typeof fetch;
  private readonly pollMs: number;
  private readonly claimMs: number;
  private readonly timeoutMs: number;
  private readonly batch: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(options: WebhookWorkerOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.send = options.fetch ?? ((input, init) => fetch(input, init));
    this.pollMs = options.pollMs ?? 2_000;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.claimMs = options.claimMs ?? this.timeoutMs * 3;
    this.batch = options.batch ?? 20;
  }

  /** Polls every `pollMs` until stopped; a round never overlaps the previous one. */
  start(): this {
    if (this.timer) return this;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.runOnce().catch((error: unknown) => {
        if (isDatabaseUnavailable(error)) noteDatabaseUnavailable(error);
        else console.error("[webhooks] delivery round failed", error);
      });
    }, this.pollMs);
    this.timer.unref();
    return this;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One round over every organisation with endpoints: answers how many deliveries were attempted. */
  runOnce(): Promise<number> {
    const round = (async () => {
      const { db } = await catalog();
      let attempted = 0;
      for (const { tenantSlug } of await db
        .select({ tenantSlug: webhookTenants.tenantSlug })
        .from(webhookTenants)
        .all()) {
        const tenant = await findTenant(tenantSlug);
        if (!tenant || tenant.status !== "ACTIVE") continue;
        attempted += await this.deliverDue(await openTenant(tenant));
      }
      return attempted;
    })();
    this.running = round.finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private dueNow(now: Date) {
    return or(
      and(eq(webhookDeliveries.status, "PENDING"), lte(webhookDeliveries.nextAttemptAt, now)),
      and(eq(webhookDeliveries.status, "SENDING"), lte(webhookDeliveries.claimedUntil, now)),
    );
  }

  private async deliverDue(tdb: TenantDb): Promise<number> {
    const now = this.now();
    // A plain read first: most rounds find nothing and should not queue a write.
    const any = await tdb.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(this.dueNow(now))
      .limit(1)
      .get();
    if (!any) return 0;
    const claimed = await this.claim(tdb, now);
    await Promise.all(claimed.map((delivery) => this.attempt(tdb, delivery)));
    return claimed.length;
  }

  /** The conditional UPDATE: only rows still due change, and RETURNING says which this worker got. */
  private async claim(tdb: TenantDb, now: Date): Promise<Claimed[]> {
    return tdb.write(async (tx) => {
      const due = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(this.dueNow(now))
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(this.batch);
      const rows = await tx
        .update(webhookDeliveries)
        .set({ status: "SENDING", claimedUntil: new Date(now.getTime() + this.claimMs) })
        .where(and(inArray(webhookDeliveries.id, due), this.dueNow(now)))
        .returning();
      if (rows.length === 0) return [];
      const endpoints = await tx
        .select()
        .from(webhookEndpoints)
        .where(inArray(webhookEndpoints.id, [...new Set(rows.map((r) => r.endpointId))]))
        .all();
      const byId = new Map(endpoints.map((e) => [e.id, e]));
      return rows.flatMap((row) => {
        const endpoint = byId.get(row.endpointId);
        return endpoint ? [{ ...row, url: endpoint.url, secret: endpoint.secret }] : [];
      });
    });
  }

  private async attempt(tdb: TenantDb, delivery: Claimed): Promise<void> {
    const at = this.now();
    let responseCode: number | null = null;
    let error: string | null = null;
    try {
      const response = await this.send(delivery.url, {
        method: "POST",
        headers: webhookHeaders({ secret: delivery.secret, eventId: delivery.eventId, body: delivery.body, at }),
        body: delivery.body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      responseCode = response.status;
      // The receiver's body is not needed; reading it frees the connection.
      await response.arrayBuffer().catch(() => undefined);
      if (response.status < 200 || response.status > 299) error = `HTTP ${response.status}`;
    } catch (e) {
      error = (e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)).slice(0, 500);
    }
    const done = this.now();
    const attempts = delivery.attempts + 1;
    const next = new Date(done.getTime() + backoffMs(attempts));
    const outcome = !error
      ? { status: "SUCCEEDED" as const, deliveredAt: done }
      : next.getTime() > delivery.retryUntil.getTime()
        ? { status: "FAILED" as const }
        : { status: "PENDING" as const, nextAttemptAt: next };
    await tdb.write((tx) =>
      tx
        .update(webhookDeliveries)
        .set({ ...outcome, attempts, responseCode, lastError: error, lastAttemptAt: at, claimedUntil: null })
        .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, "SENDING"))),
    );
  }
}

let processWorker: WebhookWorker | null = null;

/** The process's one worker, started (app/server/main.ts). */
export function startWebhookWorker(options?: WebhookWorkerOptions): WebhookWorker {
  processWorker ??= new WebhookWorker(options).start();
  return processWorker;
}
