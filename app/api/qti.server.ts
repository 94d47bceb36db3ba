import { AppError } from "~/lib/app-error";
import { BodyTooLargeError, withBodyLimit } from "~/lib/body-limit.server";
import { requirePermission } from "~/lib/context.server";
import { readFormData } from "~/lib/form-data.server";
import { contextFromSession } from "~/modules/auth/index.server";
import { MAX_QTI_PACKAGE_BYTES } from "~/modules/qti";
import { exportQtiPackage, importQtiPackage } from "~/modules/qti/index.server";
import { downloadHeaders } from "./download.server";
import { answerRefusals } from "./refusal.server";
import type { ApiArgs } from "./types";

/** Room for the multipart boundaries and part headers around the package. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = () =>
  new AppError("BAD_REQUEST", "validation_failed", {
    status: 413,
    messageKey: "qti:errors.file-too-large",
    values: { max: MAX_QTI_PACKAGE_BYTES / 1024 / 1024 },
  });

/**
 * GET /api/qti/export?evaluation=ID or ?questions=ID,ID: the questions as a QTI 3.0 content package
 * (application/zip). Staff who read the questions (README, "QTI 3").
 */
export async function qtiExportEndpoint({ request, context }: ApiArgs): Promise<Response> {
  return answerRefusals(request, async () => {
    const ctx = await contextFromSession(request, "ADMIN", context);
    if (!ctx) throw new AppError("UNAUTHORIZED", "unauthorized");
    const url = new URL(request.url);
    const questions = url.searchParams
      .getAll("questions")
      .flatMap((v) => v.split(","))
      .filter(Boolean);
    const { fileName, bytes } = await exportQtiPackage(ctx, {
      evaluation: url.searchParams.get("evaluation"),
      questions,
    });
    return new Response(bytes as unknown as BodyInit, { headers: downloadHeaders("application/zip", fileName, bytes) });
  });
}

/**
 * POST /api/qti/import (multipart/form-data, field `file`): imports a QTI 3.0 content package's
 * questions; with `?preview=1` answers what would be imported and imports nothing. Staff who write
 * assessments. The answer: `{ ok: true, preview, counts, items, questions }`.
 */
export async function qtiImportEndpoint({ request, context }: ApiArgs): Promise<Response> {
  return answerRefusals(request, async () => {
    if (Number(request.headers.get("Content-Length") ?? 0) > MAX_QTI_PACKAGE_BYTES + MULTIPART_OVERHEAD)
      throw tooLarge();
    const ctx = await contextFromSession(request, "ADMIN", context);
    if (!ctx) throw new AppError("UNAUTHORIZED", "unauthorized");
    // Refused before the body is read: a reader's package is never unpacked.
    requirePermission(ctx, "write:assessments");
    let file: FormDataEntryValue | null;
    try {
      file = (await readFormData(await withBodyLimit(request, MAX_QTI_PACKAGE_BYTES + MULTIPART_OVERHEAD))).get("file");
    } catch (e) {
      if (e instanceof BodyTooLargeError || (e instanceof Error && e.cause instanceof BodyTooLargeError))
        throw tooLarge();
      throw e;
    }
    if (!file || typeof file === "string")
      throw new AppError("BAD_REQUEST", "validation_failed", {
        messageKey: "qti:errors.file-missing",
        fieldErrors: { file: { key: "qti:errors.file-missing" } },
      });
    if (file.size > MAX_QTI_PACKAGE_BYTES) throw tooLarge();
    const preview = ["1", "true", "yes"].includes(new URL(request.url).searchParams.get("preview") ?? "");
    const answer = await importQtiPackage(ctx, new Uint8Array(await file.arrayBuffer()), { preview });
    return Response.json({ ok: true, ...answer }, { headers: { "Cache-Control": "no-store" } });
  });
}
