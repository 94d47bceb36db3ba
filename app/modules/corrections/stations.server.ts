import { and, asc, eq, isNotNull } from "drizzle-orm";
import { z } from "zod";
import {
  correctionSecondMarks as secondMarks,
  correctionStationMarks as marks,
  GLOBAL_RATINGS,
  scheduledSessionParticipantCorrections as corrections,
  scheduledSessionParticipantEntries as entries,
  type GlobalRating,
} from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { parseInput } from "~/lib/parse-input";
import { entryStates, findSession, loadPlan, orderOf } from "~/modules/live/index.server";
import { isEvaluationDone } from "~/modules/live";
import { loadCorrectionData, participantNames } from "./correction-data.server";
import type { Marker } from "./double-marking";
import { blindedForSecond, saveSecondMark } from "./double-marking.server";
import { inRotation } from "./station-list";
import {
  getParticipantCorrection,
  type CorrectionEvaluation,
  type ParticipantCorrection,
} from "./participant-correction.server";
import { READ } from "./scored-participant.server";
import { changeCorrection, CORRECT } from "./write.server";

// Station marking: an examiner at a station (an evaluation of the session) sees the participants
// due there in rotation order, ticks their checklists (submitCorrectionEntry), gives a global rating
// and a comment, and marks them done; staff running the session see the progress per station.

export type StationProgress = {
  evaluationId: string;
  name: string;
  marked: number;
  total: number;
  practicalSteps: number;
};

export type StationParticipant = {
  participantId: string;
  name: string;
  /** 1-based place of the station in this participant's rotation. */
  position: number;
  /** 1-based place in the station's list (inRotation): unique, unlike position. */
  rotation: number;
  /** here: at the station now; due: still to come; done: passed it. */
  live: "here" | "due" | "done";
  markedAt: Date | null;
  globalRating: GlobalRating | null;
};

/** When each participant's mark of one station was done and its rating, from the first or the second examiner's marks. */
function markRowsOf(db: Reader, table: typeof marks | typeof secondMarks, sessionId: string, evaluationId: string) {
  return db
    .select({ participantId: corrections.participantId, markedAt: table.markedAt, globalRating: table.globalRating })
    .from(table)
    .innerJoin(corrections, eq(corrections.id, table.correctionId))
    .where(and(eq(corrections.scheduledSessionId, sessionId), eq(table.evaluationId, evaluationId)))
    .all();
}

async function sessionAndPlan(ctx: Ctx, sessionId: string) {
  const session = await findSession(ctx.tdb.db, String(sessionId ?? ""));
  return { session, plan: await loadPlan(ctx.tdb.db, session) };
}

/** Per station of the session, in the template's order: participants marked of those taking it. */
export async function stationProgress(ctx: Ctx, scheduledSessionId: string): Promise<StationProgress[]> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const { session, plan } = await sessionAndPlan(ctx, scheduledSessionId);
  const [rows, marked] = await Promise.all([
    // Only each participant's order: the live dashboard asks every second, for rooms of 1,000.
    db
      .select({ sessionOrder: entries.sessionOrder })
      .from(entries)
      .where(eq(entries.scheduledSessionId, session.id))
      .all(),
    db
      .select({ evaluationId: marks.evaluationId })
      .from(marks)
      .innerJoin(corrections, eq(corrections.id, marks.correctionId))
      .where(and(eq(corrections.scheduledSessionId, session.id), isNotNull(marks.markedAt)))
      .all(),
  ]);
  return plan.evaluationIds
    .map((id) => plan.evaluations.get(id))
    .filter((e) => !!e)
    .map((e) => ({
      evaluationId: e.id,
      name: e.name,
      marked: marked.filter((m) => m.evaluationId === e.id).length,
      total: rows.filter((r) => orderOf(plan, r).includes(e.id)).length,
      practicalSteps: e.questionIds.reduce(
        (sum, q) => sum + (plan.questions.get(q)?.steps.filter((s) => s.type === "PRACTICAL").length ?? 0),
        0,
      ),
    }));
}

/** The participants taking a station, in rotation order (its place in their order, then name). */
export async function stationParticipants(
  ctx: Ctx,
  scheduledSessionId: string,
  evaluationId: string,
  marker: Marker = 1,
): Promise<{ station: StationProgress; participants: StationParticipant[] }> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const { session, plan } = await sessionAndPlan(ctx, scheduledSessionId);
  const evaluation = plan.evaluations.get(String(evaluationId ?? ""));
  if (!evaluation) throw new AppError("NOT_FOUND", "evaluation_not_found");
  const rows = (
    await db
      .select()
      .from(entries)
      .where(eq(entries.scheduledSessionId, session.id))
      .orderBy(asc(entries.createdAt))
      .all()
  ).filter((r) => orderOf(plan, r).includes(evaluation.id));
  const ids = rows.map((r) => r.participantId);
  const [states, names, markRows] = await Promise.all([
    entryStates(db, plan, rows, new Date(), { answers: false }),
    participantNames(db, ids),
    markRowsOf(db, marker === 1 ? marks : secondMarks, session.id, evaluation.id),
  ]);
  const markOf = new Map(markRows.map((m) => [m.participantId, m]));
  const unnumbered = states.map((s): Omit<StationParticipant, "rotation"> => {
    const mark = markOf.get(s.entry.participantId);
    return {
      participantId: s.entry.participantId,
      name: names.get(s.entry.participantId) ?? "",
      position: orderOf(plan, s.entry).indexOf(evaluation.id) + 1,
      live:
        s.current?.evaluation === evaluation.id
          ? "here"
          : isEvaluationDone(s.facts, evaluation.id) && s.live.progress.length > 0
            ? "done"
            : "due",
      markedAt: mark?.markedAt ?? null,
      globalRating: mark?.globalRating ?? null,
    };
  });
  const list: StationParticipant[] = inRotation(unnumbered);
  return {
    station: {
      evaluationId: evaluation.id,
      name: evaluation.name,
      marked: list.filter((p) => p.markedAt).length,
      total: list.length,
      practicalSteps: evaluation.questionIds.reduce(
        (sum, q) => sum + (plan.questions.get(q)?.steps.filter((s) => s.type === "PRACTICAL").length ?? 0),
        0,
      ),
    },
    participants: list,
  };
}

/** One participant at one station: the station's steps of their correction. */
export async function stationCorrection(
  ctx: Ctx,
  scheduledSessionId: string,
  evaluationId: string,
  participantId: string,
  marker: Marker = 1,
): Promise<{ correction: ParticipantCorrection; evaluation: CorrectionEvaluation }> {
  const correction = await getParticipantCorrection(ctx, scheduledSessionId, participantId);
  const evaluation = correction.evaluations.find((e) => e.id === evaluationId);
  if (!evaluation) throw new AppError("NOT_FOUND", "evaluation_not_found");
  if (marker === 1) return { correction, evaluation };
  const data = await loadCorrectionData(ctx.tdb.db, ctx.tenant, correction.scheduledSessionId, participantId);
  return blindedForSecond(correction, evaluation, data);
}

const id = z.string({ required_error: "validation:required" }).trim().min(1).max(100);
const markInput = z.object({
  scheduledSession: id,
  participant: id,
  evaluation: id,
  globalRating: z.enum(GLOBAL_RATINGS, { invalid_type_error: "validation:invalid" }).nullish(),
  comment: z.string().max(5000).nullish(),
  /** true: the examiner is done with this participant here (greyed in the list); false: reopened. */
  done: z.boolean().nullish(),
  revision: z.number().int().min(0).nullish(),
  /** 2: the second examiner's mark, kept apart from the first's (ADR 0036). */
  marker: z.union([z.literal(1), z.literal(2)]).nullish(),
});

/** A station examiner's global rating, comment and "done" for one participant at one station. */
export async function markStation(ctx: Ctx, input: unknown): Promise<ParticipantCorrection> {
  requirePermission(ctx, CORRECT);
  const data = parseInput(markInput, input);
  await changeCorrection(ctx, data.scheduledSession, data.participant, async (tx, current, correctionId, now) => {
    if (!current.order.includes(data.evaluation)) throw new AppError("NOT_FOUND", "evaluation_not_found");
    if (data.marker === 2) return saveSecondMark(ctx, tx, current, correctionId, data, now);
    const before = current.marks.get(data.evaluation);
    if (before && data.revision !== null && data.revision !== undefined && data.revision <= before.revision) return; // a retry
    const next = {
      correctionId,
      evaluationId: data.evaluation,
      globalRating: data.globalRating !== undefined ? data.globalRating : (before?.globalRating ?? null),
      comment:
        data.comment !== undefined ? (data.comment?.trim() ? data.comment.trim() : null) : (before?.comment ?? null),
      markedAt:
        data.done === true ? (before?.markedAt ?? now) : data.done === false ? null : (before?.markedAt ?? null),
      markedBy: ctx.actor.userId,
      revision: data.revision ?? (before?.revision ?? 0) + 1,
    };
    const { correctionId: _c, evaluationId: _e, ...set } = next;
    await tx
      .insert(marks)
      .values(next)
      .onConflictDoUpdate({ target: [marks.correctionId, marks.evaluationId], set });
  });
  return getParticipantCorrection(ctx, data.scheduledSession, data.participant);
}
