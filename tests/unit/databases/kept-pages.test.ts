import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { defined } from "../support/defined";
import { tenantDatabaseUrl } from "~db/config";
import { revisionTriggers } from "~db/tenant/revision";
import { createLoginSession } from "~/modules/auth/sessions.server";
import { addParticipant, listParticipants, updateParticipant } from "~/modules/databases/participants.server";
import { makeTenant, staffCtx } from "../support/tenants";

// Unfiltered list pages are kept in memory at the database's revision (entities.server.ts,
// keptPages; ADR 0038). Whatever this process or another one writes must show at once.

const names = async (ctx: Awaited<ReturnType<typeof staffCtx>>) =>
  (await listParticipants(ctx, {})).edges.map((e) => e.node.name);

describe("kept list pages", () => {
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

  it("show another process's write at once", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const ann = await addParticipant(ctx, { name: "Ann", email: "ann@other.test" });
    expect(await names(ctx)).toEqual(["Ann"]);
    // Another app process on the same database: a second connection, unseen by this one's versions.
    const other = createClient({ url: tenantDatabaseUrl(tenant.slug) });
    await other.execute({ sql: "UPDATE participants SET name = 'Changed elsewhere' WHERE id = ?", args: [ann._id] });
    other.close();
    expect(await names(ctx)).toEqual(["Changed elsewhere"]);
  });

  it("are served from memory while the revision stands", async () => {
    const { tenant } = await makeTenant();
    const ctx = await staffCtx(tenant.slug);
    const ann = await addParticipant(ctx, { name: "Ann", email: "ann@standing.test" });
    expect(await names(ctx)).toEqual(["Ann"]);
    // A change the revision does not see (its trigger dropped for the test) is not shown: the page
    // came from memory. Put back, the next change shows.
    const other = createClient({ url: tenantDatabaseUrl(tenant.slug) });
    await other.execute("DROP TRIGGER participants_revision_update");
    await other.execute({ sql: "UPDATE participants SET name = 'Unseen' WHERE id = ?", args: [ann._id] });
    expect(await names(ctx)).toEqual(["Ann"]);
    const columns = (await other.execute("PRAGMA table_info(participants)")).rows.map((r) => String(r.name));
    await other.execute(revisionTriggers("participants", columns)[1]!);
    await other.execute({ sql: "UPDATE participants SET name = 'Seen' WHERE id = ?", args: [ann._id] });
    other.close();
    expect(await names(ctx)).toEqual(["Seen"]);
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
