// Session reports (createSessionReport / saveParticipantReport /
// sendParticipantReport): built from a scored participant, stored as a snapshot, kept as a draft
// until released. Participants only ever see released reports (ADR 0018).
import type { TenantTx } from "~db/tenant/client";
import { recordWebhookEvent } from "~/modules/webhooks/index.server";
import { timingSafeEqual } from "node:crypto";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  participants,
  scheduledSessions,
  sessionReports,
  sessionTemplates,
  type PassedStatus,
} from "~db/tenant/schema";
import { AppError } from "~/lib/app-error";
import { requireParticipant, requirePermission, type Ctx } from "~/lib/context.server";
import { randomToken } from "~/lib/ids.server";
import { loadScoredParticipant } from "~/modules/corrections/index.server";
import { containsCI } from "~/lib/text-match.server";
import { parseInput } from "~/lib/parse-input";
import { newDocumentRow, resolveWorkspace, type Doc } from "~/lib/document-rows.server";
import { appliedStandardOfSession } from "./standard-of-session.server";
import { paginate, type Connection, type PageArgs, type SortOrder } from "~/lib/paging.server";
import { layoutForReport, READ, WRITE } from "./layouts.server";
import { optionsFromLayout, reportOptionsInput } from "./layout-schema";
import { computeReportData, type ReportOverrides, type SessionReportData } from "./report-data";
import { auditOrigin } from "~/modules/audit/index.server";
import { auditReport } from "./audit-trail.server";

export { READ, WRITE };
type Row = typeof sessionReports.$inferSelect;

export type SessionReport = Doc & {
  _type: "SessionReport";
  owner: string | null;
  participant: string;
  scheduledSession: string;
  layoutId: string | null;
  layout: Row["layout"];
  options: Row["options"];
  data: SessionReportData;
  draft: boolean;
  passedStatus: PassedStatus;
  passedStatusOverride: PassedStatus | null;
  passedStatusReason: string | null;
  releasedAt: Date | null;
  /** When an exam standard changed this released report's computed status (rebuild to release it again). */
  standardChangedAt: Date | null;
  /** Only staff see it (the e-mail link carries it). */
  accessCode: string | null;
};

export function toReport(r: Row, opts: { withAccessCode: boolean }): SessionReport {
  const data = r.data as unknown as SessionReportData;
  return {
    _id: r.id,
    _createdAt: r.createdAt,
    _updatedAt: r.updatedAt,
    _rev: r.rev,
    _type: "SessionReport",
    workspace: r.workspaceId,
    owner: r.ownerId,
    participant: r.participantId,
    scheduledSession: r.scheduledSessionId,
    layoutId: r.layoutId,
    layout: r.layout,
    options: r.options,
    data,
    draft: r.draft,
    passedStatus: data.passedStatus,
    passedStatusOverride: r.passedStatusOverride,
    passedStatusReason: r.passedStatusReason,
    releasedAt: r.releasedAt,
    standardChangedAt: r.standardChangedAt,
    accessCode: opts.withAccessCode ? r.accessCode : null,
  };
}
const staffView = (r: Row) => toReport(r, { withAccessCode: true });

/** 192 random bits, base64url: the only secret of the e-mail link (ADR 0018). */
export const newAccessCode = (): string => randomToken(24);

async function findPair(ctx: Ctx, scheduledSessionId: string, participantId: string): Promise<Row | undefined> {
  return ctx.tdb.db
    .select()
    .from(sessionReports)
    .where(
      and(eq(sessionReports.scheduledSessionId, scheduledSessionId), eq(sessionReports.participantId, participantId)),
    )
    .get();
}

async function findRow(ctx: Ctx, id: string): Promise<Row> {
  const row = await ctx.tdb.db.select().from(sessionReports).where(eq(sessionReports.id, id)).get();
  if (!row) throw new AppError("NOT_FOUND", "session_report_not_found");
  return row;
}

const overridesOf = (row: Pick<Row, "passedStatusOverride" | "passedStatusReason" | "data">): ReportOverrides => ({
  passedStatusOverride:
    row.passedStatusOverride === "DELIBERATED" || row.passedStatusOverride === "TRAINING_REQUIRED"
      ? row.passedStatusOverride
      : null,
  passedStatusReason: row.passedStatusReason,
  categoryComments: Object.fromEntries(
    ((row.data as unknown as SessionReportData).categoryComments ?? []).map((c) => [c.categoryId, c.comment]),
  ),
});

export const createReportInput = z.object({
  layout: z.string().min(1).max(100).nullish(),
  participant: z.string({ required_error: "validation:required" }).min(1).max(100),
  scheduledSession: z.string({ required_error: "validation:required" }).min(1).max(100),
});

/**
 * createSessionReport(layout, participant, scheduledSession): computes the data from the current
 * corrections and stores it as a draft with a fresh access code. When the participant already has
 * a report it is rebuilt with the layout, keeping staff's comments, decision, state and code.
 */
export async function createSessionReport(ctx: Ctx, input: unknown): Promise<SessionReport> {
  requirePermission(ctx, WRITE);
  const args = parseInput(createReportInput, input);
  const scored = await loadScoredParticipant(ctx, args.scheduledSession, args.participant);
  const { id: layoutId, layout } = await layoutForReport(ctx, args.layout);
  const existing = await findPair(ctx, args.scheduledSession, args.participant);
  const options = existing?.options ?? optionsFromLayout(layout);
  const standard = await appliedStandardOfSession(ctx.tdb.db, args.scheduledSession);
  const data = computeReportData(scored, options, existing ? overridesOf(existing) : {}, standard);
  return ctx.tdb.write(async (tx) => {
    const now = new Date();
    if (existing) {
      const next = {
        ...existing,
        layoutId,
        layout,
        data: data as unknown as Record<string, unknown>,
        standardChangedAt: null,
        updatedAt: now,
        rev: existing.rev + 1,
      };
      await tx.update(sessionReports).set(next).where(eq(sessionReports.id, existing.id));
      await auditReport(tx, auditOrigin(ctx), existing, next);
      return staffView(next);
    }
    const row: Row = {
      ...newDocumentRow(now),
      workspaceId: await resolveWorkspace(tx),
      ownerId: ctx.actor.userId,
      scheduledSessionId: args.scheduledSession,
      participantId: args.participant,
      layoutId,
      layout,
      options,
      data: data as unknown as Record<string, unknown>,
      draft: true,
      passedStatusOverride: null,
      passedStatusReason: null,
      accessCode: newAccessCode(),
      releasedAt: null,
      standardChangedAt: null,
    };
    await tx.insert(sessionReports).values(row);
    await auditReport(tx, auditOrigin(ctx), null, row);
    return staffView(row);
  });
}

const reason = z
  .string()
  .trim()
  .max(2000)
  .nullish()
  .transform((v) => (v ? v : null));

export const saveReportInput = z
  .object({
    options: reportOptionsInput.optional(),
    layout: z.string().min(1).max(100).nullish(),
    categoryComments: z
      .array(z.object({ category: z.string().min(1).max(100), comment: z.string().max(5000) }))
      .max(500)
      .optional(),
    passedStatusOverride: z.enum(["DELIBERATED", "TRAINING_REQUIRED"]).nullish(),
    passedStatusReason: reason,
    draft: z.boolean().optional(),
  })
  .superRefine((v, issue) => {
    if (v.passedStatusOverride && !v.passedStatusReason)
      issue.addIssue({ code: "custom", path: ["passedStatusReason"], message: "validation:reason-required" });
  });

/**
 * saveParticipantReport: staff's options, category comments, passed-status decision (with its
 * reason) and draft state. The snapshot is rebuilt from the current corrections; releasing
 * (`draft: false`) stamps releasedAt once.
 */
export async function saveParticipantReport(ctx: Ctx, id: string, input: unknown): Promise<SessionReport> {
  requirePermission(ctx, WRITE);
  const current = await findRow(ctx, id);
  const merged = {
    passedStatusOverride: current.passedStatusOverride,
    passedStatusReason: current.passedStatusReason,
    ...(input as object),
  };
  const v = parseInput(saveReportInput, merged);
  const scored = await loadScoredParticipant(ctx, current.scheduledSessionId, current.participantId);
  const chosen =
    v.layout !== undefined ? await layoutForReport(ctx, v.layout) : { id: current.layoutId, layout: current.layout };
  const options = v.options ?? current.options;
  const overrides: ReportOverrides = {
    passedStatusOverride: v.passedStatusOverride ?? null,
    passedStatusReason: v.passedStatusOverride ? v.passedStatusReason : null,
    categoryComments: v.categoryComments
      ? Object.fromEntries(v.categoryComments.map((c) => [c.category, c.comment]))
      : overridesOf(current).categoryComments,
  };
  const standard = await appliedStandardOfSession(ctx.tdb.db, current.scheduledSessionId);
  const data = computeReportData(scored, options, overrides, standard);
  const draft = v.draft ?? current.draft;
  return ctx.tdb.write(async (tx) => {
    const now = new Date();
    const next: Row = {
      ...current,
      layoutId: chosen.id,
      layout: chosen.layout,
      options,
      data: data as unknown as Record<string, unknown>,
      passedStatusOverride: overrides.passedStatusOverride ?? null,
      passedStatusReason: overrides.passedStatusReason ?? null,
      draft,
      releasedAt: draft ? current.releasedAt : (current.releasedAt ?? now),
      standardChangedAt: null,
      updatedAt: now,
      rev: current.rev + 1,
    };
    await tx.update(sessionReports).set(next).where(eq(sessionReports.id, id));
    if (current.draft && !draft) await reportReleased(ctx, tx, next, now);
    await auditReport(tx, auditOrigin(ctx), current, next);
    return staffView(next);
  });
}

/** The webhook event of a draft becoming released, in the transaction that releases it. */
function reportReleased(ctx: Ctx, tx: TenantTx, report: Row, now: Date) {
  return recordWebhookEvent(tx, {
    tenant: ctx.tenant.slug,
    event: "REPORT_RELEASED",
    data: { sessionReport: report.id, scheduledSession: report.scheduledSessionId, participant: report.participantId },
    now,
  });
}

/** Marks a report released without rebuilding it (what sending does first). */
export async function releaseSessionReport(ctx: Ctx, id: string): Promise<SessionReport> {
  requirePermission(ctx, WRITE);
  const current = await findRow(ctx, id);
  if (!current.draft) return staffView(current);
  const next = {
    ...current,
    draft: false,
    releasedAt: current.releasedAt ?? new Date(),
    updatedAt: new Date(),
    rev: current.rev + 1,
  };
  await ctx.tdb.write(async (tx) => {
    await tx.update(sessionReports).set(next).where(eq(sessionReports.id, id));
    await reportReleased(ctx, tx, next, next.updatedAt);
    await auditReport(tx, auditOrigin(ctx), current, next);
  });
  return staffView(next);
}

export async function getSessionReport(ctx: Ctx, id: string): Promise<SessionReport> {
  requirePermission(ctx, READ);
  return staffView(await findRow(ctx, id));
}

/** The report of one participant of one scheduled session, or null when none was built yet. */
export async function sessionReportFor(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<SessionReport | null> {
  requirePermission(ctx, READ);
  const row = await findPair(ctx, scheduledSessionId, participantId);
  return row ? staffView(row) : null;
}

/** The participant's report in the scheduled session, or NOT_FOUND (session_report_not_found). */
export async function getSessionReportFor(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
): Promise<SessionReport> {
  const report = await sessionReportFor(ctx, scheduledSessionId, participantId);
  if (!report) throw new AppError("NOT_FOUND", "session_report_not_found");
  return report;
}

export type ReportStatus = "DRAFT" | "RELEASED";
export type SessionReportFilter = {
  scheduledSession?: string | null;
  participant?: string | null;
  status?: ReportStatus | null;
  passedStatus?: PassedStatus | null;
  name?: string | null;
};
export type SessionReportOrderBy = "DATE" | "NAME" | "SESSION_DATE";
export type SessionReportListArgs = PageArgs & {
  filter?: SessionReportFilter | null;
  order?: SortOrder | null;
  orderBy?: SessionReportOrderBy | null;
};

/** Every report, filtered by session, participant (id or name), state and result; paged. */
export async function listSessionReports(
  ctx: Ctx,
  args: SessionReportListArgs = {},
): Promise<Connection<SessionReport>> {
  requirePermission(ctx, READ);
  const f = args.filter ?? {};
  const where = and(
    ...[
      f.scheduledSession ? eq(sessionReports.scheduledSessionId, f.scheduledSession) : undefined,
      f.participant ? eq(sessionReports.participantId, f.participant) : undefined,
      f.status ? eq(sessionReports.draft, f.status === "DRAFT") : undefined,
      f.passedStatus ? sql`json_extract(${sessionReports.data}, '$.passedStatus') = ${f.passedStatus}` : undefined,
      f.name ? containsCI(participants.name, f.name) : undefined,
    ].filter((p): p is SQL => !!p),
  );
  const dir = args.order === "ASC" ? asc : desc;
  const column =
    args.orderBy === "NAME"
      ? participants.nameLower
      : args.orderBy === "SESSION_DATE"
        ? scheduledSessions.datetime
        : sessionReports.updatedAt;
  const db = ctx.tdb.db;
  const base = () =>
    db
      .select({ r: sessionReports })
      .from(sessionReports)
      .innerJoin(participants, eq(participants.id, sessionReports.participantId))
      .innerJoin(scheduledSessions, eq(scheduledSessions.id, sessionReports.scheduledSessionId));
  return paginate(
    args,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)` })
          .from(sessionReports)
          .innerJoin(participants, eq(participants.id, sessionReports.participantId))
          .innerJoin(scheduledSessions, eq(scheduledSessions.id, sessionReports.scheduledSessionId))
          .where(where)
          .get()
      )?.n ?? 0,
    (limit, offset) =>
      base().where(where).orderBy(dir(column), dir(sessionReports.id)).limit(limit).offset(offset).all(),
    (x) => staffView(x.r),
  );
}

/** Reports by id (bulk PDF and bulk send), in the order asked; unknown ids are refused. */
export async function sessionReportsByIds(ctx: Ctx, ids: string[]): Promise<SessionReport[]> {
  requirePermission(ctx, READ);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await ctx.tdb.db.select().from(sessionReports).where(inArray(sessionReports.id, unique)).all();
  if (rows.length !== unique.length) throw new AppError("NOT_FOUND", "session_report_not_found");
  const byId = new Map(rows.map((r) => [r.id, r]));
  return unique.map((id) => staffView(byId.get(id)!));
}

// ---- What participants may see: only their own released reports. ----

/** The signed-in participant's released reports, newest first (listed at /user). */
export async function myReleasedReports(ctx: Ctx): Promise<SessionReport[]> {
  requireParticipant(ctx);
  const rows = await ctx.tdb.db
    .select()
    .from(sessionReports)
    .where(and(eq(sessionReports.participantId, ctx.actor.participantId), eq(sessionReports.draft, false)))
    .orderBy(desc(sessionReports.releasedAt))
    .all();
  return rows.map((r) => toReport(r, { withAccessCode: false }));
}

/**
 * A report for its reader: staff with read:admin see any; the signed-in participant their own
 * released one; anyone else needs the report's access code (and it must be released). Every
 * refusal is the same NOT_FOUND, so an id or a code cannot be probed.
 */
export async function readableReport(ctx: Ctx, id: string, accessCode: string | null): Promise<SessionReport> {
  if (ctx.actor.type === "ADMIN" && ctx.permissions.includes(READ)) return getSessionReport(ctx, id);
  const row = await ctx.tdb.db.select().from(sessionReports).where(eq(sessionReports.id, id)).get();
  const ownReport = ctx.actor.type === "USER" && row?.participantId === ctx.actor.participantId;
  if (!row || row.draft || !(ownReport || (accessCode && sameCode(row.accessCode, accessCode)))) {
    throw new AppError("NOT_FOUND", "session_report_not_found");
  }
  return toReport(row, { withAccessCode: false });
}

function sameCode(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The session template's name and date of reports' sessions, for lists. */
export async function sessionNames(
  ctx: Ctx,
  ids: string[],
): Promise<Map<string, { name: string; datetime: Date; reference: string }>> {
  requirePermission(ctx, READ);
  if (ids.length === 0) return new Map();
  const rows = await ctx.tdb.db
    .select({
      id: scheduledSessions.id,
      name: sessionTemplates.name,
      datetime: scheduledSessions.datetime,
      reference: scheduledSessions.reference,
    })
    .from(scheduledSessions)
    .innerJoin(sessionTemplates, eq(sessionTemplates.id, scheduledSessions.sessionTemplateId))
    .where(inArray(scheduledSessions.id, [...new Set(ids)]))
    .all();
  return new Map(rows.map((r) => [r.id, r]));
}
