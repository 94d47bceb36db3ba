import { createClient, type Client } from "@libsql/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isDatabaseUnavailable, localhostFetch } from "~db/connection";
import { withKeptStreams } from "~db/kept-streams";
import { startSqld, type Sqld } from "../../support/sqld";

// Only in the "sqld" project, on a sqld of this file's own: a libSQL server's statements out of a
// transaction run on a few streams kept open (db/kept-streams.ts, ADR 0050). Every request to sqld
// that continues no stream is a new SQLite connection inside it; these count them.

let sqld: Sqld;
let url: string;

/** A fetch that counts the requests opening a stream (no baton): each one is a new connection inside sqld. */
function countingFetch() {
  let opened = 0;
  const fetch = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    if (request.method === "POST") {
      const body = (await request.clone().json()) as { baton?: string | null };
      if (!body.baton) opened++;
    }
    return (await localhostFetch())(request);
  };
  return { fetch, opened: () => opened };
}

function keptClient() {
  const counted = countingFetch();
  const client = withKeptStreams(createClient({ url, fetch: counted.fetch }), url, undefined, counted.fetch);
  return { client, opened: counted.opened };
}

const count = async (client: Client, table: string) =>
  Number((await client.execute(`SELECT count(*) FROM ${table}`)).rows[0]![0]);

beforeAll(async () => {
  sqld = await startSqld();
  const created = await (
    await localhostFetch()
  )(`${sqld.adminUrl}/v1/namespaces/kept/create`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(created.status).toBe(200);
  url = sqld.tenantUrlTemplate.replace("{tenant}", "kept");
});

afterAll(async () => {
  await sqld?.stop();
});

describe("a libSQL server's statements out of a transaction", () => {
  it("run on a few streams kept open: 300 reads, one after another and ten at a time, open at most four, and a write batch one more", async () => {
    const { client, opened } = keptClient();
    try {
      await client.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)");
      await client.batch(
        Array.from({ length: 20 }, (_, i) => ({ sql: "INSERT INTO t VALUES (?, ?)", args: [i, `v${i}`] })),
        "write",
      );
      for (let i = 0; i < 100; i++)
        expect((await client.execute({ sql: "SELECT v FROM t WHERE id = ?", args: [i % 20] })).rows[0]!.v).toBe(
          `v${i % 20}`,
        );
      for (let round = 0; round < 20; round++) {
        const rows = await Promise.all(
          Array.from({ length: 10 }, (_, i) => client.execute({ sql: "SELECT v FROM t WHERE id = ?", args: [i] })),
        );
        expect(rows.map((r) => r.rows[0]!.v)).toEqual(Array.from({ length: 10 }, (_, i) => `v${i}`));
      }
      expect(opened()).toBeLessThanOrEqual(5);
    } finally {
      client.close();
    }
    // What @libsql/client alone does: a stream, and a connection inside sqld, for every statement.
    const counted = countingFetch();
    const plain = createClient({ url, fetch: counted.fetch });
    for (let i = 0; i < 10; i++) await plain.execute("SELECT 1");
    plain.close();
    expect(counted.opened()).toBe(10);
  });

  it("never queue a read behind a write batch waiting for the write lock", async () => {
    const { client } = keptClient();
    const holder = createClient({ url, fetch: await localhostFetch() });
    const held = await holder.transaction("write"); // another connection holds the lock
    let write: Promise<unknown> | null = null;
    try {
      await held.execute("INSERT INTO t VALUES (300, 'held')");
      write = client.batch(["INSERT INTO t VALUES (301, 'waits')"], "write");
      await new Promise((resolve) => setTimeout(resolve, 200)); // the batch is at sqld, waiting
      const reads = Promise.all(
        Array.from({ length: 10 }, (_, i) => client.execute({ sql: "SELECT v FROM t WHERE id = ?", args: [i] })),
      );
      const answered = await Promise.race([
        reads.then((rows) => rows.map((r) => r.rows[0]!.v)),
        new Promise((resolve) => setTimeout(() => resolve("waited for the lock"), 2_000)),
      ]);
      expect(answered).toEqual(Array.from({ length: 10 }, (_, i) => `v${i}`));
      await held.commit();
      await write;
      expect(await count(client, "t")).toBe(22);
    } finally {
      held.close();
      await write?.catch(() => undefined);
      holder.close();
      client.close();
    }
  });

  it("answer rows as @libsql/client does: by position and by name, with the columns and the rows changed", async () => {
    const { client } = keptClient();
    try {
      const inserted = await client.execute({ sql: "INSERT INTO t VALUES (?, ?) RETURNING id, v", args: [100, "x"] });
      expect(inserted.columns).toEqual(["id", "v"]);
      expect(inserted.rowsAffected).toBe(1);
      expect([inserted.rows[0]![0], inserted.rows[0]!.v]).toEqual([100, "x"]);
      expect(JSON.parse(JSON.stringify(inserted))).toMatchObject({ columns: ["id", "v"], rowsAffected: 1 });
      const named = await client.execute({ sql: "SELECT v FROM t WHERE id = :id", args: { id: 100 } });
      expect(named.rows[0]!.v).toBe("x");
    } finally {
      client.close();
    }
  });

  it("run a batch as one transaction: a failing statement leaves nothing of it, with SQLite's code, and the stream goes on", async () => {
    const { client } = keptClient();
    try {
      await client.execute("CREATE TABLE u (id INTEGER PRIMARY KEY)");
      const failed = await client.batch(["INSERT INTO u VALUES (1)", "INSERT INTO u VALUES (1)"], "write").then(
        () => null,
        (error: unknown) => error as { code?: string; statementIndex?: number },
      );
      expect(failed?.code).toMatch(/^SQLITE_CONSTRAINT/);
      expect(failed?.statementIndex).toBe(1);
      expect(await count(client, "u")).toBe(0);
      // Left inside a transaction, the kept stream would refuse the next batch's BEGIN.
      await client.batch(["INSERT INTO u VALUES (2)"], "write");
      expect(await count(client, "u")).toBe(1);
    } finally {
      client.close();
    }
  });

  it("never leave a kept stream inside a transaction: a BEGIN runs on a stream of its own", async () => {
    const { client } = keptClient();
    const other = createClient({ url, fetch: await localhostFetch() });
    try {
      await client.execute("SELECT 1");
      await client.execute("BEGIN");
      await client.execute("INSERT INTO u VALUES (3)");
      // Committed: another connection sees it.
      expect(await count(other, "u")).toBe(2);
    } finally {
      other.close();
      client.close();
    }
  });

  it("go on after sqld restarts, on new streams, sent once; while it is down they fail as the database unavailable", async () => {
    const { client } = keptClient();
    try {
      expect(await count(client, "u")).toBe(2);
      let down: unknown = null;
      const restarted = sqld.restart({ downMs: 1_500 });
      await new Promise((resolve) => setTimeout(resolve, 700));
      await client.execute("SELECT 1").catch((error: unknown) => (down = error));
      await restarted;
      expect(isDatabaseUnavailable(down)).toBe(true);
      expect(await count(client, "u")).toBe(2);
      await client.batch(["INSERT INTO u VALUES (4)"], "write");
      expect(await count(client, "u")).toBe(3);
      // Restarted between two statements: the kept stream is unknown to the new sqld, which runs
      // nothing of a request on it; the statement goes again on a new stream, once.
      // Four streams kept (four statements at once), all of them forgotten by the restart.
      await Promise.all(Array.from({ length: 4 }, () => client.execute("SELECT 1")));
      await sqld.restart();
      await client.batch(["INSERT INTO u VALUES (5)"], "write");
      for (let i = 0; i < 4; i++) expect(await count(client, "u")).toBe(4);
    } finally {
      client.close();
    }
  });
});
