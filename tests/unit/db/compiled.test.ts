import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tenantDb } from "~db/tenant/client";
import { compileStatement, runCompiled } from "~db/tenant/compiled";
import { companies, workspaces } from "~db/tenant/schema";
import { makeTenant } from "../support/tenants";

// Statements compiled once from drizzle (the live room's hottest writes) must store exactly what
// drizzle would: the columns' encoders applied to placeholders, constants kept, rows returned.

describe("compiled statements", async () => {
  const { tenant } = await makeTenant("compiled-statements");
  const tdb = await tenantDb(tenant.slug);
  const workspace = (await tdb.db.select({ id: workspaces.id }).from(workspaces).get())!.id;
  const value = <T>(name: string) => sql.placeholder(name) as unknown as T;

  it("fills placeholders through the columns' encoders and returns the rows drizzle would read", async () => {
    const createdAt = new Date("2026-11-25T10:11:12.345Z");
    const returned = await tdb.write(async (tx) => {
      const insert = compileStatement(
        tx
          .insert(companies)
          .values({ id: value("id"), workspaceId: value("workspace"), name: value("name"), nameLower: value("lower"), createdAt: value("at"), updatedAt: value("at"), rev: 1 })
          .returning({ id: companies.id, rev: companies.rev }),
      );
      // The same compiled statement serves every call: run it twice with other values.
      const first = await runCompiled(tx, insert, { id: "c-compiled-1", workspace, name: "Één", lower: "één", at: createdAt });
      const second = await runCompiled(tx, insert, { id: "c-compiled-2", workspace, name: "Two", lower: "two", at: createdAt });
      return [first, second].map((rows) => rows.map((r) => [r[0], r[1]]));
    });
    expect(returned).toEqual([[["c-compiled-1", 1]], [["c-compiled-2", 1]]]);
    const stored = await tdb.db.select().from(companies).where(eq(companies.id, "c-compiled-1")).get();
    expect(stored).toMatchObject({ name: "Één", nameLower: "één", workspaceId: workspace, rev: 1 });
    expect(stored!.createdAt).toEqual(createdAt);
  });

  it("refuses a missing value and changes nothing, and never runs outside a write transaction", async () => {
    const update = await tdb.write(async (tx) =>
      compileStatement(
        tx
          .update(companies)
          .set({ name: value("name") })
          .where(eq(companies.id, value("id"))),
      ),
    );
    await expect(tdb.write((tx) => runCompiled(tx, update, { id: "c-compiled-2" }))).rejects.toThrow('No value for placeholder "name"');
    expect((await tdb.db.select().from(companies).where(eq(companies.id, "c-compiled-2")).get())!.name).toBe("Two");
    await expect(runCompiled(tdb.db as never, update, { id: "c-compiled-2", name: "Outside" })).rejects.toThrow("inside a tenant write transaction");
  });
});
