import { json } from "@remix-run/node";
import { AppError, isAppError, refusalJson, type Translate } from "~/lib/app-error";
import { BodyTooLargeError, requestBody } from "~/lib/body-limit.server";
import type { Ctx } from "~/lib/context.server";
import { isRetryLater } from "~/lib/retry-later";
import { contextFromSession } from "~/modules/auth/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

/** One answer or tick: the largest valid answer (50 choices of 1,000 characters) fits with room to spare. */
export const MAX_QUEUED_WRITE_BYTES = 256 * 1024;

/**
 * One POST from a browser's write queue (a participant's answer, an examiner's checklist tick).
 * JSON only: a cross-site form cannot post JSON without a CORS preflight, which these routes never
 * allow. Answers: 200 { ok: true, …result } · 4xx the one refusal (refused for good: the queue
 * drops it and says so) · 401 when the login is gone, 429 with Retry-After (and `retryAfterMs`)
 * when it came too fast (the queue keeps the write and tries again later).
 */
export async function queuedWriteAction(
  { request, context, params, body: preread }: ApiArgs,
  area: "ADMIN" | "USER",
  write: (ctx: Ctx, input: Record<string, unknown>) => Promise<Record<string, unknown>>,
) {
  if (request.method !== "POST")
    return refusalResponse(
      request,
      new AppError("BAD_REQUEST", "method", {
        status: 405,
        messageKey: "errors:method_not_allowed",
        values: { method: request.method },
      }),
    );
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) {
    return refusalResponse(request, new AppError("BAD_REQUEST", "validation_failed", { status: 415 }));
  }
  const ctx = await contextFromSession(request, area, context);
  if (!ctx || ctx.actor.type !== area) return refusalResponse(request, new AppError("UNAUTHORIZED", "unauthorized"));
  const t: Translate = (key, values) => ctx.t(key, values ?? {});
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(await requestBody(request, preread, MAX_QUEUED_WRITE_BYTES)));
  } catch (e) {
    const refusal =
      e instanceof BodyTooLargeError
        ? new AppError("BAD_REQUEST", "body_too_large", {
            status: 413,
            messageKey: "errors:graphql.body_too_large_kb",
            values: { max: MAX_QUEUED_WRITE_BYTES / 1024 },
          })
        : new AppError("BAD_REQUEST", "validation_failed");
    return json(refusalJson(refusal, t), { status: refusal.status });
  }
  try {
    const input = { ...(typeof body === "object" && body ? body : {}), scheduledSession: params.scheduledSessionId };
    return json({ ok: true, ...(await write(ctx, input)) });
  } catch (e) {
    if (!isAppError(e)) throw e;
    // Not refused for good (a participant saving faster than allowed): 429, the queue keeps it and tries again then.
    if (isRetryLater(e)) {
      return json(
        { ...refusalJson(e, t), retryAfterMs: e.retryAfterMs },
        { status: e.status, headers: { "retry-after": String(e.retryAfterSeconds) } },
      );
    }
    return json(refusalJson(e, t), { status: e.status });
  }
}
