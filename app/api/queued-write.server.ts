import { json } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { BodyTooLargeError, requestBody } from "~/lib/body-limit.server";
import type { Ctx } from "~/lib/context.server";
import { isRetryLater } from "~/lib/retry-later";
import { contextFromSession } from "~/modules/auth/index.server";
import type { ApiArgs } from "./routes.server";

/** One answer or tick: the largest valid answer (50 choices of 1,000 characters) fits with room to spare. */
export const MAX_QUEUED_WRITE_BYTES = 256 * 1024;

/**
 * One POST from a browser's write queue (a participant's answer, an examiner's checklist tick).
 * JSON only: a cross-site form cannot post JSON without a CORS preflight, which these routes never
 * allow. Answers: 200 { ok: true, …result } · 4xx { ok: false, code, reason, message } (refused for
 * good: the queue drops it and says so) · 401 when the login is gone, 429 with Retry-After (and
 * `retryAfterMs`) when it came too fast (the queue keeps the write and tries again later).
 */
export async function queuedWriteAction(
  { request, context, params, body: preread }: ApiArgs,
  area: "ADMIN" | "USER",
  write: (ctx: Ctx, input: Record<string, unknown>) => Promise<Record<string, unknown>>,
) {
  if (request.method !== "POST") return json({ ok: false, code: "BAD_REQUEST", reason: "method" }, { status: 405 });
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return json({ ok: false, code: "BAD_REQUEST", reason: "validation_failed" }, { status: 415 });
  }
  const ctx = await contextFromSession(request, area, context);
  if (!ctx || ctx.actor.type !== area)
    return json({ ok: false, code: "UNAUTHORIZED", reason: "unauthorized" }, { status: 401 });
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await requestBody(request, preread, MAX_QUEUED_WRITE_BYTES)));
  } catch (e) {
    if (e instanceof BodyTooLargeError) {
      const message = ctx.t("errors:graphql.body_too_large_kb", { max: MAX_QUEUED_WRITE_BYTES / 1024 });
      return json({ ok: false, code: "BAD_REQUEST", reason: "body_too_large", message }, { status: 413 });
    }
    return json(
      { ok: false, code: "BAD_REQUEST", reason: "validation_failed", message: ctx.t("errors:validation_failed") },
      { status: 400 },
    );
  }
  try {
    const input = { ...(typeof body === "object" && body ? body : {}), scheduledSession: params.scheduledSessionId };
    return json({ ok: true, ...(await write(ctx, input)) });
  } catch (e) {
    if (!isAppError(e)) throw e;
    const message = ctx.t(e.messageKey, e.values ?? {});
    // Not refused for good (a participant saving faster than allowed): 429, the queue keeps it and tries again then.
    if (isRetryLater(e)) {
      return json(
        { ok: false, code: e.code, reason: e.reason, message, retryAfterMs: e.retryAfterMs },
        { status: e.status, headers: { "retry-after": String(e.retryAfterSeconds) } },
      );
    }
    return json({ ok: false, code: e.code, reason: e.reason, message }, { status: e.status });
  }
}
