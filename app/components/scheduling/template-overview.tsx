import { useFetcher } from "@remix-run/react";
import { Dialog } from "radix-ui";
import { CloseOverview, OverviewPanel } from "./overview-panel";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { UntimedNotice } from "../live/untimed-notice";
import { formatDuration } from "~/components/assessments/duration";
import { Button } from "~/components/ui/form";
import { Spinner } from "~/components/ui/spinner";
import { useFormat } from "~/components/ui/use-format";
import type { TemplateOverview as Overview } from "~/modules/scheduling/index.server";

/**
 * The plan screen's session overview: before planning, what the chosen session template holds (its
 * evaluations and their questions, with time limits and points, and the totals). Loaded when opened.
 */
export function TemplateOverviewButton({ templateId }: { templateId: string | null }) {
  const { t } = useTranslation();
  const format = useFormat();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<Overview>();
  const overview = fetcher.data && fetcher.data.id === templateId ? fetcher.data : null;
  const points = (n: number) =>
    t("scheduling:template-overview.points", { count: n, points: format.number(n, { maximumFractionDigits: 2 }) });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && templateId && !overview)
          fetcher.load(`/admin/scheduledsessions/template-overview/${encodeURIComponent(templateId)}`);
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="secondary" className="self-start" disabled={!templateId} data-testid="template-overview-open">
          {t("scheduling:template-overview.open")}
        </Button>
      </Dialog.Trigger>
      <OverviewPanel width="w-[min(44rem,calc(100vw-2rem))]" padding="p-4 sm:p-6" testId="template-overview">
        <Dialog.Title className="mb-1 text-lg font-semibold text-primary">
          {t("scheduling:template-overview.title", { name: overview?.name ?? "" })}
        </Dialog.Title>
        <Dialog.Description className="mb-3 text-sm text-slate-600">
          {t("scheduling:template-overview.description")}
        </Dialog.Description>
        {!overview ? (
          <Spinner />
        ) : (
          <>
            <p className="mb-3 text-sm" data-testid="template-overview-totals">
              {t("scheduling:template-overview.totals", {
                count: overview.evaluations.length,
                time: formatDuration(overview.seconds, t),
                points: points(overview.points),
                pass: overview.passPercentage,
              })}
            </p>
            {overview.evaluations.length === 0 ? (
              <p className="text-sm text-slate-600">{t("scheduling:plan.no-evaluations")}</p>
            ) : null}
            <UntimedNotice
              evaluations={overview.evaluations}
              messages="scheduling:template-overview"
              testId="template-overview-untimed-notice"
              className="mb-3"
            />
            <ol className="flex flex-col gap-3">
              {overview.evaluations.map((e, i) => (
                <li key={e.id} className="rounded-md border border-slate-200 p-3">
                  <h3 className="flex flex-wrap justify-between gap-x-3 font-semibold">
                    <span>
                      {i + 1}. {e.name}
                    </span>
                    <span className="text-sm font-normal text-slate-600">
                      {e.timed ? (
                        formatDuration(e.seconds, t)
                      ) : (
                        <span data-testid="template-overview-untimed">
                          {t("scheduling:template-overview.no-time-limit")}
                        </span>
                      )}{" "}
                      · {points(e.points)}
                    </span>
                  </h3>
                  {e.questions.length === 0 ? (
                    <p className="text-sm text-slate-600">{t("scheduling:template-overview.no-questions")}</p>
                  ) : (
                    <ul className="mt-1 divide-y divide-slate-100 text-sm">
                      {e.questions.map((q) => (
                        <li key={q.id} className="flex flex-wrap justify-between gap-x-3 py-1">
                          <span className="min-w-0 break-words">{q.name}</span>
                          <span className="whitespace-nowrap text-slate-600">
                            {formatDuration(q.seconds, t)} · {points(q.points)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ol>
          </>
        )}
        <div className="mt-4 flex justify-end">
          <CloseOverview />
        </div>
      </OverviewPanel>
    </Dialog.Root>
  );
}
