import { parseWithZod } from "@conform-to/zod";
import type { ZodIssue, ZodTypeAny, output } from "zod";
import { badRequest, type FieldErrors } from "./app-error";
import { issueToKey } from "./validation";

// A form's post read through the same Zod schema its screen validates with while typing (Conform):
// field names such as `address.line1` or repeated `participants` become nested objects and
// lists, empty fields become absent, and every refusal is a translation key per field.

export type FormParse<S extends ZodTypeAny> = { ok: true; value: output<S> } | { ok: false; fieldErrors: FieldErrors };

/** Conform's submission of a post: per field the first issue as a translation key. */
export const submissionOf = <S extends ZodTypeAny>(form: FormData | URLSearchParams, schema: S) =>
  parseWithZod(form, { schema, formatError: (issues: ZodIssue[]) => issues.slice(0, 1).map(issueToKey) });

export function parseForm<S extends ZodTypeAny>(form: FormData | URLSearchParams, schema: S): FormParse<S> {
  const submission = submissionOf(form, schema);
  if (submission.status === "success") return { ok: true, value: submission.value as output<S> };
  const fieldErrors: FieldErrors = {};
  for (const [name, errors] of Object.entries(submission.error ?? {})) {
    if (errors?.[0]) fieldErrors[name || "_"] = errors[0];
  }
  return { ok: false, fieldErrors };
}

/** The parsed value, or the BAD_REQUEST AppError (validation_failed) with the field errors. */
export function parseFormOrThrow<S extends ZodTypeAny>(form: FormData | URLSearchParams, schema: S): output<S> {
  const parsed = parseForm(form, schema);
  if (!parsed.ok) throw badRequest(parsed.fieldErrors);
  return parsed.value;
}
