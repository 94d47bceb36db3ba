// Where a participant is and what their status is, computed from the entry (never stored twice).
// Pure: the module functions load the rows, these functions decide.

import type { ScheduledSessionStatus } from "~db/tenant/schema";
import { clockOf, isHelpRequested, type ClockOverride, type ClockSection, type ClockState } from "./clock";

export const PARTICIPANT_STATUSES = [
  "ready",
  "started",
  "help_requested",
  "waiting",
  "time_up",
  "finished",
  "assessment_complete",
] as const;
export type ParticipantStatus = (typeof PARTICIPANT_STATUSES)[number];

/** What the live run needs of an evaluation of the session. */
export type EvaluationPlan = { id: string; questionIds: string[]; enableTimer: boolean };

export type EntryFacts = {
  sessionStatus: ScheduledSessionStatus;
  ready: boolean;
  /** Evaluation ids in this participant's order. */
  sessionOrder: readonly string[];
  evaluations: ReadonlyMap<string, EvaluationPlan>;
  /** Seconds per question id. */
  maxTimes: ReadonlyMap<string, number>;
  /** allQuestionsInEvaluationShownByDefault: a section is a whole evaluation. */
  wholeEvaluations: boolean;
  autoPauseOnHelpRequest: boolean;
  extraTimePercent: number;
  progress: readonly ClockSection[];
  overrides: readonly ClockOverride[];
  now: Date;
  /** Every step of the participant is scored (the correction's completedAt is set). */
  assessmentComplete?: boolean;
};

/** The sections of an evaluation, in order: each question, or one section (question null) for all. */
export function sectionsOf(evaluation: EvaluationPlan, wholeEvaluations: boolean): Array<string | null> {
  if (evaluation.questionIds.length === 0) return [];
  return wholeEvaluations ? [null] : [...evaluation.questionIds];
}

const sameSection = (p: { evaluation: string; question: string | null }, evaluation: string, question: string | null) =>
  p.evaluation === evaluation && (p.question ?? null) === question;

/** The section the participant is in: the one progress row without an end. */
export function openSection(progress: readonly ClockSection[]): ClockSection | null {
  return progress.find((p) => p.sectionEnd === null) ?? null;
}

export function isEvaluationDone(
  facts: Pick<EntryFacts, "evaluations" | "wholeEvaluations" | "progress">,
  evaluationId: string,
): boolean {
  const evaluation = facts.evaluations.get(evaluationId);
  if (!evaluation) return true;
  return sectionsOf(evaluation, facts.wholeEvaluations).every((q) =>
    facts.progress.some((p) => sameSection(p, evaluationId, q) && p.sectionEnd !== null),
  );
}

/** The first unfinished section of an evaluation: a question id, null (the whole evaluation), or undefined when none is left. */
export function nextSectionIn(
  facts: Pick<EntryFacts, "evaluations" | "wholeEvaluations" | "progress">,
  evaluationId: string,
): string | null | undefined {
  const evaluation = facts.evaluations.get(evaluationId);
  if (!evaluation) return undefined;
  for (const q of sectionsOf(evaluation, facts.wholeEvaluations)) {
    if (!facts.progress.some((p) => sameSection(p, evaluationId, q) && p.sectionEnd !== null)) return q;
  }
  return undefined;
}

/** The next evaluation in the participant's order that is not done (what an unlock opens). */
export function nextEvaluation(
  facts: Pick<EntryFacts, "evaluations" | "wholeEvaluations" | "progress" | "sessionOrder">,
): string | null {
  return facts.sessionOrder.find((id) => facts.evaluations.has(id) && !isEvaluationDone(facts, id)) ?? null;
}

export function isFinished(
  facts: Pick<EntryFacts, "evaluations" | "wholeEvaluations" | "progress" | "sessionOrder">,
): boolean {
  return nextEvaluation(facts) === null && facts.progress.length > 0;
}

/** Seconds of a section: the question's maxTime, or the sum over the evaluation's questions. */
export function sectionMaxTime(
  facts: Pick<EntryFacts, "evaluations" | "maxTimes">,
  section: { evaluation: string; question: string | null },
): number {
  if (section.question !== null) return facts.maxTimes.get(section.question) ?? 0;
  const evaluation = facts.evaluations.get(section.evaluation);
  return (evaluation?.questionIds ?? []).reduce((sum, q) => sum + (facts.maxTimes.get(q) ?? 0), 0);
}

/** The clock of the open section, or null when the participant is in none. */
export function currentClock(facts: EntryFacts): ClockState | null {
  const section = openSection(facts.progress);
  if (!section) return null;
  return clockOf({
    section,
    maxTimeSeconds: sectionMaxTime(facts, section),
    enableTimer: facts.evaluations.get(section.evaluation)?.enableTimer ?? false,
    extraTimePercent: facts.extraTimePercent,
    overrides: facts.overrides,
    autoPauseOnHelpRequest: facts.autoPauseOnHelpRequest,
    now: facts.now,
  });
}

/**
 * ready (said so, session not started), started (answering), help_requested (unresolved request),
 * waiting (between evaluations, until unlocked), time_up (the open section's clock ran out),
 * finished (every evaluation of the order done), assessment_complete (finished, or the session
 * completed, and every step scored). Null: signed up but not ready, or canceled. `clock`: the
 * open section's clock (currentClock), when the caller has it already.
 */
export function participantStatus(
  facts: EntryFacts,
  clock: ClockState | null = currentClock(facts),
): ParticipantStatus | null {
  if (facts.sessionStatus === "CANCELED") return null;
  if (facts.sessionStatus === "SCHEDULED") return facts.ready ? "ready" : null;
  const finished = isFinished(facts);
  if (facts.assessmentComplete && (finished || facts.sessionStatus === "COMPLETED")) return "assessment_complete";
  if (finished) return "finished";
  if (isHelpRequested(facts.overrides, facts.now)) return "help_requested";
  if (!clock) return "waiting";
  return clock.timeUp ? "time_up" : "started";
}
