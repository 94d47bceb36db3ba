import { beforeAll, describe, expect, it } from "vitest";
import type { Ctx } from "~/lib/context.server";
import { addScheduledSession } from "~/modules/scheduling/scheduled-sessions.server";
import { automaticallyAssignScheduledSessionOrder } from "~/modules/scheduling/entries.server";
import { clashesOf, isPermutationOf, moveItem, nonOverlappingOrders, swapItems } from "~/modules/scheduling/ordering";
import { makeTenant, staffCtx } from "../support/tenants";
import { makeParticipants, makeTemplate } from "./fixtures";

/** The properties every NON_OVERLAPPING assignment must have. */
function checkProperties(orders: string[][], evals: string[]) {
  const P = orders.length;
  const E = evals.length;
  for (const order of orders) expect(isPermutationOf(order, evals)).toBe(true);
  const limit = P <= E ? 1 : Math.ceil(P / E);
  for (let p = 0; p < E; p++) {
    const counts = new Map<string, number>();
    for (const order of orders) counts.set(order[p]!, (counts.get(order[p]!) ?? 0) + 1);
    for (const n of counts.values()) expect(n).toBeLessThanOrEqual(limit);
  }
  expect(clashesOf(orders, E).size).toBe(0);
}

describe("NON_OVERLAPPING ordering (pure)", () => {
  for (let P = 1; P <= 8; P++) {
    for (let E = 1; E <= 6; E++) {
      it(`${P} participants × ${E} evaluations`, () => {
        const evals = Array.from({ length: E }, (_, i) => `e${i}`);
        const orders = nonOverlappingOrders(P, evals);
        expect(orders).toHaveLength(P);
        checkProperties(orders, evals);
      });
    }
  }

  it("larger sizes keep the properties too", () => {
    for (const [P, E] of [
      [25, 4],
      [13, 13],
      [40, 7],
      [3, 20],
    ] as const) {
      const evals = Array.from({ length: E }, (_, i) => `e${i}`);
      checkProperties(nonOverlappingOrders(P, evals), evals);
    }
  });

  it("no evaluations: empty orders", () => {
    expect(nonOverlappingOrders(3, [])).toEqual([[], [], []]);
  });

  it("finds clashes and moves items", () => {
    expect(
      [
        ...clashesOf(
          [
            ["a", "b"],
            ["a", "b"],
          ],
          2,
        ),
      ].sort(),
    ).toEqual(["0:a", "1:b"]);
    expect(
      clashesOf(
        [
          ["a", "b"],
          ["a", "b"],
          ["b", "a"],
        ],
        2,
      ).size,
    ).toBe(0);
    expect(moveItem(["a", "b", "c"], 0, 2)).toEqual(["b", "c", "a"]);
    expect(swapItems(["a", "b", "c"], 0, 2)).toEqual(["c", "b", "a"]);
    expect(isPermutationOf(["a", "b"], ["b", "a"])).toBe(true);
    expect(isPermutationOf(["a", "a"], ["b", "a"])).toBe(false);
  });
});

describe("automaticallyAssignScheduledSessionOrder on stored sessions", () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await staffCtx((await makeTenant("sch-ord")).tenant.slug, ["ORGANIZATION_WRITER"]);
  });

  it("holds the properties for stored entries over many sizes", async () => {
    const people = await makeParticipants(ctx, 8, "ord");
    for (const E of [1, 2, 3, 5, 6]) {
      const t = await makeTemplate(ctx, E, `O${E}`);
      for (const P of [1, 3, 6, 8]) {
        const s = await addScheduledSession(ctx, {
          session: t.id,
          datetime: "2030-01-01T10:00:00Z",
          participants: people.slice(0, P),
        });
        const entries = await automaticallyAssignScheduledSessionOrder(ctx, s._id, "NON_OVERLAPPING");
        expect(entries).toHaveLength(P);
        checkProperties(
          entries.map((e) => e.sessionOrder),
          t.evaluations,
        );
      }
    }
  });
});
