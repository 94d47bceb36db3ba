// What a participant may answer per step type and what they may see of a step.
// Pure Zod and data: shared by the server and, later, the participant screen.
import { z } from "zod";
import type { StoredAnswer } from "~db/tenant/schema";
import type { RichBlock, StepType } from "~/modules/assessments";

const unit = z.number({ invalid_type_error: "validation:invalid" }).finite().min(0).max(1);

/** Per step type; strict, so nothing but the participant's own fields is stored. */
export const PARTICIPANT_ANSWER_SCHEMAS = {
  MULTIPLE_CHOICE: z.object({ textlistValue: z.array(z.string().max(1000)).max(50) }).strict(),
  NUMERIC: z.object({ numericValue: z.number({ invalid_type_error: "validation:invalid" }).finite() }).strict(),
  TEXT: z.object({ textValue: z.string().max(10_000) }).strict(),
  HOTZONE: z.object({ numericlistValue: z.tuple([unit, unit]) }).strict(),
  PRACTICAL: z.object({ booleanValue: z.boolean() }).strict(),
} as const satisfies Record<StepType, z.ZodTypeAny>;

/** GraphQL sends absent fields as null: drop them before the strict per-type check. */
export function withoutNulls(answer: unknown): unknown {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return answer;
  return Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null && v !== undefined));
}

export type AnswerCheck =
  { success: true; data: StoredAnswer } | { success: false; issues: Array<{ path: string; message: string }> };

/** A participant's answer checked against the step (the options of a multiple choice must exist). */
export function parseParticipantAnswer(step: StepLike, answer: unknown): AnswerCheck {
  const parsed = PARTICIPANT_ANSWER_SCHEMAS[step.type].safeParse(withoutNulls(answer));
  if (!parsed.success) {
    return {
      success: false,
      issues: parsed.error.issues.map((i) => ({
        path: i.path.join("."),
        message: i.message.includes(":") ? i.message : "validation:invalid",
      })),
    };
  }
  if (step.type === "MULTIPLE_CHOICE") {
    const allowed = new Set(optionValues(step));
    const chosen = (parsed.data as { textlistValue: string[] }).textlistValue;
    if (chosen.some((v) => !allowed.has(v)) || new Set(chosen).size !== chosen.length) {
      return { success: false, issues: [{ path: "textlistValue", message: "live:answer.unknown-option" }] };
    }
  }
  return { success: true, data: parsed.data as StoredAnswer };
}

export type StepLike = { key?: string; type: StepType; question?: unknown; answer?: unknown; score?: number };

function optionValues(step: StepLike): string[] {
  const options = (step.answer as { optionlistValue?: Array<{ value?: unknown }> } | undefined)?.optionlistValue ?? [];
  return options.map((o) => String(o.value ?? ""));
}

/** One step as the participant sees it: its task, and for choices the option texts; never validity, zones, criteria or model answers. */
export type ParticipantStep = {
  index: number;
  type: StepType;
  question: RichBlock[];
  /** MULTIPLE_CHOICE: the option texts, in the author's order. */
  options: string[];
  /** HOTZONE: the image to point at. */
  imageUrl: string | null;
};

export function participantStep(step: StepLike, index: number): ParticipantStep {
  const image = step.type === "HOTZONE" ? (step.answer as { textValue?: unknown } | undefined)?.textValue : null;
  return {
    index,
    type: step.type,
    question: Array.isArray(step.question) ? (step.question as RichBlock[]) : [],
    options: step.type === "MULTIPLE_CHOICE" ? optionValues(step) : [],
    imageUrl: typeof image === "string" ? image : null,
  };
}
