import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantDb } from "~db/tenant/client";
import type { Plan } from "~db/tenant/planned-write";
import { makeTenant } from "../support/tenants";

// Planned writes (db/tenant/planned-write.ts): the writes of one group are planned at one revision
// read and run as one batch. A plan that throws fails only its own caller; a plan that makes no
// statements is answered null; a batch that fails fails every write in it and keeps none of them.

async function scratchTable(tdb: TenantDb) {
  await tdb.write((tx) => tx.run(sql`CREATE TABLE pw_row (id TEXT PRIMARY KEY)`));
}

const rowsOf = async (tdb: TenantDb) =>
  (await tdb.db.all<{ id: string }>(sql`SELECT id FROM pw_row ORDER BY id`)).map((r) => r.id);

/** A plan inserting `id` and answering how many rows the insert changed, with the revision it was planned at. */
const insert =
  (id: string, seen: number[] = []): Plan<number> =>
  async (revision) => {
    seen.push(revision);
    return {
      statements: [{ sql: "INSERT INTO pw_row (id) VALUES (?)", args: [id] }],
      finish: ([result]) => result!.rowsAffected,
    };
  };

describe("planned writes", () => {
  it("plans a group at one revision and answers each from its own statements' results", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const seen: number[] = [];
    const none: Plan<number> = async () => null;
    const broken: Plan<number> = async () => {
      throw new Error("refused by its plan");
    };
    const outcomes = await Promise.allSettled([
      tdb.planned(insert("a", seen)),
      tdb.planned(none),
      tdb.planned(broken),
      tdb.planned(insert("b", seen)),
    ]);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      1,
      null,
      "refused by its plan",
      1,
    ]);
    expect(new Set(seen).size).toBe(1);
    expect(await rowsOf(tdb)).toEqual(["a", "b"]);
  });

  it("fails every write of a batch that fails, and keeps none of them; a write without statements is still answered null", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const none: Plan<number> = async () => null;
    const outcomes = await Promise.allSettled([
      tdb.planned(insert("c")),
      tdb.planned(insert("c")), // the primary key refuses the second: the whole batch rolls back
      tdb.planned(none),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "fulfilled"]);
    expect((outcomes[2] as PromiseFulfilledResult<unknown>).value).toBeNull();
    expect(await rowsOf(tdb)).toEqual([]);
  });

  it("keeps its place in the tenant's write queue: a write queued before it commits first", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const order: string[] = [];
    await Promise.all([
      tdb.write((tx) => tx.run(sql`INSERT INTO pw_row (id) VALUES ('first')`)).then(() => order.push("write")),
      tdb.planned(insert("second")).then(() => order.push("planned")),
    ]);
    expect(order).toEqual(["write", "planned"]);
    expect(await rowsOf(tdb)).toEqual(["first", "second"]);
  });
});
