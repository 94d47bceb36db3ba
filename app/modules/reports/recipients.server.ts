// Who a session report may be mailed to, and how many report mails one staff member may send
// (else a writer could mail any participant's report, PDF and access link, to any number of
// outside addresses). Writers send to the participant's own address and to the organisation's
// report recipients (organisation settings, kept by managers); managers may send anywhere. Every
// sender is held to REPORT_MAILS_PER_HOUR. Both checks come before anything is released or sent.
import { eq } from "drizzle-orm";
import { participants } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { can } from "~/lib/permissions";
import type { StaffCtx } from "~/lib/context.server";
import { hitRateLimits, rateLimitsFull, type RateLimit } from "~/modules/auth/index.server";

/** Report mails (one per recipient) a staff member may send in an hour, single and bulk sends together. */
export const REPORT_MAILS_PER_HOUR = 100;
const HOUR_MS = 60 * 60 * 1000;

export type ReportRecipientRule = {
  /** The participant's own address (lowercase), when known. */
  participant: string | null;
  /** The organisation's report recipients. */
  extra: string[];
  /** Managers (who keep the organisation settings) may send to any address. */
  anyAddress: boolean;
};

export async function reportRecipientRule(ctx: StaffCtx, participantId: string): Promise<ReportRecipientRule> {
  const row = await ctx.tdb.db
    .select({ email: participants.email })
    .from(participants)
    .where(eq(participants.id, participantId))
    .get();
  return {
    participant: row?.email ? row.email.trim().toLowerCase() : null,
    extra: (ctx.tenant.settings.reportRecipientEmails ?? []).map((e) => e.toLowerCase()),
    anyAddress: can(ctx.permissions, "manage:settings"),
  };
}

/** FORBIDDEN (report_recipient_not_allowed) when an address is outside the rule; `emails` lowercase. */
export async function checkReportRecipients(
  ctx: StaffCtx,
  participantId: string,
  emails: readonly string[],
): Promise<void> {
  const rule = await reportRecipientRule(ctx, participantId);
  if (rule.anyAddress) return;
  const allowed = new Set([...(rule.participant ? [rule.participant] : []), ...rule.extra]);
  const refused = emails.filter((e) => !allowed.has(e));
  if (refused.length === 0) return;
  const values = { emails: refused.join(", ") };
  throw new AppError("FORBIDDEN", "report_recipient_not_allowed", {
    values,
    fieldErrors: { emails: { key: "reports:builder.emails-not-allowed", values } },
  });
}

/** The rate-limit bucket of a staff member's report mails. */
export const reportMailBucket = (userId: string) => `report-mail:${userId}`;
const mailLimit = (ctx: StaffCtx, count: number): RateLimit => ({
  bucket: reportMailBucket(ctx.actor.userId),
  max: REPORT_MAILS_PER_HOUR,
  windowMs: HOUR_MS,
  cost: count,
});
const tooMany = () =>
  new AppError("BAD_REQUEST", "report_mails_rate_limited", { values: { max: REPORT_MAILS_PER_HOUR } });

/** Refuses (BAD_REQUEST, report_mails_rate_limited) when `count` more mails would pass the hourly limit; records nothing. */
export async function checkReportMailAllowance(ctx: StaffCtx, count: number): Promise<void> {
  if (await rateLimitsFull(ctx.tdb, [mailLimit(ctx, count)])) throw tooMany();
}

/** Counts `count` mails against the sender's hourly limit, or refuses (recording nothing) when they do not fit. */
export async function takeReportMailAllowance(ctx: StaffCtx, count: number): Promise<void> {
  if (count > 0 && (await hitRateLimits(ctx.tdb, [mailLimit(ctx, count)]))) throw tooMany();
}
