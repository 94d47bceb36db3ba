import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/ui/use-format";
import { practicalScore } from "~/modules/corrections";

/**
 * A practical step's checklist: one big toggle per criterion (a finger on a tablet hits it), its
 * weight beside it, and the score the ticks give (score × min(100, ticked weights) / 100).
 */
export function TickChecklist({
  criteria,
  ticks,
  maxScore,
  onChange,
  disabled,
  testId,
}: {
  criteria: Array<{ label: string; weight: number }>;
  ticks: boolean[];
  maxScore: number;
  onChange: (ticks: boolean[]) => void;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const score = practicalScore(
    { type: "PRACTICAL", score: maxScore, answer: { numericlistValue: criteria.map((c) => c.weight) } },
    ticks,
  );
  return (
    <fieldset className="flex flex-col gap-2" data-testid={testId}>
      <legend className="mb-1 text-sm font-medium text-slate-700">{t("corrections:step.checklist")}</legend>
      {criteria.map((c, i) => (
        <label
          key={i}
          className={`flex min-h-12 cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-base ${ticks[i] ? "border-green-700 bg-green-50" : "border-slate-300 bg-white"} ${disabled ? "cursor-not-allowed opacity-60" : ""}`}
        >
          <input
            type="checkbox"
            className="h-6 w-6 shrink-0 accent-green-700"
            checked={ticks[i] === true}
            disabled={disabled}
            onChange={(e) => onChange(criteria.map((_, j) => (j === i ? e.target.checked : ticks[j] === true)))}
            data-testid={`tick-${i}`}
          />
          <span className="min-w-0 flex-1 break-words">{c.label}</span>
          <span className={`shrink-0 text-sm ${c.weight > 0 ? "text-slate-600" : "text-slate-400"}`}>
            {t("corrections:step.weight", { weight: f.number(c.weight) })}
          </span>
        </label>
      ))}
      <p className="text-sm text-slate-700" data-testid="checklist-score">
        {t("corrections:step.checklist-score", { score: f.number(score), max: f.number(maxScore) })}
      </p>
    </fieldset>
  );
}
