import type { TFunction } from "i18next";
import { isAppError, type AppError, type FieldErrors, type Reference } from "./app-error";

// One way for screens to answer with an AppError: a form result with the message and the field
// errors translated once here, or the error page's status for a loader.

/** What an action answers when a module refused: translated message, field errors and references. */
export type FormError = { ok: false; message: string; fieldErrors: Record<string, string>; references: Reference[] };
export type ActionResult<Success extends object = object> = ({ ok: true } & Success) | FormError;

export function translateFieldErrors(t: TFunction, fieldErrors: FieldErrors | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(fieldErrors ?? {}).map(([field, e]) => [field, t(e.key, e.values ?? {})]));
}

export function formErrorOf(t: TFunction, error: AppError): FormError {
  return {
    ok: false,
    message: t(error.messageKey, error.values ?? {}),
    fieldErrors: translateFieldErrors(t, error.fieldErrors),
    references: error.references ?? [],
  };
}

/** Runs a loader's work; an AppError becomes the error page with its status and translated message. */
export async function loadOrFail<T>(ctx: { t: TFunction }, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isAppError(e)) throw new Response(ctx.t(e.messageKey, e.values ?? {}), { status: e.status });
    throw e;
  }
}
