// The dashboard's "add minutes" field: whole minutes from 1 to 120. Pure: the screen
// checks with it before posting, the action checks again (Zod) and answers the same message.
import { z } from "zod";
import { badRequest, type FieldErrors } from "~/lib/app-error";

export const EXTEND_MINUTES = { min: 1, max: 120 } as const;

/** The one message for every refusal (empty, a fraction, 0, −10, 99999): it names the range. */
export const EXTEND_MINUTES_MESSAGE = "live:grid.minutes-range-error";

/** The field as typed: trimmed text of digits; anything else, or out of range, is refused (never cut or rounded). */
export const extendMinutesInput = z.object({
  minutes: z
    .string({ required_error: EXTEND_MINUTES_MESSAGE, invalid_type_error: EXTEND_MINUTES_MESSAGE })
    .trim()
    .regex(/^\d+$/, EXTEND_MINUTES_MESSAGE)
    .transform(Number)
    .pipe(
      z
        .number()
        .int(EXTEND_MINUTES_MESSAGE)
        .min(EXTEND_MINUTES.min, EXTEND_MINUTES_MESSAGE)
        .max(EXTEND_MINUTES.max, EXTEND_MINUTES_MESSAGE),
    ),
});

/** The message key when the typed minutes are refused, else null (the screen's check). */
export function extendMinutesProblem(minutes: unknown): string | null {
  return extendMinutesInput.safeParse({ minutes }).success ? null : EXTEND_MINUTES_MESSAGE;
}

/** The seconds to add for the typed minutes; refused as a field error on `minutes` (the action's check). */
export function extendSecondsOf(minutes: unknown): number {
  const parsed = extendMinutesInput.safeParse({ minutes });
  if (!parsed.success)
    throw badRequest({ minutes: { key: EXTEND_MINUTES_MESSAGE, values: { ...EXTEND_MINUTES } } } satisfies FieldErrors);
  return parsed.data.minutes * 60;
}
