import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { participants, sessionReportDeliveries } from "~db/tenant/schema";
import { createSessionReport, getSessionReport } from "~/modules/reports/reports.server";
import { renderReportsPdf } from "~/modules/reports/pdf/render.server";
import { sendParticipantReport } from "~/modules/reports/send.server";
import { refusal } from "../support/refusal";
import { lastMailTo, makeTenant, staffCtx } from "../support/tenants";
import { scoredSession } from "./support";

/** The text of a PDF, as pdftotext (Debian poppler-utils) reads it. */
function pdfText(bytes: Uint8Array): string {
  const file = path.join(os.tmpdir(), `report-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("report PDF and sending", async () => {
  const { tenant } = await makeTenant();
  const ctx = await staffCtx(tenant.slug);
  const live = await scoredSession(ctx);
  const alice = live.people[0]!;
  const person = (await ctx.tdb.db.select().from(participants).where(eq(participants.id, alice)).get())!;

  it("renders the participant's name, total score and result in their language", async () => {
    const report = await createSessionReport(ctx, { participant: alice, scheduledSession: live.sessionId });
    const en = pdfText(await renderReportsPdf(ctx, [report]));
    expect(en).toContain(person.name);
    expect(en).toContain("4.5 / 7");
    expect(en).toContain("Passed");
    await ctx.tdb.write((tx) => tx.update(participants).set({ locale: "fr-fr" }).where(eq(participants.id, alice)));
    const fr = pdfText(await renderReportsPdf(ctx, [report]));
    expect(fr).toContain("4,5 / 7");
    expect(fr).toContain("Réussi");
    await ctx.tdb.write((tx) => tx.update(participants).set({ locale: null }).where(eq(participants.id, alice)));
  });

  it("sends: releases the draft, mails the PDF and the link, records the delivery", async () => {
    const report = await createSessionReport(ctx, { participant: alice, scheduledSession: live.sessionId });
    expect(report.draft).toBe(true);
    const sent = await sendParticipantReport(ctx, {
      emails: [person.email, "Board@Example.test"],
      participant: alice,
      scheduledSession: live.sessionId,
    });
    expect(sent.draft).toBe(false);
    expect((await getSessionReport(ctx, report._id)).releasedAt).toBeInstanceOf(Date);
    const mail = (await lastMailTo(person.email))!;
    expect(mail.subject).toContain("Live run");
    expect(mail.textBody).toContain(
      `http://app.test/sessionreport/${report._id}?tenant=${tenant.slug}&code=${report.accessCode}`,
    );
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]).toMatch(/\.pdf$/);
    const attached = fs.readFileSync(`${mail.file.slice(0, -".json".length)}.${mail.attachments[0]}`);
    expect(pdfText(attached)).toContain(person.name);
    expect(await lastMailTo("board@example.test")).not.toBeNull();
    const deliveries = await ctx.tdb.db
      .select()
      .from(sessionReportDeliveries)
      .where(eq(sessionReportDeliveries.reportId, report._id))
      .all();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.recipients).toEqual([person.email.toLowerCase(), "board@example.test"]);
  });

  it("refuses a bad address or a participant without a report, sending nothing", async () => {
    const bad = await refusal(
      sendParticipantReport(ctx, { emails: ["not-an-address"], participant: alice, scheduledSession: live.sessionId }),
    );
    expect(bad.fieldErrors?.["emails.0"]?.key).toBe("validation:email");
    const none = await refusal(
      sendParticipantReport(ctx, {
        emails: ["x@example.test"],
        participant: live.people[1]!,
        scheduledSession: live.sessionId,
      }),
    );
    expect(none.reason).toBe("session_report_not_found");
    expect(await lastMailTo("x@example.test")).toBeNull();
    const reader = await staffCtx(tenant.slug, ["ORGANIZATION_READER"]);
    expect(
      (
        await refusal(
          sendParticipantReport(reader, {
            emails: ["x@example.test"],
            participant: alice,
            scheduledSession: live.sessionId,
          }),
        )
      ).code,
    ).toBe("FORBIDDEN");
  });
});
