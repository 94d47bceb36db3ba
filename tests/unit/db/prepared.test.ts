import { asc, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { defined } from "../support/defined";
import { tenantDb } from "~db/tenant/client";
import { preparedSelect, preparedWrite } from "~db/tenant/prepared";
import { companies, evaluations, participants, workspaces } from "~db/tenant/schema";
import { addEvaluation, listEvaluations } from "~/modules/assessments/evaluations.server";
import { listParticipants } from "~/modules/databases/participants.server";
import { addParticipant, makeTenant, staffCtx } from "../support/tenants";

// Statements built once by drizzle and run straight on libSQL (db/tenant/prepared.ts: the live
// room's hottest writes, the unfiltered lists) must store and read exactly what drizzle would: the
// columns' encoders applied to placeholders, constants kept, rows returned and mapped alike.

describe("prepared statements", async () => {
  const { tenant } = await makeTenant("compiled-statements");
  const tdb = await tenantDb(tenant.slug);
  const workspace = (await tdb.db.select({ id: workspaces.id }).from(workspaces).get())!.id;
  const value = <T>(name: string) => sql.placeholder(name) as unknown as T;

  it("fills placeholders through the columns' encoders and returns the rows drizzle would read", async () => {
    const createdAt = new Date("2026-11-25T10:11:12.345Z");
    const insert = preparedWrite((tx) =>
      tx
        .insert(companies)
        .values({
          id: value("id"),
          workspaceId: value("workspace"),
          name: value("name"),
          nameLower: value("lower"),
          createdAt: value("at"),
          updatedAt: value("at"),
          rev: 1,
        })
        .returning({ id: companies.id, rev: companies.rev }),
    );
    const returned = await tdb.write(async (tx) => {
      // The same statement serves every call: run it twice with other values.
      const first = await insert(tx, {
        id: "c-compiled-1",
        workspace,
        name: "Één",
        lower: "één",
        at: createdAt,
      });
      const second = await insert(tx, {
        id: "c-compiled-2",
        workspace,
        name: "Two",
        lower: "two",
        at: createdAt,
      });
      return [first, second];
    });
    expect(returned).toEqual([[["c-compiled-1", 1]], [["c-compiled-2", 1]]]);
    const stored = await tdb.db.select().from(companies).where(eq(companies.id, "c-compiled-1")).get();
    expect(stored).toMatchObject({ name: "Één", nameLower: "één", workspaceId: workspace, rev: 1 });
    expect(stored!.createdAt).toEqual(createdAt);
  });

  it("refuses a missing value and changes nothing, and never runs outside a write transaction", async () => {
    const update = preparedWrite((tx) =>
      tx
        .update(companies)
        .set({ name: value("name") })
        .where(eq(companies.id, value("id"))),
    );
    await expect(tdb.write((tx) => update(tx, { id: "c-compiled-2" }))).rejects.toThrow(
      'No value for placeholder "name"',
    );
    expect((await tdb.db.select().from(companies).where(eq(companies.id, "c-compiled-2")).get())!.name).toBe("Two");
    await expect(update(tdb.db as never, { id: "c-compiled-2", name: "Outside" })).rejects.toThrow(
      "inside a tenant write transaction",
    );
  });

  // Unfiltered lists read through prepared selects (entities.server.ts): rows must come out as
  // drizzle's own mapping gives them, whatever the columns hold.
  it("reads rows exactly as drizzle maps them: dates, integers, nulls, JSON and booleans", async () => {
    await addParticipant(tenant.slug, "b@compiled.test", "Bea");
    await addParticipant(tenant.slug, "a@compiled.test", "Al");
    await tdb.write((tx) =>
      tx
        .update(participants)
        .set({ phone: "+32 1", extraTimePercent: 25 })
        .where(eq(participants.emailLower, "a@compiled.test")),
    );
    const ctx = await staffCtx(tenant.slug);
    await addEvaluation(ctx, { name: "Timed", options: { enableTimer: true, timeLimit: 30 } });
    // Untimed by choice (time limits run by default, ADR 0031): both booleans are read back.
    await addEvaluation(ctx, { name: "Plain", options: { enableTimer: false } });

    for (const table of [participants, evaluations]) {
      const query = tdb.db.select().from(table).orderBy(desc(table.createdAt), asc(table.id));
      const prepared = preparedSelect<unknown>((db) =>
        db.select().from(table).orderBy(desc(table.createdAt), asc(table.id)).limit(sql.placeholder("limit")),
      );
      const [ours, theirs] = [await prepared(tdb, { limit: 100 }), await query.all()];
      expect(theirs.length).toBe(2);
      expect(ours).toEqual(theirs);
    }
    const count = preparedSelect<{ n: number }>((db) => db.select({ n: sql<number>`count(*)` }).from(participants));
    expect(await count(tdb, {})).toEqual([{ n: 2 }]);
    const when = preparedSelect<{ at: Date }>((db) =>
      db.select({ at: sql<Date>`max(created_at)`.mapWith(participants.createdAt) }).from(participants),
    );
    expect(defined((await when(tdb, {}))[0], "a row").at).toBeInstanceOf(Date);
  });

  it("refuses a selection it cannot map instead of reading it wrong", async () => {
    const nested = preparedSelect((db) => db.select({ company: { id: companies.id } }).from(companies));
    await expect(nested(tdb, {})).rejects.toThrow('"company" is neither a column nor an sql expression');
  });

  it("an unfiltered list (prepared) and a filtered one (drizzle) page and sort the same rows alike", async () => {
    const ctx = await staffCtx(tenant.slug);
    for (const order of ["ASC", "DESC"] as const) {
      const plain = await listParticipants(ctx, { order, orderBy: "EMAIL", first: 1 });
      const filtered = await listParticipants(ctx, {
        order,
        orderBy: "EMAIL",
        first: 1,
        filter: { email: "@compiled.test" },
      });
      expect(plain).toEqual(filtered);
      expect(plain.pageInfo).toMatchObject({ totalCount: 2, hasNextPage: true });
      const second = await listParticipants(ctx, { order, orderBy: "EMAIL", after: plain.pageInfo.endCursor });
      expect(second.edges.map((e) => e.node.email)).toEqual([order === "ASC" ? "b@compiled.test" : "a@compiled.test"]);
    }
    const evaluationsListed = await listEvaluations(ctx, {});
    expect(Object.fromEntries(evaluationsListed.edges.map((e) => [e.node.name, e.node.options.enableTimer]))).toEqual({
      Plain: false,
      Timed: true,
    });
  });
});
