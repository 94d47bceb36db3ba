// allCompletedScheduledSessions: completed sessions with each participant's correction
// progress (active / completed / correction_complete) and the pass rate of their reports.
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  participants,
  scheduledSessionParticipantCorrections,
  scheduledSessionParticipantEntries,
  scheduledSessions,
  sessionReports,
  sessionTemplates,
  type PassedStatus,
} from "~db/tenant/schema";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { containsCI } from "~/lib/text-match.server";
import { paginateSelect, type Connection, type PageArgs, type SortOrder } from "~/lib/paging.server";
import { READ } from "./layouts.server";

export type CorrectionProgress = "active" | "completed" | "correction_complete";
export type CompletedParticipant = {
  participant: string;
  name: string;
  progress: CorrectionProgress;
  report: string | null;
  draft: boolean | null;
  passedStatus: PassedStatus | null;
};
export type CompletedScheduledSession = {
  _id: string;
  reference: string;
  sessionName: string;
  datetime: Date;
  participantCount: number;
  correctionComplete: number;
  reportCount: number;
  releasedCount: number;
  passedCount: number;
  /** Passed (PASSED or DELIBERATED) of the participants with a report, 0..1; null without reports. */
  passRate: number | null;
  participants: CompletedParticipant[];
};

export const isPass = (s: PassedStatus | null | undefined) => s === "PASSED" || s === "DELIBERATED";

export type CompletedFilter = { name?: string | null };
export type CompletedListArgs = PageArgs & {
  filter?: CompletedFilter | null;
  order?: SortOrder | null;
  orderBy?: "DATETIME" | null;
};

export async function listCompletedScheduledSessions(
  ctx: Ctx,
  args: CompletedListArgs = {},
): Promise<Connection<CompletedScheduledSession>> {
  requirePermission(ctx, READ);
  const db = ctx.tdb.db;
  const where = and(
    ...[
      eq(scheduledSessions.status, "COMPLETED"),
      args.filter?.name ? containsCI(sessionTemplates.name, args.filter.name) : undefined,
    ].filter((p): p is SQL => !!p),
  );
  const dir = args.order === "ASC" ? asc : desc;
  const ofTemplate = eq(sessionTemplates.id, scheduledSessions.sessionTemplateId);
  const page = await paginateSelect(
    args,
    db.select({ n: count() }).from(scheduledSessions).innerJoin(sessionTemplates, ofTemplate).where(where),
    db
      .select({
        id: scheduledSessions.id,
        reference: scheduledSessions.reference,
        datetime: scheduledSessions.datetime,
        sessionName: sessionTemplates.name,
      })
      .from(scheduledSessions)
      .innerJoin(sessionTemplates, ofTemplate)
      .where(where)
      .orderBy(dir(scheduledSessions.datetime), dir(scheduledSessions.id)),
    (r) => r,
  );
  const ids = page.edges.map((e) => e.node.id);
  const details = await progressOf(ctx, ids);
  return {
    ...page,
    edges: page.edges.map((e) => ({ cursor: e.cursor, node: summarise(e.node, details.get(e.node.id) ?? []) })),
  };
}

function summarise(
  s: { id: string; reference: string; datetime: Date; sessionName: string },
  people: CompletedParticipant[],
): CompletedScheduledSession {
  const withReport = people.filter((p) => p.report);
  const passed = withReport.filter((p) => isPass(p.passedStatus)).length;
  return {
    _id: s.id,
    reference: s.reference,
    sessionName: s.sessionName,
    datetime: s.datetime,
    participantCount: people.length,
    correctionComplete: people.filter((p) => p.progress === "correction_complete").length,
    reportCount: withReport.length,
    releasedCount: withReport.filter((p) => p.draft === false).length,
    passedCount: passed,
    passRate: withReport.length ? passed / withReport.length : null,
    participants: people,
  };
}

/** Every participant of the sessions with their correction progress and report, by name. */
async function progressOf(ctx: Ctx, sessionIds: string[]): Promise<Map<string, CompletedParticipant[]>> {
  if (sessionIds.length === 0) return new Map();
  const db = ctx.tdb.db;
  const rows = await db
    .select({
      session: scheduledSessionParticipantEntries.scheduledSessionId,
      participant: scheduledSessionParticipantEntries.participantId,
      name: participants.name,
      completedAt: scheduledSessionParticipantCorrections.completedAt,
      report: sessionReports.id,
      draft: sessionReports.draft,
      passedStatus: sql<PassedStatus | null>`json_extract(${sessionReports.data}, '$.passedStatus')`,
    })
    .from(scheduledSessionParticipantEntries)
    .innerJoin(participants, eq(participants.id, scheduledSessionParticipantEntries.participantId))
    .leftJoin(
      scheduledSessionParticipantCorrections,
      and(
        eq(
          scheduledSessionParticipantCorrections.scheduledSessionId,
          scheduledSessionParticipantEntries.scheduledSessionId,
        ),
        eq(scheduledSessionParticipantCorrections.participantId, scheduledSessionParticipantEntries.participantId),
      ),
    )
    .leftJoin(
      sessionReports,
      and(
        eq(sessionReports.scheduledSessionId, scheduledSessionParticipantEntries.scheduledSessionId),
        eq(sessionReports.participantId, scheduledSessionParticipantEntries.participantId),
      ),
    )
    .where(inArray(scheduledSessionParticipantEntries.scheduledSessionId, sessionIds))
    .orderBy(asc(participants.nameLower))
    .all();
  const result = new Map<string, CompletedParticipant[]>();
  for (const r of rows) {
    const list = result.get(r.session) ?? [];
    // In a completed session everyone has finished taking it; corrections decide the rest.
    list.push({
      participant: r.participant,
      name: r.name,
      progress: r.completedAt ? "correction_complete" : "completed",
      report: r.report,
      draft: r.draft,
      passedStatus: r.passedStatus,
    });
    result.set(r.session, list);
  }
  return result;
}
