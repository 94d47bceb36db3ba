import { AppError } from "~/lib/app-error";

/**
 * The AppError a module call is refused with. A call that succeeds, or fails with anything other
 * than an AppError, fails the test: a refusal must carry the spec's code and reason.
 */
export async function refusal(call: Promise<unknown>): Promise<AppError> {
  try {
    await call;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}
