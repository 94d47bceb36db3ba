import { isAppError } from "~/lib/app-error";
import type { Ctx } from "~/lib/context.server";
import { clientAddressOf, contextFromSession } from "~/modules/auth/request-context.server";
import { getLocale, getT } from "~/i18n/i18n.server";
import { MAX_FILE_BYTES } from "./assets.server";
import { contextFromUploadTicket, ticketOf } from "./upload-ticket.server";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });

/**
 * Runs an upload for a signed-in staff member: JSON `{ id, url, contentType, size }` or
 * `{ error: { code, reason, message, fieldErrors } }` with the error's status.
 */
export async function handleUpload(
  request: Request,
  loadContext: unknown,
  work: (ctx: Ctx, request: Request, assetId?: string) => Promise<unknown>,
): Promise<Response> {
  const t = await getT(await getLocale(request));
  if (request.method !== "POST") return json({ error: { code: "BAD_REQUEST", reason: "validation_failed", message: t("errors:page.405") } }, 405);
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  // Refuse obviously oversized bodies before reading them (the module checks the exact size again).
  if (declared > MAX_FILE_BYTES + 64 * 1024) {
    return json({ error: { code: "BAD_REQUEST", reason: "validation_failed", message: t("assessments:upload.too-large", { max: 25 }) } }, 413);
  }
  let ctx = await contextFromSession(request, "ADMIN", loadContext);
  let assetId: string | undefined;
  try {
    // Without a session an upload ticket (requestCloudinaryUploadSignature) may stand in for it.
    const ticket = ctx ? null : await ticketOf(request);
    if (ticket) ({ ctx, assetId } = await contextFromUploadTicket(request, ticket, clientAddressOf(loadContext)));
    if (!ctx) return json({ error: { code: "UNAUTHORIZED", reason: "unauthorized", message: t("errors:unauthorized") } }, 401);
    return json(await work(ctx, request, assetId));
  } catch (e) {
    if (!isAppError(e)) {
      console.error("[assets] upload failed", e);
      return json({ error: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error", message: t("errors:internal_error") } }, 500);
    }
    const fieldErrors = e.fieldErrors ? Object.fromEntries(Object.entries(e.fieldErrors).map(([k, v]) => [k, t(v.key, v.values)])) : undefined;
    const message = fieldErrors ? Object.values(fieldErrors)[0]! : t(e.messageKey, e.values ?? {});
    return json({ error: { code: e.code, reason: e.reason, message, fieldErrors } }, e.status);
  }
}

/** The signed-in account (staff first, then participant) of a request, or null. */
export async function anySignedIn(request: Request, loadContext: unknown): Promise<Ctx | null> {
  return (await contextFromSession(request, "ADMIN", loadContext)) ?? (await contextFromSession(request, "USER", loadContext));
}

export async function formFile(request: Request, field = "file"): Promise<unknown> {
  try {
    return (await request.formData()).get(field);
  } catch {
    return null;
  }
}
