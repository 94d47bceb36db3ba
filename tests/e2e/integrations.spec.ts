import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { waitForHydration } from "./support/login";
import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import { staffCtx } from "./support/seed";

// Machine access from the organisation settings (ADR 0042): a manager creates an API token and a
// webhook endpoint through the screen, and the token works against /api/admin/graphql as a
// program calls it (Node's fetch: no cookie, no Origin), until it is revoked.

const violationsOf = async (page: Page) => {
  const result = await new AxeBuilder({ page })
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
};

async function callApi(baseURL: string, token: string, query: string) {
  const response = await fetch(`${baseURL}/api/admin/graphql`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: await response.json() };
}

test("a manager creates a token and a webhook endpoint in the settings; the token works until revoked", async ({
  page,
  login,
  baseURL,
}) => {
  const manager = await login({ role: "ORGANIZATION_MANAGER", name: "Ines Integrator" });
  await page.goto("/admin/organization/settings");
  await waitForHydration(page);
  const tokens = page.getByRole("region", { name: "API tokens" });
  await expect(tokens).toBeVisible();
  expect(await violationsOf(page)).toEqual([]);

  // A refused form says why and keeps nothing: no role chosen.
  const name = `Student system ${manager.email.slice(4, 12)}`;
  await tokens.getByLabel("Name").fill(name);
  await tokens.getByTestId("api-token-create").click();
  await expect(tokens.getByRole("group", { name: "Roles" })).toContainText("This field is required.");
  await expect(tokens.getByTestId("api-token-value")).toHaveCount(0);

  await tokens.getByLabel("Name").fill(name);
  await tokens.getByRole("checkbox", { name: "Reader" }).check();
  await tokens.getByLabel("Valid for").selectOption("30");
  await tokens.getByTestId("api-token-create").click();
  const shown = tokens.getByTestId("api-token-value");
  await expect(shown).toBeVisible();
  const token = (await shown.textContent())!.trim();
  expect(token).toMatch(/^sat\.demo\.[A-Za-z0-9_-]{43}$/);
  await tokens.getByTestId("api-token-value-copy").click();
  await expect(tokens.getByTestId("api-token-value-copied")).toHaveText(/Copied|Copying is not allowed/);
  const row = tokens.getByTestId("api-token-row").filter({ hasText: name });
  await expect(row).toContainText("Reader");
  await expect(row.getByTestId("api-token-last-used")).toHaveText("Never");
  expect(await violationsOf(page)).toEqual([]);

  // The token reads as a reader of the demo organisation, and may not write.
  const read = await callApi(baseURL!, token, "{ organization { tenant } }");
  expect(read.status).toBe(200);
  expect(read.body.data.organization.tenant).toBe("demo");
  const write = await callApi(baseURL!, token, `mutation { addLocation(input: { name: "Hall" }) { _id } }`);
  expect(write.body.errors[0].extensions.code).toBe("FORBIDDEN");

  // Its last use shows once the page is read again; the token itself is never on the page again.
  await page.reload();
  await waitForHydration(page);
  await expect(row.getByTestId("api-token-last-used")).not.toHaveText("Never");
  await expect(page.getByText(token)).toHaveCount(0);

  // A webhook endpoint: https only in production; its secret shown once.
  const hooks = page.getByRole("region", { name: "Webhooks" });
  await hooks.getByLabel("Endpoint URL").fill("http://hooks.example.org/assessments");
  await hooks.getByRole("checkbox", { name: "Report released" }).check();
  await hooks.getByTestId("webhook-add").click();
  await expect(hooks.getByText("The address must start with https://.")).toBeVisible();
  await expect(hooks.getByTestId("webhook-endpoint")).toHaveCount(0);
  const url = `https://hooks.example.org/${manager.email.slice(4, 12)}`;
  await hooks.getByLabel("Endpoint URL").fill(url);
  await hooks.getByRole("checkbox", { name: "Report released" }).check();
  await hooks.getByRole("checkbox", { name: "Scheduled session completed" }).check();
  await hooks.getByTestId("webhook-add").click();
  await expect(hooks.getByTestId("webhook-secret")).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const endpoint = hooks.getByTestId("webhook-endpoint").filter({ hasText: url });
  await expect(endpoint).toContainText("Scheduled session completed, Report released");
  expect(await violationsOf(page)).toEqual([]);
  // The API lists it for a token with the manager's say, and never its secret.
  const listed = await callApi(baseURL!, token, "{ webhookEndpoints { url } }");
  expect(listed.body.errors[0].extensions.code).toBe("FORBIDDEN");

  // Revoked after confirming: refused from then on.
  await row.getByTestId("api-token-revoke").click();
  await page.getByTestId("api-token-revoke-dialog-confirm").click();
  await expect(row.getByTestId("api-token-status")).toHaveText("Revoked");
  const refused = await callApi(baseURL!, token, "{ organization { tenant } }");
  expect(refused.status).toBe(401);
  expect(refused.body.errors[0].extensions.reason).toBe("api_token_invalid");

  // An event for the endpoint (seeded as an action records it) is listed, and can be sent again.
  const seed = await staffCtx(manager.email, manager.tenant);
  await seed.tdb.write((tx) =>
    recordWebhookEvent(tx, { tenant: manager.tenant, event: "REPORT_RELEASED", data: { sessionReport: "e2e" } }),
  );
  await page.reload();
  await waitForHydration(page);
  const deliveries = hooks.getByTestId("webhook-delivery").filter({ hasText: url });
  await expect(deliveries).toHaveCount(1);
  await expect(deliveries.first()).toContainText("Report released");
  await deliveries.first().getByTestId("webhook-resend").click();
  await expect(deliveries).toHaveCount(2);
  expect(await violationsOf(page)).toEqual([]);

  // Removing the endpoint asks first.
  await endpoint.getByTestId("webhook-remove").click();
  await page.getByTestId("webhook-remove-dialog-confirm").click();
  await expect(endpoint).toHaveCount(0);
});
