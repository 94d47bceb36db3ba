import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { liveOverrides, liveProgress, scheduledSessionParticipantEntries as entries, type OverrideType } from "~db/tenant/schema";
import type { Reader, TenantTx } from "~db/tenant/client";
import { compileStatement, runCompiled, type CompiledStatement } from "~db/tenant/compiled";
import type { EntryRow } from "./plan.server";
import { WHOLE_EVALUATION } from "./store.server";

// The small writes of the live run, inside the caller's write-queue transaction.

export type OverrideRow = { overrideType: OverrideType; datetime: Date; evaluation?: string | null; question?: string | null; numericValue?: number | null; textValue?: string | null };

const overrideValues = (entryId: string, override: OverrideRow) => ({
  entryId,
  overrideType: override.overrideType,
  datetime: override.datetime,
  evaluationId: override.evaluation ?? null,
  questionId: override.question ?? null,
  numericValue: override.numericValue ?? null,
  textValue: override.textValue ?? null,
});

export async function appendOverride(tx: TenantTx, entryId: string, override: OverrideRow): Promise<void> {
  await tx.insert(liveOverrides).values(overrideValues(entryId, override));
}

/** Rows per statement in bulk writes (SQLite allows 32,766 bound values; an override row has 7). */
const BULK_ROWS = 500;

/** Many entries' overrides in a few statements: "pause all" over a room of a thousand is one write, not a thousand. */
export async function appendOverrides(tx: TenantTx, rows: { entryId: string; override: OverrideRow }[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BULK_ROWS) {
    await tx.insert(liveOverrides).values(rows.slice(i, i + BULK_ROWS).map((r) => overrideValues(r.entryId, r.override)));
  }
}

/** bumpEntry for many entries at once: their new revisions by entry id. */
export async function bumpEntries(tx: TenantTx, entryIds: string[], at: Date): Promise<Map<string, number>> {
  const revisions = new Map<string, number>();
  for (let i = 0; i < entryIds.length; i += BULK_ROWS) {
    const rows = await tx
      .update(entries)
      .set({ rev: sql`${entries.rev} + 1`, updatedAt: at })
      .where(inArray(entries.id, entryIds.slice(i, i + BULK_ROWS)))
      .returning({ id: entries.id, rev: entries.rev })
      .all();
    for (const row of rows) revisions.set(row.id, row.rev);
  }
  return revisions;
}

/** Ends the open section (if any) at `at`. */
export async function closeOpenSection(tx: TenantTx, entryId: string, at: Date): Promise<void> {
  await tx.update(liveProgress).set({ sectionEnd: at }).where(and(eq(liveProgress.entryId, entryId), isNull(liveProgress.sectionEnd)));
}

/** Opens a section at `at` (sections are entered once; should one be entered again its clock restarts). */
export async function openSectionRow(tx: TenantTx, entryId: string, evaluation: string, question: string | null, at: Date): Promise<void> {
  await tx
    .insert(liveProgress)
    .values({ entryId, evaluationId: evaluation, questionId: question ?? WHOLE_EVALUATION, sectionStart: at, sectionEnd: null })
    .onConflictDoUpdate({ target: [liveProgress.entryId, liveProgress.evaluationId, liveProgress.questionId], set: { sectionStart: at, sectionEnd: null } });
}

/** The entry's revision counter as stored now (kept entry rows may be behind it). */
export async function entryRevisionOf(db: Reader, entryId: string): Promise<number> {
  const row = await db.select({ rev: entries.rev }).from(entries).where(eq(entries.id, entryId)).get();
  return row?.rev ?? 0;
}

let bumpStatement: CompiledStatement | null = null;

/** Every change to an entry bumps its revision: clients compare it to notice missed events. Every save runs it, so it is compiled once. */
export async function bumpEntry(tx: TenantTx, entry: Pick<EntryRow, "id">, at: Date): Promise<number> {
  bumpStatement ??= compileStatement(
    tx
      .update(entries)
      .set({ rev: sql`${entries.rev} + 1`, updatedAt: sql.placeholder("at") as unknown as Date })
      .where(eq(entries.id, sql.placeholder("id")))
      .returning({ rev: entries.rev }),
  );
  const [row] = await runCompiled(tx, bumpStatement, { id: entry.id, at });
  if (!row) throw new Error(`No entry ${entry.id} to bump`);
  return Number(row[0]);
}
