import { createClient } from "@libsql/client";
import { afterEach, describe, expect, it } from "vitest";
import { defined } from "../support/defined";
import { tenantDatabaseUrl } from "~db/config";
import { createLoginSession } from "~/modules/auth/sessions.server";
import { addParticipant, listParticipants, updateParticipant } from "~/modules/databases/participants.server";
import { makeTenant, staffCtx } from "../support/tenants";

// Unfiltered list pages are kept in memory (entities.server.ts, keptPages). Whatever this process
// writes must show at once; what another process writes, within LIST_CACHE_MS.

const names = async (ctx: Awaited<ReturnType<typeof staffCtx>>) =>
  (await listParticipants(ctx, {})).edges.map((e) => e.node.name);

describe("kept list pages", () => {
  afterEach(() => {
    delete process.env.LIST_CACHE_MS;
  });

  it("show this process's writes at once: an add, an update, a login's updatedAt", async () => {
    const { tenant, tdb } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const ann = await addParticipant(ctx, { name: "Ann", email: "ann@kept.test" });
    expect(await names(ctx)).toEqual(["Ann"]);
    await addParticipant(ctx, { name: "Bob", email: "bob@kept.test" });
    expect(await names(ctx)).toEqual(["Ann", "Bob"]);
    expect((await listParticipants(ctx, {})).pageInfo.totalCount).toBe(2);
    await updateParticipant(ctx, ann._id, { name: "Anna" });
    expect(await names(ctx)).toEqual(["Anna", "Bob"]);

    const before = defined((await listParticipants(ctx, {})).edges[0], "Anna").node._updatedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await createLoginSession(tdb, "USER", ann._id, false);
    expect(defined((await listParticipants(ctx, {})).edges[0], "Anna").node._updatedAt.getTime()).toBeGreaterThan(
      before.getTime(),
    );
  });

  it("are kept per organisation", async () => {
    const [one, two] = [await makeTenant(), await makeTenant()];
    const [ctxOne, ctxTwo] = [await staffCtx(one.tenant.slug), await staffCtx(two.tenant.slug)];
    await addParticipant(ctxOne, { name: "Only in one", email: "one@kept.test" });
    expect(await names(ctxOne)).toEqual(["Only in one"]);
    expect(await names(ctxTwo)).toEqual([]);
  });

  it("serve a kept page until LIST_CACHE_MS, and never with 0, when another process writes", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const ann = await addParticipant(ctx, { name: "Ann", email: "ann@other.test" });
    expect(await names(ctx)).toEqual(["Ann"]);
    // Another app process on the same database: a second connection, unseen by this one's versions.
    const other = createClient({ url: tenantDatabaseUrl(tenant.slug) });
    await other.execute({ sql: "UPDATE participants SET name = 'Changed elsewhere' WHERE id = ?", args: [ann._id] });
    other.close();
    expect(await names(ctx)).toEqual(["Ann"]);
    process.env.LIST_CACHE_MS = "0";
    expect(await names(ctx)).toEqual(["Changed elsewhere"]);
  });

  it("are shared read-only: a kept row cannot be changed by a caller", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    await addParticipant(ctx, { name: "Ann", email: "ann@frozen.test" });
    await listParticipants(ctx, {});
    const node = defined((await listParticipants(ctx, {})).edges[0], "Ann").node;
    node.name = "Mutated by a caller";
    expect(await names(ctx)).toEqual(["Ann"]);
  });
});
