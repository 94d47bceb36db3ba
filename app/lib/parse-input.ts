import { type z, type ZodError } from "zod";
import { badRequest, type AppError, type FieldErrors } from "~/lib/app-error";
import { zodFieldErrors } from "~/lib/validation";

type ParseOptions = {
  /**
   * Zod messages starting with this prefix are translation keys of the caller's own (e.g.
   * `assessments:`): they are kept instead of the generic `validation:invalid`.
   */
  ownKeyPrefix?: string;
};

/** Field errors from Zod, keeping the caller's own message keys (see ParseOptions). */
export function fieldErrorsOf(error: ZodError, { ownKeyPrefix }: ParseOptions = {}): FieldErrors {
  const result = zodFieldErrors(error);
  if (!ownKeyPrefix) return result;
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "_";
    if (issue.message.startsWith(ownKeyPrefix) && result[field]?.key === "validation:invalid")
      result[field] = { key: issue.message };
  }
  return result;
}

/** Parses input with a Zod schema or throws BAD_REQUEST with translated field keys. */
export function parseInput<T>(
  schema: z.ZodType<T, z.ZodTypeDef, unknown>,
  input: unknown,
  options: ParseOptions = {},
): T {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw badRequest(fieldErrorsOf(parsed.error, options));
  return parsed.data;
}

/** BAD_REQUEST for one field, with a translation key (and its values). */
export const fieldError = (field: string, key: string, values?: Record<string, unknown>): AppError =>
  badRequest({ [field]: values === undefined ? { key } : { key, values } } satisfies FieldErrors);
