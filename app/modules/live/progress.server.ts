import { and, eq, isNull, sql } from "drizzle-orm";
import { liveOverrides, liveProgress, scheduledSessionParticipantEntries as entries, type OverrideType } from "~db/tenant/schema";
import type { TenantTx } from "~db/tenant/client";
import type { EntryRow } from "./plan.server";
import { WHOLE_EVALUATION } from "./store.server";

// The small writes of the live run, inside the caller's write-queue transaction.

export async function appendOverride(
  tx: TenantTx,
  entryId: string,
  override: { overrideType: OverrideType; datetime: Date; evaluation?: string | null; question?: string | null; numericValue?: number | null; textValue?: string | null },
): Promise<void> {
  await tx.insert(liveOverrides).values({
    entryId,
    overrideType: override.overrideType,
    datetime: override.datetime,
    evaluationId: override.evaluation ?? null,
    questionId: override.question ?? null,
    numericValue: override.numericValue ?? null,
    textValue: override.textValue ?? null,
  });
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

/** Every change to an entry bumps its revision: clients compare it to notice missed events. */
export async function bumpEntry(tx: TenantTx, entry: Pick<EntryRow, "id">, at: Date): Promise<number> {
  const row = await tx
    .update(entries)
    .set({ rev: sql`${entries.rev} + 1`, updatedAt: at })
    .where(eq(entries.id, entry.id))
    .returning({ rev: entries.rev })
    .get();
  return row.rev;
}
