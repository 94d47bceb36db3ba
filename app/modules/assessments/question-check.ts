// The question editor's own check while it is edited: a field's error from the last
// save goes away as soon as the field's value is valid again, instead of staying until the next
// save. Pure and browser-safe; the save itself is still checked by questionInput on the server
// (tests/unit/assessments/question-check.test.ts keeps both on the same rules).
import { z } from "zod";
import { nameText, zodFieldErrors } from "~/lib/validation";
import { richContent, steps } from "./steps";

/** The fields the browser can judge alone (categories, supplies and shares need the database). */
export const questionCheck = z.object({
  name: nameText(),
  maxTime: z
    .number({ required_error: "validation:required", invalid_type_error: "validation:invalid" })
    .int()
    .min(1)
    .max(24 * 3600),
  preparationInfo: richContent,
  steps,
});

const CHECKED = new Set(["name", "maxTime", "preparationInfo", "steps"]);

/** Where a field path's value lives: `steps.3.answer.textValue` → `steps.3`, `name` → `name`. */
function rootOf(path: string): string[] {
  const parts = path.split(".");
  return parts[0] === "steps" && parts.length > 1 && /^\d+$/.test(parts[1]!) ? parts.slice(0, 2) : parts.slice(0, 1);
}

function valueAt(data: Record<string, unknown>, path: string[]): unknown {
  let v: unknown = data;
  for (const p of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[p] : undefined;
  return v;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The save's field errors that still stand for the form as it is now. An error stays while its
 * field (a step: the whole step) is as it was sent; once changed, an error the browser can judge
 * stays only while the new value still fails the same check, and any other one goes (the next
 * save checks it again).
 */
export function standingErrors<E>(
  errors: Record<string, E>,
  sent: Record<string, unknown> | null,
  now: Record<string, unknown>,
): Record<string, E> {
  const keys = Object.keys(errors);
  if (keys.length === 0 || !sent) return errors;
  const parsed = questionCheck.safeParse(now);
  const current = parsed.success ? {} : zodFieldErrors(parsed.error);
  const failing = Object.keys(current);
  const result: Record<string, E> = {};
  for (const key of keys) {
    const root = rootOf(key);
    if (same(valueAt(sent, root), valueAt(now, root))) {
      result[key] = errors[key]!;
      continue;
    }
    if (!CHECKED.has(root[0]!)) continue;
    // Still wrong where the save said so (or, for a list's own error, anywhere below it).
    if (failing.some((f) => f === key || f.startsWith(`${key}.`))) result[key] = errors[key]!;
  }
  return result;
}
