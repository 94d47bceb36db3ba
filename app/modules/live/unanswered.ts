// How many steps on the participant's screen still have no answer (finishing an
// evaluation says so before it cannot be undone). Pure and client-safe.
import type { StepType } from "~/modules/assessments";

/** Whether a kept answer says something: an untouched or emptied field is no answer. */
export function isAnswered(type: StepType, answer: Record<string, unknown> | null | undefined): boolean {
  if (!answer) return false;
  switch (type) {
    case "MULTIPLE_CHOICE":
      return Array.isArray(answer.textlistValue) && answer.textlistValue.length > 0;
    case "NUMERIC":
      return typeof answer.numericValue === "number" && Number.isFinite(answer.numericValue);
    case "TEXT":
      return typeof answer.textValue === "string" && answer.textValue.trim() !== "";
    case "HOTZONE":
      return Array.isArray(answer.numericlistValue) && answer.numericlistValue.length === 2;
    case "PRACTICAL":
      return answer.booleanValue === true;
    default:
      return false;
  }
}

/** The steps shown without an answer; `answerOf` gives the kept answer of a step. */
export function countUnanswered<Q extends { _id: string; steps: ReadonlyArray<{ index: number; type: StepType }> }>(
  questions: readonly Q[],
  answerOf: (question: string, stepIndex: number) => Record<string, unknown> | undefined,
): number {
  return questions.reduce(
    (sum, q) => sum + q.steps.filter((step) => !isAnswered(step.type, answerOf(q._id, step.index))).length,
    0,
  );
}
