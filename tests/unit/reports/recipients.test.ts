import fs from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dataDir } from "~db/config";
import { participants, sessionReportDeliveries } from "~db/tenant/schema";
import type { Ctx } from "~/lib/context.server";
import { hitRateLimits } from "~/modules/auth/rate-limit.server";
import { createLoginSession } from "~/modules/auth/sessions.server";
import { drainMailQueue } from "~/modules/mail/mail-queue.server";
import { REPORT_MAILS_PER_HOUR, reportMailBucket } from "~/modules/reports/recipients.server";
import { createSessionReport, getSessionReport } from "~/modules/reports/reports.server";
import { builderScreen } from "~/modules/reports/screens.server";
import { updateOrganizationSettings } from "~/modules/tenants/settings.server";
import { requireTenant } from "~/modules/tenants/tenants.server";
import { action as builderRoute } from "~/routes/admin.scheduledsessions.dashboard.$sessionId_.participant.$participantId";
import { action as reportsListRoute } from "~/routes/admin.reports.sessionreports";
import { gql } from "../support/graphql";
import { refusal } from "../support/refusal";
import { makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

// A writer could mail any participant's report (PDF and access link) to any number of
// outside addresses. Writers may now send to the participant and the organisation's report
// recipients only (managers anywhere), at most REPORT_MAILS_PER_HOUR mails an hour each. Sends go
// through the real GraphQL mutation and the real screens' actions.

/** How many outbox messages went to an address. */
async function mailsTo(to: string): Promise<number> {
  await drainMailQueue();
  const dir = path.join(dataDir(), "outbox");
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json"));
  let n = 0;
  for (const f of files) if (JSON.parse(await fs.readFile(path.join(dir, f), "utf8")).to === to) n++;
  return n;
}

/** The context of a request made now: the organisation's settings as they are stored. */
const fresh = async (ctx: Ctx): Promise<Ctx> => ({ ...ctx, tenant: await requireTenant(ctx.tenant.slug) });
const userIdOf = (ctx: Ctx) => (ctx.actor as { userId: string }).userId;

async function cookieOf(ctx: Ctx): Promise<string> {
  const c = await createLoginSession(ctx.tdb, "ADMIN", userIdOf(ctx), false);
  return `${c.name}=${c.value}`;
}

const SEND = `mutation($emails: [String!]!, $p: ID!, $s: ID!) { sendParticipantReport(emails: $emails, participant: $p, scheduledSession: $s) { _id draft } }`;

describe("who a report may be sent to, and how many", async () => {
  const { tenant } = await makeTenant();
  const manager = await staffCtx(tenant.slug);
  const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  const [managerCookie, writerCookie] = [await cookieOf(manager), await cookieOf(writer)];
  const live = await scoredSession(manager);
  const [alice, bob] = live.people as [string, string];
  const emailOf = async (id: string) =>
    (await manager.tdb.db
      .select({ email: participants.email })
      .from(participants)
      .where(eq(participants.id, id))
      .get())!.email.toLowerCase();
  const aliceEmail = await emailOf(alice);
  const report = await createSessionReport(manager, { participant: alice, scheduledSession: live.sessionId });
  const send = (cookie: string, emails: string[]) =>
    gql("admin", SEND, { emails, p: alice, s: live.sessionId }, { cookie });
  const deliveries = async () =>
    (
      await manager.tdb.db
        .select()
        .from(sessionReportDeliveries)
        .where(eq(sessionReportDeliveries.reportId, report._id))
        .all()
    ).length;

  it("refuses a writer's outside address, sending and releasing nothing", async () => {
    const { body } = await send(writerCookie, [aliceEmail, "someone@outside.test"]);
    expect(body.data).toBeNull();
    expect(body.errors![0]!.extensions).toMatchObject({
      code: "FORBIDDEN",
      reason: "report_recipient_not_allowed",
      fieldErrors: { emails: "Not allowed here: someone@outside.test." },
    });
    expect(body.errors![0]!.message).toContain("Not allowed: someone@outside.test. Nothing was sent.");
    // In the staff member's language.
    const fr = await gql(
      "admin",
      SEND,
      { emails: ["someone@outside.test"], p: alice, s: live.sessionId },
      { cookie: writerCookie, locale: "fr-FR" },
    );
    expect(fr.body.errors![0]!.message).toContain("Rien n'a été envoyé");
    expect(await mailsTo("someone@outside.test")).toBe(0);
    expect(await mailsTo(aliceEmail)).toBe(0);
    expect(await deliveries()).toBe(0);
    expect((await getSessionReport(manager, report._id)).draft).toBe(true);
  });

  it("lets a writer send to the participant's own address", async () => {
    const { body } = await send(writerCookie, [aliceEmail.toUpperCase()]);
    expect(body.errors).toBeUndefined();
    expect(body.data.sendParticipantReport.draft).toBe(false);
    expect(await mailsTo(aliceEmail)).toBe(1);
    expect(await deliveries()).toBe(1);
  });

  it("lets a writer send to the organisation's report recipients, which only managers keep", async () => {
    expect(
      (await refusal(updateOrganizationSettings(writer, { reportRecipientEmails: ["me@outside.test"] }))).code,
    ).toBe("FORBIDDEN");
    const saved = await updateOrganizationSettings(manager, {
      reportRecipientEmails: "Board@Example.test\nhr@example.test",
    });
    expect(saved.reportRecipientEmails).toEqual(["board@example.test", "hr@example.test"]);
    expect((await send(writerCookie, [aliceEmail, "board@example.test"])).body.errors).toBeUndefined();
    expect(await mailsTo("board@example.test")).toBe(1);
    // Still nothing outside the list.
    expect((await send(writerCookie, ["other@example.test"])).body.errors![0]!.extensions!.reason).toBe(
      "report_recipient_not_allowed",
    );
  });

  it("lets a manager send to any address", async () => {
    expect((await send(managerCookie, ["anyone@elsewhere.test"])).body.errors).toBeUndefined();
    expect(await mailsTo("anyone@elsewhere.test")).toBe(1);
  });

  it("explains the rule beside the builder's e-mail field", async () => {
    const forWriter = await builderScreen(await fresh(writer), live.sessionId, alice);
    expect(forWriter.reportRecipients).toEqual({ extra: ["board@example.test", "hr@example.test"], anyAddress: false });
    expect((await builderScreen(await fresh(manager), live.sessionId, alice)).reportRecipients.anyAddress).toBe(true);
  });

  it("refuses a builder send outside the rule without saving the form", async () => {
    const before = await getSessionReport(manager, report._id);
    const form = new URLSearchParams({
      intent: "report-send",
      emails: "leak@outside.test",
      chartType: before.options.chartType === "BAR" ? "RADAR" : "BAR",
    });
    const request = new Request(
      `http://localhost/admin/scheduledsessions/dashboard/${live.sessionId}/participant/${alice}`,
      {
        method: "POST",
        headers: { Cookie: writerCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: form,
      },
    );
    const answer = (await builderRoute({
      request,
      context: {},
      params: { sessionId: live.sessionId, participantId: alice },
    } as never)) as { ok: boolean; message: string; fieldErrors: Record<string, string> };
    expect(answer).toMatchObject({ ok: false, fieldErrors: { emails: "Not allowed here: leak@outside.test." } });
    expect(answer.message).toContain("Not allowed: leak@outside.test");
    const after = await getSessionReport(manager, report._id);
    expect(after.options.chartType).toBe(before.options.chartType);
    expect(after._rev).toBe(before._rev);
    expect(await mailsTo("leak@outside.test")).toBe(0);
  });

  it(`throttles each staff member to ${REPORT_MAILS_PER_HOUR} report mails an hour: the next one is refused and nothing is sent`, async () => {
    const sender = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
    const senderCookie = await cookieOf(sender);
    // The mails of the last hour but one (each send renders a PDF: counted, not sent, here).
    expect(
      await hitRateLimits(sender.tdb, [
        {
          bucket: reportMailBucket(userIdOf(sender)),
          max: REPORT_MAILS_PER_HOUR,
          windowMs: 3_600_000,
          cost: REPORT_MAILS_PER_HOUR - 1,
        },
      ]),
    ).toBe(false);
    const sentBefore = await mailsTo(aliceEmail);
    const deliveredBefore = await deliveries();

    // Two more do not fit: refused as a whole.
    expect((await send(senderCookie, [aliceEmail, "board@example.test"])).body.errors![0]!.extensions!.reason).toBe(
      "report_mails_rate_limited",
    );
    expect((await send(senderCookie, [aliceEmail])).body.errors).toBeUndefined();
    expect(await mailsTo(aliceEmail)).toBe(sentBefore + 1);

    const { body } = await send(senderCookie, [aliceEmail]);
    expect(body.errors![0]!.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "report_mails_rate_limited" });
    expect(body.errors![0]!.message).toContain(`${REPORT_MAILS_PER_HOUR} report e-mails`);
    // Bulk sends from the reports list count too.
    const bobReport = await createSessionReport(manager, { participant: bob, scheduledSession: live.sessionId });
    const bulk = (await reportsListRoute({
      request: new Request("http://localhost/admin/reports/sessionreports", {
        method: "POST",
        headers: { Cookie: senderCookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ ids: bobReport._id }),
      }),
      context: {},
      params: {},
    } as never)) as { ok: boolean; message: string };
    expect(bulk).toMatchObject({
      ok: false,
      message: expect.stringContaining(`${REPORT_MAILS_PER_HOUR} report e-mails`),
    });
    expect(await mailsTo(await emailOf(bob))).toBe(0);
    expect((await getSessionReport(manager, bobReport._id)).draft).toBe(true);
    expect(await mailsTo(aliceEmail)).toBe(sentBefore + 1);
    expect(await deliveries()).toBe(deliveredBefore + 1);
    // Another staff member has an allowance of their own.
    expect((await send(writerCookie, [aliceEmail])).body.errors).toBeUndefined();
    expect(await mailsTo(aliceEmail)).toBe(sentBefore + 2);
  });
});
