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

  it("runs a write asked `ahead` before the queued ones that have not started, after the running one, in order among themselves", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const job = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const running = queue.run(async () => {
      order.push("running");
      await gate;
    });
    await Promise.resolve();
    const waiting = [queue.run(job("save 1")), queue.run(job("save 2"))];
    const staff = [queue.run(job("pause"), { ahead: true }), queue.run(job("resume"), { ahead: true })];
    const later = queue.run(job("save 3"));
    release();
    await Promise.all([running, ...waiting, ...staff, later]);
    expect(order).toEqual(["running", "pause", "resume", "save 1", "save 2", "save 3"]);
    // A failed write does not stop the queue, ahead or not.
    await expect(queue.run(() => Promise.reject(new Error("refused")), { ahead: true })).rejects.toThrow("refused");
    expect(await queue.run(job("after"))).toBe("after");
  });
});
