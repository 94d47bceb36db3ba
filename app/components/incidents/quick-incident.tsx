import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Alert, Button, fieldInputClass } from "~/components/ui/form";
import type { IntentResult } from "~/lib/intent-action.server";
import { INCIDENT_CHOICES } from "~/modules/incidents";

// An examiner's incident from the station view in two taps (issue 32): "Incident" opens the
// categories, a category records it for the participant at this station (a note may be typed
// first, it is not required). Posted to the station's own action (intent "incident").

export function QuickIncident({ participant, participantName }: { participant: string; participantName: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<IntentResult>({ key: `incident-${participant}` });
  const result = fetcher.data;
  useEffect(() => {
    if (fetcher.state === "idle" && result?.ok) setOpen(false);
  }, [fetcher.state, result]);
  return (
    <div className="flex flex-col gap-2" data-testid="quick-incident">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="secondary"
          className="min-h-12"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen((o) => !o)}
          data-testid="incident-open"
        >
          {t("incidents:quick.open")}
        </Button>
        {result?.ok && !open ? (
          <p role="status" className="text-sm text-green-800" data-testid="incident-recorded">
            {t("incidents:quick.recorded", { name: participantName })}
          </p>
        ) : null}
      </div>
      {open ? (
        <fetcher.Form
          method="post"
          id={`${id}-panel`}
          className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3"
          aria-labelledby={`${id}-title`}
        >
          <p id={`${id}-title`} className="text-sm font-medium text-amber-950">
            {t("incidents:quick.title", { name: participantName })}
          </p>
          <input type="hidden" name="intent" value="incident" />
          <input type="hidden" name="participant" value={participant} />
          <label htmlFor={`${id}-text`} className="text-sm text-slate-800">
            {t("incidents:quick.note")}
          </label>
          <textarea
            id={`${id}-text`}
            name="text"
            rows={2}
            maxLength={5000}
            className={fieldInputClass(false)}
            data-testid="incident-text"
          />
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-3" role="group" aria-label={t("incidents:form.category")}>
            {INCIDENT_CHOICES.map((c) => (
              <Button
                key={c}
                type="submit"
                name="category"
                value={c}
                variant="secondary"
                className="min-h-12"
                disabled={fetcher.state !== "idle"}
                data-testid={`incident-${c}`}
              >
                {t(`incidents:category.${c}`)}
              </Button>
            ))}
          </div>
          {result && !result.ok ? <Alert>{result.message}</Alert> : null}
        </fetcher.Form>
      ) : null}
    </div>
  );
}
