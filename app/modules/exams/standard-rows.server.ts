import { asc, eq } from "drizzle-orm";
import { examStandardHistory, examStandards } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";

// Reading the stored standard and its history (no permission check: module functions check).

export type AppliedStandardRow = typeof examStandards.$inferSelect;
export type StandardHistoryRow = typeof examStandardHistory.$inferSelect;

export async function appliedStandardRow(db: Reader, examId: string): Promise<AppliedStandardRow | null> {
  return (await db.select().from(examStandards).where(eq(examStandards.examId, examId)).get()) ?? null;
}

export function standardHistoryRows(db: Reader, examId: string): Promise<StandardHistoryRow[]> {
  return db
    .select()
    .from(examStandardHistory)
    .where(eq(examStandardHistory.examId, examId))
    .orderBy(asc(examStandardHistory.id))
    .all();
}
