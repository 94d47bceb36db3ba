import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TenantDb } from "~db/tenant/client";
import type { PlannedKind } from "~db/tenant/planned-write";
import { makeTenant } from "../support/tenants";

// Planned writes (db/tenant/planned-write.ts): the writes of one group are planned at one revision
// read, each kind's together, and run as one batch. A kind whose plan throws fails only its own
// writes; a write its plan leaves out is answered null; a batch that fails fails every write in it
// and keeps none of them.

async function scratchTable(tdb: TenantDb) {
  await tdb.write((tx) => tx.run(sql`CREATE TABLE pw_row (id TEXT PRIMARY KEY)`));
}

const rowsOf = async (tdb: TenantDb) =>
  (await tdb.db.all<{ id: string }>(sql`SELECT id FROM pw_row ORDER BY id`)).map((r) => r.id);

/**
 * Inserts every id of the group in one statement and answers each the number of rows written with
 * the group's size, or null for an id starting with "skip"; notes each group's revision and size.
 */
function inserts(seen: Array<{ revision: number; size: number }> = []): PlannedKind<string, string> {
  return {
    async plan(revision, ids) {
      seen.push({ revision: revision.value, size: ids.length });
      const taken = ids.filter((id) => !id.startsWith("skip"));
      return {
        statements: [
          {
            sql: "INSERT INTO pw_row (id) SELECT value FROM json_each(?)",
            args: [JSON.stringify(taken)],
          },
        ],
        finish: ([result]) => ids.map((id) => (id.startsWith("skip") ? null : `${id}:${result!.rowsAffected}`)),
      };
    },
  };
}

const broken: PlannedKind<string, string> = {
  plan: async () => {
    throw new Error("refused by its plan");
  },
};

describe("planned writes", () => {
  it("plans a group's writes of a kind together at one revision and answers each its own value", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const seen: Array<{ revision: number; size: number }> = [];
    const kind = inserts(seen);
    const outcomes = await Promise.allSettled([
      tdb.planned(kind, "a"),
      tdb.planned(kind, "skip-me"),
      tdb.planned(broken, "x"),
      tdb.planned(kind, "b"),
    ]);
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as Error).message))).toEqual([
      "a:2",
      null,
      "refused by its plan",
      "b:2",
    ]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.size).toBe(3);
    expect(await rowsOf(tdb)).toEqual(["a", "b"]);
  });

  it("fails every write of a batch that fails, and keeps none of them", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const kind = inserts();
    const other = inserts();
    const outcomes = await Promise.allSettled([
      tdb.planned(kind, "c"),
      tdb.planned(kind, "c"), // the primary key refuses the second: the whole batch rolls back
      tdb.planned(other, "d"),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await rowsOf(tdb)).toEqual([]);
  });

  it("keeps its place in the tenant's write queue: a write queued before it commits first", async () => {
    const { tdb } = await makeTenant();
    await scratchTable(tdb);
    const order: string[] = [];
    await Promise.all([
      tdb.write((tx) => tx.run(sql`INSERT INTO pw_row (id) VALUES ('first')`)).then(() => order.push("write")),
      tdb.planned(inserts(), "second").then(() => order.push("planned")),
    ]);
    expect(order).toEqual(["write", "planned"]);
    expect(await rowsOf(tdb)).toEqual(["first", "second"]);
  });
});
