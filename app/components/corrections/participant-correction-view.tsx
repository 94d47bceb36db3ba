import { Link, useFetcher } from "@remix-run/react";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { RichContentEditor } from "~/components/assessments/rich-content";
import { Alert, Button } from "~/components/ui/form";
import { Section } from "~/components/ui/section";
import { useFormat } from "~/components/ui/use-format";
import type { RichBlock } from "~/modules/assessments";
import type { IntentResult } from "~/lib/intent-action.server";
import type {
  AutoScoreEntry,
  CorrectionStep,
  DoubleMark,
  ParticipantCorrection,
} from "~/modules/corrections/index.server";
import { AutoScoreDialog } from "./auto-score-dialog";
import { StepCard, type Ticking } from "./step-card";
import { TickStatus } from "./tick-status";
import { useReloadWhenSaved } from "./use-reload-when-saved";
import { serverTicksOf, tickRef, useTickQueue } from "./use-tick-queue";
import { DoubleMarkPanel } from "./double-mark-panel";

/** The whole-participant comment (rich content, the TipTap editor). */
function ParticipantComment({ value, canCorrect }: { value: RichBlock[]; canCorrect: boolean }) {
  const { t } = useTranslation();
  const [blocks, setBlocks] = useState<RichBlock[]>(value.length ? value : [{ type: "text", html: "" }]);
  const fetcher = useFetcher<IntentResult>();
  return (
    <Section
      heading={t("corrections:comment.heading")}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 sm:p-4"
      testId="participant-comment"
    >
      <RichContentEditor
        label={t("corrections:comment.label")}
        value={blocks}
        onChange={setBlocks}
        disabled={!canCorrect}
      />
      {canCorrect ? (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="comment" />
          <input type="hidden" name="comment" value={JSON.stringify(blocks)} />
          <Button type="submit" disabled={fetcher.state !== "idle"} data-testid="save-comment">
            {t("corrections:comment.save")}
          </Button>
          {fetcher.data?.ok ? (
            <span role="status" className="text-sm text-green-800">
              {t("corrections:comment.saved")}
            </span>
          ) : fetcher.data ? (
            <span className="text-sm text-red-700">{fetcher.data.message}</span>
          ) : null}
        </fetcher.Form>
      ) : null}
    </Section>
  );
}

/**
 * The participant detail page: every step of every question taken, scored by the rules or by hand,
 * practical checklists ticked (kept in the browser first), the whole-participant comment, and a slot
 * below for the report builder.
 */
export function ParticipantCorrectionView({
  correction,
  preview,
  owner,
  canCorrect,
  dashboardUrl,
  stationsUrl,
  result,
  children,
  doubleMarks = [],
  canResolve = false,
}: {
  /** Double marking (ADR 0036): this participant's double-marked stations. */
  doubleMarks?: DoubleMark[];
  canResolve?: boolean;
  correction: ParticipantCorrection;
  preview: AutoScoreEntry[];
  owner: string;
  canCorrect: boolean;
  dashboardUrl: string;
  stationsUrl: string;
  result?: IntentResult;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const steps = useMemo(() => correction.evaluations.flatMap((e) => e.questions.flatMap((q) => q.steps)), [correction]);
  const server = useMemo(() => serverTicksOf(correction.participantId, steps), [correction.participantId, steps]);
  const queue = useTickQueue(owner, correction.scheduledSessionId, server);
  useReloadWhenSaved(queue.status.waiting);
  const ticking: Ticking = {
    ticksOf: (s: CorrectionStep) => queue.ticksOf(tickRef(correction.participantId, s), s.criteria.length),
    setTicks: (s: CorrectionStep, ticks: boolean[]) => queue.setTicks(tickRef(correction.participantId, s), ticks),
  };
  const labels = new Map<string, string>();
  for (const e of correction.evaluations) {
    for (const q of e.questions)
      for (const s of q.steps)
        labels.set(
          `${e.id}|${q.id}|${s.stepIndex}`,
          `${e.name} › ${q.name} › ${t("corrections:step.title", { number: s.stepIndex + 1 })}`,
        );
  }
  const lines = preview.map((p) => ({ ...p, label: labels.get(`${p.evaluation}|${p.question}|${p.stepIndex}`) ?? "" }));

  return (
    <div className="flex flex-col gap-4" data-testid="participant-correction">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-semibold text-primary">{correction.participantName}</h1>
          <p className="text-sm text-slate-600">
            {correction.sessionName} ·{" "}
            <span data-testid="correction-progress" data-complete={correction.complete}>
              {correction.complete
                ? t("corrections:progress.complete")
                : t("corrections:progress.scored", { scored: correction.scored, total: correction.total })}
            </span>
            {correction.completedAt ? ` · ${f.dateTime(correction.completedAt)}` : ""}
          </p>
        </div>
        <nav className="flex flex-wrap gap-3 text-sm">
          <Link to={stationsUrl} className="text-primary underline">
            {t("corrections:links.stations")}
          </Link>
          <Link to={dashboardUrl} className="text-primary underline">
            {t("corrections:links.dashboard")}
          </Link>
        </nav>
      </header>

      <div className="flex flex-wrap items-center gap-3">
        {canCorrect ? <AutoScoreDialog lines={lines} /> : null}
        <TickStatus status={queue.status} />
      </div>
      {result && !result.ok ? <Alert>{result.message}</Alert> : null}

      {correction.evaluations.map((e) => (
        <section
          key={e.id}
          className="flex flex-col gap-3"
          aria-labelledby={`evaluation-${e.id}`}
          data-testid="correction-evaluation"
        >
          <h2 id={`evaluation-${e.id}`} className="text-xl font-semibold text-primary">
            {e.name}
            {e.globalRating ? (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-sm font-normal text-slate-700">
                {t(`corrections:rating.${e.globalRating}`)}
              </span>
            ) : null}
          </h2>
          {e.markComment ? (
            <p className="text-sm text-slate-700">
              {t("corrections:station.examiner-comment", { comment: e.markComment })}
            </p>
          ) : null}
          {doubleMarks
            .filter((m) => m.evaluationId === e.id)
            .map((m) => (
              <DoubleMarkPanel key={m.evaluationId} mark={m} canResolve={canResolve} />
            ))}
          {e.questions.map((q) => (
            <div key={q.id} className="flex flex-col gap-2">
              <h3 className="font-medium text-slate-800">{q.name}</h3>
              {q.steps.map((s, i) => (
                <StepCard key={s.stepIndex} step={s} index={i} canCorrect={canCorrect} ticking={ticking} />
              ))}
            </div>
          ))}
        </section>
      ))}

      <ParticipantComment value={correction.comment} canCorrect={canCorrect} />

      {/* The report builder is rendered here by the route: keep this slot last. */}
      <section data-testid="report-builder-slot" className="flex flex-col gap-3">
        {children}
      </section>
    </div>
  );
}
