import { and, eq, gt, inArray, isNotNull } from "drizzle-orm";
import {
  evaluations,
  participants,
  questions,
  scheduledSessionParticipantCorrections as corrections,
  scheduledSessionParticipantEntries as entries,
  scheduledSessions,
  sessionTemplates,
  type EntryRow,
  type ScheduledSessionOptions,
} from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import type { RichBlock } from "~/modules/assessments";
import type { StepLike } from "./answers";
import type { ClockState } from "./clock";
import {
  currentClock,
  openSection,
  participantStatus,
  type EntryFacts,
  type EvaluationPlan,
  type ParticipantStatus,
} from "./status";
import { loadLiveData, overridesAfter, type LiveData } from "./store.server";

// Loading what the live run decides on: the session, its evaluations and questions, entries with
// their live rows, and the facts the pure status/clock functions take.

export type SessionRow = typeof scheduledSessions.$inferSelect;
export type { EntryRow };

export type QuestionPlan = {
  id: string;
  name: string;
  maxTime: number;
  preparationInfo: RichBlock[];
  supplyIds: string[];
  steps: StepLike[];
};

export type RunPlan = {
  session: SessionRow;
  options: ScheduledSessionOptions;
  evaluationIds: string[];
  evaluations: Map<string, EvaluationPlan & { name: string; description: string | null }>;
  questions: Map<string, QuestionPlan>;
  maxTimes: Map<string, number>;
  /** The session template's name: what participants see as the session's name. */
  templateName: string;
};

export async function findSession(db: Reader, id: string): Promise<SessionRow> {
  const row = await db
    .select()
    .from(scheduledSessions)
    .where(eq(scheduledSessions.id, String(id ?? "")))
    .get();
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  return row;
}

/** What a session's template says to run: the same for every session of it until its content changes. */
export type TemplatePlan = Pick<RunPlan, "evaluationIds" | "evaluations" | "questions" | "maxTimes" | "templateName">;

export async function loadPlan(db: Reader, session: SessionRow): Promise<RunPlan> {
  return planOf(session, await loadTemplatePlan(db, session.sessionTemplateId));
}

/** The plan of a session from its template's plan (the session's own options are its row's). */
export function planOf(session: SessionRow, template: TemplatePlan): RunPlan {
  // A circuit (issue 32) has one clock that moves everyone: its questions keep no time limit of their own.
  if (session.circuit) template = { ...template, evaluations: untimed(template.evaluations) };
  return {
    session,
    options: {
      allQuestionsInEvaluationShownByDefault: session.options?.allQuestionsInEvaluationShownByDefault ?? false,
      enableAutoPauseOnHelpRequest: session.options?.enableAutoPauseOnHelpRequest ?? false,
    },
    ...template,
  };
}

function untimed(evaluations: TemplatePlan["evaluations"]): TemplatePlan["evaluations"] {
  return new Map([...evaluations].map(([id, e]) => [id, { ...e, enableTimer: false }]));
}

export async function loadTemplatePlan(db: Reader, templateId: string): Promise<TemplatePlan> {
  const template = await db
    .select({ name: sessionTemplates.name, evaluationIds: sessionTemplates.evaluationIds })
    .from(sessionTemplates)
    .where(eq(sessionTemplates.id, templateId))
    .get();
  const evaluationIds = template?.evaluationIds ?? [];
  const evalRows = evaluationIds.length
    ? await db.select().from(evaluations).where(inArray(evaluations.id, evaluationIds)).all()
    : [];
  const questionIds = [...new Set(evalRows.flatMap((e) => e.questionIds))];
  const questionRows = questionIds.length
    ? await db.select().from(questions).where(inArray(questions.id, questionIds)).all()
    : [];
  const questionMap = new Map<string, QuestionPlan>(
    questionRows.map((q) => [
      q.id,
      {
        id: q.id,
        name: q.name,
        maxTime: q.maxTime,
        preparationInfo: q.preparationInfo as RichBlock[],
        supplyIds: q.supplyIds,
        steps: q.steps as StepLike[],
      },
    ]),
  );
  return {
    evaluationIds,
    evaluations: new Map(
      evalRows.map((e) => [
        e.id,
        // Questions that no longer exist are skipped: nobody can answer them.
        {
          id: e.id,
          name: e.name,
          description: e.description,
          enableTimer: e.enableTimer,
          questionIds: e.questionIds.filter((q) => questionMap.has(q)),
        },
      ]),
    ),
    questions: questionMap,
    maxTimes: new Map(questionRows.map((q) => [q.id, q.maxTime])),
    templateName: template?.name ?? "",
  };
}

export async function findEntryOf(db: Reader, sessionId: string, participantId: string): Promise<EntryRow> {
  const row = await db
    .select()
    .from(entries)
    .where(and(eq(entries.scheduledSessionId, sessionId), eq(entries.participantId, participantId)))
    .get();
  if (!row) throw new AppError("NOT_FOUND", "scheduled_session_participant_entry_not_found");
  return row;
}

export async function extraTimeOf(db: Reader, participantIds: string[]): Promise<Map<string, number>> {
  if (participantIds.length === 0) return new Map();
  const rows = await db
    .select({ id: participants.id, extra: participants.extraTimePercent })
    .from(participants)
    .where(inArray(participants.id, participantIds))
    .all();
  return new Map(rows.map((r) => [r.id, r.extra]));
}

/** The participant's order, or the template's when the stored one no longer matches it. */
export function orderOf(plan: RunPlan, entry: Pick<EntryRow, "sessionOrder">): string[] {
  const known = entry.sessionOrder.filter((id) => plan.evaluations.has(id));
  const missing = plan.evaluationIds.filter((id) => plan.evaluations.has(id) && !known.includes(id));
  return [...known, ...missing];
}

export function factsOf(
  plan: RunPlan,
  entry: EntryRow,
  live: LiveData,
  extraTimePercent: number,
  now: Date,
): EntryFacts {
  return {
    sessionStatus: plan.session.status,
    ready: entry.ready,
    sessionOrder: orderOf(plan, entry),
    evaluations: plan.evaluations,
    maxTimes: plan.maxTimes,
    wholeEvaluations: plan.options.allQuestionsInEvaluationShownByDefault,
    autoPauseOnHelpRequest: plan.options.enableAutoPauseOnHelpRequest,
    extraTimePercent,
    progress: live.progress,
    overrides: live.overrides,
    now,
  };
}

/** Everything computed about one entry at `now`. */
export type EntryState = {
  entry: EntryRow;
  live: LiveData;
  facts: EntryFacts;
  status: ParticipantStatus | null;
  clock: ClockState | null;
  current: { evaluation: string; question: string | null } | null;
};

/** Entries whose correction is complete (every step scored): their status is assessment_complete. */
async function assessedEntries(db: Reader, entryIds: string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db
    .select({ entryId: corrections.entryId })
    .from(corrections)
    .where(and(inArray(corrections.entryId, entryIds), isNotNull(corrections.completedAt)))
    .all();
  return new Set(rows.map((r) => r.entryId));
}

export async function entryStates(
  db: Reader,
  plan: RunPlan,
  rows: EntryRow[],
  now = new Date(),
  options: { answers?: boolean } = {},
): Promise<EntryState[]> {
  const ids = rows.map((r) => r.id);
  const [live, extra, assessed] = await Promise.all([
    loadLiveData(db, ids, options),
    extraTimeOf(
      db,
      rows.map((r) => r.participantId),
    ),
    assessedEntries(db, ids),
  ]);
  return rows.map((entry) =>
    stateOf(plan, entry, live.get(entry.id)!, extra.get(entry.participantId) ?? 0, assessed.has(entry.id), now),
  );
}

/** One entry's state at `now`, from what was loaded about it (pure). */
export function stateOf(
  plan: RunPlan,
  entry: EntryRow,
  live: LiveData,
  extraTimePercent: number,
  assessmentComplete: boolean,
  now: Date,
): EntryState {
  const facts = { ...factsOf(plan, entry, live, extraTimePercent, now), assessmentComplete };
  const section = openSection(live.progress);
  const clock = currentClock(facts);
  return {
    entry,
    live,
    facts,
    status: participantStatus(facts, clock),
    clock,
    current: section ? { evaluation: section.evaluation, question: section.question } : null,
  };
}

/** What entryStates reads about entries besides their rows (without answers): kept by live-state.server.ts. */
export async function entriesFacts(
  db: Reader,
  rows: EntryRow[],
): Promise<Map<string, { live: LiveData; extraTimePercent: number; assessmentComplete: boolean }>> {
  const ids = rows.map((r) => r.id);
  const [live, extra, assessed] = await Promise.all([
    loadLiveData(db, ids, { answers: false }),
    extraTimeOf(
      db,
      rows.map((r) => r.participantId),
    ),
    assessedEntries(db, ids),
  ]);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        live: live.get(r.id)!,
        extraTimePercent: extra.get(r.participantId) ?? 0,
        assessmentComplete: assessed.has(r.id),
      },
    ]),
  );
}

/**
 * The live data of entries read before (`before`, by entry id) that live changes have stamped
 * since, without answers: the progress read again, and of the overrides only those appended
 * since `before` (the log is only appended to, overridesAfter).
 */
export async function entriesLiveAfter(
  db: Reader,
  before: ReadonlyMap<string, LiveData>,
): Promise<Map<string, LiveData>> {
  const ids = [...before.keys()];
  const [progress, appended] = await Promise.all([
    loadLiveData(db, ids, { answers: false, overrides: false }),
    overridesAfter(db, new Map(ids.map((id) => [id, before.get(id)!.overrides.length]))),
  ]);
  return new Map(
    ids.map((id) => [
      id,
      {
        progress: progress.get(id)!.progress,
        overrides: [...before.get(id)!.overrides, ...appended.get(id)!],
        answers: [],
      },
    ]),
  );
}

/** Every entry of a session. */
export function entriesOfSession(db: Reader, sessionId: string): Promise<EntryRow[]> {
  return db.select().from(entries).where(eq(entries.scheduledSessionId, sessionId)).all();
}

/**
 * The entries of these sessions that a live change stamped after `revision` (ADR 0047): the only
 * ones whose live state differs from what was read at it, while no other change came since.
 */
export function entriesStampedAfter(db: Reader, sessionIds: readonly string[], revision: number): Promise<EntryRow[]> {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(entries)
    .where(and(inArray(entries.scheduledSessionId, [...sessionIds]), gt(entries.liveStamp, revision)))
    .all();
}
