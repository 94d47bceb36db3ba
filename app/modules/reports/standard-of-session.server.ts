import { eq } from "drizzle-orm";
import { examSessions, examStandards } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import type { AppliedStandardRef } from "~/modules/exams";

// The applied standard of the exam a scheduled session belongs to, for building its reports (the
// exams domain applies it; reports only read it, so reports never import the exams server code). No
// permission check: the report functions that call it have checked theirs.

export async function appliedStandardOfSession(
  db: Reader,
  scheduledSessionId: string,
): Promise<AppliedStandardRef | null> {
  const row = await db
    .select({ standard: examStandards })
    .from(examSessions)
    .innerJoin(examStandards, eq(examStandards.examId, examSessions.examId))
    .where(eq(examSessions.scheduledSessionId, scheduledSessionId))
    .get();
  if (!row) return null;
  const s = row.standard;
  return {
    examId: s.examId,
    method: s.method,
    cutScore: s.cutScore,
    stationCuts: s.stationCuts,
    rules: {
      minStationsPassed: s.options.minStationsPassed ?? undefined,
      mustPassStations: s.options.mustPassStations ?? undefined,
    },
  };
}
