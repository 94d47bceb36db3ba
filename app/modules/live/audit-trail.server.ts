import type { TenantTx } from "~db/tenant/client";
import {
  auditRowValues,
  recordAudit,
  systemOrigin,
  type AuditEntry,
  type AuditOrigin,
} from "~/modules/audit/index.server";
import type { EntryInputs } from "./live-state.server";
import { stateOf, type EntryState, type RunPlan } from "./plan.server";

// What the live run writes to the audit trail (issue 32, ADR 0043): each of the gateway's writes
// makes one call here, inside its transaction. Only what the write already has is recorded: an
// answer save in time reads nothing before it writes (ADR 0024), so its "before" is the previous
// entry of the same step in the trail, not a read.

/** A write that did not say who made it (a benchmark, a test calling the gateway). */
export const UNNAMED_LIVE_ORIGIN = systemOrigin("live");

/** A participant's clock as the trail shows it before and after a change. */
export function clockOf(state: EntryState | null | undefined) {
  if (!state) return null;
  return {
    status: state.status,
    evaluation: state.current?.evaluation ?? null,
    question: state.current?.question ?? null,
    paused: state.clock?.paused ?? false,
    remainingSeconds: state.clock?.remainingSeconds ?? null,
    deadline: state.clock?.deadline?.toISOString() ?? null,
    allowedSeconds: state.clock?.allowedSeconds ?? null,
  };
}

export type AnswerSaveAudit = {
  scheduledSession: string;
  participant: string;
  evaluation: string;
  question: string;
  stepIndex: number;
  revision: number;
  answer: unknown;
  savedAt: Date;
  late: boolean;
  receivedAt: Date | null;
  /** For a late save only: what it replaced (read anyway to keep the in-time answer). */
  replaced?: { revision: number; answer: unknown; late: boolean } | null;
};

/** The trail's entry of one stored answer save: its revision, when it was received, and whether it was late. */
function answerSaveEntry(save: AnswerSaveAudit): AuditEntry {
  return {
    scheduledSession: save.scheduledSession,
    participant: save.participant,
    evaluation: save.evaluation,
    question: save.question,
    stepIndex: save.stepIndex,
    kind: "ANSWER",
    action: save.late ? "answer.saved-late" : "answer.saved",
    at: save.savedAt,
    before: save.replaced ?? null,
    after: {
      revision: save.revision,
      answer: save.answer,
      late: save.late,
      receivedAt: (save.receivedAt ?? save.savedAt).toISOString(),
    },
  };
}

/** One stored answer save, in the save's transaction. */
export function auditAnswerSave(tx: TenantTx, origin: AuditOrigin | undefined, save: AnswerSaveAudit) {
  return recordAudit(tx, origin ?? UNNAMED_LIVE_ORIGIN, answerSaveEntry(save));
}

/** One answer save planned in time (ADR 0046): its entry as a row of the group's one audit insert. */
export function answerSaveAuditRow(origin: AuditOrigin | undefined, save: AnswerSaveAudit, now: Date): unknown[] {
  return auditRowValues(origin ?? UNNAMED_LIVE_ORIGIN, answerSaveEntry(save), now);
}

export type ClockChange = {
  participant: string;
  /** e.g. SESSION_PAUSE, EXTEND_TIME, OPEN_EVALUATION, HELP_REQUEST, started, finished. */
  action: string;
  evaluation?: string | null;
  question?: string | null;
  /** The override's value (EXTEND_TIME: seconds; the reason, e.g. server_outage). */
  value?: { seconds?: number | null; reason?: string | null } | null;
  before: EntryState | null;
  after: EntryState | null;
};

/** The trail's entries of overrides and moves and their effect on each participant's clock. */
function clockChangeEntries(scheduledSession: string, changes: readonly ClockChange[], at: Date): AuditEntry[] {
  return changes.map((c) => ({
    scheduledSession,
    participant: c.participant,
    evaluation: c.evaluation ?? c.after?.current?.evaluation ?? c.before?.current?.evaluation ?? null,
    question: c.question ?? null,
    kind: "OVERRIDE",
    action: `override.${c.action}`,
    at,
    before: clockOf(c.before),
    after: c.value ? { ...clockOf(c.after), ...c.value } : clockOf(c.after),
  }));
}

/** Overrides and moves and their effect on each participant's clock (pause, extension, unlock, help, a finished section). */
export function auditClockChanges(
  tx: TenantTx,
  origin: AuditOrigin | undefined,
  scheduledSession: string,
  changes: readonly ClockChange[],
  at: Date,
) {
  return recordAudit(tx, origin ?? UNNAMED_LIVE_ORIGIN, clockChangeEntries(scheduledSession, changes, at));
}

/** A session's start or completion: one session-wide entry. */
export function auditSessionStatus(
  tx: TenantTx,
  origin: AuditOrigin | undefined,
  scheduledSession: string,
  from: string,
  to: string,
  participants: number,
  at: Date,
) {
  return recordAudit(tx, origin ?? UNNAMED_LIVE_ORIGIN, {
    scheduledSession,
    kind: "SESSION",
    action: `session.${to.toLowerCase()}`,
    at,
    before: { status: from },
    after: { status: to, participants },
  });
}

/** One entry's inputs before and after a write (what the gateway has at hand). */
export type InputsChange = { before: EntryInputs; after: EntryInputs };

/** The clock changes of entries, from their inputs before and after, with each entry's state after by entry id. */
function inputsClockChanges(
  plan: RunPlan,
  action: string,
  changes: readonly InputsChange[],
  now: Date,
  value?: { numericValue?: number | null; textValue?: string | null } | null,
): { clockChanges: ClockChange[]; afterStates: Map<string, EntryState> } {
  const state = (i: EntryInputs) =>
    stateOf(plan, i.entry, i.live, i.extraTimePercent, i.assessmentComplete, now) as EntryState;
  const extra =
    value && (value.numericValue != null || value.textValue != null)
      ? { seconds: value.numericValue ?? null, reason: value.textValue ?? null }
      : null;
  const afterStates = new Map<string, EntryState>();
  const clockChanges = changes.map((c) => {
    const after = state(c.after);
    afterStates.set(c.after.entry.id, after);
    return {
      participant: c.before.entry.participantId,
      action,
      evaluation: after.current?.evaluation ?? null,
      question: after.current?.question ?? null,
      value: extra,
      before: state(c.before),
      after,
    };
  });
  return { clockChanges, afterStates };
}

/**
 * A live write's clock changes of entries, from the inputs the gateway had before and wrote after.
 * Answers each entry's state after, by entry id: what the write's room events show.
 */
export async function auditInputsChanged(
  tx: TenantTx,
  origin: AuditOrigin | undefined,
  plan: RunPlan,
  action: string,
  changes: readonly InputsChange[],
  now: Date,
  value?: { numericValue?: number | null; textValue?: string | null } | null,
): Promise<Map<string, EntryState>> {
  const { clockChanges, afterStates } = inputsClockChanges(plan, action, changes, now, value);
  await auditClockChanges(tx, origin, plan.session.id, clockChanges, now);
  return afterStates;
}

/**
 * auditInputsChanged's entries as rows of a planned write's one audit insert (insertAuditRowsFrom),
 * in the order of `changes`, with each entry's state after by entry id.
 */
export function inputsChangedAuditRows(
  origin: AuditOrigin | undefined,
  plan: RunPlan,
  action: string,
  changes: readonly InputsChange[],
  now: Date,
): { rows: unknown[][]; afterStates: Map<string, EntryState> } {
  const { clockChanges, afterStates } = inputsClockChanges(plan, action, changes, now);
  const rows = clockChangeEntries(plan.session.id, clockChanges, now).map((entry) =>
    auditRowValues(origin ?? UNNAMED_LIVE_ORIGIN, entry, now),
  );
  return { rows, afterStates };
}
