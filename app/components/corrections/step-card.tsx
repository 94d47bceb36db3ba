import { useFetcher } from "@remix-run/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { RichContentView } from "~/components/assessments/rich-content-view";
import { Button, FieldMessages, fieldInputClass } from "~/components/ui/form";
import { ScoreInput } from "./mark-controls";
import { useFormat } from "~/components/ui/use-format";
import type { IntentResult } from "~/lib/intent-action.server";
import type { CorrectionStep } from "~/modules/corrections/index.server";
import { AnswerText, AnswerView } from "./answer-view";
import { TickChecklist } from "./tick-checklist";

export type Ticking = {
  ticksOf: (step: CorrectionStep) => boolean[];
  setTicks: (step: CorrectionStep, ticks: boolean[]) => void;
};

const stepFields = (s: CorrectionStep) => ({
  evaluation: s.evaluationId,
  question: s.questionId,
  stepIndex: String(s.stepIndex),
});

/** A late answer, apart: it counts only once staff accept it. */
function LateAnswer({ step, canCorrect }: { step: CorrectionStep; canCorrect: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fetcher = useFetcher<IntentResult>();
  if (!step.lateAnswer) return null;
  return (
    <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="late-answer">
      <p className="text-sm font-medium text-amber-900">
        {step.lateReceivedAt
          ? t("corrections:late.title-at", { time: f.time(step.lateReceivedAt) })
          : t("corrections:late.title")}{" "}
        <span className="font-normal">
          {step.lateAccepted ? t("corrections:late.accepted") : t("corrections:late.not-counted")}
        </span>
      </p>
      <p className="text-base">
        <AnswerText type={step.type} answer={step.lateAnswer} />
      </p>
      {canCorrect ? (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="late" />
          {Object.entries(stepFields(step)).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="accept" value={step.lateAccepted ? "false" : "true"} />
          <Button
            type="submit"
            variant="secondary"
            data-testid={step.lateAccepted ? "late-refuse" : "late-accept"}
            disabled={fetcher.state !== "idle"}
          >
            {step.lateAccepted ? t("corrections:late.refuse") : t("corrections:late.accept")}
          </Button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

function ScoreForm({ step, canCorrect }: { step: CorrectionStep; canCorrect: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const id = useId();
  const fetcher = useFetcher<IntentResult>();
  const result = fetcher.data;
  const errors = result && !result.ok ? result.fieldErrors : {};
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2" data-testid="score-form" noValidate>
      <input type="hidden" name="intent" value="score" />
      {Object.entries(stepFields(step)).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="flex flex-wrap items-end gap-3">
        {step.type !== "PRACTICAL" ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-score`} className="text-sm font-medium text-slate-700">
              {t("corrections:step.score-label", { max: f.number(step.maxScore) })}
            </label>
            <ScoreInput
              id={`${id}-score`}
              max={step.maxScore}
              defaultValue={step.score ?? ""}
              key={`${step.score}`}
              disabled={!canCorrect}
              aria-invalid={errors.score ? true : undefined}
              aria-describedby={errors.score ? `${id}-score-error` : undefined}
              className={`${fieldInputClass(!!errors.score)} w-32`}
              data-testid="score-input"
            />
            <FieldMessages id={`${id}-score`} error={errors.score} />
          </div>
        ) : null}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-comment`} className="text-sm font-medium text-slate-700">
          {t("corrections:step.comment")}
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={2}
          defaultValue={step.comment ?? ""}
          key={step.comment ?? ""}
          disabled={!canCorrect}
          className={fieldInputClass(!!errors.comment)}
          data-testid="comment-input"
        />
      </div>
      {canCorrect ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={fetcher.state !== "idle"} data-testid="save-score">
            {step.type === "PRACTICAL" ? t("corrections:step.save-comment") : t("corrections:step.save")}
          </Button>
          {result && !result.ok && !Object.keys(errors).length ? (
            <span className="text-sm text-red-700">{result.message}</span>
          ) : null}
        </div>
      ) : null}
    </fetcher.Form>
  );
}

/** One step of a question: its task, the answer against the correct one, the score and a comment. */
export function StepCard({
  step,
  index,
  canCorrect,
  ticking,
}: {
  step: CorrectionStep;
  index: number;
  canCorrect: boolean;
  ticking: Ticking;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const scored = step.score !== null;
  return (
    <article
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-white p-3 sm:p-4"
      data-testid="correction-step"
      data-type={step.type}
      data-scored={scored}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="font-medium text-slate-900">
          {t("corrections:step.title", { number: index + 1 })} ·{" "}
          <span className="text-slate-600">{t(`assessments:stepType.${step.type}`)}</span>
        </h4>
        <span
          className={`rounded-full px-2 py-0.5 text-sm ${scored ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-700"}`}
          data-testid="step-score"
        >
          {scored
            ? t("corrections:step.scored", { score: f.number(step.score!), max: f.number(step.maxScore) })
            : t("corrections:step.unscored", { max: f.number(step.maxScore) })}
          {step.autoScored ? ` · ${t("corrections:step.auto")}` : ""}
        </span>
      </header>
      <div className="text-sm text-slate-800">
        <RichContentView blocks={step.question} />
      </div>
      <AnswerView step={step} />
      <LateAnswer step={step} canCorrect={canCorrect} />
      {step.type === "PRACTICAL" ? (
        <TickChecklist
          criteria={step.criteria}
          ticks={ticking.ticksOf(step)}
          maxScore={step.maxScore}
          disabled={!canCorrect}
          onChange={(ticks) => ticking.setTicks(step, ticks)}
          testId="checklist"
        />
      ) : step.suggestedScore !== null && step.suggestedScore !== step.score ? (
        <p className="text-sm text-slate-600" data-testid="suggested-score">
          {t("corrections:step.suggested", { count: step.suggestedScore, score: f.number(step.suggestedScore) })}
        </p>
      ) : null}
      <ScoreForm step={step} canCorrect={canCorrect} />
    </article>
  );
}
