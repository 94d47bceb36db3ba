import type { Client, InStatement, ResultSet } from "@libsql/client";
import type { WriteQueue } from "../connection";
import { QueuedGroup } from "./group-commit";
import type { Revision } from "./revision";

/**
 * A write that fit its plan but that its batch's conditions refused: the database changed since the
 * plan's revision (another process's staff action, say). It is planned once more, in a later group,
 * at a revision read after that batch; refused again, it is answered null (ADR 0051).
 */
export const PLAN_AGAIN: unique symbol = Symbol("plan again");

/**
 * The statements of a group's writes of one kind, decided before their transaction, and what their
 * results answer to each write, in the order of the items: a value, null when the write did not fit
 * the plan (its caller then writes another way), or PLAN_AGAIN.
 */
export type GroupPlan<T> = {
  statements: InStatement[];
  finish: (results: ResultSet[]) => Array<T | null | typeof PLAN_AGAIN>;
};

/**
 * A kind of planned write. `plan` decides, at `revision` (the newest this process has read of the
 * database, at least the one each write's request read: revisionToPlanAt in revision.ts), the
 * statements of all the group's writes of this kind at once: one statement can write every row of
 * the group. Each must change nothing of a write whose plan read something that has changed since
 * `revision` when it runs (entryUnchangedSince in revision.ts): another process may have written
 * since, or write in between. A plan that throws fails the writes of its kind in the group.
 */
export type PlannedKind<Item, T> = {
  plan: (revision: Revision, items: readonly Item[]) => Promise<GroupPlan<T>>;
};

type Pending = {
  /** Planned once already: its batch refused it (PLAN_AGAIN). */
  again?: true;
  kind: PlannedKind<unknown, unknown>;
  item: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * Planned writes, for the one write a full room runs most (an answer saved in time, ADR 0039, ADR
 * 0046): the writes of a group (QueuedGroup) are planned at one revision, each kind's together,
 * and all their statements run as one transaction in one request to the database (libSQL's batch).
 * On a libSQL server an interactive transaction costs a round trip for each statement; here a group
 * costs one (ADR 0051). Every caller is answered after the COMMIT (or after its write's second plan);
 * a failed batch fails every write in it.
 */
export class PlannedGroup extends QueuedGroup<Pending> {
  constructor(
    queue: WriteQueue,
    private readonly client: Client,
    private readonly revisions: {
      /** The revision to plan a group at (revisionToPlanAt). */
      toPlanAt: () => Promise<Revision>;
      /** One read after this call (sharedRevision): for a group with a write planned again. */
      fresh: () => Promise<Revision>;
    },
  ) {
    super(queue);
  }

  /** What the plan answered for `item`, or null when it did not fit (the caller writes another way). */
  run<Item, T>(kind: PlannedKind<Item, T>, item: Item): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      this.add({
        kind: kind as PlannedKind<unknown, unknown>,
        item,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
    });
  }

  protected async flush(group: Pending[]): Promise<void> {
    let revision: Revision;
    try {
      revision = await (group.some((p) => p.again) ? this.revisions.fresh() : this.revisions.toPlanAt());
    } catch (error) {
      for (const pending of group) pending.reject(error);
      return;
    }
    const byKind = new Map<PlannedKind<unknown, unknown>, Pending[]>();
    for (const pending of group) byKind.set(pending.kind, [...(byKind.get(pending.kind) ?? []), pending]);
    const plans: Array<{ pendings: Pending[]; plan: GroupPlan<unknown> }> = [];
    for (const [kind, pendings] of byKind) {
      try {
        plans.push({
          pendings,
          plan: await kind.plan(
            revision,
            pendings.map((p) => p.item),
          ),
        });
      } catch (error) {
        for (const pending of pendings) pending.reject(error);
      }
    }
    const statements = plans.flatMap((p) => p.plan.statements);
    let results: ResultSet[] = [];
    if (statements.length > 0) {
      try {
        results = await this.client.batch(statements, "write");
      } catch (error) {
        for (const { pendings } of plans) for (const pending of pendings) pending.reject(error);
        return;
      }
    }
    let at = 0;
    for (const { pendings, plan } of plans) {
      const own = results.slice(at, (at += plan.statements.length));
      let answers: Array<unknown>;
      try {
        answers = plan.finish(own);
      } catch (error) {
        for (const pending of pendings) pending.reject(error);
        continue;
      }
      pendings.forEach((pending, i) => {
        const answer = answers[i];
        if (answer !== PLAN_AGAIN) pending.resolve(answer ?? null);
        else if (pending.again) pending.resolve(null);
        else this.add({ ...pending, again: true });
      });
    }
  }
}
