import { serverAudits } from "graphql-http";
import { describe, expect, it } from "vitest";
import { handleAdminGraphQL } from "~/graphql/admin-schema.server";
import { handleUserGraphQL } from "~/graphql/user-schema.server";

// graphql-http's own GraphQL-over-HTTP conformance audits, run against both endpoints in-process.
for (const [area, handle] of [
  ["admin", handleAdminGraphQL],
  ["user", handleUserGraphQL],
] as const) {
  describe(`graphql-http serverAudits on /api/${area}/graphql`, () => {
    const audits = serverAudits({
      url: `http://localhost/api/${area}/graphql`,
      fetchFn: (input: RequestInfo, init?: RequestInit) =>
        handle(new Request(input, init), { clientAddress: "127.0.0.1" }),
    });
    for (const audit of audits) {
      it(audit.name, async () => {
        const result = await audit.fn();
        if (result.status === "error") throw new Error(`${result.reason}`);
        // MUST audits have to pass outright; SHOULD/MAY audits may only warn.
        expect(result.status === "ok" || !audit.name.startsWith("MUST")).toBe(true);
      });
    }
  });
}
