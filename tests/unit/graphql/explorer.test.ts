import { afterEach, describe, expect, it } from "vitest";
import { adminSchema } from "~/graphql/admin-schema.server";
import { createGraphQLEndpoint } from "~/graphql/handler.server";

// GraphiQL on the endpoint in development only.

const env = process.env.NODE_ENV;
afterEach(() => {
  process.env.NODE_ENV = env;
});

const open = (handle: ReturnType<typeof createGraphQLEndpoint>) =>
  handle(
    new Request("http://localhost/api/admin/graphql", { headers: { Accept: "text/html,application/xhtml+xml" } }),
    { clientAddress: "127.0.0.1", cspNonce: "abc123" },
  );

describe("GraphQL explorer", () => {
  it("is offered to a browser in development, its scripts carrying the page's CSP nonce", async () => {
    process.env.NODE_ENV = "development";
    const res = await open(createGraphQLEndpoint("admin", adminSchema));
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain("GraphiQL.createFetcher");
    expect(html).toContain('"/api/admin/graphql"');
    expect(html.match(/<script nonce="abc123"/g)).toHaveLength(4);
  });

  it("is not offered in production", async () => {
    process.env.NODE_ENV = "production";
    const res = await open(createGraphQLEndpoint("admin", adminSchema));
    expect(res.headers.get("content-type") ?? "").not.toContain("text/html");
  });
});
