import { sql, type SQL } from "drizzle-orm";
import { preparedStatement } from "~db/tenant/prepared";
import { entryUnchangedSince } from "~db/tenant/revision";
import { scheduledSessionParticipantEntries as entries } from "~db/tenant/schema";

// What the planned writes of a group (answers saved in time, ADR 0046; moves, ADR 0049) build their
// statements from: one JSON array of rows read as `j` of `json_each`, each row written only while
// what its plan read is unchanged.

export const placeholder = <T>(name: string) => sql.placeholder(name) as unknown as T;

export const field = (at: number) => sql.raw(`json_extract(j.value, '$[${at}]')`);
/** Whether the participant of the save at positions `at`… is as the group was planned (ADR 0047). */
export const asPlanned = (at: number) =>
  entryUnchangedSince(field(at), sql.placeholder("atRevision"), sql.placeholder("atContent"));

/**
 * A planned write's bumps: each entry of the JSON array placeholder `rows` (its id first in a row)
 * for which `planned` holds moves its revision once, at the placeholder `at`; answers the entries moved.
 */
export const plannedBumpsOf = (rows: string, planned: (at: number) => SQL) =>
  preparedStatement((db) =>
    db
      .update(entries)
      .set({ rev: sql`${entries.rev} + 1`, updatedAt: sql.placeholder("at") as unknown as Date })
      .where(
        sql`${entries.id} IN (SELECT ${field(0)} FROM json_each(${sql.placeholder(rows)}) AS j WHERE ${planned(0)})`,
      )
      .returning({ id: entries.id, rev: entries.rev }),
  );
