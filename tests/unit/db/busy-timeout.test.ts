import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openClient } from "~db/connection";

// Several app processes on the same DATA_DIR share its embedded files. libSQL's client keeps a pool
// of connections; a write on any of them must wait while another process holds the write lock
// (busy_timeout), not fail at once with SQLITE_BUSY.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "busy-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("an embedded database opened by openClient", () => {
  it("waits for another process's write lock on every connection of its pool", async () => {
    const file = path.join(dir, "shared.db");
    const client = await openClient(`file:${file}`);
    try {
      await client.execute("CREATE TABLE t (n INTEGER)");
      // Another process takes the write lock for 500 ms.
      const other = spawn(
        process.execPath,
        ["--import", "tsx", path.resolve("tests/unit/db/support/hold-write-lock.ts"), file, "500"],
        { stdio: ["ignore", "pipe", "inherit"] },
      );
      const exited = new Promise((resolve) => other.once("exit", resolve));
      await new Promise<void>((resolve) => other.stdout!.once("data", () => resolve()));
      // This client's first connection is held by a transaction of its own: the write below runs
      // on another connection of its pool.
      const reading = await client.transaction("read");
      await client.batch([{ sql: "INSERT INTO t VALUES (2)", args: [] }], "write");
      reading.close();
      expect(await exited).toBe(0);
      expect((await client.execute("SELECT n FROM t ORDER BY n")).rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      client.close();
    }
  });
});
