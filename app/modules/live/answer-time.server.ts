import type { Reader } from "~db/tenant/client";
import type { SessionRow } from "./plan.server";

// When an answer is in time besides the participant's clock: a circuit's station time (issue 32,
// app/modules/circuit). An answer outside it is kept and flagged late, as one after a deadline
// (ADR 0012), never refused. The circuit builds on live, not back, so it registers its rule here
// at start-up (app/server/reference-checks.ts), as it does for pauses.

export type AnswerTimeRule = (
  db: Reader,
  session: SessionRow,
  save: { participant: string; evaluation: string },
  now: Date,
) => Promise<boolean>;

const rules: AnswerTimeRule[] = [];

/** Adds a rule that answers true for a save outside its time. */
export function onAnswerTime(rule: AnswerTimeRule): void {
  if (!rules.includes(rule)) rules.push(rule);
}

/** Whether a registered rule says this save arrives outside its time (a rule reads nothing for a session it is not about). */
export async function outsideAnswerTime(
  db: Reader,
  session: SessionRow,
  save: { participant: string; evaluation: string },
  now: Date,
): Promise<boolean> {
  for (const rule of rules) if (await rule(db, session, save, now)) return true;
  return false;
}
