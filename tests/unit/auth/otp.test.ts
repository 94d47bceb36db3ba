import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes } from "~db/tenant/schema";
import { completeLinkLogin, completeOtpLogin, requestLogin } from "~/modules/auth/login.server";
import { OTP_TTL_MS, RATE_LIMIT_PER_IDENTIFIER } from "~/modules/auth/otp.server";
import { findLoginSession, parseSessionCookieValue } from "~/modules/auth/sessions.server";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { addParticipant, lastMailTo, makeTenant } from "../support/tenants";

const email = (slug: string) => `manager@${slug}.test`;
const ask = (tenant: string, value: string, accountType: "ADMIN" | "USER" = "ADMIN", clientAddress = "10.1.1.1") =>
  requestLogin({ tenant, identifier: { type: "EMAIL", value }, accountType, clientAddress, locale: "en-us" });
const answer = (tenant: string, value: string, otp: string, accountType: "ADMIN" | "USER" = "ADMIN") =>
  completeOtpLogin({
    tenant,
    identifier: { type: "EMAIL", value },
    otp,
    accountType,
    secure: false,
    clientAddress: "10.1.1.1",
  });

let a: string;
let b: string;

beforeAll(async () => {
  a = (await makeTenant("otp-a", "Alpha Org")).tenant.slug;
  b = (await makeTenant("otp-b", "Beta Org")).tenant.slug;
});

describe("one-time code login", () => {
  it("mails a 6-digit code that logs in once and opens a server-side session", async () => {
    await ask(a, email(a));
    const mail = await lastMailTo(email(a));
    expect(mail?.code).toMatch(/^\d{6}$/);
    expect(mail?.subject).toContain("Alpha Org");
    expect(mail?.htmlBody).toContain(mail!.code!);

    const { cookie } = await answer(a, email(a), mail!.code!);
    expect(cookie.name).toBe("adminAuthState");
    expect(cookie.httpOnly).toBe(true);
    const parsed = parseSessionCookieValue(cookie.value)!;
    expect(parsed.tenant).toBe(a);
    const tdb = await openTenant(await requireTenant(a));
    expect(await findLoginSession(tdb, "ADMIN", parsed.token)).not.toBeNull();
    // The row stores a hash, never the token itself.
    expect(JSON.stringify(await tdb.db.query.authSessions.findMany())).not.toContain(parsed.token);

    await expect(answer(a, email(a), mail!.code!)).rejects.toMatchObject({ code: "AUTH_CODE_INVALID_OR_EXPIRED" });
  });

  it("stores the code hashed", async () => {
    const a = (await makeTenant()).tenant.slug; // its own tenant: the per-identifier rate limit
    await ask(a, email(a));
    const code = (await lastMailTo(email(a)))!.code!;
    const tdb = await openTenant(await requireTenant(a));
    const rows = await tdb.db.select().from(oneTimeCodes);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it("keeps only the newest code", async () => {
    const a = (await makeTenant()).tenant.slug; // its own tenant: the per-identifier rate limit
    await ask(a, email(a));
    const first = (await lastMailTo(email(a)))!.code!;
    await new Promise((r) => setTimeout(r, 5));
    await ask(a, email(a));
    const second = (await lastMailTo(email(a)))!.code!;
    if (first !== second)
      await expect(answer(a, email(a), first)).rejects.toMatchObject({ code: "AUTH_CODE_INVALID_OR_EXPIRED" });
    await expect(answer(a, email(a), second)).resolves.toBeTruthy();
  });

  it("ends the code after 3 wrong tries", async () => {
    const a = (await makeTenant()).tenant.slug; // its own tenant: the per-identifier rate limit
    await ask(a, email(a));
    const code = (await lastMailTo(email(a)))!.code!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 2; i++)
      await expect(answer(a, email(a), wrong)).rejects.toMatchObject({
        code: "AUTH_CODE_INVALID_OR_EXPIRED",
        reason: "auth_code_invalid_or_expired",
      });
    // The third wrong try uses the code up, and says so.
    await expect(answer(a, email(a), wrong)).rejects.toMatchObject({
      code: "AUTH_CODE_INVALID_OR_EXPIRED",
      reason: "auth_code_used_up",
    });
    // The right code now fails too, with the same explanation rather than "wrong".
    await expect(answer(a, email(a), code)).rejects.toMatchObject({
      code: "AUTH_CODE_INVALID_OR_EXPIRED",
      reason: "auth_code_used_up",
    });
    // Its sign-in link died with it.
    const link = /token=([0-9a-f]{64})/.exec((await lastMailTo(email(a)))!.textBody)![1]!;
    await expect(
      completeLinkLogin({ tenant: a, token: link, accountType: "ADMIN", secure: false, clientAddress: "10.1.1.1" }),
    ).rejects.toMatchObject({ code: "AUTH_CODE_INVALID_OR_EXPIRED" });
    // A new code replaces it and works.
    await ask(a, email(a));
    await expect(answer(a, email(a), (await lastMailTo(email(a)))!.code!)).resolves.toBeTruthy();
  });

  it("refuses an expired code", async () => {
    const a = (await makeTenant()).tenant.slug; // its own tenant: the per-identifier rate limit
    await ask(a, email(a));
    const code = (await lastMailTo(email(a)))!.code!;
    const tdb = await openTenant(await requireTenant(a));
    await tdb.write((tx) => tx.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1) }));
    expect(OTP_TTL_MS).toBe(10 * 60 * 1000);
    await expect(answer(a, email(a), code)).rejects.toMatchObject({
      code: "AUTH_CODE_INVALID_OR_EXPIRED",
      reason: "auth_code_invalid_or_expired",
    });
  });

  it("answers the same for an unknown identifier and sends nothing", async () => {
    await expect(ask(a, "nobody@nowhere.test")).resolves.toBe(true);
    expect(await lastMailTo("nobody@nowhere.test")).toBeNull();
  });

  it("refuses an unknown organisation", async () => {
    await expect(ask("no-such-org", email(a))).rejects.toMatchObject({
      code: "ORGANIZATION_NOT_FOUND",
      reason: "tenant_not_found",
    });
  });

  it("does not let staff of one tenant log into another", async () => {
    await ask(b, email(a));
    const mail = await lastMailTo(email(a));
    const before = mail?.subject;
    expect(before ?? "").not.toContain("Beta Org");
    await expect(answer(b, email(a), "123456")).rejects.toMatchObject({ code: "AUTH_CODE_INVALID_OR_EXPIRED" });
  });

  it("keeps staff and participant accounts apart", async () => {
    await addParticipant(a, "pat@alpha.test");
    await ask(a, "pat@alpha.test", "ADMIN");
    expect(await lastMailTo("pat@alpha.test")).toBeNull();
    await ask(a, "pat@alpha.test", "USER");
    const code = (await lastMailTo("pat@alpha.test"))!.code!;
    await expect(answer(a, "pat@alpha.test", code, "ADMIN")).rejects.toMatchObject({
      code: "AUTH_CODE_INVALID_OR_EXPIRED",
    });
    const { cookie } = await answer(a, "pat@alpha.test", code, "USER");
    expect(cookie.name).toBe("userAuthState");
  });

  it("rate-limits requests per identifier", async () => {
    const slug = (await makeTenant("otp-rate")).tenant.slug;
    for (let i = 0; i < RATE_LIMIT_PER_IDENTIFIER.max; i++) await ask(slug, email(slug), "ADMIN", `10.9.0.${i}`);
    await expect(ask(slug, email(slug), "ADMIN", "10.9.1.1")).rejects.toMatchObject({
      code: "AUTH_REQUEST_FAILED",
      reason: "rate_limited",
    });
    // Unknown identifiers are limited the same way, so the limit reveals nothing either.
    for (let i = 0; i < RATE_LIMIT_PER_IDENTIFIER.max; i++) await ask(slug, "ghost@x.test", "ADMIN", `10.9.2.${i}`);
    await expect(ask(slug, "ghost@x.test", "ADMIN", "10.9.3.1")).rejects.toMatchObject({ reason: "rate_limited" });
  });

  it("rate-limits requests per client address", async () => {
    const slug = (await makeTenant("otp-addr")).tenant.slug;
    let refused = 0;
    for (let i = 0; i < 40; i++) {
      try {
        await ask(slug, `someone${i}@x.test`, "ADMIN", "10.7.7.7");
      } catch (error) {
        expect(error).toMatchObject({ reason: "rate_limited" });
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(0);
  });

  it("mails the code in the account's language", async () => {
    const slug = (await makeTenant("otp-lang", "Org Lang")).tenant.slug;
    await requestLogin({
      tenant: slug,
      identifier: { type: "EMAIL", value: email(slug) },
      accountType: "ADMIN",
      clientAddress: "1.1.1.1",
      locale: "fr-fr",
    });
    expect((await lastMailTo(email(slug)))!.subject).toContain("Votre code de connexion");
    const tdb = await openTenant(await requireTenant(slug));
    expect(await tdb.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.accountType, "ADMIN"))).toHaveLength(1);
  });
});
