import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";

// What the app and drizzle read from a libSQL result row: column names as own enumerable
// properties (first one wins), positions and `length` readable but not enumerable, so spreads,
// JSON and drizzle's positional reads all agree.

describe("libSQL result rows", () => {
  it("read by name and by position, with only the names enumerable", async () => {
    const client = createClient({ url: ":memory:" });
    const { rows } = await client.execute(
      'SELECT 1 AS a, \'x\' AS b, NULL AS c, 2 AS a, 3 AS length, 4 AS "constructor", 5 AS "0"',
    );
    const row = rows[0]!;
    // A position, "length" or an earlier column of the same name wins.
    expect(Object.keys(row)).toEqual(["a", "b", "c", "constructor"]);
    expect({ ...row }).toEqual({ a: 1, b: "x", c: null, constructor: 4 });
    expect(JSON.stringify(row)).toBe('{"a":1,"b":"x","c":null,"constructor":4}');
    expect(row.length).toBe(7);
    expect(Array.prototype.slice.call(row)).toEqual([1, "x", null, 2, 3, 4, 5]);
    const { rows: plain } = await client.execute("SELECT 1 AS a, 'x' AS b, NULL AS c, 2 AS a");
    const first = plain[0]!;
    expect(first.length).toBe(4);
    expect([first[0], first[1], first[2], first[3]]).toEqual([1, "x", null, 2]);
    expect(Array.prototype.slice.call(first)).toEqual([1, "x", null, 2]);
    expect(Object.keys(first)).toEqual(["a", "b", "c"]);
    expect(first.a).toBe(1);
    client.close();
  });

  it("keeps every row's own values when many rows share a column list", async () => {
    const client = createClient({ url: ":memory:" });
    const { rows } = await client.execute(
      "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50) SELECT i, 'row ' || i AS label FROM n",
    );
    expect(rows.map((r) => [r[0], r.label])).toEqual(Array.from({ length: 50 }, (_, k) => [k + 1, `row ${k + 1}`]));
    client.close();
  });
});
