import { and, eq, inArray } from "drizzle-orm";
import {
  categories,
  correctionEntries,
  correctionSecondEntries,
  correctionSecondMarks,
  correctionStationMarks,
  evaluations,
  participants,
  questions,
  scheduledSessionParticipantCorrections as corrections,
  sessionTemplates,
  type StoredAnswer,
} from "~db/tenant/schema";
import type { StepLike } from "~/modules/live";
import {
  findEntryOf,
  findSession,
  loadPlan,
  orderOf,
  type EntryRow,
  type RunPlan,
  type SessionRow,
  loadLiveData,
  type SavedAnswer,
} from "~/modules/live/index.server";
import type { Reader } from "~db/tenant/client";
import { AppError, isAppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import type { AssetTenant } from "~/modules/assets/index.server";
import { imageAspect } from "./image-aspect.server";
import { maxScoreOf } from "./scoring";

// Loading everything a participant's correction is decided on: the plan of the session, the
// participant's answers from the live answer store, and the correction rows. No permission check
// here: the module functions that call it have checked theirs.

export type CorrectionRow = typeof corrections.$inferSelect;
export type CorrectionEntryRow = typeof correctionEntries.$inferSelect;
export type StationMarkRow = typeof correctionStationMarks.$inferSelect;
export type SecondEntryRow = typeof correctionSecondEntries.$inferSelect;
export type SecondMarkRow = typeof correctionSecondMarks.$inferSelect;

/** One step of a question the participant took, with what they answered and what was scored. */
export type TakenStep = {
  evaluationId: string;
  questionId: string;
  stepIndex: number;
  step: StepLike;
  maxScore: number;
  saved: SavedAnswer | null;
  /** The answer that counts: the in-time one, or the late one once staff accepted it. */
  answer: StoredAnswer | null;
  /** A late answer, shown apart; it counts only when `entry.lateAccepted`. */
  lateAnswer: StoredAnswer | null;
  entry: CorrectionEntryRow | null;
  /** HOTZONE: the image's height / width (ADR 0011), 1 when unknown. */
  aspect: number;
};

export type CorrectionData = {
  session: SessionRow;
  plan: RunPlan;
  entry: EntryRow;
  participant: typeof participants.$inferSelect | null;
  template: { name: string; passPercentage: number } | null;
  correction: CorrectionRow | null;
  /** Evaluation ids in the participant's order. */
  order: string[];
  steps: TakenStep[];
  marks: Map<string, StationMarkRow>;
  /** Double marking (ADR 0036): the second examiner's ticks and marks, by evaluation id. */
  secondEntries: SecondEntryRow[];
  secondMarks: Map<string, SecondMarkRow>;
};

export const stepKey = (s: { evaluationId: string; questionId: string; stepIndex: number }) =>
  `${s.evaluationId}\u0000${s.questionId}\u0000${s.stepIndex}`;

/** The counted answer: a late revision replaces `answer` in the store but counts only when accepted. */
export function countedAnswer(saved: SavedAnswer | null, lateAccepted: boolean): StoredAnswer | null {
  if (!saved) return null;
  if (!saved.late || lateAccepted) return saved.answer;
  return saved.inTimeAnswer;
}

export async function findCorrection(
  db: Reader,
  sessionId: string,
  participantId: string,
): Promise<CorrectionRow | null> {
  return (
    (await db
      .select()
      .from(corrections)
      .where(and(eq(corrections.scheduledSessionId, sessionId), eq(corrections.participantId, participantId)))
      .get()) ?? null
  );
}

/** Every step of every question of every evaluation in the participant's order. */
async function takenSteps(
  tenant: AssetTenant,
  plan: RunPlan,
  order: string[],
  saved: SavedAnswer[],
  entries: CorrectionEntryRow[],
): Promise<TakenStep[]> {
  const savedByKey = new Map(
    saved.map((a) => [stepKey({ evaluationId: a.evaluation, questionId: a.question, stepIndex: a.stepIndex }), a]),
  );
  const entryByKey = new Map(entries.map((e) => [stepKey(e), e]));
  const steps: TakenStep[] = [];
  for (const evaluationId of order) {
    for (const questionId of plan.evaluations.get(evaluationId)?.questionIds ?? []) {
      const question = plan.questions.get(questionId);
      for (const [stepIndex, step] of (question?.steps ?? []).entries()) {
        const key = stepKey({ evaluationId, questionId, stepIndex });
        const s = savedByKey.get(key) ?? null;
        const entry = entryByKey.get(key) ?? null;
        const image = step.type === "HOTZONE" ? (step.answer as { textValue?: unknown } | undefined)?.textValue : null;
        steps.push({
          evaluationId,
          questionId,
          stepIndex,
          step,
          maxScore: maxScoreOf(step),
          saved: s,
          answer: countedAnswer(s, entry?.lateAccepted ?? false),
          lateAnswer: s?.late ? s.answer : null,
          entry,
          aspect: typeof image === "string" ? await imageAspect(tenant, image) : 1,
        });
      }
    }
  }
  return steps;
}

/** loadCorrectionData in the actor's tenant, for ids as the API hands them over. */
export const correctionDataFor = (ctx: Ctx, scheduledSessionId: string, participantId: string) =>
  loadCorrectionData(ctx.tdb.db, ctx.tenant, String(scheduledSessionId ?? ""), String(participantId ?? ""));

export async function loadCorrectionData(
  db: Reader,
  /** The tenant whose uploads hold the hotzone images (their aspect scores the answers). */
  tenant: AssetTenant,
  sessionId: string,
  participantId: string,
): Promise<CorrectionData> {
  const session = await findSession(db, sessionId);
  // Someone not on the session has no correction there.
  const entry = await findEntryOf(db, session.id, String(participantId ?? "")).catch((error: unknown) => {
    if (isAppError(error) && error.reason === "scheduled_session_participant_entry_not_found")
      throw new AppError("NOT_FOUND", "scheduled_session_participant_correction_not_found");
    throw error;
  });
  const [plan, participant, template, correction, live] = await Promise.all([
    loadPlan(db, session),
    db.select().from(participants).where(eq(participants.id, entry.participantId)).get(),
    db
      .select({ name: sessionTemplates.name, passPercentage: sessionTemplates.passPercentage })
      .from(sessionTemplates)
      .where(eq(sessionTemplates.id, session.sessionTemplateId))
      .get(),
    findCorrection(db, session.id, entry.participantId),
    loadLiveData(db, [entry.id]),
  ]);
  const [entryRows, markRows, secondEntryRows, secondMarkRows] = correction
    ? await Promise.all([
        db.select().from(correctionEntries).where(eq(correctionEntries.correctionId, correction.id)).all(),
        db.select().from(correctionStationMarks).where(eq(correctionStationMarks.correctionId, correction.id)).all(),
        db.select().from(correctionSecondEntries).where(eq(correctionSecondEntries.correctionId, correction.id)).all(),
        db.select().from(correctionSecondMarks).where(eq(correctionSecondMarks.correctionId, correction.id)).all(),
      ])
    : [[], [], [], []];
  const order = orderOf(plan, entry);
  return {
    session,
    plan,
    entry,
    participant: participant ?? null,
    template: template ?? null,
    correction,
    order,
    steps: await takenSteps(tenant, plan, order, live.get(entry.id)?.answers ?? [], entryRows),
    marks: new Map(markRows.map((m) => [m.evaluationId, m])),
    secondEntries: secondEntryRows,
    secondMarks: new Map(secondMarkRows.map((m) => [m.evaluationId, m])),
  };
}

async function categoryIdsById(
  db: Reader,
  table: typeof evaluations | typeof questions,
  ids: string[],
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: table.id, categoryIds: table.categoryIds })
    .from(table)
    .where(inArray(table.id, ids))
    .all();
  return new Map(rows.map((r) => [r.id, r.categoryIds]));
}

/** Category ids of the session's evaluations and questions (both are tagged). */
export async function categoryIdsOf(db: Reader, evaluationIds: string[], questionIds: string[]) {
  const [e, q] = await Promise.all([
    categoryIdsById(db, evaluations, evaluationIds),
    categoryIdsById(db, questions, questionIds),
  ]);
  return { evaluations: e, questions: q };
}

/** The named categories and all their ancestors (reports total per primary category). */
export async function categoriesWithAncestors(
  db: Reader,
  ids: string[],
): Promise<Array<{ id: string; name: string; parentId: string | null }>> {
  const found = new Map<string, { id: string; name: string; parentId: string | null }>();
  let wanted = [...new Set(ids)];
  // Category trees are shallow; each round fetches one level of parents.
  for (let depth = 0; wanted.length > 0 && depth < 20; depth++) {
    const rows = await db
      .select({ id: categories.id, name: categories.name, parentId: categories.parentId })
      .from(categories)
      .where(inArray(categories.id, wanted))
      .all();
    for (const r of rows) found.set(r.id, r);
    wanted = [...new Set(rows.map((r) => r.parentId).filter((p): p is string => !!p && !found.has(p)))];
  }
  return [...found.values()];
}

/** The names of these participants, by id (the correction screens list them by name). */
export async function participantNames(db: Reader, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: participants.id, name: participants.name })
    .from(participants)
    .where(inArray(participants.id, [...ids]))
    .all();
  return new Map(rows.map((p) => [p.id, p.name]));
}
