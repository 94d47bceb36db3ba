import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rateLimitHits } from "~db/tenant/schema";
import { WriteQueue } from "~db/connection";
import { makeTenant } from "../support/tenants";

describe("tenant write queue", () => {
  it("runs 300 concurrent write transactions without SQLITE_BUSY", async () => {
    const { tdb } = await makeTenant();
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, (_, i) =>
        tdb.write(async (tx) => {
          await tx.insert(rateLimitHits).values({ bucket: `b${i % 7}`, at: new Date() });
          const row = await tx
            .select({ n: sql<number>`count(*)` })
            .from(rateLimitHits)
            .get();
          return row!.n;
        }),
      ),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    // Serialised: each transaction saw exactly the rows of those before it.
    expect(results.map((r) => (r as PromiseFulfilledResult<number>).value)).toEqual(
      Array.from({ length: 300 }, (_, i) => i + 1),
    );
  });

  it("rolls a failed transaction back and keeps the queue going", async () => {
    const { tdb } = await makeTenant();
    await expect(
      tdb.write(async (tx) => {
        await tx.insert(rateLimitHits).values({ bucket: "x", at: new Date() });
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await tdb.write((tx) => tx.insert(rateLimitHits).values({ bucket: "y", at: new Date() }));
    expect((await tdb.db.select().from(rateLimitHits)).map((r) => r.bucket)).toEqual(["y"]);
  });

  it("turns on WAL for embedded databases", async () => {
    const { tdb } = await makeTenant();
    const mode = await tdb.db.$client.execute("PRAGMA journal_mode");
    expect(String(mode.rows[0]![0]).toLowerCase()).toBe("wal");
  });

  it("runs writes in the order they were queued, and goes on after one that fails", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const failed = queue.run(() => Promise.reject(new Error("refused")));
    const done = await Promise.all([queue.run(job("first")), queue.run(job("second"))]);
    await expect(failed).rejects.toThrow("refused");
    expect(done).toEqual(["first", "second"]);
    expect(order).toEqual(["first", "second"]);
  });
});
