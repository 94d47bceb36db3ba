import { useFetcher } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Alert, Button } from "~/components/ui/form";
import type { IntentResult } from "~/lib/intent-action.server";

/**
 * "I'm ready" before the start, on the session's screen and on /user (its own module, so the home
 * does not load the session screen); staff see it on their dashboard.
 */
export function ReadyToggle({ scheduledSession, ready }: { scheduledSession: string; ready: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<IntentResult>();
  const pending = fetcher.state !== "idle";
  const shown = pending && fetcher.formData ? fetcher.formData.get("value") === "true" : ready;
  return (
    <fetcher.Form
      method="post"
      action={`/user/session/${encodeURIComponent(scheduledSession)}`}
      className="flex flex-wrap items-center justify-center gap-3"
    >
      <input type="hidden" name="intent" value="ready" />
      <input type="hidden" name="value" value={shown ? "false" : "true"} />
      {shown ? (
        <span
          className="rounded-full border border-green-200 bg-green-50 px-3 py-1 text-sm font-medium text-green-800"
          data-testid="ready-state"
        >
          {t("live:user.ready.is-ready")}
        </span>
      ) : null}
      <Button type="submit" variant={shown ? "secondary" : "primary"} disabled={pending} data-testid="ready-toggle">
        {shown ? t("live:user.ready.undo") : t("live:user.ready.say-ready")}
      </Button>
      {fetcher.data && !fetcher.data.ok ? <Alert>{fetcher.data.message}</Alert> : null}
    </fetcher.Form>
  );
}
