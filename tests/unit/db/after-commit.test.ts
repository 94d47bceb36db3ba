import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { LIVE_RUN_WRITE, tenantDb } from "~db/tenant/client";
import { makeTenant } from "../support/tenants";

// A write's afterCommit step runs once it has committed and the versions moved, before anything
// else: a cache filled there is current (live-entry.server.ts keeps staff actions' states so).

describe("a write's afterCommit step", async () => {
  const { tenant } = await makeTenant("after-commit");
  const tdb = await tenantDb(tenant.slug);
  const rows = () => tdb.db.get<{ n: number }>(sql`SELECT count(*) AS n FROM companies`);

  it("runs once the write is done, with the live version already moved", async () => {
    const version = tdb.liveVersion();
    let seen: { version: number } | null = null;
    const companies = (await rows()).n;
    await tdb.write(
      (tx) =>
        tx.run(
          sql`INSERT INTO companies (id, name, name_lower, workspace_id, created_at, updated_at, rev) SELECT 'c-after', 'After', 'after', id, 0, 0, 1 FROM workspaces LIMIT 1`,
        ),
      {
        ...LIVE_RUN_WRITE,
        afterCommit: () => {
          seen = { version: tdb.liveVersion() };
        },
      },
    );
    expect(seen).not.toBeNull();
    expect(seen!.version).toBe(version + 2); // moved before and after the write
    expect((await rows()).n).toBe(companies + 1);
  });

  it("does not run when the write fails, and its own error does not fail a committed write", async () => {
    const afterCommit = vi.fn();
    await expect(tdb.write(() => Promise.reject(new Error("refused")), { afterCommit })).rejects.toThrow("refused");
    expect(afterCommit).not.toHaveBeenCalled();
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(
      tdb.write(async () => "done", {
        afterCommit: () => {
          throw new Error("cache full");
        },
      }),
    ).resolves.toBe("done");
    expect(log).toHaveBeenCalledWith(expect.stringContaining("after-commit step"), expect.any(Error));
    log.mockRestore();
  });
});
