import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, SelectField, TextareaField } from "~/components/ui/form";
import type { IntentResult } from "~/lib/intent-action.server";
import { INCIDENT_CHOICES } from "~/modules/incidents";

// Recording an incident from the live dashboard: on a participant, a station, or the whole
// session. Posted to the dashboard's own action (intent "incident").

export function IncidentForm({
  participants,
  stations,
}: {
  participants: ReadonlyArray<{ id: string; name: string }>;
  stations: ReadonlyArray<{ id: string; name: string }>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const fetcher = useFetcher<IntentResult>({ key: "record-incident" });
  const form = useRef<HTMLFormElement>(null);
  const result = fetcher.data;
  const errors = result && !result.ok ? result.fieldErrors : {};
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) form.current?.reset();
  }, [fetcher.state, result]);
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="grid gap-3 rounded-md border border-slate-200 bg-white p-3 sm:grid-cols-2 lg:grid-cols-3"
      data-testid="incident-form"
    >
      <input type="hidden" name="intent" value="incident" />
      <SelectField
        id={`${id}-category`}
        name="category"
        label={t("incidents:form.category")}
        error={errors.category}
        defaultValue=""
        required
        data-testid="incident-category"
      >
        <option value="" disabled>
          {t("incidents:form.choose")}
        </option>
        {INCIDENT_CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(`incidents:category.${c}`)}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-participant`}
        name="participant"
        label={t("incidents:form.participant")}
        error={errors.participant}
        defaultValue=""
        data-testid="incident-participant"
      >
        <option value="">{t("incidents:form.nobody")}</option>
        {participants.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-station`}
        name="evaluation"
        label={t("incidents:form.station")}
        error={errors.evaluation}
        defaultValue=""
        data-testid="incident-station"
      >
        <option value="">{t("incidents:form.no-station")}</option>
        {stations.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </SelectField>
      <TextareaField
        id={`${id}-text`}
        name="text"
        label={t("incidents:form.text")}
        error={errors.text}
        maxLength={5000}
        className="sm:col-span-2 lg:col-span-3"
        data-testid="incident-text"
      />
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2 lg:col-span-3">
        <Button type="submit" disabled={fetcher.state !== "idle"} data-testid="incident-submit">
          {t("incidents:form.record")}
        </Button>
        {result?.ok ? (
          <p role="status" className="text-sm text-green-800" data-testid="incident-recorded">
            {t("incidents:form.recorded")}
          </p>
        ) : null}
        {result && !result.ok && Object.keys(errors).length === 0 ? <Alert>{result.message}</Alert> : null}
      </div>
    </fetcher.Form>
  );
}
