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

  it("runs a runFirst write after the running one and before those waiting, in their order", async () => {
    const queue = new WriteQueue();
    const order: string[] = [];
    let release!: () => void;
    let started!: () => void;
    const running = queue.run(async () => {
      order.push("running");
      started();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await new Promise<void>((resolve) => (started = resolve));
    const waiting = [
      queue.run(async () => void order.push("save 1")),
      queue.run(async () => void order.push("save 2")),
    ];
    const first = [
      queue.runFirst(async () => void order.push("pause")),
      queue.runFirst(async () => void order.push("resume")),
    ];
    release();
    await Promise.all([running, ...waiting, ...first]);
    expect(order).toEqual(["running", "pause", "resume", "save 1", "save 2"]);
  });

  it("commits a tenant's writeFirst ahead of the group of writes waiting, in a transaction of its own", async () => {
    const { tdb } = await makeTenant();
    const seen: Array<[string, number]> = [];
    const count = async (tx: Parameters<Parameters<typeof tdb.write>[0]>[0]) =>
      (await tx
        .select({ n: sql<number>`count(*)` })
        .from(rateLimitHits)
        .get())!.n;
    const saves = Array.from({ length: 20 }, (_, i) =>
      tdb.write(async (tx) => {
        await tx.insert(rateLimitHits).values({ bucket: `save${i}`, at: new Date() });
        seen.push([`save${i}`, await count(tx)]);
      }),
    );
    const staff = tdb.writeFirst(async (tx) => {
      await tx.insert(rateLimitHits).values({ bucket: "staff", at: new Date() });
      seen.push(["staff", await count(tx)]);
      throw new Error("refused");
    });
    await expect(staff).rejects.toThrow("refused");
    await Promise.all(saves);
    // The saves queued before it had not run: the staff write saw only its own row, rolled back alone.
    expect(seen[0]).toEqual(["staff", 1]);
    expect(seen.slice(1).map(([, n]) => n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await tdb.db.select().from(rateLimitHits).all()).toHaveLength(20);
  });
});
