import { asc, eq, inArray } from "drizzle-orm";
import { participants } from "~db/tenant/schema";
import { isAppError } from "~/lib/app-error";
import { requirePermission, type Ctx } from "~/lib/context.server";
import { addDays, dayOfInstant, startOfDay } from "~/lib/time-zone";
import { getSession } from "~/modules/assessments/index.server";
import { afterForPage, PAGE_SIZE } from "~/lib/paging.server";
import { can } from "~/lib/permissions";
import { tenantTimeZone } from "~/modules/tenants/index.server";
import { staffDirectory } from "~/modules/staff/index.server";
import { participantEntrySummaries } from "./entries.server";
import { STATUSES } from "./ordering";
import { MAX_SESSION_PARTICIPANTS } from "./limits";
import {
  evaluationNames,
  getScheduledSession,
  listScheduledSessions,
  listScheduledSessionsBetween,
  READ,
  type ScheduledSession,
  type ScheduledSessionFilter,
} from "./scheduled-sessions.server";

/** Loader helpers for the scheduling screens (options for selects, names for grids). */

export const canSchedule = (ctx: Ctx) => can(ctx.permissions, "write:scheduling");

/** Staff users to choose from on the plan form. */
export async function planOptions(ctx: Ctx) {
  requirePermission(ctx, READ);
  // Templates, locations, companies and participants are searched on the server from the form (ADR 0007).
  const users = await staffDirectory(ctx.tdb);
  return { users: users.map((u) => ({ id: u.id, name: `${u.name} (${u.email})` })) };
}

/** The template the list is filtered by, with its name (null when unknown or not visible to the actor). */
async function templateChoice(ctx: Ctx, id: string | null): Promise<{ id: string; label: string } | null> {
  if (!id) return null;
  try {
    return { id, label: (await getSession(ctx, id)).name };
  } catch (e) {
    if (isAppError(e) && e.code === "NOT_FOUND") return null;
    throw e;
  }
}

export type Person = { id: string; name: string; email: string };

/** Names and e-mails of participants, in the order of `ids` (unknown ids are left out). */
export async function participantNames(ctx: Ctx, ids: string[]): Promise<Person[]> {
  requirePermission(ctx, READ);
  if (ids.length === 0) return [];
  const rows = await ctx.tdb.db
    .select({ id: participants.id, name: participants.name, email: participants.email })
    .from(participants)
    .where(inArray(participants.id, ids))
    .all();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

export async function evaluationsOfSession(ctx: Ctx, session: ScheduledSession) {
  requirePermission(ctx, READ);
  const names = await evaluationNames(ctx.tdb.db, session.evaluations);
  return session.evaluations.map((id) => ({ id, name: names.get(id) ?? id }));
}

/** Everyone of a company, by name: "add the whole company" on the plan form. */
export async function companyParticipants(ctx: Ctx, companyId: string): Promise<Person[]> {
  requirePermission(ctx, READ);
  return ctx.tdb.db
    .select({ id: participants.id, name: participants.name, email: participants.email })
    .from(participants)
    .where(eq(participants.companyId, companyId))
    .orderBy(asc(participants.nameLower))
    .limit(MAX_SESSION_PARTICIPANTS)
    .all();
}

/**
 * The month grid (whole weeks, Monday..Sunday) or the week around the day `anchor` (yyyy-mm-dd),
 * with the instants at which its first day starts and the day after its last starts in `zone`.
 */
export function calendarRange(
  view: "month" | "week",
  anchor: string,
  zone: string,
): { start: Date; end: Date; days: string[] } {
  const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const mondayOf = (day: string) => addDays(day, -weekday(day));
  let first: string;
  let count: number;
  if (view === "week") {
    first = mondayOf(anchor);
    count = 7;
  } else {
    const monthStart = `${anchor.slice(0, 8)}01`;
    const nextMonth = addDays(monthStart, 31).slice(0, 8) + "01";
    first = mondayOf(monthStart);
    const afterLastWeek = addDays(mondayOf(addDays(nextMonth, -1)), 7);
    count = Math.round((Date.parse(afterLastWeek) - Date.parse(first)) / 86_400_000);
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  return { start: startOfDay(days[0]!, zone), end: startOfDay(addDays(days.at(-1)!, 1), zone), days };
}

export type ScheduledSessionsView = "list" | "month" | "week";

/** The state of `/admin/scheduledsessions` as its route read it from the URL ("" for a missing parameter). */
export type ScheduledSessionsQuery = {
  view: ScheduledSessionsView;
  page: number;
  dir: "ASC" | "DESC";
  /** The day (yyyy-mm-dd) the calendar shows; today when not a valid day. */
  date: string;
  status: string;
  when: string;
  /** The template the list is filtered by. */
  session: string;
  /** The scheduled session whose overview is open. */
  overview: string;
};

/**
 * Everything `/admin/scheduledsessions` shows: the list page (filters, sort, page) or the month/week
 * calendar around `date`, and the overview of `overview` when one is open. Days are the
 * organisation's (ADR 0006).
 */
export async function scheduledSessionsScreen(ctx: Ctx, query: ScheduledSessionsQuery) {
  requirePermission(ctx, READ);
  const { view, page, dir, date, status, when } = query;
  const timeZone = tenantTimeZone(ctx.tenant);
  const today = dayOfInstant(new Date(), timeZone);
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(Date.parse(date)) ? date : today;
  const filter: ScheduledSessionFilter = {
    status: (STATUSES as readonly string[]).includes(status) ? (status as ScheduledSessionFilter["status"]) : null,
    when: when === "UPCOMING" || when === "PAST" ? when : null,
    session: query.session || null,
  };
  const overviewId = query.overview;
  const range = view === "list" ? null : calendarRange(view, anchor, timeZone);
  const [template, list, between, overview] = await Promise.all([
    templateChoice(ctx, filter.session ?? null),
    view === "list"
      ? listScheduledSessions(ctx, {
          filter,
          order: dir,
          orderBy: "DATETIME",
          after: afterForPage(page),
          first: PAGE_SIZE,
        })
      : null,
    range ? listScheduledSessionsBetween(ctx, range.start, range.end) : null,
    overviewId ? sessionOverview(ctx, overviewId) : null,
  ]);
  // The calendar shows a period whole; status and template narrow it like the list.
  const calendarSessions =
    between?.filter(
      (s) => (!filter.status || s.status === filter.status) && (!filter.session || s.session === filter.session),
    ) ?? [];
  return {
    view,
    page,
    dir,
    anchor,
    today,
    timeZone,
    list,
    calendar: range ? { days: range.days, sessions: calendarSessions } : null,
    overview,
    template,
    canWrite: canSchedule(ctx),
    tenant: ctx.tenant.slug,
  };
}

/** A scheduled session with its participants' entries and the names of its evaluations. */
export async function sessionOverview(ctx: Ctx, id: string) {
  const session = await getScheduledSession(ctx, id);
  const [entries, evaluations] = await Promise.all([
    participantEntrySummaries(ctx, session._id),
    evaluationsOfSession(ctx, session),
  ]);
  return { session, entries, evaluations };
}
