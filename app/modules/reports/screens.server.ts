// What the report screens load and how their forms become module calls. Thin: every rule lives in
// the reports and layouts modules.
import { eq, inArray } from "drizzle-orm";
import { PASSED_STATUSES, participants, type PassedStatus } from "~db/tenant/schema";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { listCompletedScheduledSessions } from "./completed-sessions.server";
import { formatPercent, formatScore } from "./report-view";
import { REPORT_OPTION_FLAGS } from "./layout-schema";
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
    layouts: [...(fallback._id ? [] : [fallback]), ...layouts].map((l) => ({
      id: l._id,
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

/** The builder form's fields as saveParticipantReport input. */
export function reportFormInput(form: FormData, categoryIds: string[]) {
  const flag = (name: string) => form.get(name) === "on" || form.get(name) === "true";
  const override = String(form.get("passedStatusOverride") ?? "");
  return {
    options: {
      chartType: String(form.get("chartType") ?? "RADAR"),
      onlyEvaluations: form.getAll("onlyEvaluations").map(String),
      ...Object.fromEntries(REPORT_OPTION_FLAGS.map((f) => [f, flag(f)])),
    },
    categoryComments: categoryIds.map((id) => ({
      category: id,
      comment: String(form.get(`categoryComment.${id}`) ?? ""),
    })),
    passedStatusOverride: override === "" ? null : override,
    passedStatusReason: String(form.get("passedStatusReason") ?? ""),
  };
}

/** The e-mail addresses typed in the send field (commas, semicolons, spaces or new lines). */
export const emailList = (value: FormDataEntryValue | null): string[] =>
  String(value ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const BUILDER_INTENTS = ["create", "save", "release", "unrelease", "send"] as const;
export type BuilderIntent = (typeof BUILDER_INTENTS)[number];

/** The builder's form intents (the route names them `report-<intent>`); answers the success message. */
export async function builderAction(
  ctx: Ctx,
  scheduledSessionId: string,
  participantId: string,
  intent: BuilderIntent,
  form: FormData,
): Promise<string> {
  if (intent === "create") {
    const layout = String(form.get("layout") ?? "");
    await createSessionReport(ctx, {
      participant: participantId,
      scheduledSession: scheduledSessionId,
      layout: layout || null,
    });
    return ctx.t("reports:builder.created");
  }
  const current = await sessionReportFor(ctx, scheduledSessionId, participantId);
  if (!current) throw new Response("Not Found", { status: 404 });
  const categoryIds = (await loadScoredParticipant(ctx, scheduledSessionId, participantId)).categories.map((c) => c.id);
  if (intent === "save" || intent === "release") {
    await saveParticipantReport(ctx, current._id, {
      ...reportFormInput(form, categoryIds),
      ...(intent === "release" ? { draft: false } : {}),
    });
    return ctx.t(intent === "release" ? "reports:builder.released" : "reports:builder.saved");
  }
  if (intent === "send") {
    const send = {
      emails: emailList(form.get("emails")),
      participant: participantId,
      scheduledSession: scheduledSessionId,
    };
    // A send that would be refused (an address outside the rule, the hourly limit) saves nothing either.
    await checkReportSend(ctx, send);
    await saveParticipantReport(ctx, current._id, reportFormInput(form, categoryIds));
    await sendParticipantReport(ctx, send);
    return ctx.t("reports:builder.sent");
  }
  if (intent === "unrelease") {
    await saveParticipantReport(ctx, current._id, { draft: true });
    return ctx.t("reports:builder.saved");
  }
  throw new Response("Bad Request", { status: 400 });
}

/** Bulk send from the reports list: each report to its own participant's address. */
export async function bulkSendReports(ctx: Ctx, ids: string[]): Promise<string> {
  requirePermission(ctx, "write:reports");
  const reports = await sessionReportsByIds(ctx, ids);
  const people = reports.length
    ? await ctx.tdb.db
        .select({ id: participants.id, email: participants.email })
        .from(participants)
        .where(
          inArray(
            participants.id,
            reports.map((r) => r.participant),
          ),
        )
        .all()
    : [];
  const sent = await sendReportsToParticipants(ctx, reports, new Map(people.map((p) => [p.id, p.email])));
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

/** The session reports list: filters from the query string, one page of rows. */
export async function reportsListScreen(ctx: Ctx, url: URL) {
  requirePermission(ctx, READ);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const status = url.searchParams.get("status");
  const passed = url.searchParams.get("passedStatus");
  const filter = {
    scheduledSession: url.searchParams.get("session") || null,
    name: url.searchParams.get("q") || null,
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

export async function completedSessionsScreen(ctx: Ctx, url: URL) {
  requirePermission(ctx, READ);
  const page = Math.max(1, Number(url.searchParams.get("page")) || 1);
  const list = await listCompletedScheduledSessions(ctx, {
    after: afterForPage(page),
    first: PAGE_SIZE,
    filter: { name: url.searchParams.get("q") || null },
  });
  const zone = tenantTimeZone(ctx.tenant);
  return {
    page,
    q: url.searchParams.get("q") ?? "",
    pageCount: Math.max(1, Math.ceil(list.pageInfo.totalCount / PAGE_SIZE)),
    sessions: list.edges.map(({ node: s }) => ({
      ...s,
      datetime: formatDateTime(s.datetime, ctx.locale, zone),
      passRate: s.passRate === null ? null : `${Math.round(s.passRate * 1000) / 10} %`,
    })),
  };
}
