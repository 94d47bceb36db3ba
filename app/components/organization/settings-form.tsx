import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LOCALE_NAMES, SUPPORTED_LOCALES } from "~/i18n/config";
import type { Organization, SettingsActionResult } from "~/modules/tenants/index.server";
import { Alert, Button, FieldLabel, FieldMessages, fieldInputClass, TextareaField, TextField } from "../ui/form";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      <legend className="px-1 text-base font-semibold text-primary">{title}</legend>
      {children}
    </fieldset>
  );
}

function Select({
  name,
  label,
  hint,
  error,
  value,
  options,
}: {
  name: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  options: Array<{ value: string; label: string }>;
}) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={fieldInputClass(!!error)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

/** /admin/organization/settings: name and logo, notice and report recipients, time and language, defaults. */
export function OrganizationSettingsForm({
  organization,
  timeZones,
}: {
  organization: Organization;
  timeZones: string[];
}) {
  const { t } = useTranslation();
  const sent = useActionData<SettingsActionResult>();
  // The identity provider's form on the same screen answers for itself (OidcSettingsForm).
  const result = sent?.form === "oidc" ? undefined : sent;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") !== "oidc";
  const errors = result && !result.ok ? result.fieldErrors : {};
  // After a refusal the form shows what was typed; otherwise the saved settings.
  const typed = result && !result.ok ? result.values : null;
  const shown = {
    name: typed?.name ?? organization.name,
    organizationManagerEmails: typed?.organizationManagerEmails ?? organization.organizationManagerEmails.join("\n"),
    reportRecipientEmails: typed?.reportRecipientEmails ?? organization.reportRecipientEmails.join("\n"),
    timeZone: typed?.timeZone ?? organization.timeZone,
    defaultLanguage: typed?.defaultLanguage ?? organization.defaultLanguage,
    defaultPassPercentage: typed?.defaultPassPercentage ?? String(organization.defaultPassPercentage),
    defaultReportLayout: typed?.defaultReportLayout ?? organization.defaultReportLayout,
  };
  const logoId = useId();
  const f = (key: string) => t(`organization:fields.${key}`);
  return (
    <section className="flex max-w-2xl flex-col gap-4" aria-labelledby="settings-title">
      <h1 id="settings-title" className="text-2xl font-semibold text-primary">
        {t("organization:title")}
      </h1>
      {result?.ok ? <Alert tone="success">{result.message}</Alert> : null}
      {result && !result.ok && Object.keys(errors).length === 0 ? <Alert>{result.message}</Alert> : null}
      {/* key: after a save or a refusal the fields show the new values, not what the browser kept. */}
      <Form
        method="post"
        encType="multipart/form-data"
        className="flex flex-col gap-4"
        key={JSON.stringify([organization, typed])}
        data-testid="settings-form"
      >
        <Section title={t("organization:sections.general")}>
          <TextField name="name" label={f("name")} required defaultValue={shown.name} error={errors.name} />
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium text-slate-700">{f("logo-current")}</span>
            {organization.logoUrl ? (
              <img
                src={organization.logoUrl}
                alt={organization.name}
                className="h-16 w-auto max-w-full self-start rounded border border-slate-200 bg-white object-contain p-1"
                data-testid="settings-logo"
              />
            ) : (
              <p className="text-sm text-slate-500">{f("logo-none")}</p>
            )}
            <FieldLabel htmlFor={logoId}>{f("logo")}</FieldLabel>
            <input
              id={logoId}
              type="file"
              name="logoFile"
              accept="image/png,image/jpeg,image/gif,image/webp"
              aria-describedby={`${logoId}-hint${errors.logo ? ` ${logoId}-error` : ""}`}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm"
            />
            <FieldMessages id={logoId} hint={f("logo-hint")} error={errors.logo} />
            {organization.logoUrl ? (
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" name="removeLogo" className="h-4 w-4" />
                {f("logo-remove")}
              </label>
            ) : null}
          </div>
        </Section>
        <Section title={t("organization:sections.notices")}>
          <TextareaField
            name="organizationManagerEmails"
            label={f("managerEmails")}
            hint={f("managerEmails-hint")}
            error={errors.organizationManagerEmails}
            defaultValue={shown.organizationManagerEmails}
          />
        </Section>
        <Section title={t("organization:sections.reports")}>
          <TextareaField
            name="reportRecipientEmails"
            label={f("reportRecipientEmails")}
            hint={f("reportRecipientEmails-hint")}
            error={errors.reportRecipientEmails}
            defaultValue={shown.reportRecipientEmails}
          />
        </Section>
        <Section title={t("organization:sections.regional")}>
          <Select
            name="timeZone"
            label={f("timeZone")}
            hint={f("timeZone-hint")}
            error={errors.timeZone}
            value={shown.timeZone}
            options={timeZones.map((z) => ({ value: z, label: z.replace(/_/g, " ") }))}
          />
          <Select
            name="defaultLanguage"
            label={f("defaultLanguage")}
            hint={f("defaultLanguage-hint")}
            error={errors.defaultLanguage}
            value={shown.defaultLanguage}
            options={SUPPORTED_LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
          />
        </Section>
        <Section title={t("organization:sections.defaults")}>
          <TextField
            name="defaultPassPercentage"
            type="number"
            min={0}
            max={100}
            step={1}
            inputMode="numeric"
            label={f("defaultPassPercentage")}
            hint={f("defaultPassPercentage-hint")}
            defaultValue={shown.defaultPassPercentage}
            error={errors.defaultPassPercentage}
          />
          <Select
            name="defaultReportLayout"
            label={f("defaultReportLayout")}
            error={errors.defaultReportLayout}
            value={shown.defaultReportLayout}
            options={(["NARROW", "WIDE"] as const).map((l) => ({ value: l, label: f(`layouts.${l}`) }))}
          />
        </Section>
        <div>
          <Button type="submit" disabled={busy} data-testid="save-settings">
            {busy ? t("organization:saving") : t("organization:save")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
