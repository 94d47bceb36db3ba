import type { Client, InStatement, ResultSet } from "@libsql/client";
import type { WriteQueue } from "../connection";
import { QueuedGroup } from "./group-commit";

/** Statements decided before their transaction, and what their results answer. */
export type Planned<T> = { statements: InStatement[]; finish: (results: ResultSet[]) => T };

/**
 * Decides a write's statements at `revision`, the database's revision read just before the group's
 * transaction; null when the write does not fit a plan (nothing of it runs). Its statements must
 * change nothing unless the revision is still `revision` when they run (revisionIs in revision.ts):
 * another process may write in between.
 */
export type Plan<T> = (revision: number) => Promise<Planned<T> | null>;

type Pending = {
  plan: Plan<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

/**
 * Planned writes, for the one write a full room runs most (an answer saved in time, ADR 0039): the
 * writes of a group (QueuedGroup) are planned at one revision read, and all their statements run
 * as one transaction in one request to the database (libSQL's batch). On a libSQL server an
 * interactive transaction costs a round trip for each statement, five for a save in its savepoint;
 * here a group of saves costs two. Every caller is answered after the COMMIT; a failed batch fails
 * every write in it, a plan that throws fails only its own.
 */
export class PlannedGroup extends QueuedGroup<Pending> {
  constructor(
    queue: WriteQueue,
    private readonly client: Client,
    private readonly readRevision: () => Promise<number>,
  ) {
    super(queue);
  }

  /** What `plan`'s statements answered, or null when it made none (the caller writes another way). */
  run<T>(plan: Plan<T>): Promise<T | null> {
    return new Promise<T | null>((resolve, reject) => {
      this.add({ plan, resolve: resolve as (value: unknown) => void, reject });
    });
  }

  protected async flush(group: Pending[]): Promise<void> {
    let revision: number;
    try {
      revision = await this.readRevision();
    } catch (error) {
      for (const item of group) item.reject(error);
      return;
    }
    const plans = await Promise.all(
      group.map((item) =>
        item.plan(revision).then(
          (planned) => ({ ok: true as const, planned }),
          (error: unknown) => ({ ok: false as const, error }),
        ),
      ),
    );
    const statements = plans.flatMap((p) => (p.ok && p.planned ? p.planned.statements : []));
    let results: ResultSet[] = [];
    if (statements.length > 0) {
      try {
        results = await this.client.batch(statements, "write");
      } catch (error) {
        group.forEach((item, i) => (plans[i]!.ok && !plans[i]!.planned ? item.resolve(null) : item.reject(error)));
        return;
      }
    }
    let at = 0;
    group.forEach((item, i) => {
      const outcome = plans[i]!;
      if (!outcome.ok) return item.reject(outcome.error);
      if (!outcome.planned) return item.resolve(null);
      const own = results.slice(at, (at += outcome.planned.statements.length));
      try {
        item.resolve(outcome.planned.finish(own));
      } catch (error) {
        item.reject(error);
      }
    });
  }
}
