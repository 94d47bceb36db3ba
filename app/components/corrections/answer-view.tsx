import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { HotzonePointPicker } from "~/components/assessments/hotzone-point-picker";
import { useFormat } from "~/components/ui/use-format";
import type { Zone } from "~/modules/assessments";
import type { CorrectionStep } from "~/modules/corrections/index.server";

type Answer = CorrectionStep["answer"];
type Correct = {
  optionlistValue?: Array<{ value: string; valid: boolean }>;
  numericValue?: number;
  numericlistValue?: number[];
  textValue?: string;
  blocklistValue?: Zone[];
};

const none = (text: string) => <span className="italic text-slate-500">{text}</span>;

/** A participant's answer in words (choices, number, text); hotzones are drawn instead. */
export function AnswerText({ type, answer }: { type: CorrectionStep["type"]; answer: Answer }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!answer) return none(t("corrections:step.no-answer"));
  if (type === "MULTIPLE_CHOICE")
    return answer.textlistValue?.length ? (
      <>{answer.textlistValue.join(", ")}</>
    ) : (
      none(t("corrections:step.no-answer"))
    );
  if (type === "NUMERIC")
    return answer.numericValue !== undefined ? (
      <>{f.number(answer.numericValue)}</>
    ) : (
      none(t("corrections:step.no-answer"))
    );
  if (type === "TEXT")
    return answer.textValue?.trim() ? (
      <span className="whitespace-pre-wrap break-words">{answer.textValue}</span>
    ) : (
      none(t("corrections:step.no-answer"))
    );
  if (type === "HOTZONE")
    return answer.numericlistValue ? (
      <>{answer.numericlistValue.map((v) => f.number(v, { maximumFractionDigits: 3 })).join(" × ")}</>
    ) : (
      none(t("corrections:step.no-answer"))
    );
  return answer.booleanValue ? <>{t("corrections:step.practical-done")}</> : none(t("corrections:step.no-answer"));
}

function CorrectText({ type, correct }: { type: CorrectionStep["type"]; correct: Correct }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (type === "MULTIPLE_CHOICE")
    return (
      <>
        {(correct.optionlistValue ?? [])
          .filter((o) => o.valid)
          .map((o) => o.value)
          .join(", ")}
      </>
    );
  if (type === "NUMERIC") {
    const tolerance = correct.numericlistValue?.[0] ?? 0;
    return (
      <>
        {tolerance > 0
          ? t("corrections:step.numeric-tolerance", {
              value: f.number(correct.numericValue ?? 0),
              tolerance: f.number(tolerance),
            })
          : f.number(correct.numericValue ?? 0)}
      </>
    );
  }
  if (type === "TEXT") return <span className="whitespace-pre-wrap break-words">{correct.textValue}</span>;
  if (type === "HOTZONE")
    return <>{t("corrections:step.hotzone-zones", { count: correct.blocklistValue?.length ?? 0 })}</>;
  return <>{t("corrections:step.practical-checklist")}</>;
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-3">
      <dt className="shrink-0 text-sm font-medium text-slate-600 sm:w-40">{label}</dt>
      <dd className="min-w-0 text-base text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The answer that counts beside the correct one; a hotzone shows the point on the image with its zones. */
export function AnswerView({ step }: { step: CorrectionStep }) {
  const { t } = useTranslation();
  const correct = (step.correctAnswer ?? {}) as Correct;
  const point = step.answer?.numericlistValue;
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-col gap-2">
        <Row label={t("corrections:step.answer")} testId="step-answer">
          <AnswerText type={step.type} answer={step.answer} />
        </Row>
        {step.type !== "PRACTICAL" ? (
          <Row label={t("corrections:step.correct-answer")} testId="step-correct">
            <CorrectText type={step.type} correct={correct} />
          </Row>
        ) : null}
      </dl>
      {step.type === "HOTZONE" && step.imageUrl ? (
        <HotzonePointPicker
          imageUrl={step.imageUrl}
          value={point && point.length === 2 ? [point[0]!, point[1]!] : null}
          onChange={() => undefined}
          zones={correct.blocklistValue ?? []}
          disabled
          label={t("corrections:step.hotzone-label")}
        />
      ) : null}
    </div>
  );
}
