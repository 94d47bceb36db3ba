import { useFetcher } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { overlay, panel } from "~/components/ui/dialog-style";
import { Button } from "~/components/ui/form";
import { useFormat } from "~/components/ui/use-format";
import type { IntentResult } from "~/lib/intent-action.server";
import type { AutoScoreEntry } from "~/modules/corrections/index.server";

export type PreviewLine = AutoScoreEntry & { label: string };

/** "Auto-submit corrections": lists what the rules will score, and saves only after a yes. */
export function AutoScoreDialog({ lines }: { lines: PreviewLine[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<IntentResult>();
  const saving = fetcher.state !== "idle";
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok && fetcher.data.intent === "auto-score") setOpen(false);
  }, [fetcher.state, fetcher.data]);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button data-testid="auto-score-open">{t("corrections:auto.open")}</Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={overlay} />
        <Dialog.Content className={panel} data-testid="auto-score-dialog">
          <Dialog.Title className="mb-2 text-lg font-semibold text-primary">{t("corrections:auto.title")}</Dialog.Title>
          <Dialog.Description className="mb-3 text-sm text-slate-700">
            {lines.length ? t("corrections:auto.description", { count: lines.length }) : t("corrections:auto.nothing")}
          </Dialog.Description>
          {lines.length ? (
            <ul className="mb-4 flex max-h-[50vh] flex-col divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200 text-sm">
              {lines.map((l) => (
                <li
                  key={`${l.evaluation}-${l.question}-${l.stepIndex}`}
                  className="flex items-center justify-between gap-3 px-3 py-2"
                  data-testid="auto-score-line"
                >
                  <span className="min-w-0 break-words">{l.label}</span>
                  <span className="shrink-0 font-medium">
                    {l.previous !== null ? `${f.number(l.previous)} → ` : ""}
                    {t("corrections:auto.points", { score: f.number(l.autoScore), max: f.number(l.maxScore) })}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {fetcher.data && !fetcher.data.ok ? (
            <p className="mb-2 text-sm text-red-700">{fetcher.data.message}</p>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{t("corrections:auto.cancel")}</Button>
            </Dialog.Close>
            {lines.length ? (
              <fetcher.Form method="post">
                <input type="hidden" name="intent" value="auto-score" />
                {lines.map((l) => (
                  <input
                    key={`${l.evaluation}-${l.question}-${l.stepIndex}`}
                    type="hidden"
                    name="entry"
                    value={JSON.stringify({
                      evaluation: l.evaluation,
                      question: l.question,
                      stepIndex: l.stepIndex,
                      autoScore: l.autoScore,
                    })}
                  />
                ))}
                <Button type="submit" disabled={saving} data-testid="auto-score-confirm">
                  {t("corrections:auto.confirm", { count: lines.length })}
                </Button>
              </fetcher.Form>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
