import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantDb } from "~db/tenant/client";
import { makeTenant } from "../support/tenants";

// Every write shares its transaction with the writes queued at the same time
// (db/tenant/group-commit.ts): each is answered only after the shared COMMIT, and one that fails
// takes nobody else with it. `tdb.write` takes nothing but the work: there is no other kind of write.

async function scratchTables(tdb: TenantDb) {
  await tdb.write(async (tx) => {
    await tx.run(sql`CREATE TABLE gc_parent (id TEXT PRIMARY KEY)`);
    await tx.run(sql`CREATE TABLE gc_row (id TEXT PRIMARY KEY, parent TEXT REFERENCES gc_parent(id))`);
  });
}

const rowsOf = async (tdb: TenantDb) =>
  (await tdb.db.all<{ id: string }>(sql`SELECT id FROM gc_row ORDER BY id`)).map((r) => r.id);

/** Holds the tenant's write queue (a write that runs until released) until the returned function is called. */
async function holdQueue(tdb: TenantDb): Promise<() => Promise<void>> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let running!: () => void;
  const started = new Promise<void>((resolve) => (running = resolve));
  const held = tdb.write(() => {
    running();
    return gate;
  });
  await started; // its group runs: whatever is written from here on waits in the next one
  return async () => {
    release();
    await held;
  };
}

describe("group commit of every write", () => {
  it("answers every write queued together only after their shared COMMIT: a failed COMMIT fails them all and keeps none", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    const release = await holdQueue(tdb);
    // The first write defers its foreign key check to COMMIT and breaks it, so the shared COMMIT fails.
    const breaker = tdb.write(async (tx) => {
      await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
      await tx.run(sql`INSERT INTO gc_row (id, parent) VALUES ('broken', 'missing')`);
      return "breaker";
    });
    const others = Array.from({ length: 10 }, (_, i) =>
      tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES (${`row-${i}`})`).then(() => i)),
    );
    await release();
    const outcomes = await Promise.allSettled([breaker, ...others]);
    expect(outcomes.map((o) => o.status)).toEqual(Array(11).fill("rejected"));
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/i);
    expect(await rowsOf(tdb)).toEqual([]);
  });

  it("groups writes that arrive in separate callbacks of one event-loop turn, as HTTP requests do, with the queue idle", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    // Nothing holds the queue. A file database runs a transaction without yielding, so only a group
    // that waits for the turn's other callbacks can hold more than one write. The breaker shows it:
    // its deferred foreign key fails the COMMIT of every write that shares its transaction.
    const writes = await new Promise<Promise<unknown>[]>((resolve) => {
      const list: Promise<unknown>[] = [];
      setImmediate(() =>
        list.push(
          tdb.write(async (tx) => {
            await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
            await tx.run(sql`INSERT INTO gc_row (id, parent) VALUES ('broken', 'missing')`);
          }),
        ),
      );
      for (let i = 0; i < 5; i++)
        setImmediate(() => list.push(tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES (${`row-${i}`})`))));
      setImmediate(() => resolve(list));
    });
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(Array(6).fill("rejected"));
    expect(await rowsOf(tdb)).toEqual([]);
    // The next turn's write is a group of its own again.
    await expect(
      tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('later')`).then(() => "later")),
    ).resolves.toBe("later");
  });

  it("rolls back only the write that throws; the others in its transaction are stored and answered", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    const release = await holdQueue(tdb);
    const first = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('a')`).then(() => "a"));
    const failing = tdb.write(async (tx) => {
      await tx.run(sql`INSERT INTO gc_row (id) VALUES ('b')`);
      throw new Error("refused after writing");
    });
    const third = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('c')`).then(() => "c"));
    await release();
    await expect(first).resolves.toBe("a");
    await expect(failing).rejects.toThrow("refused after writing");
    await expect(third).resolves.toBe("c");
    expect(await rowsOf(tdb)).toEqual(["a", "c"]);
  });

  it("a write alone is an ordinary transaction, and grouped writes keep their order", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    await expect(tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('alone')`).then(() => 1))).resolves.toBe(
      1,
    );
    const order: string[] = [];
    const release = await holdQueue(tdb);
    const grouped = [1, 2, 3].map((i) => tdb.write(async () => void order.push(`answer-${i}`)));
    const edit = tdb.write(async () => void order.push("edit"));
    await release();
    await Promise.all([...grouped, edit]);
    expect(order).toEqual(["answer-1", "answer-2", "answer-3", "edit"]);
    expect(await rowsOf(tdb)).toEqual(["alone"]);
  });

  it("gives a write queued behind a long one (an import) the next group, not the long one's", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    const long = tdb.write(async (tx) => {
      running();
      await tx.run(sql`INSERT INTO gc_row (id) VALUES ('import')`);
      await gate;
    });
    await started;
    // Arrives while the long write runs: it waits for that COMMIT, then commits in a group of its own.
    let answered = false;
    const short = tdb
      .write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('short')`))
      .then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    release();
    await Promise.all([long, short]);
    expect(await rowsOf(tdb)).toEqual(["import", "short"]);
  });
});
