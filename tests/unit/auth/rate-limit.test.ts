import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitHits } from "~db/tenant/schema";
import { requestLogin } from "~/modules/auth/login.server";
import { RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_IDENTIFIER } from "~/modules/auth/otp.server";
import { makeTenant } from "../support/tenants";

const hitsByBucket = async (tdb: Awaited<ReturnType<typeof makeTenant>>["tdb"]) =>
  Object.fromEntries(
    (
      await tdb.db
        .select({ bucket: rateLimitHits.bucket, n: sql<number>`count(*)` })
        .from(rateLimitHits)
        .groupBy(rateLimitHits.bucket)
        .all()
    ).map((r) => [r.bucket, r.n]),
  );

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return "ok";
  } catch (e) {
    return (e as { reason?: string }).reason ?? "error";
  }
}

describe("login rate limits", () => {
  it("300 requests for one identifier: refused ones add no rows beyond the limit", async () => {
    const { tenant, tdb } = await makeTenant("rl-one", "Rate Limit One");
    const results: string[] = [];
    for (let i = 0; i < 300; i++) {
      results.push(
        await outcome(
          requestLogin({
            tenant: tenant.slug,
            identifier: { type: "EMAIL", value: "nobody@rl.test" },
            accountType: "ADMIN",
            clientAddress: "9.9.9.9",
            locale: "en-us",
          }),
        ),
      );
    }
    expect(results.filter((r) => r === "ok")).toHaveLength(RATE_LIMIT_PER_IDENTIFIER.max);
    expect(results.filter((r) => r === "rate_limited")).toHaveLength(300 - RATE_LIMIT_PER_IDENTIFIER.max);
    const hits = await hitsByBucket(tdb);
    expect(hits).toEqual({
      "otp:ADMIN:EMAIL:nobody@rl.test": RATE_LIMIT_PER_IDENTIFIER.max,
      "otp-address:9.9.9.9": RATE_LIMIT_PER_IDENTIFIER.max,
    });
  });

  it("300 requests from one address for different identifiers: the address bucket stops at its limit", async () => {
    const { tenant, tdb } = await makeTenant("rl-addr", "Rate Limit Address");
    const results: string[] = [];
    for (let i = 0; i < 300; i++) {
      results.push(
        await outcome(
          requestLogin({
            tenant: tenant.slug,
            identifier: { type: "EMAIL", value: `n${i}@rl.test` },
            accountType: "ADMIN",
            clientAddress: "8.8.8.8",
            locale: "en-us",
          }),
        ),
      );
    }
    expect(results.filter((r) => r === "ok")).toHaveLength(RATE_LIMIT_PER_ADDRESS.max);
    const [total] = await tdb.db
      .select({ n: sql<number>`count(*)` })
      .from(rateLimitHits)
      .all();
    // One hit in the address bucket and one in the identifier's bucket per accepted request only.
    expect(total!.n).toBe(2 * RATE_LIMIT_PER_ADDRESS.max);
  });
});
