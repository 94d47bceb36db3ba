// The auto-score rules (ADR 0017), pure: what a step's answer is worth, or null when an
// assessor must decide. Shared by the server (which saves scores) and the correction screen (which
// previews them), so both always agree.
import type { StoredAnswer } from "~db/tenant/schema";
import { pointInZone, practicalTotal, type StepType, type Zone } from "~/modules/assessments";

/** What scoring needs of a step: its type, the author's answer and its maximum. */
export type ScorableStep = { type: StepType; answer?: unknown; score?: number };

/** Absorbs binary rounding (0.1 + 0.2 vs 0.3) so that a bound stated by the author stays inclusive. */
const EPSILON = 1e-9;

/** Points are kept to two decimals: a practical step's percentage must not leave 2.3100000000000005. */
export const roundScore = (value: number): number => Math.round(value * 100) / 100;

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};
const finite = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

export const maxScoreOf = (step: ScorableStep): number => (finite(step.score) && step.score > 0 ? step.score : 0);

/** MULTIPLE_CHOICE: all or nothing, the chosen set must equal the set of valid options. */
export function isMultipleChoiceCorrect(correct: unknown, answer: StoredAnswer | null): boolean {
  const options = record(correct).optionlistValue;
  const valid = new Set(
    (Array.isArray(options) ? options : [])
      .filter((o) => record(o).valid === true)
      .map((o) => String(record(o).value ?? "")),
  );
  const chosen = new Set(Array.isArray(answer?.textlistValue) ? answer.textlistValue : []);
  if (chosen.size === 0 || chosen.size !== valid.size) return false;
  return [...chosen].every((v) => valid.has(v));
}

/** NUMERIC: |given − correct| ≤ tolerance (numericlistValue[0], default 0), bounds inclusive. */
export function isNumericCorrect(correct: unknown, answer: StoredAnswer | null): boolean {
  const c = record(correct);
  const given = answer?.numericValue;
  if (!finite(c.numericValue) || !finite(given)) return false;
  const list = Array.isArray(c.numericlistValue) ? c.numericlistValue : [];
  const tolerance = finite(list[0]) && list[0] > 0 ? list[0] : 0;
  return Math.abs(given - c.numericValue) <= tolerance + EPSILON * Math.max(1, Math.abs(c.numericValue));
}

/** HOTZONE: the answered point [x, y] lies inside any zone. */
export function isHotzoneCorrect(correct: unknown, answer: StoredAnswer | null, aspect = 1): boolean {
  const point = answer?.numericlistValue;
  if (!Array.isArray(point) || !finite(point[0]) || !finite(point[1])) return false;
  const zones = record(correct).blocklistValue;
  return (Array.isArray(zones) ? (zones as Zone[]) : []).some((z) => pointInZone(z, point[0]!, point[1]!, aspect));
}

/** TEXT: the model answer, trimmed and case-insensitive (locale-independent lower case). */
export function isTextMatch(correct: unknown, answer: StoredAnswer | null): boolean {
  const model = record(correct).textValue;
  const given = answer?.textValue;
  if (typeof model !== "string" || typeof given !== "string") return false;
  const normal = (s: string) => s.trim().toLowerCase();
  return normal(given) !== "" && normal(given) === normal(model);
}

/** PRACTICAL: score × min(100, Σ ticked weights) / 100; negative weights count as 0. */
export function practicalScore(step: ScorableStep, ticks: readonly boolean[]): number {
  const weights = record(step.answer).numericlistValue;
  const ticked = (Array.isArray(weights) ? weights : []).map((w, i) => (ticks[i] === true && finite(w) ? w : 0));
  return roundScore((maxScoreOf(step) * Math.min(100, practicalTotal(ticked))) / 100);
}

/**
 * The score the rules give a step, or null when an assessor must decide: a TEXT answer that is not
 * the model answer, and a PRACTICAL step whose checklist nobody has ticked yet. An empty or missing
 * answer to an objective step (choice, number, hotzone) scores 0.
 */
export function autoScore(
  step: ScorableStep,
  answer: StoredAnswer | null,
  options: { ticks?: readonly boolean[] | null; aspect?: number } = {},
): number | null {
  const max = maxScoreOf(step);
  switch (step.type) {
    case "MULTIPLE_CHOICE":
      return isMultipleChoiceCorrect(step.answer, answer) ? max : 0;
    case "NUMERIC":
      return isNumericCorrect(step.answer, answer) ? max : 0;
    case "HOTZONE":
      return isHotzoneCorrect(step.answer, answer, options.aspect ?? 1) ? max : 0;
    case "TEXT":
      return isTextMatch(step.answer, answer) ? max : null;
    case "PRACTICAL":
      return options.ticks ? practicalScore(step, options.ticks) : null;
  }
}
