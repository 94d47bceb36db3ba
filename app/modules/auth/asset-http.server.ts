import { AppError, isAppError, refusalJson } from "~/lib/app-error";
import { BodyTooLargeError, withBodyLimit } from "~/lib/body-limit.server";
import { readFormData } from "~/lib/form-data.server";
import type { Ctx } from "~/lib/context.server";
import { clientAddressOf, contextFromSession } from "./request-context.server";
import { getLocale, getT } from "~/i18n/i18n.server";
import { contextFromUploadTicket, ticketOf } from "./upload-ticket.server";

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

/**
 * Runs an upload for a signed-in staff member: JSON `{ id, url, contentType, size }` or the one
 * refusal (app/lib/app-error.ts, refusalJson) with the error's status. The body is refused past
 * `maxBytes` (plus multipart overhead) by its Content-Length or while streaming, so a chunked body
 * is never read beyond the limit; the module checks the file's exact size again.
 */
export async function handleUpload(
  request: Request,
  loadContext: unknown,
  maxBytes: number,
  work: (ctx: Ctx, request: Request, assetId?: string) => Promise<unknown>,
): Promise<Response> {
  const t = await getT(await getLocale(request));
  const refuse = (error: AppError) => json(refusalJson(error, t), error.status);
  if (request.method !== "POST")
    return refuse(new AppError("BAD_REQUEST", "method", { status: 405, messageKey: "errors:page.405" }));
  const tooLarge = () =>
    refuse(
      new AppError("BAD_REQUEST", "validation_failed", {
        status: 413,
        messageKey: "assessments:upload.too-large",
        values: { max: Math.round(maxBytes / 1024 / 1024) },
      }),
    );
  if (Number(request.headers.get("Content-Length") ?? 0) > maxBytes + MULTIPART_OVERHEAD) return tooLarge();
  let ctx = await contextFromSession(request, "ADMIN", loadContext);
  let assetId: string | undefined;
  try {
    // The body is read once, within the limit; the ticket (if any) and the upload come from that copy.
    const limited = await withBodyLimit(request, maxBytes + MULTIPART_OVERHEAD);
    // Without a session an upload ticket (requestCloudinaryUploadSignature) may stand in for it.
    const ticket = ctx ? null : await ticketOf(limited);
    if (ticket) ({ ctx, assetId } = await contextFromUploadTicket(limited, ticket, clientAddressOf(loadContext)));
    if (!ctx) return refuse(new AppError("UNAUTHORIZED", "unauthorized"));
    return json(await work(ctx, limited, assetId));
  } catch (e) {
    if (e instanceof BodyTooLargeError) return tooLarge();
    if (!isAppError(e)) {
      console.error("[assets] upload failed", e);
      return refuse(new AppError("INTERNAL_SERVER_ERROR", "internal_error"));
    }
    return refuse(e);
  }
}

/** The signed-in account (staff first, then participant) of a request, or null. */
export async function anySignedIn(request: Request, loadContext: unknown): Promise<Ctx | null> {
  return (
    (await contextFromSession(request, "ADMIN", loadContext)) ??
    (await contextFromSession(request, "USER", loadContext))
  );
}

/** The posted file; a body that is no readable form is refused (form_unreadable, 400). */
export async function formFile(request: Request, field = "file"): Promise<unknown> {
  return (await readFormData(request)).get(field);
}
