import { afterEach, describe, expect, it } from "vitest";
import { catalog } from "~db/catalog/client";
import { webhookTenants } from "~db/catalog/schema";
import { startScheduledSession } from "~/modules/scheduling/session-run.server";
import { WebhookWorker } from "~/modules/webhooks/index.server";
import { makeLiveSession } from "../live/fixtures";
import { firstError } from "../support/defined";
import { gql, loginOverGraphQL } from "../support/graphql";
import { makeTenant, managerCtx } from "../support/tenants";
import { startReceiver } from "./receiver";

// The names outside tools use (issue 33), through the real admin endpoint with a manager's cookie.

process.env.PARTYKIT_DISABLED = "true";

afterEach(async () => {
  const { db } = await catalog();
  await db.delete(webhookTenants);
});

describe("integrations over GraphQL", () => {
  it("createApiToken { _id token }, apiTokens, revokeApiToken; addWebhookEndpoint { _id secret }, webhookDeliveries, resendWebhookDelivery, removeWebhookEndpoint", async () => {
    const { tenant } = await makeTenant();
    const cookie = await loginOverGraphQL("admin", tenant.slug, `manager@${tenant.slug}.test`);
    const ok = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await gql("admin", query, variables, { cookie });
      expect(res.body.errors).toBeUndefined();
      return res.body.data;
    };

    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const { createApiToken } = await ok(
      `mutation($e: DateTime!) { createApiToken(input: { name: "Sync", roles: [ORGANIZATION_READER], expiresAt: $e, allowIntrospection: true }) { _id token apiToken { _id status allowIntrospection } } }`,
      { e: expiresAt },
    );
    expect(createApiToken.token).toMatch(/^sat\./);
    expect(createApiToken.apiToken).toEqual({ _id: createApiToken._id, status: "ACTIVE", allowIntrospection: true });
    const refused = await gql(
      "admin",
      `mutation($e: DateTime!) { createApiToken(input: { name: "", roles: [ORGANIZATION_READER], expiresAt: $e }) { _id } }`,
      { e: expiresAt },
      { cookie, locale: "fr-fr" },
    );
    const error = firstError(refused.body);
    expect(error.extensions?.code).toBe("BAD_REQUEST");
    expect(error.extensions?.fieldErrors.name).toMatch(/obligatoire/);
    expect((await ok("{ apiTokens { _id expiresAt } }")).apiTokens).toEqual([{ _id: createApiToken._id, expiresAt }]);
    expect(
      (await ok(`mutation($id: ID!) { revokeApiToken(id: $id) { status revokedAt } }`, { id: createApiToken._id }))
        .revokeApiToken.status,
    ).toBe("REVOKED");

    const hook = await startReceiver(() => 500);
    try {
      const { addWebhookEndpoint } = await ok(
        `mutation($url: String!) { addWebhookEndpoint(input: { url: $url, events: [SCHEDULED_SESSION_STARTED] }) { _id secret endpoint { _id url events } } }`,
        { url: hook.url },
      );
      expect(addWebhookEndpoint.secret).toMatch(/^whsec_/);
      expect((await ok("{ webhookEndpoints { _id url events } }")).webhookEndpoints).toEqual([
        addWebhookEndpoint.endpoint,
      ]);

      const manager = await managerCtx(tenant.slug);
      await startScheduledSession(manager, (await makeLiveSession(manager)).sessionId);
      await new WebhookWorker().runOnce();
      const LIST = `query($f: WebhookDeliveryFilter) { webhookDeliveries(filter: $f, first: 10) {
        edges { node { _id endpoint event status attempts responseCode eventId resentFrom } } pageInfo { totalCount } } }`;
      const failed = (await ok(LIST, { f: { endpoint: addWebhookEndpoint._id } })).webhookDeliveries;
      expect(failed.pageInfo.totalCount).toBe(1);
      const first = failed.edges[0].node;
      expect(first).toMatchObject({
        event: "SCHEDULED_SESSION_STARTED",
        status: "PENDING",
        attempts: 1,
        responseCode: 500,
      });
      expect((await ok(LIST, { f: { status: "SUCCEEDED" } })).webhookDeliveries.pageInfo.totalCount).toBe(0);

      const { resendWebhookDelivery } = await ok(
        `mutation($id: ID!) { resendWebhookDelivery(id: $id) { _id status resentFrom eventId } }`,
        { id: first._id },
      );
      expect(resendWebhookDelivery).toMatchObject({ status: "PENDING", resentFrom: first._id, eventId: first.eventId });
      const missing = await gql("admin", `mutation { resendWebhookDelivery(id: "nope") { _id } }`, {}, { cookie });
      expect(firstError(missing.body).extensions).toMatchObject({
        code: "NOT_FOUND",
        reason: "webhook_delivery_not_found",
      });

      expect(
        (await ok(`mutation($id: ID!) { removeWebhookEndpoint(id: $id) { id } }`, { id: addWebhookEndpoint._id }))
          .removeWebhookEndpoint.id,
      ).toBe(addWebhookEndpoint._id);
      expect((await ok(LIST)).webhookDeliveries.pageInfo.totalCount).toBe(0);
    } finally {
      await hook.close();
    }
  });
});
