import { getLocale, getT } from "~/i18n/i18n.server";
import { refusalJson, type AppError } from "~/lib/app-error";

/** The one refusal (app/lib/app-error.ts) as a Response in the request's language, never cached. */
export async function refusalResponse(request: Request, error: AppError, headers: Record<string, string> = {}) {
  const t = await getT(await getLocale(request));
  return Response.json(refusalJson(error, t), {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}
