// What the report screens load and do, from typed input (their routes read the request). Thin:
// every rule lives in the reports and layouts modules.
import { participantContacts } from "~/modules/databases/index.server";
import { eq } from "drizzle-orm";
import { PASSED_STATUSES, participants, type PassedStatus } from "~db/tenant/schema";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { listCompletedScheduledSessions } from "./completed-sessions.server";
import { formatPercent, formatScore } from "./report-view";
import { can } from "~/lib/permissions";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { formatDateTime } from "~/lib/time-zone";
import { loadScoredParticipant } from "~/modules/corrections/index.server";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { defaultSessionReportLayout, listSessionReportLayouts, READ } from "./layouts.server";
import {
  createSessionReport,
  listSessionReports,
  saveParticipantReport,
  sessionNames,
  sessionReportFor,
  sessionReportsByIds,
} from "./reports.server";
import { reportRecipientRule } from "./recipients.server";
import { checkReportSend, sendParticipantReport, sendReportsToParticipants } from "./send.server";
import { warmPdfWorker } from "./pdf/pdf-pool.server";

/** /admin/reports, the entry page: nothing to load, only who may see the reports. */
export function reportsEntryScreen(ctx: Ctx): null {
  requirePermission(ctx, READ);
  return null;
}

export async function builderScreen(ctx: Ctx, scheduledSessionId: string, participantId: string) {
  requirePermission(ctx, READ);
  const scored = await loadScoredParticipant(ctx, scheduledSessionId, participantId);
  const report = await sessionReportFor(ctx, scheduledSessionId, participantId);
  const [layouts, fallback] = await Promise.all([listSessionReportLayouts(ctx), defaultSessionReportLayout(ctx)]);
  const email =
    (
      await ctx.tdb.db
        .select({ email: participants.email })
        .from(participants)
        .where(eq(participants.id, participantId))
        .get()
    )?.email ?? "";
  const zone = tenantTimeZone(ctx.tenant);
  const recipients = await reportRecipientRule(ctx, participantId);
  return {
    canWrite: can(ctx.permissions, "write:reports"),
    participantName: scored.participantName,
    participantEmail: email,
    /** Who the send field accepts (the hint under it): the organisation's report recipients, or any address. */
    reportRecipients: { extra: recipients.extra, anyAddress: recipients.anyAddress },
    complete: scored.complete,
    // The built-in layout (none saved yet) is offered as "no layout": null, the organisation's default.
    layouts: [...(fallback._createdAt ? [] : [fallback]), ...layouts].map((l) => ({
      id: l._createdAt ? l._id : null,
      name: l.name,
      isDefault: l.isDefaultLayout,
    })),
    evaluations: scored.evaluations.map((e) => ({ id: e.id, name: e.name })),
    categories: scored.categories.map((c) => ({ id: c.id, name: c.name })),
    report: report
      ? {
          id: report._id,
          draft: report.draft,
          layoutId: report.layoutId,
          layout: report.layout,
          options: report.options,
          data: report.data,
          passedStatusOverride: report.passedStatusOverride,
          passedStatusReason: report.passedStatusReason,
          releasedAt: report.releasedAt ? formatDateTime(report.releasedAt, ctx.locale, zone) : null,
        }
      : null,
    sessionDate: formatDateTime(scored.sessionDatetime, ctx.locale, zone, { style: "full", withZone: true }),
  };
}

/** What the builder form holds (its route reads it): the chosen layout, the report's fields and the send field. */
export type BuilderInput = {
  layout: string | null;
  options: Record<string, unknown>;
  /** Comments by category id; the report keeps one for each of the participant's categories. */
  categoryComments: Record<string, string>;
  passedStatusOverride: string | null;
  passedStatusReason: string;
  emails: string[];
};

/** The builder's fields as saveParticipantReport input. */
const reportInput = (input: BuilderInput, categoryIds: string[]) => ({
  options: input.options,
  categoryComments: categoryIds.map((id) => ({ category: id, comment: input.categoryComments[id] ?? "" })),
  passedStatusOverride: input.passedStatusOverride,
  passedStatusReason: input.passedStatusReason,
});

export const BUILDER_INTENTS = ["create", "save", "release", "unrelease", "send"] as const;
export type BuilderIntent = (typeof BUILDER_INTENTS)[number];

/**
 * The builder's form intents (the route names them `report-<intent>`); answers the success message,
 * or null when there is no report yet to change.
 */
export async function builderAction(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
  intent: BuilderIntent,
  input: BuilderInput,
): Promise<string | null> {
  if (intent === "create") {
    await createSessionReport(ctx, {
      participant: participantId,
      scheduledSession: scheduledSessionId,
      layout: input.layout,
    });
    warmPdfWorker(); // sending or downloading it comes next
    return ctx.t("reports:builder.created");
  }
  const current = await sessionReportFor(ctx, scheduledSessionId, participantId);
  if (!current) return null;
  const categoryIds = (await loadScoredParticipant(ctx, scheduledSessionId, participantId)).categories.map((c) => c.id);
  if (intent === "save" || intent === "release") {
    await saveParticipantReport(ctx, current._id, {
      ...reportInput(input, categoryIds),
      ...(intent === "release" ? { draft: false } : {}),
    });
    warmPdfWorker();
    return ctx.t(intent === "release" ? "reports:builder.released" : "reports:builder.saved");
  }
  if (intent === "send") {
    const send = { emails: input.emails, participant: participantId, scheduledSession: scheduledSessionId };
    // A send that would be refused (an address outside the rule, the hourly limit) saves nothing either.
    await checkReportSend(ctx, send);
    await saveParticipantReport(ctx, current._id, reportInput(input, categoryIds));
    await sendParticipantReport(ctx, send);
    return ctx.t("reports:builder.sent");
  }
  await saveParticipantReport(ctx, current._id, { draft: true });
  return ctx.t("reports:builder.saved");
}

/** Bulk send from the reports list: each report to its own participant's address. */
export async function bulkSendReports(ctx: Ctx, ids: string[]): Promise<string> {
  requirePermission(ctx, "write:reports");
  const reports = await sessionReportsByIds(ctx, ids);
  const people = await participantContacts(
    ctx.tdb.db,
    reports.map((r) => r.participant),
  );
  const sent = await sendReportsToParticipants(ctx, reports, new Map([...people.values()].map((p) => [p.id, p.email])));
  return ctx.t("reports:list.sent", { count: sent });
}

export type ReportRow = {
  id: string;
  participant: string;
  session: string;
  reference: string;
  sessionDate: string;
  passedStatus: string;
  draft: boolean;
  total: string;
  updated: string;
};

/** The session reports list's query: the page and the filters as typed (unknown values are ignored). */
export type ReportsListQuery = {
  page: number;
  session: string | null;
  q: string | null;
  status: string | null;
  passedStatus: string | null;
};

/** The session reports list: one page of rows for the filters. */
export async function reportsListScreen(ctx: Ctx, query: ReportsListQuery) {
  requirePermission(ctx, READ);
  const { page, status, passedStatus: passed } = query;
  const filter = {
    scheduledSession: query.session || null,
    name: query.q || null,
    status: status === "DRAFT" || status === "RELEASED" ? (status as "DRAFT" | "RELEASED") : null,
    passedStatus: (PASSED_STATUSES as readonly string[]).includes(passed ?? "") ? (passed as PassedStatus) : null,
  };
  const list = await listSessionReports(ctx, {
    filter,
    after: afterForPage(page),
    first: PAGE_SIZE,
    orderBy: "NAME",
    order: "ASC",
  });
  const sessions = await sessionNames(
    ctx,
    list.edges.map((e) => e.node.scheduledSession),
  );
  const zone = tenantTimeZone(ctx.tenant);
  const completed = await listCompletedScheduledSessions(ctx, { first: 100 });
  const rows: ReportRow[] = list.edges.map(({ node: r }) => ({
    id: r._id,
    participant: r.data.participantName,
    session: sessions.get(r.scheduledSession)?.name ?? r.data.sessionName,
    reference: sessions.get(r.scheduledSession)?.reference ?? "",
    sessionDate: formatDateTime(r.data.sessionDatetime, ctx.locale, zone),
    passedStatus: r.data.passedStatus,
    draft: r.draft,
    total: `${formatScore(r.data.totalScore, ctx.locale)} (${formatPercent(r.data.totalScore, ctx.locale)})`,
    updated: formatDateTime(r._updatedAt, ctx.locale, zone),
  }));
  return {
    rows,
    page,
    totalCount: list.pageInfo.totalCount,
    pageCount: Math.max(1, Math.ceil(list.pageInfo.totalCount / PAGE_SIZE)),
    filter: {
      session: filter.scheduledSession ?? "",
      q: filter.name ?? "",
      status: filter.status ?? "",
      passedStatus: filter.passedStatus ?? "",
    },
    sessions: completed.edges.map((e) => ({ id: e.node._id, label: `${e.node.sessionName} · ${e.node.reference}` })),
    canWrite: can(ctx.permissions, "write:reports"),
  };
}

/** Completed sessions, searched by name (`q`), one page. */
export async function completedSessionsScreen(ctx: Ctx, { page, q }: { page: number; q: string }) {
  requirePermission(ctx, READ);
  const list = await listCompletedScheduledSessions(ctx, {
    after: afterForPage(page),
    first: PAGE_SIZE,
    filter: { name: q || null },
  });
  const zone = tenantTimeZone(ctx.tenant);
  return {
    page,
    q,
    pageCount: Math.max(1, Math.ceil(list.pageInfo.totalCount / PAGE_SIZE)),
    sessions: list.edges.map(({ node: s }) => ({
      ...s,
      datetime: formatDateTime(s.datetime, ctx.locale, zone),
      passRate: s.passRate === null ? null : `${Math.round(s.passRate * 1000) / 10} %`,
    })),
  };
}
