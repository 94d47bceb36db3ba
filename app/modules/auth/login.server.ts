import { z } from "zod";
import { eq } from "drizzle-orm";
import { participants, type AccountType } from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { isLocale, type Locale } from "~/i18n/config";
import { requireTenant, openTenant } from "~/modules/tenants/index.server";
import { peekLoginLink, requestLoginCode, verifyLoginCode, verifyLoginLink, type UserIdentifier } from "./otp.server";
import {
  createLoginSession,
  destroyLoginSession,
  findLoginSession,
  parseSessionCookieValue,
  type SessionCookie,
} from "./sessions.server";

const tenantInput = z.string().trim().min(1).max(40);

/** `requestLogin(tenant, userIdentifier)`: true whether or not the identifier has an account. */
export async function requestLogin(args: {
  tenant: string;
  identifier: UserIdentifier;
  accountType: AccountType;
  clientAddress: string;
  locale: Locale;
}): Promise<true> {
  const slug = tenantInput.safeParse(args.tenant);
  if (!slug.success) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  const tenant = await requireTenant(slug.data);
  const tdb = await openTenant(tenant);
  await requestLoginCode({
    tenant,
    tdb,
    accountType: args.accountType,
    identifier: args.identifier,
    clientAddress: args.clientAddress,
    locale: args.locale,
  });
  return true;
}

/** `completeOtpLogin(tenant, otp, userIdentifier)`: checks the code and opens a new session. */
export async function completeOtpLogin(args: {
  tenant: string;
  identifier: UserIdentifier;
  otp: string;
  accountType: AccountType;
  secure: boolean;
  clientAddress: string;
}): Promise<{ cookie: SessionCookie; subjectId: string; language: Locale | null }> {
  const slug = tenantInput.safeParse(args.tenant);
  if (!slug.success) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  const tenant = await requireTenant(slug.data);
  const tdb = await openTenant(tenant);
  const subjectId = await verifyLoginCode({
    tenant,
    tdb,
    accountType: args.accountType,
    identifier: args.identifier,
    code: args.otp,
  });
  const cookie = await createLoginSession(tdb, args.accountType, subjectId, args.secure, args.clientAddress);
  // A participant with a language of their own sees the screens in it from now on.
  let language: Locale | null = null;
  if (args.accountType === "USER") {
    const person = await tdb.db
      .select({ locale: participants.locale })
      .from(participants)
      .where(eq(participants.id, subjectId))
      .get();
    language = isLocale(person?.locale) ? person.locale : null;
  }
  return { cookie, subjectId, language };
}

/**
 * The account and organisation a one-click sign-in link is for, leaving the link usable; null when
 * the link is used, replaced or expired. ORGANIZATION_NOT_FOUND / tenant_disabled as for a login.
 */
export async function describeLoginLink(args: {
  tenant: string;
  token: string;
  accountType: AccountType;
}): Promise<{ organization: string; name: string; email: string } | null> {
  const slug = tenantInput.safeParse(args.tenant);
  if (!slug.success) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  const tenant = await requireTenant(slug.data);
  const subject = await peekLoginLink({
    tenant,
    tdb: await openTenant(tenant),
    accountType: args.accountType,
    token: args.token,
  });
  return subject ? { organization: tenant.name, ...subject } : null;
}

/** The one-click sign-in link of a code mail: checks its token and opens a new session. */
export async function completeLinkLogin(args: {
  tenant: string;
  token: string;
  accountType: AccountType;
  secure: boolean;
  clientAddress: string;
}): Promise<{ cookie: SessionCookie; subjectId: string }> {
  const slug = tenantInput.safeParse(args.tenant);
  if (!slug.success) throw new AppError("ORGANIZATION_NOT_FOUND", "tenant_not_found");
  const tenant = await requireTenant(slug.data);
  const tdb = await openTenant(tenant);
  const subjectId = await verifyLoginLink({ tenant, tdb, accountType: args.accountType, token: args.token });
  const cookie = await createLoginSession(tdb, args.accountType, subjectId, args.secure, args.clientAddress);
  return { cookie, subjectId };
}

/** `applyCookie`: accepts a session cookie value only if it names a live session of that account type. */
export async function validateSessionCookieValue(accountType: AccountType, value: string): Promise<boolean> {
  const parsed = parseSessionCookieValue(value);
  if (!parsed) return false;
  try {
    const tenant = await requireTenant(parsed.tenant);
    return !!(await findLoginSession(await openTenant(tenant), accountType, parsed.token));
  } catch {
    return false;
  }
}

export async function logout(accountType: AccountType, cookieValue: string | undefined): Promise<void> {
  const parsed = parseSessionCookieValue(cookieValue);
  if (!parsed) return;
  try {
    const tenant = await requireTenant(parsed.tenant);
    await destroyLoginSession(await openTenant(tenant), parsed.token);
  } catch {
    /* unknown tenant: nothing to end */
  }
}
