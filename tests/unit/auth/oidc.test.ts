import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { authSessions, oidcLoginRequests, staffUsers } from "~db/tenant/schema";
import { handleOidcButton, handleOidcCallback, handleOidcStart } from "~/modules/auth/oidc-http.server";
import { loginPageInfo } from "~/modules/auth/login-form.server";
import { updateOidcSettings } from "~/modules/auth/oidc-settings.server";
import { findLoginSession, parseSessionCookieValue } from "~/modules/auth/sessions.server";
import { openTenant, requireTenant } from "~/modules/tenants/tenants.server";
import { signInAtProvider, startTestProvider, type TestProvider } from "../../support/oidc-provider";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, managerCtx, staffCtx } from "../support/tenants";

// Staff sign-in through the organisation's identity provider, against a real OpenID provider
// (oidc-provider) started here: the app's two HTTP handlers are called as the browser would call
// them, with the state cookie the first one set, and the provider's pages are driven with fetch.

const callbackOf = (slug: string) => `http://app.test/api/auth/oidc/${slug}/callback`;
const CLIENT = { clientAddress: "10.9.9.9" };

let provider: TestProvider;
let idTokenProvider: TestProvider;
let slugA: string;
let slugB: string;
let slugC: string;

async function configure(slug: string, p: TestProvider, extra: Record<string, unknown> = {}) {
  await updateOidcSettings(await managerCtx(slug), {
    enabled: true,
    displayName: "Campus Login",
    issuer: p.issuer,
    clientId: p.clientId,
    clientSecret: p.clientSecret,
    ...extra,
  });
}

/** The browser after pressing the button: the provider's address and the state cookie. */
async function pressButton(slug: string): Promise<{ location: string; cookie: string }> {
  const response = await handleOidcStart(new Request(`http://app.test/api/auth/oidc/${slug}/start`), CLIENT, {
    tenant: slug,
  });
  expect(response.status).toBe(302);
  const cookie = /oidcState=[^;]+/.exec(response.headers.get("set-cookie") ?? "")?.[0] ?? "";
  return { location: response.headers.get("location")!, cookie };
}

/** The provider sending the browser back to the app's callback (with the browser's cookie). */
const comeBack = (slug: string, callback: URL, cookie: string) =>
  handleOidcCallback(new Request(callback, { headers: cookie ? { Cookie: cookie } : {} }), CLIENT, { tenant: slug });

/** Where a refused callback sends the browser: the sign-in page with the reason. */
const refusal = (response: Response) => {
  const location = new URL(response.headers.get("location") ?? "", "http://app.test");
  return {
    path: location.pathname,
    tenant: location.searchParams.get("tenant"),
    oidc: location.searchParams.get("oidc"),
  };
};

const sessionCookieOf = (response: Response) =>
  /adminAuthState=([^;]+)/.exec(response.headers.getSetCookie().join("\n"))?.[1];

async function countRows(slug: string) {
  const tdb = await openTenant(await requireTenant(slug));
  const sessions = await tdb.db
    .select({ n: sql<number>`count(*)` })
    .from(authSessions)
    .get();
  const staff = await tdb.db
    .select({ n: sql<number>`count(*)` })
    .from(staffUsers)
    .get();
  return { sessions: sessions!.n, staff: staff!.n };
}

beforeAll(async () => {
  slugA = (await makeTenant()).tenant.slug;
  slugB = (await makeTenant()).tenant.slug;
  slugC = (await makeTenant()).tenant.slug;
  provider = await startTestProvider({ redirectUris: [callbackOf(slugA), callbackOf(slugB)] });
  // A provider that puts the e-mail in the ID token itself, as most hosted ones do.
  idTokenProvider = await startTestProvider({
    redirectUris: [callbackOf(slugC)],
    conformIdTokenClaims: false,
    emails: { "c-login": `manager@${slugC}.test` },
  });
  await configure(slugA, provider);
});

afterAll(async () => {
  await provider?.close();
  await idTokenProvider?.close();
});

describe("staff sign-in through the organisation's OpenID provider", () => {
  it("signs the matching staff member in with a login session of the organisation, creating nobody", async () => {
    const before = await countRows(slugA);
    const { location, cookie } = await pressButton(slugA);
    const authorization = new URL(location);
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("redirect_uri")).toBe(callbackOf(slugA));
    expect(authorization.searchParams.get("state")).toBe(decodeURIComponent(cookie.split("=")[1]!));

    const callback = await signInAtProvider(location, `manager@${slugA}.test`);
    expect(callback.href.startsWith(callbackOf(slugA))).toBe(true);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const response = await comeBack(slugA, callback, cookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin");
    const value = sessionCookieOf(response);
    const parsed = parseSessionCookieValue(decodeURIComponent(value ?? ""));
    expect(parsed?.tenant).toBe(slugA);
    const tdb = await openTenant(await requireTenant(slugA));
    const found = await findLoginSession(tdb, "ADMIN", parsed!.token);
    expect(found?.account).toMatchObject({ type: "ADMIN", email: `manager@${slugA}.test` });
    expect(await countRows(slugA)).toEqual({ sessions: before.sessions + 1, staff: before.staff });
    // The state cookie is spent with the answer.
    expect(response.headers.getSetCookie().some((c) => /^oidcState=;.*Max-Age=0/.test(c))).toBe(true);
  });

  it("reads the e-mail from the ID token when the provider puts it there", async () => {
    await configure(slugC, idTokenProvider);
    const { location, cookie } = await pressButton(slugC);
    const response = await comeBack(slugC, await signInAtProvider(location, "c-login"), cookie);
    expect(response.headers.get("location")).toBe("/admin");
    expect(sessionCookieOf(response)).toMatch(new RegExp(`^${slugC}`));
  });

  it("refuses a replayed state, and a state from another browser", async () => {
    const { location, cookie } = await pressButton(slugA);
    const callback = await signInAtProvider(location, `manager@${slugA}.test`);
    // Another browser (no state cookie) cannot use the answer, and does not spend it either.
    expect(refusal(await comeBack(slugA, callback, ""))).toEqual({
      path: "/admin",
      tenant: slugA,
      oidc: "oidc_state_invalid",
    });
    const first = await comeBack(slugA, callback, cookie);
    expect(sessionCookieOf(first)).toBeTruthy();
    const before = await countRows(slugA);
    const replay = await comeBack(slugA, callback, cookie);
    expect(refusal(replay).oidc).toBe("oidc_state_invalid");
    expect(sessionCookieOf(replay)).toBeUndefined();
    expect(await countRows(slugA)).toEqual(before);
  });

  it("refuses an expired code (the provider's token endpoint says no)", async () => {
    provider.codeTtlSeconds = 1;
    try {
      const { location, cookie } = await pressButton(slugA);
      const callback = await signInAtProvider(location, `manager@${slugA}.test`);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const response = await comeBack(slugA, callback, cookie);
      expect(refusal(response).oidc).toBe("oidc_code_rejected");
      expect(sessionCookieOf(response)).toBeUndefined();
    } finally {
      provider.codeTtlSeconds = 60;
    }
  });

  it("refuses an e-mail that matches no staff member, and creates no account", async () => {
    const before = await countRows(slugA);
    const { location, cookie } = await pressButton(slugA);
    const response = await comeBack(slugA, await signInAtProvider(location, `stranger@${slugA}.test`), cookie);
    expect(refusal(response)).toEqual({ path: "/admin", tenant: slugA, oidc: "oidc_no_matching_staff" });
    expect(await countRows(slugA)).toEqual(before);
  });

  it("refuses when the configured e-mail claim is missing (oidc_email_missing)", async () => {
    await configure(slugB, provider, { emailClaim: "upn" });
    try {
      const { location, cookie } = await pressButton(slugB);
      const response = await comeBack(slugB, await signInAtProvider(location, `manager@${slugB}.test`), cookie);
      expect(refusal(response).oidc).toBe("oidc_email_missing");
      expect(sessionCookieOf(response)).toBeUndefined();
    } finally {
      await configure(slugB, provider, { emailClaim: "email" });
    }
  });

  it("limits the presses of the button per client address, and a refused press writes no request", async () => {
    const own = (await makeTenant()).tenant.slug;
    await configure(own, provider);
    const press = () =>
      handleOidcStart(
        new Request(`http://app.test/api/auth/oidc/${own}/start`),
        { clientAddress: "10.7.7.7" },
        {
          tenant: own,
        },
      );
    for (let i = 0; i < 30; i++) expect((await press()).headers.get("location")).toMatch(/^http:\/\/127\.0\.0\.1/);
    const tdb = await openTenant(await requireTenant(own));
    const pending = () =>
      tdb.db
        .select({ n: sql<number>`count(*)` })
        .from(oidcLoginRequests)
        .get();
    expect((await pending())!.n).toBe(30);
    expect(refusal(await press()).oidc).toBe("rate_limited");
    expect((await pending())!.n).toBe(30);
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const { location, cookie } = await pressButton(slugA);
    const callback = await signInAtProvider(location, `manager@${slugA}.test`);
    // The provider signs the nonce it was given; the app expects another one.
    const tdb = await openTenant(await requireTenant(slugA));
    await tdb.write((tx) => tx.update(oidcLoginRequests).set({ nonce: "not-the-nonce-that-was-sent" }));
    const response = await comeBack(slugA, callback, cookie);
    expect(refusal(response).oidc).toBe("oidc_id_token_invalid");
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  it("shows the provider's refusal (the person pressed Cancel: access_denied)", async () => {
    const { location, cookie } = await pressButton(slugA);
    const callback = await signInAtProvider(location, "anyone", { cancel: true });
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(refusal(await comeBack(slugA, callback, cookie)).oidc).toBe("oidc_provider_error");
  });

  it("refuses a wrong issuer: nothing answers there, or the provider names itself otherwise", async () => {
    const own = (await makeTenant()).tenant.slug;
    await configure(own, provider, { issuer: "http://127.0.0.1:9" });
    const start = () =>
      handleOidcStart(new Request(`http://app.test/api/auth/oidc/${own}/start`), CLIENT, { tenant: own });
    expect(refusal(await start())).toEqual({ path: "/admin", tenant: own, oidc: "oidc_discovery_failed" });
    // The same provider under another spelling of its address: its discovery document names a
    // different issuer, which openid-client refuses.
    await configure(own, provider, { issuer: provider.issuer.replace("127.0.0.1", "localhost") });
    const response = await start();
    expect(refusal(response).oidc).toBe("oidc_discovery_failed");
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("keeps organisations apart: tenant A's provider answer cannot sign into tenant B", async () => {
    // B has the same provider and a staff member with A's manager's address.
    await configure(slugB, provider);
    const tdbB = await openTenant(await requireTenant(slugB));
    const before = await countRows(slugB);
    const { location, cookie } = await pressButton(slugA);
    const callback = await signInAtProvider(location, `manager@${slugA}.test`);
    const atB = new URL(callback.href.replace(`/oidc/${slugA}/`, `/oidc/${slugB}/`));
    expect(refusal(await comeBack(slugB, atB, cookie)).oidc).toBe("oidc_state_invalid");
    expect(await countRows(slugB)).toEqual(before);
    // The answer still works once, where it belongs, and its session is A's only.
    const atA = await comeBack(slugA, callback, cookie);
    const parsed = parseSessionCookieValue(decodeURIComponent(sessionCookieOf(atA) ?? ""));
    expect(parsed?.tenant).toBe(slugA);
    expect(await findLoginSession(tdbB, "ADMIN", parsed!.token)).toBeNull();
  });

  it("answers oidc_not_configured for an organisation without it, and the sign-in page shows no button", async () => {
    const own = (await makeTenant()).tenant.slug;
    const response = await handleOidcStart(new Request(`http://app.test/api/auth/oidc/${own}/start`), CLIENT, {
      tenant: own,
    });
    expect(refusal(response).oidc).toBe("oidc_not_configured");
    const page = await loginPageInfo(new Request(`http://app.test/admin?tenant=${own}`), "ADMIN");
    expect(page.oidc).toBeNull();
  });

  it("answers the button for an organisation typed on the sign-in page, and nothing for others alike", async () => {
    const button = async (tenant: string) => (await (await handleOidcButton({ tenant })).json()).oidc;
    expect(await button(slugA.toUpperCase())).toEqual({ name: "Campus Login" });
    const without = (await makeTenant()).tenant.slug;
    expect(await button(without)).toBeNull();
    expect(await button("no-such-organisation")).toBeNull();
    const off = (await makeTenant()).tenant.slug;
    await configure(off, provider, { enabled: false });
    expect(await button(off)).toBeNull();
  });

  it("shows the button on the organisation's staff sign-in page, and a refusal with its code in the page's language", async () => {
    const page = await loginPageInfo(new Request(`http://app.test/admin?tenant=${slugA}`), "ADMIN");
    expect(page.oidc).toEqual({ name: "Campus Login", startUrl: `/api/auth/oidc/${slugA}/start` });
    const participants = await loginPageInfo(new Request(`http://app.test/user?tenant=${slugA}`), "USER");
    expect(participants.oidc).toBeNull();
    const refused = await loginPageInfo(
      new Request(`http://app.test/admin?tenant=${slugA}&oidc=oidc_state_invalid`, {
        headers: { "Accept-Language": "nl-NL" },
      }),
      "ADMIN",
    );
    expect(refused.oidcError).toEqual({
      code: "oidc_state_invalid",
      message: "Dit aanmeldantwoord is onbekend, verlopen of al gebruikt. Begin opnieuw met de knop hieronder.",
    });
    // Anything else in the address is no reason to show.
    const forged = await loginPageInfo(new Request(`http://app.test/admin?tenant=${slugA}&oidc=<b>hi</b>`), "ADMIN");
    expect(forged.oidcError).toBeNull();
  });
});

describe("the identity provider's settings", () => {
  const QUERY = `{ organization { oidc { enabled displayName issuer clientId clientSecretSet emailClaim redirectUri } } }`;
  const UPDATE = `mutation($input: OidcSettingsInput!) {
    updateOidcSettings(input: $input) { enabled displayName issuer clientId clientSecretSet emailClaim redirectUri }
  }`;

  it("are kept by managers over GraphQL; the secret is never answered", async () => {
    const own = (await makeTenant()).tenant.slug;
    const cookie = await loginOverGraphQL("admin", own, `manager@${own}.test`);
    const saved = await gql(
      "admin",
      UPDATE,
      {
        input: {
          enabled: true,
          displayName: "Campus",
          issuer: "https://login.example.org/",
          clientId: "app",
          clientSecret: "s3cret-value",
        },
      },
      { cookie },
    );
    expect(saved.body.errors).toBeUndefined();
    expect(saved.body.data.updateOidcSettings).toEqual({
      enabled: true,
      displayName: "Campus",
      issuer: "https://login.example.org",
      clientId: "app",
      clientSecretSet: true,
      emailClaim: "email",
      redirectUri: `http://app.test/api/auth/oidc/${own}/callback`,
    });
    // A field left out keeps its value (the secret too); null removes the secret.
    const claim = await gql("admin", UPDATE, { input: { emailClaim: "upn" } }, { cookie });
    expect(claim.body.data.updateOidcSettings).toMatchObject({ emailClaim: "upn", clientSecretSet: true });
    const read = await gql("admin", QUERY, {}, { cookie });
    expect(read.body.data.organization.oidc).toMatchObject({
      issuer: "https://login.example.org",
      clientSecretSet: true,
    });
    expect(JSON.stringify(read.body)).not.toContain("s3cret-value");
    expect(JSON.stringify(claim.body)).not.toContain("s3cret-value");
    const cleared = await gql("admin", UPDATE, { input: { clientSecret: null } }, { cookie });
    expect(cleared.body.data.updateOidcSettings.clientSecretSet).toBe(false);
  });

  it("refuses anyone but a manager, and changes nothing", async () => {
    const own = (await makeTenant()).tenant.slug;
    const writer = await staffCtx(own, ["ORGANIZATION_WRITER"]);
    await expect(
      updateOidcSettings(writer, { enabled: true, displayName: "X", issuer: "https://x.test", clientId: "x" }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const cookie = await loginOverGraphQL("admin", own, writer.actor.type === "ADMIN" ? writer.actor.email : "");
    const read = await gql("admin", QUERY, {}, { cookie });
    expect(read.body.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN" });
    const page = await loginPageInfo(new Request(`http://app.test/admin?tenant=${own}`), "ADMIN");
    expect(page.oidc).toBeNull();
  });

  it("refuses what is not an issuer or a claim name, field by field, in the request's language", async () => {
    const own = (await makeTenant()).tenant.slug;
    const cookie = await loginOverGraphQL("admin", own, `manager@${own}.test`);
    const refused = await gql(
      "admin",
      UPDATE,
      { input: { displayName: "X", issuer: "ftp://login.example.org", clientId: "x", emailClaim: "e mail" } },
      { cookie, locale: "fr-FR" },
    );
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ code: "BAD_REQUEST", reason: "validation_failed" });
    expect(JSON.stringify(refused.body.errors)).toContain("Saisissez l'adresse https de l'émetteur");
    // A first save must name the provider.
    const partial = await gql("admin", UPDATE, { input: { enabled: true } }, { cookie });
    expect(partial.body.errors?.[0]?.extensions).toMatchObject({ reason: "validation_failed" });
    const read = await gql("admin", QUERY, {}, { cookie });
    expect(read.body.data.organization.oidc).toMatchObject({ enabled: false, issuer: "", clientSecretSet: false });
  });

  it("takes plain http issuers only outside production", async () => {
    const own = (await makeTenant()).tenant.slug;
    const ctx = await managerCtx(own);
    const input = { enabled: true, displayName: "Local", issuer: "http://127.0.0.1:1", clientId: "x" };
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await expect(updateOidcSettings(ctx, input)).rejects.toMatchObject({ reason: "validation_failed" });
    } finally {
      process.env.NODE_ENV = previous;
    }
    await expect(updateOidcSettings(ctx, input)).resolves.toMatchObject({ issuer: "http://127.0.0.1:1" });
  });
});
