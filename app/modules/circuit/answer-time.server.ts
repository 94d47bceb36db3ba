import { eq } from "drizzle-orm";
import type { Reader } from "~db/tenant/client";
import { participants } from "~db/tenant/schema";
import { LATE_GRACE_MS, type SessionRow } from "~/modules/live/index.server";
import { circuitClockAt, personalPhase, type CircuitSchedule } from "./clock";
import { readRun, scheduleOf } from "./store.server";

// The live save path asks this (registered through live's onAnswerTime): in a running circuit an
// answer is in time while its participant is at that station in the round's reading or station
// phase (their standing extra time included), or was so at most LATE_GRACE_MS before it arrived,
// as after a timed question's deadline. Anything else (a rest round, the change over, an absent or
// closed round, another station's round) the screen prevents; an answer that comes anyway is kept
// and flagged late for staff to accept or refuse, never lost.

/** Whether the participant works at `evaluation` at wall time `at`. */
function atStation(
  schedule: CircuitSchedule,
  row: ReadonlyArray<{ evaluation: string | null }>,
  evaluation: string,
  extraTimePercent: number,
  at: number,
): boolean {
  const clock = circuitClockAt(schedule, at);
  if (clock.phase === "DONE" || row[clock.round - 1]?.evaluation !== evaluation) return false;
  const phase = personalPhase(schedule.settings, clock, extraTimePercent).phase;
  return phase === "READING" || phase === "STATION";
}

export async function outsideStationTime(
  db: Reader,
  session: SessionRow,
  save: { participant: string; evaluation: string },
  now: Date,
): Promise<boolean> {
  // Not a circuit: nothing read.
  if (!session.circuit) return false;
  const run = await readRun(db, session.id);
  // Not started as a circuit (the live run's own rules apply).
  if (!run) return false;
  const schedule = scheduleOf(session, run, run.grid);
  const row = run.grid.cells[save.participant];
  if (!schedule || !row) return true;
  const person = await db
    .select({ extra: participants.extraTimePercent })
    .from(participants)
    .where(eq(participants.id, save.participant))
    .get();
  const extra = person?.extra ?? 0;
  const t = now.getTime();
  return !(
    atStation(schedule, row, save.evaluation, extra, t) ||
    atStation(schedule, row, save.evaluation, extra, t - LATE_GRACE_MS)
  );
}
