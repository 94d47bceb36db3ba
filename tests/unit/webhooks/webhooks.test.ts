import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { catalog } from "~db/catalog/client";
import { webhookTenants } from "~db/catalog/schema";
import { scheduledSessions, webhookDeliveries } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { applyExamStandard } from "~/modules/exams/index.server";
import { addExam } from "~/modules/exams/exams.server";
import { createSessionReport, saveParticipantReport } from "~/modules/reports/index.server";
import { signUpForScheduledSession } from "~/modules/scheduling/signup.server";
import { completeScheduledSession, startScheduledSession } from "~/modules/scheduling/session-run.server";
import {
  addWebhookEndpoint,
  backoffMs,
  listWebhookDeliveries,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  RETRY_FOR_MS,
  verifyWebhookSignature,
  WebhookWorker,
} from "~/modules/webhooks/index.server";
import { markedSession } from "../exams/server-fixture";
import { makeLiveSession, participantCtx } from "../live/fixtures";
import { refusal } from "../support/refusal";
import { addParticipant, makeTenant, managerCtx } from "../support/tenants";
import { startReceiver } from "./receiver";

process.env.PARTYKIT_DISABLED = "true";

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  // Each case's worker rounds see only that case's organisations (counts stay exact).
  const { db } = await catalog();
  await db.delete(webhookTenants);
});

async function receiver(answer?: (n: number) => number) {
  const r = await startReceiver(answer);
  closers.push(r.close);
  return r;
}

async function setUp() {
  const { tenant, tdb } = await makeTenant();
  const manager = await managerCtx(tenant.slug);
  return { slug: tenant.slug, tdb, manager };
}

const deliveriesOf = async (ctx: Ctx) =>
  (await listWebhookDeliveries(ctx, null, { first: 100 })).edges.map((e) => e.node);

describe("webhook deliveries", () => {
  it("are signed as documented: HMAC-SHA256 of `${timestamp}.${body}`, checked by a real receiver", async () => {
    const { manager, tdb } = await setUp();
    const hook = await receiver();
    const { secret } = await addWebhookEndpoint(manager, {
      url: hook.url,
      events: ["SCHEDULED_SESSION_STARTED", "SCHEDULED_SESSION_COMPLETED", "PARTICIPANT_SIGNED_UP"],
    });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const live = await makeLiveSession(manager);

    // A participant signs up by the session's code, then the session runs.
    const newcomer = await addParticipant(manager.tenant.slug, "newcomer@example.test", "New Comer");
    const session = await tdb.db.select().from(scheduledSessions).where(eq(scheduledSessions.id, live.sessionId)).get();
    await signUpForScheduledSession(participantCtx(manager, newcomer), session!.loginCode);
    await startScheduledSession(manager, live.sessionId);
    await completeScheduledSession(manager, live.sessionId);
    // Written with the actions, not sent yet.
    expect((await deliveriesOf(manager)).map((d) => [d.event, d.status])).toEqual([
      ["SCHEDULED_SESSION_COMPLETED", "PENDING"],
      ["SCHEDULED_SESSION_STARTED", "PENDING"],
      ["PARTICIPANT_SIGNED_UP", "PENDING"],
    ]);
    expect(hook.received).toEqual([]);

    expect(await new WebhookWorker().runOnce()).toBe(3);
    expect(hook.received).toHaveLength(3);
    const types = hook.received.map((r) => JSON.parse(r.body).type).sort();
    expect(types).toEqual(["PARTICIPANT_SIGNED_UP", "SCHEDULED_SESSION_COMPLETED", "SCHEDULED_SESSION_STARTED"]);
    for (const { headers, body } of hook.received) {
      const timestamp = String(headers["webhook-timestamp"]);
      const signature = String(headers["webhook-signature"]);
      // The scheme of the README, computed here by hand.
      const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
      expect(signature).toBe(`v1=${expected}`);
      expect(verifyWebhookSignature({ secret, body, timestamp, signature })).toBe(true);
      // A changed body, another secret or an old timestamp does not pass.
      expect(verifyWebhookSignature({ secret, body: body.replace("}", " }"), timestamp, signature })).toBe(false);
      expect(verifyWebhookSignature({ secret: `${secret}x`, body, timestamp, signature })).toBe(false);
      expect(verifyWebhookSignature({ secret, body, timestamp, signature, now: new Date(Date.now() + 600_000) })).toBe(
        false,
      );
      const event = JSON.parse(body);
      expect(headers["webhook-id"]).toBe(event.id);
      expect(headers["content-type"]).toBe("application/json");
      expect(event.organization).toBe(manager.tenant.slug);
      expect(event.data.scheduledSession).toBe(live.sessionId);
    }
    const signedUp = JSON.parse(hook.received.find((r) => r.body.includes("PARTICIPANT_SIGNED_UP"))!.body);
    expect(signedUp.data.participant).toBe(newcomer);
    const listed = await deliveriesOf(manager);
    expect(listed.map((d) => [d.status, d.responseCode, d.attempts])).toEqual([
      ["SUCCEEDED", 200, 1],
      ["SUCCEEDED", 200, 1],
      ["SUCCEEDED", 200, 1],
    ]);
    // Nothing is sent twice.
    expect(await new WebhookWorker().runOnce()).toBe(0);
  });

  it("come from a report's release and an applied standard too, only to endpoints that asked", async () => {
    const { manager } = await setUp();
    const reports = await receiver();
    const standards = await receiver();
    await addWebhookEndpoint(manager, { url: reports.url, events: ["REPORT_RELEASED"] });
    await addWebhookEndpoint(manager, { url: standards.url, events: ["STANDARD_APPLIED"] });
    const live = await markedSession(manager);
    const report = await createSessionReport(manager, {
      participant: live.people[0],
      scheduledSession: live.sessionId,
    });
    await saveParticipantReport(manager, report._id, { draft: true });
    await saveParticipantReport(manager, report._id, { draft: false });
    // Saved again once released: not a second release.
    await saveParticipantReport(manager, report._id, { draft: false });
    const exam = await addExam(manager, { name: "Finals", scheduledSessions: [live.sessionId] });
    await applyExamStandard(manager, exam._id, { method: "FIXED", cutPercent: 50 });
    await new WebhookWorker().runOnce();
    expect(reports.received.map((r) => JSON.parse(r.body))).toMatchObject([
      { type: "REPORT_RELEASED", data: { sessionReport: report._id, participant: live.people[0] } },
    ]);
    expect(standards.received.map((r) => JSON.parse(r.body))).toMatchObject([
      { type: "STANDARD_APPLIED", data: { exam: exam._id, method: "FIXED" } },
    ]);
  });

  it("are retried with exponential backoff for a day, then FAILED; a resend sends the same event again", async () => {
    const { manager } = await setUp();
    let up = false;
    const hook = await receiver(() => (up ? 204 : 503));
    await addWebhookEndpoint(manager, { url: hook.url, events: ["SCHEDULED_SESSION_STARTED"] });
    const live = await makeLiveSession(manager);
    await startScheduledSession(manager, live.sessionId);
    const t0 = Date.now();
    let now = new Date(t0);
    const worker = new WebhookWorker({ now: () => now });

    expect(await worker.runOnce()).toBe(1);
    let [delivery] = await deliveriesOf(manager);
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1, responseCode: 503, lastError: "HTTP 503" });
    expect(delivery!.nextAttemptAt!.getTime()).toBe(t0 + 30_000);
    // Not due before its time.
    now = new Date(t0 + 29_000);
    expect(await worker.runOnce()).toBe(0);
    now = new Date(t0 + 30_000);
    expect(await worker.runOnce()).toBe(1);
    [delivery] = await deliveriesOf(manager);
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 2 });
    expect(delivery!.nextAttemptAt!.getTime()).toBe(t0 + 30_000 + 60_000);
    expect([1, 2, 3, 4, 9, 12].map(backoffMs)).toEqual([30_000, 60_000, 120_000, 240_000, 7_200_000, 7_200_000]);

    // Attempts until the day is over: each waits its backoff, and none after the day.
    let attempts = 2;
    while (delivery!.status === "PENDING") {
      now = delivery!.nextAttemptAt!;
      expect(await worker.runOnce()).toBe(1);
      attempts++;
      [delivery] = await deliveriesOf(manager);
    }
    expect(delivery).toMatchObject({ status: "FAILED", attempts, responseCode: 503 });
    expect(delivery!.lastAttemptAt!.getTime()).toBeLessThanOrEqual(t0 + RETRY_FOR_MS);
    expect(attempts).toBeGreaterThan(10);
    expect(hook.received).toHaveLength(attempts);
    now = new Date(t0 + 3 * RETRY_FOR_MS);
    expect(await worker.runOnce()).toBe(0);

    // The receiver is fixed; the manager sends the event again.
    up = true;
    const resent = await resendWebhookDelivery(manager, delivery!._id, now);
    expect(resent).toMatchObject({
      status: "PENDING",
      attempts: 0,
      resentFrom: delivery!._id,
      eventId: delivery!.eventId,
    });
    expect(await worker.runOnce()).toBe(1);
    const [latest, failed] = await deliveriesOf(manager);
    expect(latest).toMatchObject({ _id: resent._id, status: "SUCCEEDED", responseCode: 204, attempts: 1 });
    expect(failed).toMatchObject({ _id: delivery!._id, status: "FAILED" });
    const last = hook.received.at(-1)!;
    expect(last.body).toBe(hook.received[0]!.body);
    expect(last.headers["webhook-id"]).toBe(hook.received[0]!.headers["webhook-id"]);
  });

  it("never hold up the action: an endpoint that is down leaves the action done and the delivery waiting", async () => {
    const { manager } = await setUp();
    const hook = await receiver();
    await hook.close();
    closers.pop();
    await addWebhookEndpoint(manager, { url: hook.url, events: ["SCHEDULED_SESSION_STARTED"] });
    const live = await makeLiveSession(manager);
    const started = await startScheduledSession(manager, live.sessionId);
    expect(started.status).toBe("ONGOING");
    expect(await new WebhookWorker().runOnce()).toBe(1);
    const [delivery] = await deliveriesOf(manager);
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1, responseCode: null });
    expect(delivery!.lastError).toBeTruthy();
  });

  it("survive a restart: a claim left by a worker that died is taken by a new worker once it runs out", async () => {
    const { manager, tdb } = await setUp();
    const hook = await receiver();
    await addWebhookEndpoint(manager, { url: hook.url, events: ["SCHEDULED_SESSION_STARTED"] });
    await startScheduledSession(manager, (await makeLiveSession(manager)).sessionId);
    await startScheduledSession(manager, (await makeLiveSession(manager)).sessionId);
    let now = new Date();
    // The first process claims both and never answers (it is killed while sending).
    const dying = new WebhookWorker({ now: () => now, claimMs: 60_000, fetch: () => new Promise<Response>(() => {}) });
    void dying.runOnce();
    await expect
      .poll(async () => (await tdb.db.select().from(webhookDeliveries).all()).map((d) => d.status))
      .toEqual(["SENDING", "SENDING"]);

    // A new process: while the claim holds it sends nothing, so nothing is sent twice…
    const restarted = new WebhookWorker({ now: () => now });
    expect(await restarted.runOnce()).toBe(0);
    // …and once it runs out, it sends both.
    now = new Date(now.getTime() + 60_001);
    expect(await restarted.runOnce()).toBe(2);
    expect(hook.received).toHaveLength(2);
    expect((await deliveriesOf(manager)).map((d) => d.status)).toEqual(["SUCCEEDED", "SUCCEEDED"]);
  });

  it("are claimed by one worker only when several run at once (the conditional UPDATE)", async () => {
    const { manager } = await setUp();
    const hook = await receiver();
    await addWebhookEndpoint(manager, { url: hook.url, events: ["SCHEDULED_SESSION_STARTED"] });
    for (let i = 0; i < 3; i++) await startScheduledSession(manager, (await makeLiveSession(manager)).sessionId);
    const counts = await Promise.all([1, 2, 3].map(() => new WebhookWorker().runOnce()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    const ids = hook.received.map((r) => r.headers["webhook-id"]);
    expect(new Set(ids).size).toBe(3);
    expect(ids).toHaveLength(3);
  });
});

describe("webhook endpoints", () => {
  it("take https anywhere and http only to loopback outside production, with a translated refusal", async () => {
    const { manager } = await setUp();
    const nl = { ...(await managerCtx(manager.tenant.slug, "nl-nl")) };
    expect(
      (await addWebhookEndpoint(manager, { url: "https://hooks.example.org/a", events: ["REPORT_RELEASED"] }))._id,
    ).toBeTruthy();
    expect(
      (await addWebhookEndpoint(manager, { url: "http://localhost:9/a", events: ["REPORT_RELEASED"] }))._id,
    ).toBeTruthy();
    const plain = await refusal(
      addWebhookEndpoint(nl, { url: "http://hooks.example.org/a", events: ["REPORT_RELEASED"] }),
    );
    expect(plain.code).toBe("BAD_REQUEST");
    expect(nl.t(plain.fieldErrors!.url!.key)).toMatch(/https/);
    expect(nl.t(plain.fieldErrors!.url!.key)).not.toBe(plain.fieldErrors!.url!.key);
    const none = await refusal(addWebhookEndpoint(manager, { url: "https://hooks.example.org/a", events: [] }));
    expect(Object.keys(none.fieldErrors!)).toEqual(["events"]);
    const env = process.env.NODE_ENV;
    try {
      process.env.NODE_ENV = "production";
      const local = await refusal(
        addWebhookEndpoint(manager, { url: "http://127.0.0.1:9/a", events: ["REPORT_RELEASED"] }),
      );
      expect(local.fieldErrors!.url!.key).toBe("webhooks:errors.url-https");
    } finally {
      process.env.NODE_ENV = env;
    }
  });

  it("belong to their organisation: another one cannot list, resend or remove them", async () => {
    const a = await setUp();
    const b = await setUp();
    const hook = await receiver();
    const { _id } = await addWebhookEndpoint(a.manager, { url: hook.url, events: ["SCHEDULED_SESSION_STARTED"] });
    await startScheduledSession(a.manager, (await makeLiveSession(a.manager)).sessionId);
    const [delivery] = await deliveriesOf(a.manager);
    expect(await deliveriesOf(b.manager)).toEqual([]);
    expect((await refusal(resendWebhookDelivery(b.manager, delivery!._id))).reason).toBe("webhook_delivery_not_found");
    expect((await refusal(removeWebhookEndpoint(b.manager, _id))).reason).toBe("webhook_endpoint_not_found");
    // Removed by its own manager: its deliveries go with it and nothing more is sent.
    await removeWebhookEndpoint(a.manager, _id);
    expect(await deliveriesOf(a.manager)).toEqual([]);
    expect(await new WebhookWorker().runOnce()).toBe(0);
  });
});
