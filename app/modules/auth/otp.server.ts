import { randomInt, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantDb } from "~db/tenant/client";
import { oneTimeCodes, participants, staffUsers, type AccountType } from "~db/tenant/schema";
import type { TenantRow } from "~db/catalog/schema";
import { AppError } from "~/lib/app-error";
import { newId, sha256 } from "~/lib/ids.server";
import { getT } from "~/i18n/i18n.server";
import { isLocale, type Locale } from "~/i18n/config";
import { escapeHtml, mailHtml, sendMail } from "~/modules/mail/mailer.server";
import { enqueueMailJob } from "~/modules/mail/mail-queue.server";
import { hitRateLimits } from "./rate-limit.server";

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 3;
export const RATE_LIMIT_PER_IDENTIFIER = { max: 5, windowMs: 15 * 60 * 1000 };
export const RATE_LIMIT_PER_ADDRESS = { max: 30, windowMs: 15 * 60 * 1000 };

export const userIdentifierInput = z.object({
  type: z.enum(["EMAIL", "PHONE"]),
  value: z.string().trim().min(1).max(200),
});
export type UserIdentifier = z.infer<typeof userIdentifierInput>;

/** E-mails compare lower-case; phone numbers by their digits and a leading +. */
export function normalizeIdentifier(identifier: UserIdentifier): UserIdentifier {
  if (identifier.type === "EMAIL") return { type: "EMAIL", value: identifier.value.trim().toLowerCase() };
  const value = identifier.value.trim();
  return { type: "PHONE", value: (value.startsWith("+") ? "+" : "") + value.replace(/\D/g, "") };
}

/** Reads "e-mail or phone" typed into one field. */
export function identifierFromText(text: string): UserIdentifier {
  const value = text.trim();
  return normalizeIdentifier({ type: value.includes("@") ? "EMAIL" : "PHONE", value });
}

type Subject = { id: string; name: string; email: string; phone: string | null; locale: string | null };

async function findSubject(tdb: TenantDb, accountType: AccountType, id: UserIdentifier): Promise<Subject | null> {
  if (accountType === "ADMIN") {
    const column = id.type === "EMAIL" ? staffUsers.email : staffUsers.phone;
    const row = await tdb.db.select().from(staffUsers).where(eq(column, id.value)).get();
    return row ?? null;
  }
  const column = id.type === "EMAIL" ? participants.emailLower : participants.phone;
  const row = await tdb.db.select().from(participants).where(eq(column, id.value)).get();
  return row ?? null;
}

const hashCode = (tenant: string, codeId: string, code: string) => sha256(`${tenant}:${codeId}:${code}`);

/**
 * Sends a one-time code to an existing account. Always answers the same way and in the same time,
 * whether or not the identifier belongs to someone and whether or not the mail goes out, so the
 * answer reveals nothing. Only the newest code is kept.
 */
export async function requestLoginCode(args: {
  tenant: TenantRow;
  tdb: TenantDb;
  accountType: AccountType;
  identifier: UserIdentifier;
  clientAddress: string;
  locale: Locale;
}): Promise<void> {
  const parsed = userIdentifierInput.safeParse(args.identifier);
  if (!parsed.success) throw new AppError("AUTH_REQUEST_FAILED", "auth_request_failed");
  const identifier = normalizeIdentifier(parsed.data);
  const key = `${identifier.type}:${identifier.value}`;
  const limited = await hitRateLimits(args.tdb, [
    { bucket: `otp:${args.accountType}:${key}`, ...RATE_LIMIT_PER_IDENTIFIER },
    { bucket: `otp-address:${args.clientAddress}`, ...RATE_LIMIT_PER_ADDRESS },
  ]);
  if (limited) throw new AppError("AUTH_REQUEST_FAILED", "rate_limited");

  // Everything that depends on whether the account exists happens after the answer, so that
  // the answer and its timing are the same for known and unknown identifiers, and a failing
  // mail provider is logged instead of told.
  enqueueMailJob(`login code (${args.tenant.slug})`, () => sendLoginCode({ ...args, identifier, key }));
}

async function sendLoginCode(args: {
  tenant: TenantRow;
  tdb: TenantDb;
  accountType: AccountType;
  identifier: UserIdentifier;
  key: string;
  locale: Locale;
}): Promise<void> {
  const { identifier, key } = args;
  const subject = await findSubject(args.tdb, args.accountType, identifier);
  if (!subject) return;

  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const codeId = newId();
  const now = Date.now();
  await args.tdb.write(async (tx) => {
    await tx.delete(oneTimeCodes).where(and(eq(oneTimeCodes.accountType, args.accountType), eq(oneTimeCodes.identifier, key)));
    await tx.insert(oneTimeCodes).values({
      id: codeId,
      accountType: args.accountType,
      identifier: key,
      subjectId: subject.id,
      codeHash: hashCode(args.tenant.slug, codeId, code),
      attempts: 0,
      createdAt: new Date(now),
      expiresAt: new Date(now + OTP_TTL_MS),
    });
  });

  const locale = isLocale(subject.locale) ? subject.locale : args.locale;
  const t = await getT(locale);
  const values = { code, organization: args.tenant.name, minutes: OTP_TTL_MS / 60_000 };
  await sendMail({
    to: identifier.value,
    channel: identifier.type === "EMAIL" ? "email" : "sms",
    subject: t("emails:login-code.subject", values),
    textBody: t("emails:login-code.text", values),
    htmlBody: mailHtml([
      escapeHtml(t("emails:login-code.intro", values)),
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      escapeHtml(t("emails:login-code.expiry", values)),
      escapeHtml(t("emails:login-code.ignore", values)),
    ]),
  });
}

/**
 * Checks a code: the newest for the identifier, unexpired, fewer than 3 wrong tries. A right
 * code is consumed; a wrong one counts a try and the third ends the code. Returns the account id.
 */
export async function verifyLoginCode(args: {
  tenant: TenantRow;
  tdb: TenantDb;
  accountType: AccountType;
  identifier: UserIdentifier;
  code: string;
}): Promise<string> {
  const parsed = userIdentifierInput.safeParse(args.identifier);
  const invalid = () => new AppError("AUTH_CODE_INVALID_OR_EXPIRED", "auth_code_invalid_or_expired");
  if (!parsed.success) throw invalid();
  const identifier = normalizeIdentifier(parsed.data);
  const key = `${identifier.type}:${identifier.value}`;
  const code = args.code.replace(/\s/g, "");
  // The transaction returns instead of throwing, so that a counted wrong try is committed.
  const subjectId = await args.tdb.write(async (tx): Promise<string | null> => {
    const row = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountType, args.accountType), eq(oneTimeCodes.identifier, key)))
      .get();
    if (!row) return null;
    if (row.expiresAt.getTime() <= Date.now()) {
      await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
      return null;
    }
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(hashCode(args.tenant.slug, row.id, code), "hex");
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, given)) {
      if (row.attempts + 1 >= OTP_MAX_ATTEMPTS) await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
      else await tx.update(oneTimeCodes).set({ attempts: row.attempts + 1 }).where(eq(oneTimeCodes.id, row.id));
      return null;
    }
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
    return row.subjectId;
  });
  if (!subjectId) throw invalid();
  return subjectId;
}
