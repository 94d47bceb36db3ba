import { vi } from "vitest";
import { tenantDatabaseUrl } from "~db/config";
import { openClient } from "~db/connection";
import type { PlannedKind } from "~db/tenant/planned-write";
import type { Revision } from "~db/tenant/revision";
import type { Ctx } from "~/lib/context.server";

// Seams of the planned-write tests (planned-save.test.ts, planned-move.test.ts): what the planned
// path answered, and a write by another connection between a group's plan and its batch.

/**
 * What `tdb.planned` answered for each planned write (a save, a move): a result (the planned path)
 * or null (the transaction's), and the revision each group was planned at. `beforeBatch` runs
 * between a group's plan and its batch.
 */
export function watchPlans(ctx: Ctx, beforeBatch?: () => Promise<void>) {
  const answered: unknown[] = [];
  const plannedAt: Revision[] = [];
  const original = ctx.tdb.planned.bind(ctx.tdb);
  // One wrapper a kind, so the saves of a group are still planned together.
  const wrapped = new WeakMap<object, PlannedKind<unknown, unknown>>();
  const spy = vi.spyOn(ctx.tdb, "planned").mockImplementation(<I, T>(kind: PlannedKind<I, T>, item: I) => {
    if (!wrapped.has(kind))
      wrapped.set(kind, {
        plan: async (at, items) => {
          plannedAt.push(at);
          const planned = await kind.plan(at, items as I[]);
          await beforeBatch?.();
          return planned;
        },
      });
    return original(wrapped.get(kind) as PlannedKind<I, T>, item).then((value) => (answered.push(value), value));
  });
  return { answered, plannedAt, restore: () => spy.mockRestore() };
}

/** Runs SQL through a connection of its own, as another app process would. */
export async function elsewhereIn(slug: string, statement: string, args: string[] = []): Promise<void> {
  const other = await openClient(tenantDatabaseUrl(slug));
  try {
    await other.execute({ sql: statement, args });
  } finally {
    other.close();
  }
}

/**
 * Another process's live change of one entry (ADR 0047): an override row, which moves the
 * database's revision and stamps that entry, not the content.
 */
export function liveChangeElsewhere(slug: string, entryId: string): Promise<void> {
  return elsewhereIn(
    slug,
    "INSERT INTO live_overrides (entry_id, override_type, datetime) VALUES (?, 'HELP_REQUEST_RESOLVED', 0)",
    [entryId],
  );
}
