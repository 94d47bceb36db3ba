import { beforeAll, describe, expect, it } from "vitest";
import { oneTimeCodes } from "~db/tenant/schema";
import { completeOtpLogin, requestLogin } from "~/modules/auth/login.server";
import { handleSignInLink, signInLinkPage, type SignInLinkPage } from "~/modules/auth/sign-in-link.server";
import { loginPageInfo } from "~/modules/auth/login-form.server";
import { requireStaffContext } from "~/modules/auth/request-context.server";
import { findLoginSession, parseSessionCookieValue } from "~/modules/auth/sessions.server";
import { openTenant, requireTenant, setTenantStatus } from "~/modules/tenants/tenants.server";
import { addParticipant, lastMailTo, makeTenant } from "../support/tenants";

const ORIGIN = "http://app.test";
const email = (slug: string) => `manager@${slug}.test`;
const ask = (slug: string, value: string, accountType: "ADMIN" | "USER" = "ADMIN") =>
  requestLogin({
    tenant: slug,
    identifier: { type: "EMAIL", value },
    accountType,
    clientAddress: "10.2.2.2",
    locale: "en-us",
  });

async function mailedLink(to: string): Promise<string> {
  const mail = await lastMailTo(to);
  const link = /(http:\/\/app\.test\/api\/(?:user\/)?auth\/callback\?\S+)/.exec(mail?.textBody ?? "")?.[1];
  if (!link) throw new Error(`no link in ${mail?.textBody}`);
  expect(mail!.htmlBody).toContain(link.replace(/&/g, "&amp;"));
  return link;
}
/** What the link's page shows: its data, or the redirect it throws for a used or wrong link. */
const show = (link: string, accountType: "ADMIN" | "USER" = "ADMIN"): Promise<SignInLinkPage | Response> =>
  signInLinkPage(new Request(link), accountType).catch((e: unknown) => {
    if (e instanceof Response) return e;
    throw e;
  });
/** The page's "Continue" button: a POST of the link's tenant and token. */
const confirm = (link: string, accountType: "ADMIN" | "USER" = "ADMIN") => {
  const params = new URL(link).searchParams;
  const body = new URLSearchParams({ tenant: params.get("tenant") ?? "", token: params.get("token") ?? "" });
  return handleSignInLink(new Request(link, { method: "POST", body }), { clientAddress: "10.2.2.3" }, accountType);
};
/** A person opening the link and pressing Continue. */
async function open(link: string, accountType: "ADMIN" | "USER" = "ADMIN"): Promise<Response> {
  const page = await show(link, accountType);
  return page instanceof Response ? page : confirm(link, accountType);
}

let slug: string;
beforeAll(async () => {
  slug = (await makeTenant()).tenant.slug;
});

describe("one-click sign-in link in the code mail", () => {
  it("opens a page that names the account and asks to continue; opening it signs nothing in", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const link = await mailedLink(email(own));
    const page = await show(link);
    expect(page).toMatchObject({ tenant: own, email: email(own), organization: expect.any(String) });
    // Opening it again (a mail scanner, a second look) still leaves the link usable.
    expect(await show(link)).toMatchObject({ email: email(own) });
    const response = await confirm(link);
    expect(response.headers.get("Location")).toBe("/admin");
    expect(response.headers.get("Set-Cookie")).toContain("adminAuthState=");
    const used = await show(link);
    expect(used).toBeInstanceOf(Response);
    expect((used as Response).headers.get("Location")).toBe(`/admin?tenant=${own}&signin=invalid`);
  });

  it("signs in only with the POST: a replayed POST and a POST without the token sign nothing in", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const link = await mailedLink(email(own));
    const empty = await handleSignInLink(
      new Request(link, { method: "POST", body: new URLSearchParams({ tenant: own }) }),
      {},
      "ADMIN",
    );
    expect(empty.headers.get("Set-Cookie")).toBeNull();
    expect((await confirm(link)).headers.get("Set-Cookie")).toContain("adminAuthState=");
    const replay = await confirm(link);
    expect(replay.headers.get("Set-Cookie")).toBeNull();
    expect(replay.headers.get("Location")).toContain("signin=invalid");
  });

  it("signs the browser in once and opens the admin area", async () => {
    await ask(slug, email(slug));
    const link = await mailedLink(email(slug));
    expect(link).toMatch(new RegExp(`^${ORIGIN}/api/auth/callback\\?tenant=${slug}&token=[0-9a-f]{64}$`));
    const response = await open(link);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    const cookie = /adminAuthState=([^;]+)/.exec(response.headers.get("Set-Cookie") ?? "")![1]!;
    const parsed = parseSessionCookieValue(decodeURIComponent(cookie))!;
    expect(await findLoginSession(await openTenant(await requireTenant(slug)), "ADMIN", parsed.token)).not.toBeNull();

    const again = await open(link);
    expect(again.headers.get("Location")).toBe(`/admin?tenant=${slug}&signin=invalid`);
    expect(again.headers.get("Set-Cookie")).toBeNull();
  });

  it("dies with its code: using the code first makes the link invalid", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const mail = await lastMailTo(email(own));
    const link = await mailedLink(email(own));
    await completeOtpLogin({
      tenant: own,
      identifier: { type: "EMAIL", value: email(own) },
      otp: mail!.code!,
      accountType: "ADMIN",
      secure: false,
      clientAddress: "1.1.1.1",
    });
    expect((await open(link)).headers.get("Location")).toContain("signin=invalid");
  });

  it("only the newest link works", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const first = await mailedLink(email(own));
    await new Promise((r) => setTimeout(r, 5));
    await ask(own, email(own));
    const second = await mailedLink(email(own));
    expect(second).not.toBe(first);
    expect((await open(first)).headers.get("Location")).toContain("signin=invalid");
    expect((await open(second)).headers.get("Location")).toBe("/admin");
  });

  it("expires after 10 minutes", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const link = await mailedLink(email(own));
    const tdb = await openTenant(await requireTenant(own));
    await tdb.write((tx) => tx.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1) }));
    expect((await open(link)).headers.get("Location")).toContain("signin=invalid");
  });

  it("is bound to its account type and tenant", async () => {
    const own = (await makeTenant()).tenant.slug;
    const other = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const link = await mailedLink(email(own));
    expect((await open(link, "USER")).headers.get("Location")).toBe(`/user?tenant=${own}&signin=invalid`);
    expect((await open(link.replace(`tenant=${own}`, `tenant=${other}`))).headers.get("Location")).toContain(
      "signin=invalid",
    );
    expect((await open(link)).headers.get("Location")).toBe("/admin");
  });

  it("signs a participant in through /api/user/auth/callback", async () => {
    const own = (await makeTenant()).tenant.slug;
    await addParticipant(own, `pat@${own}.test`);
    await ask(own, `pat@${own}.test`, "USER");
    const link = await mailedLink(`pat@${own}.test`);
    expect(link).toContain("/api/user/auth/callback?");
    const response = await open(link, "USER");
    expect(response.headers.get("Location")).toBe("/user");
    expect(response.headers.get("Set-Cookie")).toContain("userAuthState=");
  });

  it("tells the users of a disabled organisation why they cannot sign in, and keeps its data", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const link = await mailedLink(email(own));
    await setTenantStatus(own, "SUSPENDED");
    expect((await open(link)).headers.get("Location")).toBe(`/admin?tenant=${own}&signin=disabled`);
    await expect(ask(own, email(own))).rejects.toMatchObject({
      code: "ORGANIZATION_NOT_FOUND",
      reason: "tenant_disabled",
    });
    await setTenantStatus(own, "ACTIVE");
    await expect(ask(own, email(own))).resolves.toBe(true);
  });
});

describe("a disabled organisation's signed-in staff", () => {
  it("are sent to the login page, which says the organisation is disabled", async () => {
    const own = (await makeTenant()).tenant.slug;
    await ask(own, email(own));
    const response = await open(await mailedLink(email(own)));
    const cookie = (response.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const request = () => new Request("http://app.test/admin/databases", { headers: { Cookie: cookie } });
    await expect(requireStaffContext(request())).resolves.toBeTruthy();
    await setTenantStatus(own, "SUSPENDED");
    // The next request (one request's loaders share one lookup).
    const refused = await requireStaffContext(request()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(Response);
    expect((refused as Response).headers.get("Location")).toBe(`/admin?tenant=${own}&signin=disabled`);
    expect(
      await loginPageInfo(new Request("http://app.test/admin", { headers: { Cookie: cookie } }), "ADMIN"),
    ).toMatchObject({ defaultTenant: own, signinNotice: "disabled" });
    await setTenantStatus(own, "ACTIVE");
  });
});
