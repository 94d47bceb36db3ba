// sendParticipantReport: e-mails a report in its participant's language with the PDF
// attached and the link to /sessionreport/{id}, and records the delivery. Sending hands the
// report over, so a draft is released first (ADR 0018).
import { desc, eq } from "drizzle-orm";
import { z } from "zod";
import { sessionReportDeliveries } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { isEmailAddress } from "~/lib/email-address";
import { requirePermission, type Ctx, type StaffCtx } from "~/lib/context.server";
import { getT } from "~/i18n/i18n.server";
import { parseInput } from "~/lib/parse-input";
import { escapeHtml, mailHtml, sendMail } from "~/modules/mail/index.server";
import { publicLink } from "~/lib/public-url.server";
import { organizationLogoHtml } from "~/modules/tenants/index.server";
import { renderReportsPdf, reportFileName, reportLocales } from "./pdf/render.server";
import { checkReportMailAllowance, checkReportRecipients, takeReportMailAllowance } from "./recipients.server";
import { releaseSessionReport, sessionReportFor, WRITE, READ, type SessionReport } from "./reports.server";
import { formatPercent, formatScore } from "./report-view";

export const sendReportInput = z.object({
  emails: z
    .array(z.string().trim().toLowerCase().max(200).refine(isEmailAddress, { message: "validation:email" }), {
      required_error: "validation:required",
    })
    .min(1)
    .max(20),
  participant: z.string({ required_error: "validation:required" }).min(1).max(100),
  scheduledSession: z.string({ required_error: "validation:required" }).min(1).max(100),
});

/** The participant's link: the tenant travels in the query, the code opens only this report there. */
export function reportUrl(tenant: string, report: Pick<SessionReport, "_id" | "accessCode">): string {
  return publicLink(
    `/sessionreport/${encodeURIComponent(report._id)}?tenant=${encodeURIComponent(tenant)}&code=${encodeURIComponent(report.accessCode ?? "")}`,
  );
}

/**
 * Sends the participant's report to `emails`: the participant's own address and the organisation's
 * report recipients, or any address for a manager; at most REPORT_MAILS_PER_HOUR mails per sender
 * (recipients.server.ts). A refusal releases and sends nothing.
 */
export async function sendParticipantReport(ctx: Ctx, input: unknown): Promise<SessionReport> {
  requirePermission(ctx, WRITE);
  const { existing, emails } = await checkedSend(ctx, input);
  await takeReportMailAllowance(ctx, emails.length);
  const report = await releaseSessionReport(ctx, existing._id);
  await deliver(ctx, report, emails);
  return report;
}

/** What sendParticipantReport would refuse, checked before the builder saves its form; records nothing. */
export async function checkReportSend(ctx: Ctx, input: unknown): Promise<void> {
  requirePermission(ctx, WRITE);
  const { emails } = await checkedSend(ctx, input);
  await checkReportMailAllowance(ctx, emails.length);
}

async function checkedSend(ctx: StaffCtx, input: unknown): Promise<{ existing: SessionReport; emails: string[] }> {
  const args = parseInput(sendReportInput, input);
  const existing = await sessionReportFor(ctx, args.scheduledSession, args.participant);
  if (!existing) throw new AppError("NOT_FOUND", "session_report_not_found");
  const emails = [...new Set(args.emails)];
  await checkReportRecipients(ctx, args.participant, emails);
  return { existing, emails };
}

/**
 * Sends many reports, each to its participant's own address (bulk send on the reports list); the
 * whole batch counts against the sender's hourly limit first, so a refusal sends none of them.
 */
export async function sendReportsToParticipants(
  ctx: Ctx,
  reports: SessionReport[],
  emailOf: Map<string, string>,
): Promise<number> {
  requirePermission(ctx, WRITE);
  await takeReportMailAllowance(ctx, reports.filter((r) => emailOf.has(r.participant)).length);
  let sent = 0;
  for (const r of reports) {
    const email = emailOf.get(r.participant);
    if (!email) continue;
    await deliver(ctx, await releaseSessionReport(ctx, r._id), [email]);
    sent++;
  }
  return sent;
}

async function deliver(ctx: Ctx, report: SessionReport, emails: string[]): Promise<void> {
  const locale = (await reportLocales(ctx, [report])).get(report.participant) ?? ctx.locale;
  const t = await getT(locale);
  const pdf = await renderReportsPdf(ctx, [report]);
  const link = reportUrl(ctx.tenant.slug, report);
  const values = {
    name: report.data.participantName,
    session: report.data.sessionName,
    organization: ctx.tenant.name,
    result: t(`reports:status.${report.data.passedStatus}`),
    score: `${formatScore(report.data.totalScore, locale)} (${formatPercent(report.data.totalScore, locale)})`,
    link,
  };
  for (const to of emails) {
    await sendMail({
      to,
      subject: t("reports:email.subject", values),
      textBody: t("reports:email.text", values),
      htmlBody: mailHtml([
        ...organizationLogoHtml(ctx.tenant),
        escapeHtml(t("reports:email.greeting", values)),
        escapeHtml(t("reports:email.intro", values)),
        escapeHtml(t("reports:email.result", values)),
        `<a href="${escapeHtml(link)}">${escapeHtml(t("reports:email.action", values))}</a>`,
        escapeHtml(t("reports:email.attached", values)),
      ]),
      attachments: [{ name: reportFileName(report), contentType: "application/pdf", content: pdf }],
    });
  }
  await ctx.tdb.write((tx) =>
    tx.insert(sessionReportDeliveries).values({
      reportId: report._id,
      recipients: emails,
      language: locale,
      sentAt: new Date(),
      sentBy: ctx.actor.type === "ADMIN" ? ctx.actor.userId : null,
    }),
  );
}

export type ReportDelivery = { recipients: string[]; language: string; sentAt: Date };

/** When and to whom a report was sent, newest first. */
export async function reportDeliveries(ctx: Ctx, reportId: string): Promise<ReportDelivery[]> {
  requirePermission(ctx, READ);
  return ctx.tdb.db
    .select({
      recipients: sessionReportDeliveries.recipients,
      language: sessionReportDeliveries.language,
      sentAt: sessionReportDeliveries.sentAt,
    })
    .from(sessionReportDeliveries)
    .where(eq(sessionReportDeliveries.reportId, reportId))
    .orderBy(desc(sessionReportDeliveries.id))
    .all();
}
