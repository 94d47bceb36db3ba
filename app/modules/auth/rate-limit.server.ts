import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { TenantDb } from "~db/tenant/client";
import { rateLimitHits } from "~db/tenant/schema";

export type RateLimit = { bucket: string; max: number; windowMs: number };

/**
 * Records one hit in each bucket and tells whether any bucket is over its limit. Stored in the
 * tenant database so that several app processes share the count.
 */
export async function hitRateLimits(tdb: TenantDb, limits: RateLimit[], now = Date.now()): Promise<boolean> {
  return tdb.write(async (tx) => {
    let limited = false;
    for (const limit of limits) {
      const since = new Date(now - limit.windowMs);
      const row = await tx
        .select({ n: sql<number>`count(*)` })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, limit.bucket), gte(rateLimitHits.at, since)))
        .get();
      if ((row?.n ?? 0) >= limit.max) limited = true;
      await tx.insert(rateLimitHits).values({ bucket: limit.bucket, at: new Date(now) });
    }
    // Keep the table small: forget hits older than a day.
    await tx.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now - 86_400_000)));
    return limited;
  });
}
