import { and, eq, gte, lt, sql } from "drizzle-orm";
import type { TenantDb, Reader } from "~db/tenant/client";
import { rateLimitHits } from "~db/tenant/schema";

/** `cost`: how many hits this request counts for (default 1), e.g. one per e-mail it sends. */
export type RateLimit = { bucket: string; max: number; windowMs: number; cost?: number };

async function anyOverLimit(db: Reader, limits: RateLimit[], now: number): Promise<boolean> {
  for (const limit of limits) {
    const row = await db
      .select({ n: sql<number>`count(*)` })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.bucket, limit.bucket), gte(rateLimitHits.at, new Date(now - limit.windowMs))))
      .get();
    if ((row?.n ?? 0) + (limit.cost ?? 1) > limit.max) return true;
  }
  return false;
}

/** Whether a request would be refused now, without recording anything (a check before other work). */
export function rateLimitsFull(tdb: TenantDb, limits: RateLimit[], now = Date.now()): Promise<boolean> {
  return anyOverLimit(tdb.db, limits, now);
}

/**
 * Records one hit (or `cost` hits) in each bucket unless a bucket would overflow; tells whether the
 * request is refused. Hits live in the tenant database so that several app processes share the count (an
 * in-memory counter would be per process). A refused request writes nothing: it is answered from
 * a plain read, without entering the tenant's write queue, so a flood cannot grow the table or
 * delay other writes. Hence each bucket holds at most `max` hits per window.
 */
export async function hitRateLimits(tdb: TenantDb, limits: RateLimit[], now = Date.now()): Promise<boolean> {
  if (await anyOverLimit(tdb.db, limits, now)) return true;
  return tdb.write(async (tx) => {
    // Counted again inside the transaction: parallel requests may have filled a bucket meanwhile.
    if (await anyOverLimit(tx, limits, now)) return true;
    for (const limit of limits) {
      const cost = limit.cost ?? 1;
      if (cost > 0)
        await tx
          .insert(rateLimitHits)
          .values(Array.from({ length: cost }, () => ({ bucket: limit.bucket, at: new Date(now) })));
    }
    // Keep the table small: forget hits older than a day.
    await tx.delete(rateLimitHits).where(lt(rateLimitHits.at, new Date(now - 86_400_000)));
    return false;
  });
}
