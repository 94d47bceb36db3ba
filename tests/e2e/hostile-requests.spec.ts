import { type APIRequestContext, type ConsoleMessage } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { CHECKS, type Send } from "../security/hostile-requests";
import { DEMO_STAFF, loginAsStaff } from "./support/login";
import { waitForCode } from "./support/outbox";

// The hostile requests (tests/security/hostile-requests.ts) sent from outside, against the e2e server
// (the same checks as `npm run security:check`), and the app still working under its CSP.

const sender =
  (request: APIRequestContext): Send =>
  async ({ method, path, headers, body }) => {
    const res = await request.fetch(path, { method, headers, data: body, maxRedirects: 0, failOnStatusCode: false });
    return { status: res.status(), headers: res.headers(), text: await res.text() };
  };

/** A staff session over GraphQL, with the code from the outbox. */
async function staffCookie(request: APIRequestContext): Promise<string> {
  const id = { type: "EMAIL", value: DEMO_STAFF.email };
  const since = Date.now() - 50;
  const ask = await request.post("/api/admin/graphql", {
    data: {
      query: "mutation($t: String!, $id: UserIdentifierInput!) { requestLogin(tenant: $t, userIdentifier: $id) }",
      variables: { t: DEMO_STAFF.tenant, id },
    },
  });
  expect((await ask.json()).data.requestLogin).toBe(true);
  const otp = await waitForCode(DEMO_STAFF.email, since);
  // As if behind the trusted (loopback) proxy terminating https: the session cookie must be Secure.
  const done = await request.post("/api/admin/graphql", {
    headers: { "X-Forwarded-Proto": "https" },
    data: {
      query:
        "mutation($t: String!, $o: String!, $id: UserIdentifierInput!) { completeOtpLogin(tenant: $t, otp: $o, userIdentifier: $id) { cookies { name value secure } } }",
      variables: { t: DEMO_STAFF.tenant, o: otp, id },
    },
  });
  expect(done.headers()["set-cookie"]).toMatch(/; Secure/);
  const cookie = (await done.json()).data.completeOtpLogin.cookies[0];
  expect(cookie.secure).toBe(true);
  return `${cookie.name}=${cookie.value}`;
}

test.describe("hostile requests are refused quickly", () => {
  let cookie: string;
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    cookie = await staffCookie(request);
    await request.dispose();
  });

  for (const check of CHECKS) {
    test(check.name, async ({ playwright, baseURL }) => {
      // A context without stored cookies: each probe sends exactly the headers it names.
      const request = await playwright.request.newContext({ baseURL });
      await check.run({ base: baseURL!, send: sender(request), cookie });
      await request.dispose();
    });
  }

  test("https behind the trusted proxy: HSTS and a Secure session cookie", async ({ request }) => {
    const res = await request.get("/admin", { headers: { "X-Forwarded-Proto": "https" } });
    expect(res.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
    const plain = await request.get("/admin");
    expect(plain.headers()["strict-transport-security"]).toBeUndefined();
  });

  test("a cross-site form POST changed nothing", async ({ request }) => {
    const list = await request.get("/admin/databases/companies?q=Evil", { headers: { Cookie: cookie } });
    expect(await list.text()).not.toContain("Evil Corp");
  });
});

test.describe("the app under its Content-Security-Policy", () => {
  test("staff pages hydrate with no console errors or CSP violations", async ({ page }) => {
    const problems: string[] = [];
    page.on("console", (m: ConsoleMessage) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
    await loginAsStaff(page);
    await page.waitForFunction(() =>
      Boolean(
        (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized,
      ),
    );
    // A client-side navigation and a same-origin POST (the language switch) still work.
    await page.goto("/admin/databases/companies");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.locator("#language-select").selectOption("nl-nl");
    await expect(page.locator("html")).toHaveAttribute("lang", "nl-nl");
    expect(problems).toEqual([]);
  });
});
