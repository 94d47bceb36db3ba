import { AppError, isAppError, refusalJson } from "~/lib/app-error";
import { readFormData } from "~/lib/form-data.server";
import {
  MAX_FILE_BYTES,
  MAX_IMAGE_BYTES,
  readAsset,
  uploadFromBlob,
  uploadImageFromUrl,
} from "~/modules/assets/index.server";
import { anySignedIn, formFile, handleUpload } from "~/modules/auth/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

/** GET: an uploaded file, to signed-in staff and participants of its tenant only. */
export async function serveAsset({ request, params, context }: ApiArgs): Promise<Response> {
  const ctx = await anySignedIn(request, context);
  if (!ctx) return refusalResponse(request, new AppError("UNAUTHORIZED", "unauthorized"));
  try {
    const { bytes, type } = await readAsset(ctx, params.tenant ?? "", params.id ?? "");
    return new Response(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as BodyInit, {
      headers: {
        "Content-Type": type.mime,
        "Content-Length": String(bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        "Content-Disposition": type.image ? "inline" : `attachment; filename="${params.id}"`,
        "Cache-Control": "private, max-age=86400, immutable",
        Vary: "Cookie",
      },
    });
  } catch (e) {
    if (isAppError(e))
      return Response.json(refusalJson(e, ctx.t), { status: e.status, headers: { "Cache-Control": "no-store" } });
    throw e;
  }
}

/**
 * POST multipart/form-data with `file`: a PDF or an image (≤ 25 MB). Staff with write:assessments,
 * by session cookie or upload ticket (`tenant`, `public_id`, `signature`, `timestamp` fields).
 */
export const uploadFile = ({ request, context }: ApiArgs) =>
  handleUpload(request, context, MAX_FILE_BYTES, async (ctx, req, assetId) =>
    uploadFromBlob(ctx, await formFile(req), "file", assetId),
  );

/**
 * POST multipart/form-data with `file`: an image (PNG, JPEG, GIF, WEBP; ≤ 10 MB). Staff with
 * write:assessments, by session cookie or upload ticket (`tenant`, `public_id`, `signature`,
 * `timestamp` fields).
 */
export const uploadImageFile = ({ request, context }: ApiArgs) =>
  handleUpload(request, context, MAX_IMAGE_BYTES, async (ctx, req, assetId) =>
    uploadFromBlob(ctx, await formFile(req), "image", assetId),
  );

/** The body only carries an address. */
const MAX_URL_BODY_BYTES = 16 * 1024;

/**
 * POST `{ "url": "https://…" }` (JSON) or a form with `url`: downloads a public image. Staff with
 * write:assessments.
 */
export const uploadImageUrl = ({ request, context }: ApiArgs) =>
  handleUpload(request, context, MAX_URL_BODY_BYTES, async (ctx, req, assetId) => {
    const type = req.headers.get("Content-Type") ?? "";
    if (!type.includes("application/json"))
      return uploadImageFromUrl(ctx, (await readFormData(req)).get("url"), assetId);
    let url: unknown = null;
    try {
      url = ((await req.json()) as { url?: unknown })?.url;
    } catch {
      url = null;
    }
    return uploadImageFromUrl(ctx, url, assetId);
  });
