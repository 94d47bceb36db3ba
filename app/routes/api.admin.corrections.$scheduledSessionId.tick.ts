import { json, type ActionFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { contextFromSession } from "~/modules/auth/request-context.server";
import { submitCorrectionEntry } from "~/modules/corrections/submit.server";

// POST one queued checklist tick of a station tablet (the browser's queue sends these, like the
// participants' answers). JSON only: a cross-site form cannot post JSON without a CORS preflight.
// Answers: 200 { ok, revision } · 4xx { ok: false, code, reason, message } (refused for good)
// · 401 when the login is gone (the tablet keeps the tick and tries again later).

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return json({ ok: false, code: "BAD_REQUEST", reason: "method" }, { status: 405 });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return json({ ok: false, code: "BAD_REQUEST", reason: "validation_failed" }, { status: 415 });
  }
  const ctx = await contextFromSession(request, "ADMIN", context);
  if (!ctx || ctx.actor.type !== "ADMIN") return json({ ok: false, code: "UNAUTHORIZED", reason: "unauthorized" }, { status: 401 });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return json({ ok: false, code: "BAD_REQUEST", reason: "validation_failed", message: ctx.t("errors:validation_failed") }, { status: 400 });
  }
  try {
    const input = { ...(typeof body === "object" && body ? body : {}), scheduledSession: params.scheduledSessionId };
    const saved = await submitCorrectionEntry(ctx, input);
    const step = saved.evaluations.flatMap((e) => e.questions.flatMap((q) => q.steps)).find((s) => {
      const b = input as { evaluation?: unknown; question?: unknown; stepIndex?: unknown };
      return s.evaluationId === b.evaluation && s.questionId === b.question && s.stepIndex === b.stepIndex;
    });
    return json({ ok: true, revision: step?.revision ?? 0, score: step?.score ?? null });
  } catch (e) {
    if (!isAppError(e)) throw e;
    return json({ ok: false, code: e.code, reason: e.reason, message: ctx.t(e.messageKey, e.values ?? {}) }, { status: e.status });
  }
}
