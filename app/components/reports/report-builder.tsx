import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SessionReportLayoutBlock, SessionReportOptions } from "~db/tenant/schema/reports";
import { REPORT_OPTION_FLAGS } from "~/modules/reports";
import type { SessionReportData } from "~/modules/reports";
import {
  Alert,
  FieldLabel,
  IntentButton,
  fieldInputClass,
  SelectField,
  TextareaField,
  TextField,
} from "~/components/ui/form";
import { isEmailAddress } from "~/lib/email-address";
import { ChartOptions } from "./chart-options";
import { SessionReportView } from "./report-view";

export type BuilderData = {
  canWrite: boolean;
  participantName: string;
  participantEmail: string;
  /** Who reports may be sent to besides the participant (managers: any address). */
  reportRecipients: { extra: string[]; anyAddress: boolean };
  complete: boolean;
  layouts: Array<{ id: string | null; name: string; isDefault: boolean }>;
  evaluations: Array<{ id: string; name: string }>;
  categories: Array<{ id: string; name: string }>;
  sessionDate: string;
  report: {
    id: string;
    draft: boolean;
    layoutId: string | null;
    layout: SessionReportLayoutBlock[];
    options: SessionReportOptions;
    data: SessionReportData;
    passedStatusOverride: string | null;
    passedStatusReason: string | null;
    releasedAt: string | null;
  } | null;
};
export type BuilderResult =
  { ok: true; message?: string } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * The session report builder (participant detail page): choose a layout and build the report,
 * then its options, category comments and a passed-status decision with a live preview; save as
 * a draft, release, or send it by e-mail.
 */
export function ReportBuilder({
  builder,
  result,
  action,
}: {
  builder: BuilderData;
  result?: BuilderResult;
  action?: string;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const report = builder.report;
  return (
    <section aria-labelledby="report-builder-title" className="flex flex-col gap-4" data-testid="report-builder">
      <h2 id="report-builder-title" className="text-xl font-semibold text-primary">
        {t("reports:builder.title")}
      </h2>
      {result?.message ? <Alert tone={result.ok ? "success" : "error"}>{result.message}</Alert> : null}
      {!builder.complete ? <Alert tone="info">{t("reports:builder.incomplete")}</Alert> : null}
      {builder.canWrite ? (
        <Form method="post" action={action} className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <FieldLabel htmlFor="report-layout">{t("reports:builder.layout")}</FieldLabel>
            <select
              id="report-layout"
              name="layout"
              defaultValue={report?.layoutId ?? builder.layouts.find((l) => l.isDefault)?.id ?? ""}
              className={`${fieldInputClass(false)} max-w-full`}
            >
              {builder.layouts.map((l) => (
                <option key={l.id ?? "built-in"} value={l.id ?? ""}>
                  {l.isDefault ? t("reports:builder.default-layout", { name: l.name }) : l.name}
                </option>
              ))}
            </select>
          </div>
          <IntentButton intent="report-create" disabled={busy} variant={report ? "secondary" : "primary"}>
            {report ? t("reports:builder.rebuild") : t("reports:builder.create")}
          </IntentButton>
        </Form>
      ) : null}
      {report ? (
        <ReportEditor
          key={report.id + report.data.totalScore.score}
          builder={builder}
          report={report}
          result={result}
          action={action}
          busy={busy}
        />
      ) : null}
    </section>
  );
}

function ReportEditor({
  builder,
  report,
  result,
  action,
  busy,
}: {
  builder: BuilderData;
  report: NonNullable<BuilderData["report"]>;
  result?: BuilderResult;
  action?: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<SessionReportOptions>(report.options);
  const [override, setOverride] = useState(report.passedStatusOverride ?? "");
  const [reason, setReason] = useState(report.passedStatusReason ?? "");
  const [comments, setComments] = useState<Record<string, string>>(() =>
    Object.fromEntries(report.data.categoryComments.map((c) => [c.categoryId, c.comment])),
  );
  const errors = result && !result.ok ? result.fieldErrors : {};
  const serverEmailError = Object.entries(errors).find(([k]) => k.startsWith("emails"))?.[1];
  // The refusal stays only while the addresses are those it was about and not all well-formed
  // again, and not while a new send runs (an old error beside a valid address looked
  // like the send failing).
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "report-send";
  const [emails, setEmails] = useState(builder.participantEmail);
  // The addresses the last send posted: its refusal is about them.
  const [sentEmails, setSentEmails] = useState<string | null>(null);
  const postedEmails = sending ? String(navigation.formData?.get("emails") ?? "") : null;
  useEffect(() => {
    if (postedEmails !== null) setSentEmails(postedEmails);
  }, [postedEmails]);
  const wellFormed = (value: string) => {
    const list = value.split(/[\s,;]+/).filter(Boolean);
    return list.length > 0 && list.every(isEmailAddress);
  };
  const emailError =
    serverEmailError && !sending && (emails === sentEmails || !wellFormed(emails)) ? serverEmailError : undefined;

  // The preview follows the form at once; totals over other evaluations follow on save.
  const preview = useMemo((): SessionReportData => {
    const d = report.data;
    const only = new Set(options.onlyEvaluations);
    return {
      ...d,
      passedStatus: (override || d.computedPassedStatus) as SessionReportData["passedStatus"],
      passedStatusReason: override ? reason : null,
      categoryComments: builder.categories
        .filter((c) => comments[c.id]?.trim())
        .map((c) => ({ categoryId: c.id, name: c.name, comment: comments[c.id]!.trim() })),
      evaluations: only.size ? d.evaluations.filter((e) => only.has(e.id)) : d.evaluations,
    };
  }, [report.data, options.onlyEvaluations, override, reason, comments, builder.categories]);

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Form method="post" action={action} className="flex min-w-0 flex-col gap-4" data-testid="report-options-form">
        <p className="text-sm" data-testid="report-state">
          {report.draft
            ? t("reports:builder.state-draft")
            : t("reports:builder.state-released", { date: report.releasedAt ?? "" })}
        </p>
        <fieldset
          className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3"
          disabled={!builder.canWrite}
        >
          <legend className="px-1 text-sm font-semibold">{t("reports:builder.options")}</legend>
          <ChartOptions
            data={report.data}
            layout={report.layout}
            options={options}
            onChange={(chart) => setOptions({ ...options, ...chart })}
          />
          {REPORT_OPTION_FLAGS.filter((flag) => flag !== "showChart").map((flag) => (
            <label key={flag} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={flag}
                checked={options[flag]}
                onChange={(e) => setOptions({ ...options, [flag]: e.target.checked })}
              />
              {t(`reports:builder.flags.${flag}`)}
            </label>
          ))}
          <p className="mt-2 text-sm font-medium">{t("reports:builder.only-evaluations")}</p>
          {builder.evaluations.map((e) => (
            <label key={e.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="onlyEvaluations"
                value={e.id}
                checked={options.onlyEvaluations.includes(e.id)}
                onChange={(ev) =>
                  setOptions({
                    ...options,
                    onlyEvaluations: ev.target.checked
                      ? [...options.onlyEvaluations, e.id]
                      : options.onlyEvaluations.filter((x) => x !== e.id),
                  })
                }
              />
              {e.name}
            </label>
          ))}
          <p className="text-xs text-slate-500">{t("reports:builder.only-evaluations-hint")}</p>
        </fieldset>

        {builder.categories.length ? (
          <fieldset
            className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3"
            disabled={!builder.canWrite}
          >
            <legend className="px-1 text-sm font-semibold">{t("reports:builder.category-comments")}</legend>
            {builder.categories.map((c) => (
              <div key={c.id} className="flex flex-col gap-1">
                <label htmlFor={`cc-${c.id}`} className="text-sm">
                  {c.name}
                </label>
                <textarea
                  id={`cc-${c.id}`}
                  name={`categoryComment.${c.id}`}
                  rows={2}
                  maxLength={5000}
                  value={comments[c.id] ?? ""}
                  onChange={(e) => setComments({ ...comments, [c.id]: e.target.value })}
                  className={fieldInputClass(false)}
                />
              </div>
            ))}
          </fieldset>
        ) : null}

        <fieldset
          className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3"
          disabled={!builder.canWrite}
        >
          <legend className="px-1 text-sm font-semibold">{t("reports:builder.decision")}</legend>
          <p className="text-sm">
            {t("reports:builder.computed", { status: t(`reports:status.${report.data.computedPassedStatus}`) })}
          </p>
          <SelectField
            label={t("reports:builder.override")}
            id="passed-override"
            name="passedStatusOverride"
            value={override}
            onChange={(e) => setOverride(e.target.value)}
          >
            <option value="">{t("reports:builder.no-override")}</option>
            <option value="DELIBERATED">{t("reports:status.DELIBERATED")}</option>
            <option value="TRAINING_REQUIRED">{t("reports:status.TRAINING_REQUIRED")}</option>
          </SelectField>
          <TextareaField
            label={t("reports:builder.reason")}
            id="passed-reason"
            name="passedStatusReason"
            rows={2}
            maxLength={2000}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.passedStatusReason}
          />
        </fieldset>

        {builder.canWrite ? (
          <>
            <div className="flex flex-wrap gap-2">
              <IntentButton intent="report-save" variant="secondary" disabled={busy}>
                {t("reports:builder.save")}
              </IntentButton>
              {report.draft ? (
                <IntentButton intent="report-release" disabled={busy}>
                  {t("reports:builder.release")}
                </IntentButton>
              ) : (
                <IntentButton intent="report-unrelease" variant="secondary" disabled={busy}>
                  {t("reports:builder.unrelease")}
                </IntentButton>
              )}
            </div>
            <fieldset className="flex min-w-0 flex-col gap-2 rounded-md border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold">{t("reports:builder.send-title")}</legend>
              <TextField
                label={t("reports:builder.emails")}
                id="report-emails"
                name="emails"
                type="text"
                inputMode="email"
                value={emails}
                onChange={(e) => setEmails(e.target.value)}
                error={emailError}
                // Who may receive it, always in view: the field refuses other addresses (recipients.server.ts).
                hint={
                  <span data-testid="report-emails-rule">
                    {builder.reportRecipients.anyAddress
                      ? t("reports:builder.emails-rule-any")
                      : builder.reportRecipients.extra.length
                        ? t("reports:builder.emails-rule", { list: builder.reportRecipients.extra.join(", ") })
                        : t("reports:builder.emails-rule-participant")}{" "}
                    {t("reports:builder.emails-hint")}
                  </span>
                }
              />
              <IntentButton
                intent="report-send"
                disabled={busy}
                aria-busy={sending || undefined}
                className="self-start"
                data-testid="report-send"
              >
                {sending ? t("common:sending") : t("reports:builder.send")}
              </IntentButton>
            </fieldset>
          </>
        ) : null}
      </Form>
      <div
        className="min-w-0 rounded-md border border-slate-200 p-4"
        aria-label={t("reports:builder.preview")}
        role="region"
      >
        <p className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500">
          {t("reports:builder.preview")}
        </p>
        <SessionReportView data={preview} layout={report.layout} options={options} sessionDate={builder.sessionDate} />
        <a
          className="mt-4 inline-block text-sm"
          href={`/api/pdf/generate/session-report?id=${encodeURIComponent(report.id)}`}
          data-testid="builder-pdf-link"
        >
          {t("reports:view.download-pdf")}
        </a>
      </div>
    </div>
  );
}

/** The label of one of the pass/fail decision's fields. */
