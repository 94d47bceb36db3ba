import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { decodeCursorPosition, encodeCursor, type SortOrder } from "~/lib/paging.server";
import {
  addParticipant,
  listParticipants,
  removeParticipant,
  type ParticipantSort,
} from "~/modules/databases/participants.server";
import { listSupplyObjects } from "~/modules/databases/supplies.server";
import { makeTenant, staffCtx } from "../support/tenants";
import { refusal } from "../support/refusal";

// Walking a list by its cursors: each page starts right after the cursor's row (its sort value and
// id), found through the index, so rows added or removed before it neither repeat nor go missing.

let ctx: Ctx;

beforeAll(async () => {
  const { tenant } = await makeTenant("seek-pages");
  ctx = await staffCtx(tenant.slug, ["ORGANIZATION_WRITER"]);
  // Equal names (the id breaks the tie) and no external id for every third: NULL sorts first.
  for (let i = 0; i < 23; i++) {
    await addParticipant(ctx, {
      name: `Person ${String(i % 8).padStart(2, "0")}`,
      email: `p${String(i).padStart(2, "0")}@seek.test`,
      externalId: i % 3 === 0 ? null : `X${(i * 7) % 23}`,
    });
  }
});

async function walk(
  args: { orderBy?: ParticipantSort; order?: SortOrder; filter?: { search?: string | null } },
  pageSize: number,
  between?: (page: number) => Promise<void>,
) {
  const ids: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 50; page++) {
    const list = await listParticipants(ctx, { ...args, first: pageSize, after });
    ids.push(...list.edges.map((e) => e.node._id));
    if (!list.pageInfo.hasNextPage) return ids;
    after = list.pageInfo.endCursor;
    await between?.(page);
  }
  throw new Error("never reached the last page");
}

describe("paging by cursor (seek)", () => {
  it("gives every row once, in the list's order, for every sort both ways, NULLs included", async () => {
    for (const orderBy of ["NAME", "EMAIL", "EXTERNAL_ID"] as const) {
      for (const order of ["ASC", "DESC"] as const) {
        const whole = (await listParticipants(ctx, { orderBy, order, first: 100 })).edges.map((e) => e.node._id);
        expect(whole).toHaveLength(23);
        expect(await walk({ orderBy, order }, 4)).toEqual(whole);
        expect(await walk({ orderBy, order, filter: { search: "person 0" } }, 3)).toEqual(
          (await listParticipants(ctx, { orderBy, order, first: 100, filter: { search: "person 0" } })).edges.map(
            (e) => e.node._id,
          ),
        );
      }
    }
  });

  it("carries the row's sort value and id in its cursor, and starts after that row even when rows before it changed", async () => {
    const first = await listParticipants(ctx, { orderBy: "EMAIL", first: 5 });
    const position = decodeCursorPosition(first.pageInfo.endCursor);
    expect(position).toEqual({
      offset: 4,
      key: { value: "p04@seek.test", id: first.edges[4]!.node._id, sort: "emailLower ASC" },
    });

    const next = () => listParticipants(ctx, { orderBy: "EMAIL", first: 5, after: first.pageInfo.endCursor });
    const fiveFromP05 = ["p05@seek.test", "p06@seek.test", "p07@seek.test", "p08@seek.test", "p09@seek.test"];
    // A row removed before the cursor: by offset, the next page would skip p05.
    await removeParticipant(ctx, first.edges[0]!.node._id);
    expect((await next()).edges.map((e) => e.node.email)).toEqual(fiveFromP05);
    // Two rows added before it: by offset, the next page would repeat p04.
    const added = [
      await addParticipant(ctx, { name: "Early", email: "a00@seek.test" }),
      await addParticipant(ctx, { name: "Early", email: "a01@seek.test" }),
    ];
    const page = await next();
    expect(page.edges.map((e) => e.node.email)).toEqual(fiveFromP05);
    expect(page.pageInfo.hasNextPage).toBe(true);
    for (const row of added) await removeParticipant(ctx, row._id);
  });

  it("still reads cursors that carry only an offset (pages by number) or another sort's key, and refuses a forged key", async () => {
    const byOffset = await listSupplyObjects(ctx, { after: encodeCursor(1), first: 2 });
    expect(byOffset.pageInfo.hasPreviousPage).toBe(true);
    // A cursor of the list by e-mail, passed to the list by name: it counts by its offset there.
    const byEmail = await listParticipants(ctx, { orderBy: "EMAIL", first: 3 });
    const byName = (await listParticipants(ctx, { orderBy: "NAME", first: 100 })).edges.map((e) => e.node._id);
    const mixed = await listParticipants(ctx, { orderBy: "NAME", first: 3, after: byEmail.pageInfo.endCursor });
    expect(mixed.edges.map((e) => e.node._id)).toEqual(byName.slice(3, 6));
    const forged = Buffer.from(`offset:3\n${JSON.stringify([{ nested: true }, "x", "nameLower ASC"])}`).toString(
      "base64",
    );
    const refused = await refusal(listParticipants(ctx, { after: forged }));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.fieldErrors).toEqual({ after: { key: "validation:cursor" } });
  });
});
