import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { TenantDb } from "~db/tenant/client";
import { oneTimeCodes, participants, staffUsers, type AccountType } from "~db/tenant/schema";
import type { TenantRow } from "~db/catalog/schema";
import { AppError } from "~/lib/app-error";
import { isEmailAddress } from "~/lib/email-address";
import { newId, sha256 } from "~/lib/ids.server";
import { getT } from "~/i18n/i18n.server";
import { isLocale, type Locale } from "~/i18n/config";
import { escapeHtml, mailHtml, sendMail, enqueueMailJob } from "~/modules/mail/index.server";
import { organizationLogoHtml } from "~/modules/tenants/index.server";
import { publicLink } from "~/lib/public-url.server";
import { hitRateLimits } from "./rate-limit.server";

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 3;
export const RATE_LIMIT_PER_IDENTIFIER = { max: 5, windowMs: 15 * 60 * 1000 };
export const RATE_LIMIT_PER_ADDRESS = { max: 30, windowMs: 15 * 60 * 1000 };

/** A phone number as people type it: digits with spaces, dots, dashes, brackets and a leading +; 6 to 15 digits. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

/** An e-mail address or a phone number that could be someone's; anything else is refused (auth_request_failed). */
export const userIdentifierInput = z
  .object({
    type: z.enum(["EMAIL", "PHONE"]),
    value: z.string().trim().min(1).max(200),
  })
  .refine(({ type, value }) => {
    if (type === "EMAIL") return isEmailAddress(value);
    const digits = value.replace(/\D/g, "").length;
    return PHONE_TEXT.test(value) && digits >= 6 && digits <= 15;
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

  const { code, linkToken } = await issueLoginCode(args.tdb, args.tenant, args.accountType, key, subject.id);
  const locale = isLocale(subject.locale) ? subject.locale : args.locale;
  const link = signInLinkUrl(args.accountType, args.tenant.slug, linkToken);
  await sendMail(await loginCodeMail(args.tenant, identifier, code, link, locale));
}

/**
 * The one-click sign-in URL of a login code, always on the configured public origin:
 * `/api/auth/callback` (staff) or `/api/user/auth/callback`.
 */
export function signInLinkUrl(accountType: AccountType, tenant: string, token: string): string {
  const path = accountType === "ADMIN" ? "/api/auth/callback" : "/api/user/auth/callback";
  return publicLink(`${path}?tenant=${encodeURIComponent(tenant)}&token=${encodeURIComponent(token)}`);
}

const hashLinkToken = (tenant: string, token: string) => sha256(`link:${tenant}:${token}`);

/**
 * Stores a fresh code and sign-in link token for an identifier, replacing any older one (only the
 * newest is valid). Both are stored hashed and die together: using one consumes the other.
 */
export async function issueLoginCode(
  tdb: TenantDb,
  tenant: TenantRow,
  accountType: AccountType,
  identifierKey: string,
  subjectId: string,
): Promise<{ code: string; linkToken: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  // Hex, so the token never contains a run of digits that reads as a code in the mail's text.
  const linkToken = randomBytes(32).toString("hex");
  const codeId = newId();
  const now = Date.now();
  await tdb.write(async (tx) => {
    await tx
      .delete(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountType, accountType), eq(oneTimeCodes.identifier, identifierKey)));
    await tx.insert(oneTimeCodes).values({
      id: codeId,
      accountType,
      identifier: identifierKey,
      subjectId,
      codeHash: hashCode(tenant.slug, codeId, code),
      linkHash: hashLinkToken(tenant.slug, linkToken),
      attempts: 0,
      createdAt: new Date(now),
      expiresAt: new Date(now + OTP_TTL_MS),
    });
  });
  return { code, linkToken };
}

async function loginCodeMail(
  tenant: TenantRow,
  identifier: UserIdentifier,
  code: string,
  link: string,
  locale: Locale,
) {
  const t = await getT(locale);
  const values = { code, organization: tenant.name, minutes: OTP_TTL_MS / 60_000, link };
  return {
    to: identifier.value,
    channel: identifier.type === "EMAIL" ? ("email" as const) : ("sms" as const),
    subject: t("emails:login-code.subject", values),
    textBody: t("emails:login-code.text", values) + (link ? `\n\n${t("emails:login-code.link-text", values)}` : ""),
    htmlBody: mailHtml([
      ...organizationLogoHtml(tenant),
      escapeHtml(t("emails:login-code.intro", values)),
      `<strong style="font-size:24px;letter-spacing:4px">${code}</strong>`,
      ...(link
        ? [
            `<a href="${escapeHtml(link)}" style="display:inline-block;background:#011951;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(t("emails:login-code.link-button", values))}</a>`,
          ]
        : []),
      escapeHtml(t("emails:login-code.expiry", values)),
      escapeHtml(t("emails:login-code.ignore", values)),
    ]),
  };
}

const LINK_TOKEN = /^[0-9a-f]{64}$/;

/**
 * Whose a one-click sign-in link is, without using it up: the page the link opens shows the
 * account and asks to continue (a POST), so that a link alone cannot sign a browser in. Null for a
 * used, replaced or expired link.
 */
export async function peekLoginLink(args: {
  tenant: TenantRow;
  tdb: TenantDb;
  accountType: AccountType;
  token: string;
}): Promise<{ name: string; email: string } | null> {
  const token = args.token.trim();
  if (!LINK_TOKEN.test(token)) return null;
  const row = await args.tdb.db
    .select({ subjectId: oneTimeCodes.subjectId, expiresAt: oneTimeCodes.expiresAt, attempts: oneTimeCodes.attempts })
    .from(oneTimeCodes)
    .where(
      and(
        eq(oneTimeCodes.accountType, args.accountType),
        eq(oneTimeCodes.linkHash, hashLinkToken(args.tenant.slug, token)),
      ),
    )
    .get();
  if (!row || row.expiresAt.getTime() <= Date.now() || row.attempts >= OTP_MAX_ATTEMPTS) return null;
  const table = args.accountType === "ADMIN" ? staffUsers : participants;
  const subject = await args.tdb.db
    .select({ name: table.name, email: table.email })
    .from(table)
    .where(eq(table.id, row.subjectId))
    .get();
  return subject ?? null;
}

/**
 * Checks a one-click sign-in link token: the newest code's link, unexpired, used once (the code
 * dies with it). Returns the account id, or AUTH_CODE_INVALID_OR_EXPIRED.
 */
export async function verifyLoginLink(args: {
  tenant: TenantRow;
  tdb: TenantDb;
  accountType: AccountType;
  token: string;
}): Promise<string> {
  const token = args.token.trim();
  const invalid = () => new AppError("AUTH_CODE_INVALID_OR_EXPIRED", "auth_code_invalid_or_expired");
  if (!LINK_TOKEN.test(token)) throw invalid();
  const linkHash = hashLinkToken(args.tenant.slug, token);
  const subjectId = await args.tdb.write(async (tx): Promise<string | null> => {
    const row = await tx
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountType, args.accountType), eq(oneTimeCodes.linkHash, linkHash)))
      .get();
    if (!row) return null;
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
    return row.expiresAt.getTime() > Date.now() && row.attempts < OTP_MAX_ATTEMPTS ? row.subjectId : null;
  });
  if (!subjectId) throw invalid();
  return subjectId;
}

/**
 * Checks a code: the newest for the identifier, unexpired, fewer than 3 wrong tries. A right
 * code is consumed; a wrong one counts a try and the third uses the code up: it stays stored as
 * used up (its link dead too), so every later try, the right code included, is told so
 * (`auth_code_used_up`) instead of "wrong", until a new code replaces it. Returns the account id.
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
  const outcome = await args.tdb.write(async (tx): Promise<{ subjectId: string } | "used-up" | null> => {
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
    if (row.attempts >= OTP_MAX_ATTEMPTS) return "used-up";
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(hashCode(args.tenant.slug, row.id, code), "hex");
    if (!/^\d{6}$/.test(code) || !timingSafeEqual(expected, given)) {
      await tx
        .update(oneTimeCodes)
        .set({ attempts: row.attempts + 1 })
        .where(eq(oneTimeCodes.id, row.id));
      return row.attempts + 1 >= OTP_MAX_ATTEMPTS ? "used-up" : null;
    }
    await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.id, row.id));
    return { subjectId: row.subjectId };
  });
  if (outcome === "used-up")
    throw new AppError("AUTH_CODE_INVALID_OR_EXPIRED", "auth_code_used_up", { values: { tries: OTP_MAX_ATTEMPTS } });
  if (!outcome) throw invalid();
  return outcome.subjectId;
}
