import type { TFunction } from "i18next";
import { AppError } from "./app-error";
import { BodyTooLargeError } from "./body-limit.server";
import { loadOrFail } from "./form-result.server";

// Every form read in app/ goes through here. `request.formData()` throws on a body that is no
// readable form (a broken multipart such as `--zzz\r\nbroken`, a missing boundary): outside any
// error handling that was a 500 "Unexpected Server Error". Here it is a refusal like any other.

/**
 * The request's form. A body that cannot be read as one is refused with AppError BAD_REQUEST
 * `form_unreadable`; a body over its limit stays a BodyTooLargeError (413).
 */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch (e) {
    if (e instanceof BodyTooLargeError || (e instanceof Error && e.cause instanceof BodyTooLargeError)) throw e;
    throw new AppError("BAD_REQUEST", "form_unreadable");
  }
}

/**
 * readFormData for a screen's action: the refusal answers 400 with the translated message, the way
 * loaders answer an AppError (loadOrFail), and the action runs no further.
 */
export function readActionForm(ctx: { t: TFunction }, request: Request): Promise<FormData> {
  return loadOrFail(ctx, () => readFormData(request));
}
