// Exams: scheduled sessions of one session template grouped for analysis and standard setting. A
// scheduled session belongs to at most one exam, so each report follows at most one standard
// (ADR 0035). Writers and managers (write:reports) group sessions; readers list them.
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { examSessions, examStandards, exams, scheduledSessions } from "~db/tenant/schema";
import type { Reader } from "~db/tenant/client";
import { AppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { newDocumentRow } from "~/lib/document-rows.server";
import { fieldError, parseInput } from "~/lib/parse-input";

export const READ = "read:admin" as const;
export const WRITE = "write:reports" as const;

type Row = typeof exams.$inferSelect;

export type Exam = {
  _id: string;
  _createdAt: Date;
  _updatedAt: Date;
  _rev: number;
  _type: "Exam";
  name: string;
  sessionTemplate: string;
  createdBy: string | null;
  /** Scheduled session ids, oldest first. */
  scheduledSessions: string[];
};

const visibleName = z
  .string({ required_error: "validation:required", invalid_type_error: "validation:required" })
  .trim()
  .min(1, "validation:required")
  .max(200, "validation:too-long");
const sessionIds = z
  .array(z.string().min(1).max(100))
  .min(1, "validation:exam-sessions-required")
  .max(500)
  .transform((ids) => [...new Set(ids)]);

export const addExamInput = z.object({ name: visibleName, scheduledSessions: sessionIds });
export const updateExamInput = z.object({ name: visibleName.optional(), scheduledSessions: sessionIds.optional() });

async function sessionIdsOf(db: Reader, examIds: string[]): Promise<Map<string, string[]>> {
  const byExam = new Map<string, string[]>(examIds.map((id) => [id, []]));
  if (examIds.length === 0) return byExam;
  const rows = await db
    .select({ examId: examSessions.examId, id: scheduledSessions.id })
    .from(examSessions)
    .innerJoin(scheduledSessions, eq(scheduledSessions.id, examSessions.scheduledSessionId))
    .where(inArray(examSessions.examId, examIds))
    .orderBy(asc(scheduledSessions.datetime), asc(scheduledSessions.id))
    .all();
  for (const r of rows) byExam.get(r.examId)?.push(r.id);
  return byExam;
}

const toExam = (r: Row, sessions: string[]): Exam => ({
  _id: r.id,
  _createdAt: r.createdAt,
  _updatedAt: r.updatedAt,
  _rev: r.rev,
  _type: "Exam",
  name: r.name,
  sessionTemplate: r.sessionTemplateId,
  createdBy: r.createdBy,
  scheduledSessions: sessions,
});

/** The exam's row, or NOT_FOUND (no permission check: callers have checked theirs). */
export async function findExamRow(db: Reader, id: string): Promise<Row> {
  const row = await db
    .select()
    .from(exams)
    .where(eq(exams.id, String(id ?? "")))
    .get();
  if (!row) throw new AppError("NOT_FOUND", "exam_not_found");
  return row;
}

/**
 * The sessions' common session template. Refuses unknown sessions, sessions of different
 * templates and sessions already in another exam.
 */
async function checkSessions(db: Reader, ids: string[], examId: string | null): Promise<string> {
  const rows = await db
    .select({ id: scheduledSessions.id, template: scheduledSessions.sessionTemplateId, examId: examSessions.examId })
    .from(scheduledSessions)
    .leftJoin(examSessions, eq(examSessions.scheduledSessionId, scheduledSessions.id))
    .where(inArray(scheduledSessions.id, ids))
    .all();
  if (rows.length !== ids.length) throw new AppError("NOT_FOUND", "scheduled_session_not_found");
  if (new Set(rows.map((r) => r.template)).size > 1)
    throw fieldError("scheduledSessions", "validation:exam-sessions-one-template");
  if (rows.some((r) => r.examId !== null && r.examId !== examId))
    throw fieldError("scheduledSessions", "validation:exam-session-taken");
  return rows[0]!.template;
}

export async function addExam(ctx: Ctx, input: unknown): Promise<Exam> {
  requirePermission(ctx, WRITE);
  const v = parseInput(addExamInput, input);
  return ctx.tdb.write(async (tx) => {
    const template = await checkSessions(tx, v.scheduledSessions, null);
    const now = new Date();
    const row: Row = {
      ...newDocumentRow(now),
      name: v.name,
      sessionTemplateId: template,
      createdBy: ctx.actor.userId,
    };
    await tx.insert(exams).values(row);
    await tx.insert(examSessions).values(v.scheduledSessions.map((s) => ({ scheduledSessionId: s, examId: row.id })));
    return toExam(row, (await sessionIdsOf(tx, [row.id])).get(row.id) ?? []);
  });
}

/**
 * Renames the exam or replaces its sessions (still one template: the template may change only
 * while no standard is applied, since the applied station cuts name the template's evaluations).
 */
export async function updateExam(ctx: Ctx, id: string, input: unknown): Promise<Exam> {
  requirePermission(ctx, WRITE);
  const v = parseInput(updateExamInput, input);
  return ctx.tdb.write(async (tx) => {
    const current = await findExamRow(tx, id);
    let template = current.sessionTemplateId;
    if (v.scheduledSessions) {
      template = await checkSessions(tx, v.scheduledSessions, current.id);
      const applied = await tx.select().from(examStandards).where(eq(examStandards.examId, current.id)).get();
      if (applied && template !== current.sessionTemplateId)
        throw fieldError("scheduledSessions", "validation:exam-sessions-one-template");
      await tx.delete(examSessions).where(eq(examSessions.examId, current.id));
      await tx
        .insert(examSessions)
        .values(v.scheduledSessions.map((s) => ({ scheduledSessionId: s, examId: current.id })));
    }
    const next: Row = {
      ...current,
      name: v.name ?? current.name,
      sessionTemplateId: template,
      updatedAt: new Date(),
      rev: current.rev + 1,
    };
    await tx.update(exams).set(next).where(eq(exams.id, current.id));
    return toExam(next, (await sessionIdsOf(tx, [current.id])).get(current.id) ?? []);
  });
}

export async function getExam(ctx: Ctx, id: string): Promise<Exam> {
  requirePermission(ctx, READ);
  const row = await findExamRow(ctx.tdb.db, id);
  return toExam(row, (await sessionIdsOf(ctx.tdb.db, [row.id])).get(row.id) ?? []);
}

/** Every exam, by name. */
export async function listExams(ctx: Ctx): Promise<Exam[]> {
  requirePermission(ctx, READ);
  const rows = await ctx.tdb.db.select().from(exams).orderBy(asc(exams.name), asc(exams.id)).all();
  const sessions = await sessionIdsOf(
    ctx.tdb.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toExam(r, sessions.get(r.id) ?? []));
}
