import { eq, sql } from "drizzle-orm";
import { scheduledSessionParticipantEntries as entries, type OverrideType } from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import { preparedWrite } from "~db/tenant/prepared";
import type { EntryRow } from "./plan.server";
import { WHOLE_EVALUATION } from "./store.server";

// The writes of live rows, inside the caller's write transaction. Only the gateway's parts
// (gateway/) import this file (eslint.config.js): the gateway keeps what these rows change.
// Bulk writes pass their rows as one JSON array (`json_each`), not thousands of bound values
// drizzle would build one by one (ADR 0024); their tests read the rows back through drizzle.

export type OverrideRow = {
  overrideType: OverrideType;
  datetime: Date;
  evaluation?: string | null;
  question?: string | null;
  numericValue?: number | null;
  textValue?: string | null;
};

/** One entry's override (a help request): the same statement as for many. */
export async function appendOverride(tx: TenantTx, entryId: string, override: OverrideRow): Promise<void> {
  await appendOverrides(tx, [{ entryId, override }]);
}

/**
 * Many entries' overrides in one statement: "pause all" over a room of a thousand is one write, not a
 * thousand. The rows go as one JSON array, in log order (json_each keeps it, and so do the ids).
 */
export async function appendOverrides(tx: TenantTx, rows: { entryId: string; override: OverrideRow }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = rows.map(({ entryId, override: o }) => [
    entryId,
    o.overrideType,
    o.datetime.getTime(),
    o.evaluation ?? null,
    o.question ?? null,
    o.numericValue ?? null,
    o.textValue ?? null,
  ]);
  await tx.run(
    sql`INSERT INTO live_overrides (entry_id, override_type, datetime, evaluation_id, question_id, numeric_value, text_value)
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), json_extract(value, '$[3]'),
            json_extract(value, '$[4]'), json_extract(value, '$[5]'), json_extract(value, '$[6]')
     FROM json_each(${JSON.stringify(values)}) ORDER BY key`,
  );
}

/** bumpEntry for many entries at once, in one statement: their new revisions by entry id. */
export async function bumpEntries(tx: TenantTx, entryIds: string[], at: Date): Promise<Map<string, number>> {
  if (entryIds.length === 0) return new Map();
  const rows = await tx.values<[string, number]>(
    sql`UPDATE scheduled_session_participant_entries SET rev = rev + 1, updated_at = ${at.getTime()}
        WHERE id IN (SELECT value FROM json_each(${JSON.stringify(entryIds)})) RETURNING id, rev`,
  );
  return new Map(rows.map((row) => [String(row[0]), Number(row[1])]));
}

/**
 * Opens one section for each of many entries at `at`, ending the section each had open: one
 * statement each over a JSON array, for one entry (a participant's next question) or hundreds (an
 * unlock). Sections are entered once; should one be entered again, its clock restarts.
 */
export async function openSectionRows(
  tx: TenantTx,
  rows: { entryId: string; evaluation: string; question: string | null }[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await closeOpenSections(
    tx,
    rows.map((r) => r.entryId),
    at,
  );
  const values = JSON.stringify(rows.map((r) => [r.entryId, r.evaluation, r.question ?? WHOLE_EVALUATION]));
  await tx.run(
    sql`INSERT INTO live_progress (entry_id, evaluation_id, question_id, section_start, section_end)
     SELECT json_extract(value, '$[0]'), json_extract(value, '$[1]'), json_extract(value, '$[2]'), ${at.getTime()}, NULL
     FROM json_each(${values}) WHERE true
     ON CONFLICT (entry_id, evaluation_id, question_id) DO UPDATE SET section_start = excluded.section_start, section_end = NULL`,
  );
}

/** Ends the open section (if any) of each entry at `at`. */
export async function closeOpenSections(tx: TenantTx, entryIds: string[], at: Date): Promise<void> {
  if (entryIds.length === 0) return;
  await tx.run(
    sql`UPDATE live_progress SET section_end = ${at.getTime()}
        WHERE section_end IS NULL AND entry_id IN (SELECT value FROM json_each(${JSON.stringify(entryIds)}))`,
  );
}

/** Every change to an entry bumps its revision: clients compare it to notice missed events. Every save runs it. */
const bumpStatement = preparedWrite((tx) =>
  tx
    .update(entries)
    .set({ rev: sql`${entries.rev} + 1`, updatedAt: sql.placeholder("at") as unknown as Date })
    .where(eq(entries.id, sql.placeholder("id")))
    .returning({ rev: entries.rev }),
);

export async function bumpEntry(tx: TenantTx, entry: Pick<EntryRow, "id">, at: Date): Promise<number> {
  const [row] = await bumpStatement(tx, { id: entry.id, at });
  if (!row) throw new Error(`No entry ${entry.id} to bump`);
  return Number(row[0]);
}
