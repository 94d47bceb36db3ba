import { describe, expect, it } from "vitest";
import { apiTokenFormHandlers, apiTokensScreen } from "~/modules/apitokens/index.server";
import { webhookFormHandlers, webhookUrlProblem } from "~/modules/webhooks/index.server";
import { refusal } from "../support/refusal";
import { makeTenant, managerCtx, staffCtx } from "../support/tenants";

// The settings screen's sections: what the forms post (roles and events as repeated fields, a
// lifetime from the offered choices) and who sees the sections at all.

const form = (entries: Array<[string, string]>) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("settings sections for tokens and webhooks", () => {
  it("create a token from the form's repeated roles and a lifetime in days; refuse another lifetime", async () => {
    const { tenant } = await makeTenant();
    const manager = await managerCtx(tenant.slug);
    const handlers = apiTokenFormHandlers(manager);
    const fields = form([
      ["name", "Export"],
      ["roles", "ORGANIZATION_READER"],
      ["roles", "ORGANIZATION_WRITER"],
    ]);
    const created = await handlers.create({ name: "Export", lifetimeDays: "30" }, "", fields);
    expect(created.token).toMatch(/^sat\./);
    const [token] = (await apiTokensScreen(manager))!.tokens;
    expect(token!.roles).toEqual(["ORGANIZATION_READER", "ORGANIZATION_WRITER"]);
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const refused = await refusal(handlers.create({ name: "Export", lifetimeDays: "400" }, "", fields));
    expect(Object.keys(refused.fieldErrors!)).toEqual(["lifetimeDays"]);
    expect((await apiTokensScreen(manager))!.tokens).toHaveLength(1);
  });

  it("are not offered to someone who may not manage them", async () => {
    const { tenant } = await makeTenant();
    const writer = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
    expect(await apiTokensScreen(writer)).toBeNull();
    const userManager = await staffCtx(tenant.slug, ["ORGANIZATION_USER_MANAGER"]);
    expect((await apiTokensScreen(userManager))!.grantableRoles).toEqual([
      "ORGANIZATION_READER",
      "ORGANIZATION_USER_MANAGER",
    ]);
    const refused = await refusal(
      webhookFormHandlers(userManager).add({ url: "https://example.org/h" }, "", form([["events", "REPORT_RELEASED"]])),
    );
    expect(refused.code).toBe("FORBIDDEN");
  });

  it("check endpoint addresses: https, no credentials, http to loopback only outside production", () => {
    expect(webhookUrlProblem("https://hooks.example.org/x", true)).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.1:8080/x", false)).toBeNull();
    expect(webhookUrlProblem("http://[::1]:8080/x", false)).toBeNull();
    expect(webhookUrlProblem("http://localhost/x", true)).toBe("webhooks:errors.url-https");
    expect(webhookUrlProblem("http://10.0.0.5/x", false)).toBe("webhooks:errors.url-https-or-loopback");
    expect(webhookUrlProblem("https://user:pw@hooks.example.org/x", true)).toBe("webhooks:errors.url-credentials");
    expect(webhookUrlProblem("ftp://hooks.example.org/x", true)).toBe("webhooks:errors.url-https");
    expect(webhookUrlProblem("hooks.example.org", true)).toBe("webhooks:errors.url-invalid");
  });
});
