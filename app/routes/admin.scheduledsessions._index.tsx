import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { SessionCalendar } from "~/components/scheduling/calendar";
import { StatusBadge } from "~/components/scheduling/status-badge";
import { SessionOverview } from "~/components/scheduling/session-overview";
import { TemplateSelect } from "~/components/scheduling/template-select";
import { FilterSelect } from "~/components/ui/filter-select";
import { Alert, Button } from "~/components/ui/form";
import { formatDateTime, formatDay, formatDayRange, zoneLabel } from "~/lib/time-zone";
import { requireStaffContext } from "~/modules/auth/index.server";
import { loadOrFail } from "~/lib/form-result.server";
import { STATUSES as SCHEDULED_SESSION_STATUSES } from "~/modules/scheduling";
import { pageNumber } from "~/lib/list-query.server";
import { ListTable } from "~/components/ui/list-table";
import {
  scheduledSessionsScreen,
  type ScheduledSessionsQuery,
  type ScheduledSessionsView as View,
} from "~/modules/scheduling/index.server";

const SIZE = 20;
const calendarNav = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50";

export const handle = { titleKey: "scheduling:title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  return loadOrFail(ctx, () => scheduledSessionsScreen(ctx, screenQuery(new URL(request.url))));
}

/** The screen's state from its URL: list or calendar, the list's page and order, filters, the open overview. */
function screenQuery(url: URL): ScheduledSessionsQuery {
  const param = (name: string) => url.searchParams.get(name) ?? "";
  const view = param("view");
  return {
    view: view === "month" || view === "week" ? view : "list",
    page: pageNumber(url),
    dir: param("dir") === "ASC" ? "ASC" : "DESC",
    date: param("date"),
    status: param("status"),
    when: param("when"),
    session: param("session"),
    overview: param("overview"),
  };
}

function shiftAnchor(anchor: string, view: View, step: number): string {
  const d = new Date(`${anchor}T00:00:00Z`);
  if (view === "week") d.setUTCDate(d.getUTCDate() + 7 * step);
  else d.setUTCMonth(d.getUTCMonth() + step, 1);
  return d.toISOString().slice(0, 10);
}

export default function ScheduledSessions() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const locale = i18n.language;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
  // A session's links, the same on a phone's card and in the table's row.
  const linksOf = (id: string) => ({ id, overview: withParams({ overview: id }), canWrite: data.canWrite });
  const views: View[] = ["list", "month", "week"];
  const pages = data.list
    ? Math.max(1, Math.ceil(data.list.pageInfo.totalCount / (data.list.pageInfo.pageSize || SIZE)))
    : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-primary">{t("scheduling:title")}</h1>
          <p className="text-sm text-slate-600" data-testid="time-zone">
            {t("scheduling:list.times-in", { zone: zoneLabel(new Date(), locale, data.timeZone) })}
          </p>
        </div>
        {data.canWrite ? (
          <Link
            to="/admin/scheduledsessions/plan"
            className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-hover"
            data-testid="plan-new"
          >
            {t("scheduling:plan-new")}
          </Link>
        ) : null}
      </div>

      {params.get("removed") === "1" ? (
        <Alert tone="success">
          <span data-testid="removed">{t("scheduling:plan.removed")}</span>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <div
          role="group"
          aria-label={t("scheduling:list.view-list")}
          className="inline-flex overflow-hidden rounded-md border border-slate-300"
        >
          {views.map((v) => (
            <Link
              key={v}
              to={withParams({ view: v === "list" ? null : v, page: null })}
              aria-current={data.view === v ? "page" : undefined}
              className={`px-3 py-2 text-sm ${data.view === v ? "bg-selected font-semibold text-primary" : "bg-white text-slate-700 hover:bg-slate-50"}`}
            >
              {t(`scheduling:list.view-${v}`)}
            </Link>
          ))}
        </div>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          {data.view !== "list" ? <input type="hidden" name="view" value={data.view} /> : null}
          {data.view !== "list" ? <input type="hidden" name="date" value={data.anchor} /> : null}
          <ListFilter name="status" label={t("scheduling:list.filter-status")}>
            {SCHEDULED_SESSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`scheduling:status.${s}`)}
              </option>
            ))}
          </ListFilter>
          <div className="w-64 max-w-full">
            <TemplateSelect
              key={data.template?.id ?? ""}
              name="session"
              label={t("scheduling:list.filter-session")}
              emptyLabel={t("scheduling:list.all")}
              initial={data.template}
            />
          </div>
          {data.view === "list" ? (
            <ListFilter name="when" label={t("scheduling:list.filter-when")}>
              <option value="UPCOMING">{t("scheduling:list.upcoming")}</option>
              <option value="PAST">{t("scheduling:list.past")}</option>
            </ListFilter>
          ) : null}
          <Button type="submit" variant="secondary">
            {t("scheduling:list.apply")}
          </Button>
        </Form>
      </div>

      {data.list ? (
        data.list.edges.length === 0 ? (
          <p className="text-slate-600">{t("scheduling:list.empty")}</p>
        ) : (
          <>
            {/* Phones and tablets get cards: a seven-column table fits only beside the menu of a wide screen. */}
            <ul className="flex flex-col gap-2 lg:hidden" data-testid="scheduled-session-cards">
              {data.list.edges.map(({ node: s }) => (
                <li
                  key={s._id}
                  className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
                  data-testid={`card-${s.reference}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold">{formatDateTime(s.datetime, locale, data.timeZone)}</p>
                    <StatusBadge status={s.status} />
                  </div>
                  <p>{s.sessionName}</p>
                  <p className="text-xs text-slate-600">
                    <span className="font-mono">{s.reference}</span> · {s.locationName ?? "—"} ·{" "}
                    {t("scheduling:list.count", { count: s.participants.length })}
                  </p>
                  <SessionLinks {...linksOf(s._id)} className="mt-2 flex gap-4" />
                </li>
              ))}
            </ul>
            <ListTable
              className="w-full text-left text-sm"
              testId="scheduled-sessions"
              frameClassName="hidden lg:block"
              head={
                <tr>
                  {/* aria-sort belongs on the column header, not on its link (aria-allowed-attr). */}
                  <th className="px-3 py-2" aria-sort={data.dir === "ASC" ? "ascending" : "descending"}>
                    <Link to={withParams({ dir: data.dir === "DESC" ? "ASC" : "DESC" })}>
                      {t("scheduling:fields.datetime")} {data.dir === "ASC" ? "▲" : "▼"}
                    </Link>
                  </th>
                  <th className="px-3 py-2">{t("scheduling:fields.reference")}</th>
                  <th className="px-3 py-2">{t("scheduling:fields.session")}</th>
                  <th className="hidden px-3 py-2 md:table-cell">{t("scheduling:fields.location")}</th>
                  <th className="px-3 py-2">{t("scheduling:fields.status")}</th>
                  <th className="px-3 py-2">{t("scheduling:fields.participants")}</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">{t("scheduling:list.open")}</span>
                  </th>
                </tr>
              }
            >
              {data.list.edges.map(({ node: s }) => (
                <tr key={s._id} className="border-t border-slate-100" data-testid={`row-${s.reference}`}>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(s.datetime, locale, data.timeZone)}</td>
                  <td className="px-3 py-2 font-mono whitespace-nowrap">{s.reference}</td>
                  {/* Only the name breaks, even inside a long word; dates, references and states stay whole. */}
                  <td className="min-w-40 px-3 py-2 [overflow-wrap:anywhere]">
                    {s.sessionName}
                    <span className="block text-xs text-slate-500 md:hidden">{s.locationName ?? "—"}</span>
                  </td>
                  <td className="hidden px-3 py-2 md:table-cell">{s.locationName ?? "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <StatusBadge status={s.status} />
                  </td>
                  <td className="px-3 py-2">{s.participants.length}</td>
                  <td className="px-3 py-2">
                    <SessionLinks
                      {...linksOf(s._id)}
                      className="flex flex-col items-start gap-1 whitespace-nowrap lg:flex-row lg:gap-3"
                    />
                  </td>
                </tr>
              ))}
            </ListTable>
          </>
        )
      ) : null}
      {data.list && pages > 1 ? (
        <nav className="flex items-center gap-3 text-sm">
          {data.page > 1 ? (
            <Link to={withParams({ page: String(data.page - 1) })}>{t("scheduling:list.previous")}</Link>
          ) : null}
          <span>{t("scheduling:list.page", { page: data.page, pages })}</span>
          {data.page < pages ? (
            <Link to={withParams({ page: String(data.page + 1) })}>{t("scheduling:list.next")}</Link>
          ) : null}
        </nav>
      ) : null}

      {data.calendar ? (
        <section aria-label={t(`scheduling:list.view-${data.view}`)}>
          <div className="mb-2 flex flex-wrap items-center gap-2">
            <Link className={calendarNav} to={withParams({ date: shiftAnchor(data.anchor, data.view, -1) })}>
              {t("scheduling:list.previous")}
            </Link>
            <Link className={calendarNav} to={withParams({ date: null })}>
              {t("scheduling:list.today")}
            </Link>
            <Link className={calendarNav} to={withParams({ date: shiftAnchor(data.anchor, data.view, 1) })}>
              {t("scheduling:list.next")}
            </Link>
            <h2 className="ml-1 font-semibold text-primary" data-testid="calendar-period">
              {data.view === "week"
                ? formatDayRange(data.calendar.days[0]!, data.calendar.days.at(-1)!, locale)
                : formatDay(data.anchor, locale, { month: "long", year: "numeric" })}
            </h2>
          </div>
          <SessionCalendar
            view={data.view === "week" ? "week" : "month"}
            days={data.calendar.days}
            anchor={data.anchor}
            today={data.today}
            timeZone={data.timeZone}
            sessions={data.calendar.sessions}
            linkTo={(id) => withParams({ overview: id })}
          />
        </section>
      ) : null}

      {data.overview ? (
        <SessionOverview
          overview={data.overview}
          timeZone={data.timeZone}
          tenant={data.tenant}
          canWrite={data.canWrite}
          onClose={() => navigate(withParams({ overview: null }), { preventScrollReset: true })}
        />
      ) : null}
    </div>
  );
}

/** A filter of the list: "all" or one of its options, as the URL has it now. */
function ListFilter({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <FilterSelect name={name} label={label} defaultValue={params.get(name) ?? ""}>
      <option value="">{t("scheduling:list.all")}</option>
      {children}
    </FilterSelect>
  );
}

/** Open (the overview), and for planners Edit and Order: the same links in the table and the cards. */
function SessionLinks({
  id,
  overview,
  canWrite,
  className,
}: {
  id: string;
  overview: string;
  canWrite: boolean;
  className: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={className}>
      <Link className="text-primary underline" to={overview}>
        {t("scheduling:list.open")}
      </Link>
      <Link className="text-primary underline" to={`/admin/scheduledsessions/dashboard/${id}`} data-testid="live-link">
        {t("live:dashboard.link")}
      </Link>
      {canWrite ? (
        <>
          <Link className="text-primary underline" to={`/admin/scheduledsessions/plan?id=${id}`}>
            {t("scheduling:list.edit")}
          </Link>
          <Link className="text-primary underline" to={`/admin/scheduledsessions/order/${id}`}>
            {t("scheduling:list.order")}
          </Link>
        </>
      ) : null}
    </div>
  );
}
