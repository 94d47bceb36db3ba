import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANSWERS_ONLY_WRITE, type TenantDb } from "~db/tenant/client";
import { makeTenant } from "../support/tenants";

// Writes share transactions when they queue up together (db/tenant/group-commit.ts): each is
// answered only after the shared COMMIT, and one that fails takes nobody else with it. A write
// marked `alone` (an import) or `ahead` (a staff live action) has a transaction of its own.

const GROUPED = ANSWERS_ONLY_WRITE;

async function scratchTables(tdb: TenantDb) {
  await tdb.write(async (tx) => {
    await tx.run(sql`CREATE TABLE gc_parent (id TEXT PRIMARY KEY)`);
    await tx.run(sql`CREATE TABLE gc_row (id TEXT PRIMARY KEY, parent TEXT REFERENCES gc_parent(id))`);
  });
}

const rowsOf = async (tdb: TenantDb) =>
  (await tdb.db.all<{ id: string }>(sql`SELECT id FROM gc_row ORDER BY id`)).map((r) => r.id);

/** Holds the tenant's write queue until the returned function is called. */
function holdQueue(tdb: TenantDb): () => Promise<void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = tdb.write(() => gate, { alone: true });
  return async () => {
    release();
    await held;
  };
}

describe("group commit of answer writes", () => {
  it("answers every write queued together only after their shared COMMIT: a failed COMMIT fails them all and keeps none", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    const release = holdQueue(tdb);
    // The first write defers its foreign key check to COMMIT and breaks it, so the shared COMMIT fails.
    const breaker = tdb.write(async (tx) => {
      await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
      await tx.run(sql`INSERT INTO gc_row (id, parent) VALUES ('broken', 'missing')`);
      return "breaker";
    }, GROUPED);
    const others = Array.from({ length: 10 }, (_, i) =>
      tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES (${`row-${i}`})`).then(() => i), GROUPED),
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
          }, GROUPED),
        ),
      );
      for (let i = 0; i < 5; i++)
        setImmediate(() =>
          list.push(tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES (${`row-${i}`})`), GROUPED)),
        );
      setImmediate(() => resolve(list));
    });
    const outcomes = await Promise.allSettled(writes);
    expect(outcomes.map((o) => o.status)).toEqual(Array(6).fill("rejected"));
    expect(await rowsOf(tdb)).toEqual([]);
    // The next turn's write is a group of its own again.
    await expect(
      tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('later')`).then(() => "later"), GROUPED),
    ).resolves.toBe("later");
  });

  it("rolls back only the write that throws; the others in its transaction are stored and answered", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    const release = holdQueue(tdb);
    const first = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('a')`).then(() => "a"), GROUPED);
    const failing = tdb.write(async (tx) => {
      await tx.run(sql`INSERT INTO gc_row (id) VALUES ('b')`);
      throw new Error("refused after writing");
    }, GROUPED);
    const third = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('c')`).then(() => "c"), GROUPED);
    await release();
    await expect(first).resolves.toBe("a");
    await expect(failing).rejects.toThrow("refused after writing");
    await expect(third).resolves.toBe("c");
    expect(await rowsOf(tdb)).toEqual(["a", "c"]);
  });

  it("a write alone is an ordinary transaction, and grouped writes keep their order with other writes", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    await expect(
      tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('alone')`).then(() => 1), GROUPED),
    ).resolves.toBe(1);
    const order: string[] = [];
    const release = holdQueue(tdb);
    const grouped = [1, 2, 3].map((i) => tdb.write(async () => void order.push(`answer-${i}`), GROUPED));
    const plain = tdb.write(async () => void order.push("import"), { alone: true });
    await release();
    await Promise.all([...grouped, plain]);
    expect(order).toEqual(["answer-1", "answer-2", "answer-3", "import"]);
    expect(await rowsOf(tdb)).toEqual(["alone"]);
  });

  it("groups a write with no options (a staff edit) with the others, never one marked alone or ahead", async () => {
    const { tdb } = await makeTenant();
    await scratchTables(tdb);
    // The breaker's deferred foreign key fails the COMMIT of every write that shares its transaction.
    const breakGroup = () =>
      tdb.write(async (tx) => {
        await tx.run(sql`PRAGMA defer_foreign_keys = ON`);
        await tx.run(sql`INSERT INTO gc_row (id, parent) VALUES ('broken', 'missing')`);
      });
    const release = holdQueue(tdb);
    const breaker = breakGroup();
    const edit = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('edit')`));
    const alone = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('import')`), { alone: true });
    const ahead = tdb.write((tx) => tx.run(sql`INSERT INTO gc_row (id) VALUES ('pause')`), { ahead: true });
    await release();
    const outcomes = await Promise.allSettled([breaker, edit, alone, ahead]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "fulfilled", "fulfilled"]);
    expect(await rowsOf(tdb)).toEqual(["import", "pause"]);
  });
});
