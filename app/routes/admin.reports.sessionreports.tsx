import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReportsPage, ReportsPager } from "~/components/reports/reports-page";
import { Alert, Button, fieldInputClass } from "~/components/ui/form";
import { isAppError } from "~/lib/app-error";
import { readActionForm } from "~/lib/form-data.server";
import { formErrorOf, loadOrFail } from "~/lib/form-result.server";
import { pageNumber } from "~/lib/list-query.server";
import { requireStaffContext } from "~/modules/auth/index.server";
import { bulkSendReports, reportsListScreen } from "~/modules/reports/index.server";

export const handle = { titleKey: "reports:entry.reports.title" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const url = new URL(request.url);
  const param = (name: string) => url.searchParams.get(name);
  const query = {
    page: pageNumber(url),
    session: param("session"),
    q: param("q"),
    status: param("status"),
    passedStatus: param("passedStatus"),
  };
  return loadOrFail(ctx, () => reportsListScreen(ctx, query));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = await requireStaffContext(request, context);
  const form = await readActionForm(ctx, request);
  const ids = form.getAll("ids").map(String);
  if (ids.length === 0) return { ok: false as const, message: ctx.t("reports:list.none-selected") };
  try {
    return { ok: true as const, message: await bulkSendReports(ctx, ids) };
  } catch (e) {
    if (!isAppError(e)) throw e;
    return { ok: false as const, message: formErrorOf(ctx.t, e).message };
  }
}

const STATUSES = ["PASSED", "NOT_PASSED", "DELIBERATED", "TRAINING_REQUIRED"] as const;

/** Session reports: filter, pick, download many as one PDF or send each to its participant. */
export default function SessionReports() {
  const { rows, filter, sessions, page, pageCount, totalCount, canWrite } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const { t } = useTranslation();
  return (
    <ReportsPage title={t("reports:entry.reports.title")}>
      <Form method="get" className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5" role="search">
        <select
          name="session"
          defaultValue={filter.session}
          aria-label={t("reports:list.session")}
          className={`${fieldInputClass(false)} w-full min-w-0`}
        >
          <option value="">{t("reports:list.all-sessions")}</option>
          {sessions.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <input
          name="q"
          defaultValue={filter.q}
          placeholder={t("reports:list.participant")}
          aria-label={t("reports:list.participant")}
          className={fieldInputClass(false)}
        />
        <select
          name="status"
          defaultValue={filter.status}
          aria-label={t("reports:list.state")}
          className={`${fieldInputClass(false)} w-full min-w-0`}
        >
          <option value="">{t("reports:list.all-states")}</option>
          <option value="DRAFT">{t("reports:list.draft")}</option>
          <option value="RELEASED">{t("reports:list.released")}</option>
        </select>
        <select
          name="passedStatus"
          defaultValue={filter.passedStatus}
          aria-label={t("reports:list.result")}
          className={`${fieldInputClass(false)} w-full min-w-0`}
        >
          <option value="">{t("reports:list.all-results")}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reports:status.${s}`)}
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary">
          {t("reports:list.apply")}
        </Button>
      </Form>
      {result ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
      <p className="text-sm text-slate-600">{t("reports:list.count", { count: totalCount })}</p>
      {rows.length ? (
        <Form method="post" id="bulk" className="flex flex-col gap-3">
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              data-testid="bulk-pdf"
              onClick={(event) => downloadPdf(event.currentTarget.form)}
            >
              {t("reports:list.download")}
            </Button>
            {canWrite ? (
              <Button type="submit" disabled={busy} data-testid="bulk-send">
                {t("reports:list.send")}
              </Button>
            ) : null}
          </div>
          {/* Fits a phone: long names and references break instead of running out of view; anything wider scrolls in its frame. */}
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-sm [&_td]:px-2 [&_td]:[overflow-wrap:anywhere] [&_th]:px-2">
              <thead>
                <tr className="border-b border-slate-300 text-left">
                  <th scope="col" className="w-8 py-2">
                    <span className="sr-only">{t("reports:list.select")}</span>
                  </th>
                  <th scope="col">{t("reports:list.participant")}</th>
                  <th scope="col">{t("reports:list.session")}</th>
                  <th scope="col" className="hidden sm:table-cell">
                    {t("reports:list.total")}
                  </th>
                  <th scope="col">{t("reports:list.result")}</th>
                  <th scope="col" className="hidden sm:table-cell">
                    {t("reports:list.state")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b border-slate-100" data-testid="report-row">
                    <td className="py-2">
                      <input
                        type="checkbox"
                        name="ids"
                        value={r.id}
                        aria-label={t("reports:list.select-one", { name: r.participant })}
                      />
                    </td>
                    <td>
                      <a href={`/sessionreport/${r.id}`}>{r.participant}</a>
                      {/* Phones: the total under the name (its column is hidden there). */}
                      <span className="block text-xs tabular-nums text-slate-600 sm:hidden">
                        {t("reports:list.total")}
                        {t("common:colon")}
                        {r.total}
                      </span>
                    </td>
                    <td>
                      {r.session} <span className="text-slate-500">{r.sessionDate}</span>
                    </td>
                    <td className="hidden tabular-nums sm:table-cell">{r.total}</td>
                    <td>
                      {t(`reports:status.${r.passedStatus}`)}
                      {/* Phones: the state under the result (its column is hidden there). */}
                      <span className="block text-xs text-slate-600 sm:hidden">
                        {t(r.draft ? "reports:list.draft" : "reports:list.released")}
                      </span>
                    </td>
                    <td className="hidden sm:table-cell">
                      {t(r.draft ? "reports:list.draft" : "reports:list.released")}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-slate-500">{t("reports:list.send-hint")}</p>
        </Form>
      ) : (
        <p className="text-slate-600">{t("reports:list.empty")}</p>
      )}
      <ReportsPager page={page} pageCount={pageCount} />
    </ReportsPage>
  );
}

/**
 * The ticked reports as one PDF: a plain browser request, since the PDF is an API endpoint (app/api)
 * and not a Remix route a <Form> could navigate to; its attachment leaves this page in place.
 */
function downloadPdf(form: HTMLFormElement | null) {
  if (!form) return;
  const query = new URLSearchParams();
  for (const id of new FormData(form).getAll("ids")) query.append("ids", String(id));
  window.location.assign(`/api/pdf/generate/session-report?${query.toString()}`);
}
