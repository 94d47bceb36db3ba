import { Form, Link, useLocation, useNavigation, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Button } from "~/components/ui/form";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { HeaderRow } from "~/components/ui/header-row";
import { useFormat } from "~/components/ui/use-format";
import { STANDARD_METHODS, type ExamBoardView, type StandardMethod, formatStat } from "./board-view";
import { AngoffEntry } from "./angoff-entry";
import { DoubleMarkingSection } from "./double-marking-section";
import { StandardOptionsForm } from "./standard-options-form";
import { StandardWorking } from "./standard-working";

type Result =
  | { ok: true; intent: string; message?: string }
  | { ok: false; intent: string; message: string; fieldErrors: Record<string, string> };

export function ExamPage({
  data,
  result,
}: {
  data: { board: ExamBoardView; method: string | null; me: string | null };
  result: Result | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const submit = useSubmit();
  const busy = useNavigation().state !== "idle";
  const { search } = useLocation();
  const { board } = data;
  const { exam, applied } = board;
  const selected: StandardMethod = STANDARD_METHODS.includes(data.method as StandardMethod)
    ? (data.method as StandardMethod)
    : (applied?.method ?? "BORDERLINE_REGRESSION");
  const stat = (v: number | null | undefined, kind?: "percent" | "number" | "ratio") =>
    formatStat(v, format.locale, kind);
  const staff = (id: string | null) => (id ? (board.staffNames[id] ?? id) : "");
  const withMethod = (method: StandardMethod) => {
    const query = new URLSearchParams(search);
    query.set("method", method);
    return `?${query}`;
  };

  return (
    <div className="flex flex-col gap-6">
      <div>
        <nav aria-label={t("exams:nav")} className="text-sm">
          <Link to="/admin/exams">{t("exams:exam.back")}</Link>
        </nav>
        <h1 className="text-2xl font-semibold text-primary">{exam.name}</h1>
        <p className="text-sm text-slate-700">
          {t("exams:exam.template", { name: exam.sessionTemplateName, pass: exam.passPercentage })} ·{" "}
          {t("exams:exam.candidates", { count: board.candidates.length })}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link
            to={`/admin/exams/${exam._id}/quality`}
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium no-underline hover:bg-slate-50"
          >
            {t("exams:exam.quality-link")}
          </Link>
          <a
            href={`/api/exams/${exam._id}/results.csv`}
            download
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium no-underline hover:bg-slate-50"
          >
            {t("exams:exam.csv")}
          </a>
          <a
            href={`/api/exams/${exam._id}/board.pdf`}
            download
            className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium no-underline hover:bg-slate-50"
          >
            {t("exams:exam.pdf")}
          </a>
        </div>
      </div>

      {result?.ok && result.message ? <Alert tone="success">{result.message}</Alert> : null}
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}

      <section aria-labelledby="exam-sessions" className="rounded-md border border-slate-200 bg-white p-4">
        <h2 id="exam-sessions" className="mb-2 text-lg font-semibold text-primary">
          {t("exams:exam.sessions")}
        </h2>
        <ul className="list-disc pl-5 text-sm">
          {board.sessions.map((s) => (
            <li key={s.id}>
              {/* Underlined: a link beside plain text must not tell itself apart by colour alone (axe). */}
              <Link to={`/admin/scheduledsessions/dashboard/${s.id}`} className="text-primary underline">
                {format.dateTime(s.datetime)}
              </Link>
              {s.reference ? ` · ${s.reference}` : ""}
            </li>
          ))}
        </ul>
      </section>

      <DoubleMarkingSection
        board={board}
        fieldError={
          result && !result.ok && result.intent === "discrepancy-threshold"
            ? (result.fieldErrors.percent ?? null)
            : null
        }
      />

      <section
        aria-labelledby="exam-standard"
        className="flex flex-col gap-4 rounded-md border border-slate-200 bg-white p-4"
      >
        <h2 id="exam-standard" className="text-lg font-semibold text-primary">
          {t("exams:standard.heading")}
        </h2>
        <div className="flex flex-wrap items-center gap-3" data-testid="applied-standard">
          <p className="text-sm font-medium">
            {applied
              ? t("exams:standard.applied-summary", {
                  method: t(`exams:method.${applied.method}`),
                  cut: stat(applied.cutScore, "percent"),
                  by: staff(applied.appliedBy),
                  at: format.dateTime(applied.appliedAt),
                })
              : t("exams:standard.none-applied")}
          </p>
          {applied ? (
            <ConfirmDialog
              trigger={<Button variant="secondary">{t("exams:standard.remove")}</Button>}
              title={t("exams:standard.remove")}
              description={t("exams:standard.remove-confirm")}
              cancelLabel={t("exams:cancel")}
              confirmLabel={t("exams:standard.remove")}
              confirmVariant="danger"
              testId="remove-standard"
              onConfirm={() => submit({ intent: "remove-standard" }, { method: "post" })}
            />
          ) : null}
        </div>

        <StandardOptionsForm
          stations={board.stations}
          options={board.options}
          method={selected}
          passPercentage={exam.passPercentage}
        />

        <div className="overflow-x-auto">
          <table className="w-full text-xs lg:text-sm">
            <caption className="mb-1 text-left text-sm font-semibold">{t("exams:standard.compare")}</caption>
            <thead>
              <HeaderRow
                className="border-b border-slate-300 text-left"
                columns={[
                  { label: t("exams:col.method"), className: "py-1 pr-2" },
                  { label: t("exams:standard.cut"), className: "px-2 py-1 text-right" },
                  { label: t("exams:standard.passed-failed"), className: "px-2 py-1 text-right" },
                  { label: t("exams:standard.pass-rate"), className: "px-2 py-1 text-right" },
                  {
                    label: <span className="sr-only">{t("exams:standard.apply", { method: "" })}</span>,
                    className: "py-1 pl-2",
                  },
                ]}
              />
            </thead>
            <tbody>
              {STANDARD_METHODS.map((method) => {
                const s = board.standards[method];
                return (
                  <tr
                    key={method}
                    className={`border-b border-slate-100 ${method === selected ? "bg-selected" : ""}`}
                    data-testid={`method-${method}`}
                  >
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                      <Link to={withMethod(method)} aria-current={method === selected ? "true" : undefined}>
                        {t(`exams:method.${method}`)}
                      </Link>
                    </th>
                    <td className="px-2 py-1.5 text-right tabular-nums">{stat(s.cutScore, "percent")}</td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {s.passed} / {s.failed} / {s.undecided}
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">
                      {stat(s.passRate === null ? null : s.passRate * 100, "percent")}
                    </td>
                    <td className="py-1.5 pl-2 text-right">
                      <Form method="post">
                        <input type="hidden" name="intent" value="apply" />
                        <input type="hidden" name="method" value={method} />
                        <OptionFields options={board.options} />
                        {/* "Apply" on the screen (the row names the method), the method in its name. */}
                        <Button
                          type="submit"
                          variant="secondary"
                          disabled={busy || s.cutScore === null}
                          className="!px-2.5 !py-1.5 lg:!px-4 lg:!py-2"
                          aria-label={t("exams:standard.apply", { method: t(`exams:method.${method}`) })}
                        >
                          {t("exams:standard.apply-button")}
                        </Button>
                      </Form>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        <StandardWorking board={board} method={selected} />

        <div>
          <h3 className="mb-1 font-semibold">{t("exams:standard.history")}</h3>
          {board.history.length === 0 ? (
            <p className="text-sm text-slate-600">{t("exams:standard.history-empty")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="standard-history">
                <thead>
                  <HeaderRow
                    className="border-b border-slate-300 text-left"
                    columns={[
                      { label: t("exams:col.when"), className: "py-1 pr-2" },
                      { label: t("exams:col.action"), className: "px-2 py-1" },
                      { label: t("exams:col.method"), className: "px-2 py-1" },
                      { label: t("exams:col.cut"), className: "px-2 py-1 text-right" },
                      { label: t("exams:col.who"), className: "py-1 pl-2" },
                    ]}
                  />
                </thead>
                <tbody>
                  {[...board.history].reverse().map((h, i) => (
                    <tr key={i} className="border-b border-slate-100">
                      <td className="py-1 pr-2">{format.dateTime(h.at)}</td>
                      <td className="px-2 py-1">{t(`exams:standard.action.${h.action}`)}</td>
                      <td className="px-2 py-1">{h.method ? t(`exams:method.${h.method}`) : ""}</td>
                      <td className="px-2 py-1 text-right tabular-nums">{stat(h.cutScore, "percent")}</td>
                      <td className="py-1 pl-2">{staff(h.actor)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </section>

      <AngoffEntry board={board} me={data.me} />
    </div>
  );
}

/** The compared options, sent again with an apply button so that what is applied is what is shown. */
function OptionFields({ options }: { options: ExamBoardView["options"] }) {
  return (
    <>
      {options.cutPercent != null ? <input type="hidden" name="cutPercent" value={options.cutPercent} /> : null}
      {options.statistic ? <input type="hidden" name="statistic" value={options.statistic} /> : null}
      {options.semMultiplier != null ? (
        <input type="hidden" name="semMultiplier" value={options.semMultiplier} />
      ) : null}
      {options.minStationsPassed != null ? (
        <input type="hidden" name="minStationsPassed" value={options.minStationsPassed} />
      ) : null}
      {(options.mustPassStations ?? []).map((s) => (
        <input key={s} type="hidden" name="mustPassStations" value={s} />
      ))}
    </>
  );
}
