import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { HotzonePointPicker } from "~/components/assessments/hotzone-point-picker";
import { RichContentView } from "~/components/assessments/rich-content-view";
import { fieldInputClass } from "~/components/ui/form";
import type { ParticipantStep } from "~/modules/live";
import type { AnswerValue } from "./answer-queue";

type Props = {
  step: ParticipantStep;
  value: AnswerValue | undefined;
  onChange: (answer: AnswerValue) => void;
  disabled?: boolean;
};

/** One step as the participant answers it. The checklist of a practical step is never here. */
export function StepInput(props: Props) {
  const { t } = useTranslation();
  const { step } = props;
  const headingId = useId();
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-labelledby={headingId}
      data-testid={`step-${step.index}`}
      data-step-type={step.type}
    >
      <legend id={headingId} className="sr-only">
        {t("live:user.step.label", { number: step.index + 1 })}
      </legend>
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500" aria-hidden>
        {t("live:user.step.label", { number: step.index + 1 })} · {t(`live:user.step.type.${step.type}`)}
      </div>
      <RichContentView blocks={step.question} />
      <Answer {...props} />
    </fieldset>
  );
}

function Answer({ step, value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  switch (step.type) {
    case "MULTIPLE_CHOICE": {
      // Always checkboxes: the participant must not learn how many options are right.
      const chosen = new Set(Array.isArray(value?.textlistValue) ? (value.textlistValue as string[]) : []);
      const toggle = (option: string) => {
        const next = new Set(chosen);
        if (next.has(option)) next.delete(option);
        else next.add(option);
        onChange({ textlistValue: step.options.filter((o) => next.has(o)) });
      };
      return (
        <div className="flex flex-col gap-2">
          <p className="text-sm text-slate-600">{t("live:user.step.choose")}</p>
          {step.options.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 hover:bg-slate-50 has-[:checked]:border-primary has-[:checked]:bg-selected"
            >
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0"
                checked={chosen.has(option)}
                onChange={() => toggle(option)}
                disabled={disabled}
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
      );
    }
    case "NUMERIC":
      return (
        <NumericAnswer
          value={typeof value?.numericValue === "number" ? value.numericValue : null}
          onChange={(n) => onChange({ numericValue: n })}
          disabled={disabled}
        />
      );
    case "TEXT":
      return (
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("live:user.step.your-answer")}</span>
          <textarea
            className={`${fieldInputClass(false)} min-h-28`}
            value={typeof value?.textValue === "string" ? value.textValue : ""}
            onChange={(e) => onChange({ textValue: e.target.value })}
            maxLength={10_000}
            disabled={disabled}
          />
        </label>
      );
    case "HOTZONE": {
      const point = Array.isArray(value?.numericlistValue) ? (value.numericlistValue as [number, number]) : null;
      return step.imageUrl ? (
        <HotzonePointPicker
          imageUrl={step.imageUrl}
          value={point}
          onChange={(p) => onChange({ numericlistValue: p })}
          disabled={disabled}
          label={t("live:user.step.point-label")}
        />
      ) : (
        <p className="text-sm text-slate-600">{t("live:user.step.no-image")}</p>
      );
    }
    case "PRACTICAL":
      return (
        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-200 px-3 py-2 has-[:checked]:border-green-700 has-[:checked]:bg-green-50">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={value?.booleanValue === true}
            onChange={(e) => onChange({ booleanValue: e.target.checked })}
            disabled={disabled}
          />
          <span>{t("live:user.step.practical-done")}</span>
        </label>
      );
  }
}

/** Typed as text so "3," or "-" can be on the way to a number; only numbers are saved. */
function NumericAnswer({
  value,
  onChange,
  disabled,
}: {
  value: number | null;
  onChange: (n: number) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  // Shown the way the participant's language writes numbers (2,5 in nl and fr).
  const show = (n: number | null) =>
    n === null ? "" : new Intl.NumberFormat(i18n.language, { useGrouping: false, maximumFractionDigits: 10 }).format(n);
  const [text, setText] = useState(show(value));
  useEffect(() => {
    setText((current) => (parseNumber(current) === value ? current : show(value)));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const parsed = parseNumber(text);
  const invalid = text.trim() !== "" && parsed === null;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label htmlFor={id} className="font-medium">
        {t("live:user.step.your-answer")}
      </label>
      <input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        className={`${fieldInputClass(invalid)} max-w-48`}
        value={text}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => {
          setText(e.target.value);
          const n = parseNumber(e.target.value);
          if (n !== null) onChange(n);
        }}
        disabled={disabled}
      />
      {invalid ? (
        <p id={`${id}-error`} className="text-red-700">
          {t("live:user.step.not-a-number")}
        </p>
      ) : null}
    </div>
  );
}

/** Accepts a decimal comma (nl, fr) as well as a point. */
export function parseNumber(text: string): number | null {
  const cleaned = text.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^-?\d+(\.\d+)?$|^-?\.\d+$/.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}
