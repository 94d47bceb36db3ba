import { json, type ActionFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { saveAnswer } from "~/modules/live/participant.server";

// POST one queued answer of the signed-in participant (the browser's answer queue sends these).
// JSON only: a cross-site form cannot post JSON without a CORS preflight, which this route never allows.
// Answers: 200 { ok, revision, late } · 4xx { ok: false, code, reason, message } (refused for good)
// · 401 when the login is gone (the browser keeps the answer and tries again later).

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ ok: false, code: "BAD_REQUEST", reason: "method" }, { status: 405 });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return json({ ok: false, code: "BAD_REQUEST", reason: "validation_failed" }, { status: 415 });
  }
  const ctx = await contextFromSession(request, "USER", context);
  if (!ctx || ctx.actor.type !== "USER") return json({ ok: false, code: "UNAUTHORIZED", reason: "unauthorized" }, { status: 401 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ ok: false, code: "BAD_REQUEST", reason: "validation_failed", message: ctx.t("errors:validation_failed") }, { status: 400 });
  }
  try {
    const input = { ...(typeof body === "object" && body ? body : {}), scheduledSession: params.scheduledSessionId };
    const saved = await saveAnswer(ctx, input);
    return json({ ok: true, revision: saved.revision, late: saved.late });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return json({ ok: false, code: e.code, reason: e.reason, message: ctx.t(e.messageKey, e.values ?? {}) }, { status: e.status });
  }
}
