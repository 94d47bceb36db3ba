import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { myLiveSession } from "~/modules/live/participant.server";

// GET the signed-in participant's live state as JSON: the session screen refreshes with this after
// room events and reconnects, so a failed refresh (offline, server restarting) is simply retried
// instead of replacing the screen with an error page.

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const ctx = await contextFromSession(request, "USER", context);
  if (!ctx || ctx.actor.type !== "USER") return json({ ok: false, reason: "unauthorized" }, { status: 401 });
  try {
    return json({ ok: true, live: await myLiveSession(ctx, params.scheduledSessionId!) }, { headers: { "cache-control": "no-store" } });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return json({ ok: false, reason: e.reason, message: ctx.t(e.messageKey, e.values ?? {}) }, { status: e.status });
  }
}
