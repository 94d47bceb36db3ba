import { getLocale, getT } from "~/i18n/i18n.server";
import { isAppError, refusalJson, type AppError } from "~/lib/app-error";

/** The one refusal (app/lib/app-error.ts) as a Response in the request's language, never cached. */
export async function refusalResponse(request: Request, error: AppError, headers: Record<string, string> = {}) {
  const t = await getT(await getLocale(request));
  return Response.json(refusalJson(error, t), {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}

/** Answers an endpoint's AppError as the one refusal; anything else is a fault and propagates. */
export async function answerRefusals(request: Request, answer: () => Promise<Response>): Promise<Response> {
  try {
    return await answer();
  } catch (e) {
    if (!isAppError(e)) throw e;
    return refusalResponse(request, e);
  }
}
