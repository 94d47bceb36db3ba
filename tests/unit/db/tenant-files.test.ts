import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Provisioning many organisations in one process must not run out of files: libsql keeps a closed
// connection's file, WAL and index until its statements are collected, and a loop of createTenant
// calls never yields to the event loop on its own. Before the fix this died with SQLITE_CANTOPEN
// after about (limit / 3) organisations, whatever the pool's size.

const ROOT = path.resolve(__dirname, "../../..");

describe("tenant database files", () => {
  it("stay bounded while 150 organisations are provisioned under `ulimit -n 256`", () => {
    const out = execFileSync(
      "sh",
      ["-c", `ulimit -n 256 && exec "${process.execPath}" --import tsx tests/unit/db/support/provision-many.ts 150`],
      {
        cwd: ROOT,
        encoding: "utf8",
        env: { ...process.env, TENANT_DB_MAX_OPEN: "" },
        timeout: 170_000,
      },
    );
    const result = JSON.parse(out.trim().split("\n").pop()!) as { provisioned: number; files: number; pool: number };
    expect(result.provisioned).toBe(150);
    // Open and waiting-to-close databases, three files each, plus the process's own.
    expect(result.files).toBeLessThanOrEqual(result.pool * 2 * 3 + 64);
  }, 180_000);
});
