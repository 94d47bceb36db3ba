import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/form";
import {
  PRACTICAL_MIN_TOTAL,
  practicalTotal,
  STEP_TYPES,
  type RichBlock,
  type StepType,
  type Zone,
} from "~/modules/assessments";
import { FieldError, move } from "./screen-parts";
import { HotzoneEditor } from "./hotzone-editor";
import { HotzonePointPicker } from "./hotzone-point-picker";
import { RichContentEditor } from "./rich-content";
import { RichContentView } from "./rich-content-view";

/** A step while it is edited: the answer has its step type's answer fields (steps.ts). */
/** An answer being edited: any of the step types' shapes, checked by steps.ts on save. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one bag for five shapes while editing
export type AnswerDraft = Record<string, any>;
/** What an editor of one kind of answer gets from the step around it. */
export type AnswerEditorProps = {
  answer: AnswerDraft;
  onChange: (a: AnswerDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
};
export type DraftStep = { key: string; type: StepType; question: RichBlock[]; answer: AnswerDraft; score: number };

const newKey = () => `s${Math.random().toString(36).slice(2, 10)}`;

export function defaultAnswer(type: StepType): AnswerDraft {
  switch (type) {
    case "MULTIPLE_CHOICE":
      return {
        optionlistValue: [
          { value: "", valid: true },
          { value: "", valid: false },
        ],
      };
    case "NUMERIC":
      return { numericValue: null, numericlistValue: [] };
    case "TEXT":
      return { textValue: "" };
    case "PRACTICAL":
      return { textlistValue: [""], numericlistValue: [100] };
    case "HOTZONE":
      return { textValue: "", blocklistValue: [] };
  }
}

export const newStep = (type: StepType): DraftStep => ({
  key: newKey(),
  type,
  question: [{ type: "text", html: "" }],
  answer: defaultAnswer(type),
  score: 1,
});

const num = (v: string): number | null => (v.trim() === "" || Number.isNaN(Number(v)) ? null : Number(v));
const input = "rounded-md border border-slate-300 px-3 py-2 text-sm";

/** Errors of one step: the server's field paths under `steps.<i>.` without that prefix. */
function stepErrors(errors: Record<string, string>, i: number): Record<string, string> {
  const prefix = `steps.${i}.`;
  return Object.fromEntries(
    Object.entries(errors)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
}
const firstUnder = (errors: Record<string, string>, path: string) =>
  errors[path] ?? Object.entries(errors).find(([k]) => k.startsWith(`${path}.`))?.[1];

export function StepsEditor({
  steps,
  onChange,
  errors,
  disabled,
}: {
  steps: DraftStep[];
  onChange: (s: DraftStep[]) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [type, setType] = useState<StepType>("MULTIPLE_CHOICE");
  const set = (i: number, step: DraftStep) => onChange(steps.map((s, j) => (j === i ? step : s)));
  // Moving or removing a step re-renders its controls (a moved step's button may even become
  // disabled): put the keyboard focus back where the user can carry on.
  const sectionRef = useRef<HTMLElement>(null);
  const pendingFocus = useRef<{ key: string; control: "up" | "down" } | { index: number } | null>(null);
  useEffect(() => {
    const want = pendingFocus.current;
    const root = sectionRef.current;
    if (!want || !root) return;
    pendingFocus.current = null;
    if ("key" in want) {
      const article = root.querySelector<HTMLElement>(`[data-step-key="${CSS.escape(want.key)}"]`);
      const first = article?.querySelector<HTMLButtonElement>(`[data-move="${want.control}"]`);
      const other = article?.querySelector<HTMLButtonElement>(`[data-move="${want.control === "up" ? "down" : "up"}"]`);
      (first && !first.disabled ? first : other)?.focus();
    } else {
      const headings = root.querySelectorAll<HTMLElement>("[data-step-heading]");
      (
        headings[Math.min(want.index, headings.length - 1)] ?? root.querySelector<HTMLElement>("[data-add-type]")
      )?.focus();
    }
  }, [steps]);
  const moveStep = (i: number, delta: -1 | 1) => {
    pendingFocus.current = { key: steps[i]!.key, control: delta < 0 ? "up" : "down" };
    onChange(move(steps, i, delta));
  };
  // A copy right below the original (same question, answer and score), its heading focused.
  const duplicateStep = (i: number) => {
    pendingFocus.current = { index: i + 1 };
    onChange([...steps.slice(0, i + 1), { ...structuredClone(steps[i]!), key: newKey() }, ...steps.slice(i + 1)]);
  };
  const removeStep = (i: number) => {
    pendingFocus.current = { index: i };
    onChange(steps.filter((_, j) => j !== i));
  };
  return (
    <section ref={sectionRef} className="flex flex-col gap-3" aria-label={t("assessments:fields.steps")}>
      <h2 className="text-lg font-semibold text-primary">{t("assessments:fields.steps")}</h2>
      <FieldError error={errors.steps} />
      {steps.length === 0 ? <p className="text-sm text-slate-500">{t("assessments:editor.no-steps")}</p> : null}
      {steps.map((step, i) => {
        const errs = stepErrors(errors, i);
        return (
          <article
            key={step.key}
            className="rounded-lg border border-slate-200 bg-white p-4"
            data-testid={`step-${i}`}
            data-step-key={step.key}
          >
            <header className="mb-3 flex flex-wrap items-center gap-2">
              <h3 className="font-semibold outline-none" tabIndex={-1} data-step-heading>
                {t("assessments:editor.step", { n: i + 1 })}
              </h3>
              <span className="rounded bg-selected px-2 py-0.5 text-xs">{t(`assessments:stepType.${step.type}`)}</span>
              <label className="ml-auto flex items-center gap-1 text-sm">
                {t("assessments:fields.score")}
                <input
                  type="number"
                  step="any"
                  min={0}
                  disabled={disabled}
                  value={Number.isFinite(step.score) ? step.score : ""}
                  onChange={(e) => set(i, { ...step, score: num(e.target.value) ?? NaN })}
                  className={`${input} w-24`}
                />
              </label>
              {!disabled ? (
                <>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    data-move="up"
                    aria-label={t("assessments:editor.move-step-up", { n: i + 1 })}
                    disabled={i === 0}
                    onClick={() => moveStep(i, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    data-move="down"
                    aria-label={t("assessments:editor.move-step-down", { n: i + 1 })}
                    disabled={i === steps.length - 1}
                    onClick={() => moveStep(i, 1)}
                  >
                    ↓
                  </Button>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1"
                    aria-label={t("assessments:editor.duplicate-step-n", { n: i + 1 })}
                    onClick={() => duplicateStep(i)}
                  >
                    {t("assessments:editor.duplicate-step")}
                  </Button>
                  <Button
                    variant="ghost"
                    className="!px-2 !py-1 text-red-700"
                    aria-label={t("assessments:editor.remove-step-n", { n: i + 1 })}
                    onClick={() => removeStep(i)}
                  >
                    {t("assessments:editor.remove-step")}
                  </Button>
                </>
              ) : null}
            </header>
            <FieldError error={errs.score ?? errs.key ?? errs.type} />
            <RichContentEditor
              label={t("assessments:editor.question")}
              value={step.question}
              disabled={disabled}
              onChange={(question) => set(i, { ...step, question })}
            />
            <FieldError error={firstUnder(errs, "question")} />
            <div className="mt-3">
              <h4 className="mb-1 text-sm font-medium text-slate-700">{t("assessments:editor.answer")}</h4>
              <AnswerEditor
                step={step}
                disabled={disabled}
                errors={errs}
                onChange={(answer) => set(i, { ...step, answer })}
              />
            </div>
          </article>
        );
      })}
      {!disabled ? (
        <div className="flex items-center gap-2">
          <select
            value={type}
            onChange={(e) => setType(e.target.value as StepType)}
            className={input}
            aria-label={t("assessments:fields.type")}
            data-add-type
          >
            {STEP_TYPES.map((ty) => (
              <option key={ty} value={ty}>
                {t(`assessments:stepType.${ty}`)}
              </option>
            ))}
          </select>
          <Button variant="secondary" onClick={() => onChange([...steps, newStep(type)])}>
            {t("assessments:editor.add-step")}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function AnswerEditor({
  step,
  onChange,
  errors,
  disabled,
}: {
  step: DraftStep;
  onChange: (a: AnswerDraft) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const a = step.answer;
  switch (step.type) {
    case "MULTIPLE_CHOICE": {
      const options: Array<{ value: string; valid: boolean }> = a.optionlistValue ?? [];
      const setOptions = (o: typeof options) => onChange({ optionlistValue: o });
      return (
        <div className="flex flex-col gap-2">
          {options.map((o, j) => (
            <div key={j} className="flex items-center gap-2">
              <input
                aria-label={t("assessments:editor.option", { n: j + 1 })}
                value={o.value}
                disabled={disabled}
                onChange={(e) => setOptions(options.map((x, k) => (k === j ? { ...x, value: e.target.value } : x)))}
                className={`${input} flex-1`}
              />
              <label className="flex items-center gap-1 text-sm">
                <input
                  type="checkbox"
                  aria-label={t("assessments:editor.option-valid-n", { n: j + 1 })}
                  checked={o.valid}
                  disabled={disabled}
                  onChange={(e) => setOptions(options.map((x, k) => (k === j ? { ...x, valid: e.target.checked } : x)))}
                />
                {t("assessments:editor.option-valid")}
              </label>
              {!disabled ? (
                <Button
                  variant="ghost"
                  className="!px-2 !py-1 text-red-700"
                  aria-label={t("assessments:editor.remove-option")}
                  onClick={() => setOptions(options.filter((_, k) => k !== j))}
                >
                  ✕
                </Button>
              ) : null}
              <FieldError error={firstUnder(errors, `answer.optionlistValue.${j}`)} />
            </div>
          ))}
          <FieldError error={errors["answer.optionlistValue"] ?? errors.answer} />
          {!disabled ? (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => setOptions([...options, { value: "", valid: false }])}
            >
              {t("assessments:editor.add-option")}
            </Button>
          ) : null}
        </div>
      );
    }
    case "NUMERIC":
      return (
        <div className="flex flex-wrap gap-4">
          <label className="flex flex-col text-sm">
            {t("assessments:editor.numeric-value")}
            <input
              type="number"
              step="any"
              disabled={disabled}
              value={a.numericValue ?? ""}
              onChange={(e) => onChange({ ...a, numericValue: num(e.target.value) })}
              className={input}
            />
            <FieldError error={errors["answer.numericValue"]} />
          </label>
          <label className="flex flex-col text-sm">
            {t("assessments:editor.tolerance")}
            <input
              type="number"
              step="any"
              min={0}
              disabled={disabled}
              value={a.numericlistValue?.[0] ?? ""}
              onChange={(e) => {
                const v = num(e.target.value);
                onChange({ ...a, numericlistValue: v === null ? [] : [v] });
              }}
              className={input}
            />
            <FieldError error={firstUnder(errors, "answer.numericlistValue")} />
          </label>
        </div>
      );
    case "TEXT":
      return (
        <label className="flex flex-col text-sm">
          {t("assessments:editor.model-answer")}
          <textarea
            disabled={disabled}
            value={a.textValue ?? ""}
            onChange={(e) => onChange({ textValue: e.target.value })}
            className={`${input} min-h-20`}
          />
          <FieldError error={errors["answer.textValue"]} />
        </label>
      );
    case "PRACTICAL":
      return <PracticalEditor answer={a} onChange={onChange} errors={errors} disabled={disabled} />;
    case "HOTZONE":
      return <HotzoneEditor answer={a} onChange={onChange} errors={errors} disabled={disabled} />;
  }
}

function PracticalEditor({ answer, onChange, errors, disabled }: AnswerEditorProps) {
  const { t } = useTranslation();
  const criteria: string[] = answer.textlistValue ?? [];
  const weights: Array<number | null> = answer.numericlistValue ?? [];
  const total = practicalTotal(weights.map((w) => (typeof w === "number" ? w : 0)));
  const weightError = t("assessments:answer.practical.insufficient-weight-total");
  const liveError = total < PRACTICAL_MIN_TOTAL ? weightError : null;
  const set = (c: string[], w: Array<number | null>) => onChange({ textlistValue: c, numericlistValue: w });
  return (
    <div className="flex flex-col gap-2">
      {criteria.length ? (
        <div className="flex gap-2 text-xs font-medium text-slate-600" aria-hidden="true">
          <span className="flex-1">{t("assessments:editor.criterion")}</span>
          <span className={`w-24 ${disabled ? "" : "mr-9"}`}>{t("assessments:editor.weight")}</span>
        </div>
      ) : null}
      {criteria.map((c, j) => (
        <div key={j} className="flex items-center gap-2">
          <input
            aria-label={`${t("assessments:editor.criterion")} ${j + 1}`}
            value={c}
            disabled={disabled}
            onChange={(e) =>
              set(
                criteria.map((x, k) => (k === j ? e.target.value : x)),
                weights,
              )
            }
            className={`${input} flex-1`}
          />
          <input
            type="number"
            step="any"
            aria-label={`${t("assessments:editor.weight")} ${j + 1}`}
            value={weights[j] ?? ""}
            disabled={disabled}
            onChange={(e) =>
              set(
                criteria,
                criteria.map((_, k) => (k === j ? num(e.target.value) : (weights[k] ?? null))),
              )
            }
            className={`${input} w-24`}
          />
          {!disabled ? (
            <Button
              variant="ghost"
              className="!px-2 !py-1 text-red-700"
              aria-label={t("assessments:editor.remove-criterion")}
              onClick={() =>
                set(
                  criteria.filter((_, k) => k !== j),
                  weights.filter((_, k) => k !== j),
                )
              }
            >
              ✕
            </Button>
          ) : null}
        </div>
      ))}
      <p
        className={`text-sm ${liveError ? "text-red-700" : "text-slate-600"}`}
        aria-live="polite"
        data-testid="practical-total"
      >
        {t("assessments:editor.weight-total", { total })}
      </p>
      {/* The live total wins over a server error about the total that has since been fixed. */}
      <FieldError
        error={
          liveError ??
          (errors["answer.numericlistValue"] === weightError ? null : errors["answer.numericlistValue"]) ??
          firstUnder(errors, "answer.textlistValue")
        }
      />
      {!disabled ? (
        <Button variant="secondary" className="self-start" onClick={() => set([...criteria, ""], [...weights, 0])}>
          {t("assessments:editor.add-criterion")}
        </Button>
      ) : null}
    </div>
  );
}

/** What a participant will see, with the correct answers marked. */
export function QuestionPreview({
  name,
  maxTime,
  preparationInfo,
  steps,
}: {
  name: string;
  maxTime: number | null;
  preparationInfo: RichBlock[];
  steps: DraftStep[];
}) {
  const { t } = useTranslation();
  return (
    <section
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      aria-label={t("assessments:preview.title")}
    >
      <h2 className="text-lg font-semibold text-primary">{name}</h2>
      {maxTime ? <p className="text-sm text-slate-600">{t("assessments:preview.time", { count: maxTime })}</p> : null}
      <RichContentView blocks={preparationInfo} />
      {steps.map((s, i) => (
        <div key={s.key} className="rounded border border-slate-200 bg-white p-3">
          <p className="mb-1 text-xs text-slate-500">
            {t("assessments:editor.step", { n: i + 1 })} · {t(`assessments:stepType.${s.type}`)} ·{" "}
            {t("assessments:preview.points", { count: s.score })}
          </p>
          <RichContentView blocks={s.question} />
          {s.type === "MULTIPLE_CHOICE" ? (
            <ul className="mt-2 list-none">
              {(s.answer.optionlistValue ?? []).map((o: { value: string; valid: boolean }, j: number) => (
                <li key={j} className={o.valid ? "font-semibold text-green-800" : ""}>
                  {o.valid ? "✔" : "○"} {o.value}
                </li>
              ))}
            </ul>
          ) : null}
          {s.type === "PRACTICAL" ? (
            <ul className="mt-2">
              {(s.answer.textlistValue ?? []).map((c: string, j: number) => (
                <li key={j}>
                  ☐ {c} <span className="text-slate-500">({s.answer.numericlistValue?.[j] ?? 0})</span>
                </li>
              ))}
            </ul>
          ) : null}
          {s.type === "NUMERIC" ? (
            <p className="mt-2 text-green-800">
              = {s.answer.numericValue ?? "?"}
              {s.answer.numericlistValue?.[0] ? ` ± ${s.answer.numericlistValue[0]}` : ""}
            </p>
          ) : null}
          {s.type === "TEXT" ? <p className="mt-2 italic text-green-800">{s.answer.textValue}</p> : null}
          {s.type === "HOTZONE" && s.answer.textValue ? (
            <HotzonePreview imageUrl={s.answer.textValue} zones={s.answer.blocklistValue ?? []} />
          ) : null}
        </div>
      ))}
    </section>
  );
}

/** The participant's point selector, with the zones shown and a verdict for the chosen point. */
function HotzonePreview({ imageUrl, zones }: { imageUrl: string; zones: Zone[] }) {
  const { t } = useTranslation();
  const [point, setPoint] = useState<[number, number] | null>(null);
  return (
    <div className="mt-2">
      <HotzonePointPicker
        imageUrl={imageUrl}
        value={point}
        onChange={setPoint}
        zones={zones}
        label={t("assessments:pointer.label")}
      />
    </div>
  );
}
