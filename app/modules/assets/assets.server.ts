import { AppError } from "~/lib/app-error";
import { requirePermission, requireSignedIn, type Ctx } from "~/lib/context.server";
import { newId } from "~/lib/ids.server";
import { ASSET_TYPES, detectType, type AssetType } from "./detect";
import { fetchPublicUrl, UrlFetchError } from "./fetch-url.server";
import { ASSET_KEY_PATTERN, assetStorage } from "./storage.server";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES = 25 * 1024 * 1024;
export const URL_FETCH_TIMEOUT_MS = 10_000;
export const URL_MAX_REDIRECTS = 3;

export type UploadedAsset = { id: string; url: string; contentType: string; size: number; image: boolean };

const uploadError = (reason: string, values?: Record<string, unknown>) =>
  new AppError("BAD_REQUEST", "validation_failed", {
    fieldErrors: { file: { key: `assessments:upload.${reason}`, values } },
  });

/** Checks and stores bytes for the context's tenant; callers check their own permission first. */
export async function store(
  ctx: Ctx,
  bytes: Uint8Array,
  kind: "image" | "file",
  assetId?: string,
): Promise<UploadedAsset> {
  const limit = kind === "image" ? MAX_IMAGE_BYTES : MAX_FILE_BYTES;
  if (bytes.byteLength === 0) throw uploadError("empty");
  if (bytes.byteLength > limit) throw uploadError("too-large", { max: Math.round(limit / 1024 / 1024) });
  const type = detectType(bytes);
  if (!type || (kind === "image" && !type.image))
    throw uploadError(kind === "image" ? "not-an-image" : "unsupported-type");
  const key = `${assetId ?? newId()}.${type.ext}`;
  await assetStorage(ctx.tenant).put(ctx.tenant, key, bytes);
  return {
    id: key,
    url: `/api/assets/${ctx.tenant.slug}/${key}`,
    contentType: type.mime,
    size: bytes.byteLength,
    image: type.image,
  };
}

/** A file from a form upload (a Blob/File); its type is decided by its content. */
export async function uploadFromBlob(
  ctx: Ctx,
  file: unknown,
  kind: "image" | "file",
  assetId?: string,
): Promise<UploadedAsset> {
  requirePermission(ctx, "write:assessments");
  if (!file || typeof file !== "object" || typeof (file as Blob).arrayBuffer !== "function")
    throw uploadError("missing");
  const blob = file as Blob;
  const limit = kind === "image" ? MAX_IMAGE_BYTES : MAX_FILE_BYTES;
  if (blob.size > limit) throw uploadError("too-large", { max: Math.round(limit / 1024 / 1024) });
  return store(ctx, new Uint8Array(await blob.arrayBuffer()), kind, assetId);
}

/** Downloads an image from a public http(s) URL and stores it as an upload. */
export async function uploadImageFromUrl(ctx: Ctx, url: unknown, assetId?: string): Promise<UploadedAsset> {
  requirePermission(ctx, "write:assessments");
  if (typeof url !== "string" || !url.trim())
    throw new AppError("BAD_REQUEST", "validation_failed", { fieldErrors: { url: { key: "validation:required" } } });
  try {
    const { bytes } = await fetchPublicUrl(url.trim(), {
      maxBytes: MAX_IMAGE_BYTES,
      timeoutMs: URL_FETCH_TIMEOUT_MS,
      maxRedirects: URL_MAX_REDIRECTS,
    });
    return await store(ctx, bytes, "image", assetId);
  } catch (e) {
    if (e instanceof UrlFetchError) {
      throw new AppError("BAD_REQUEST", "validation_failed", {
        fieldErrors: { url: { key: `assessments:upload.${e.reason}`, values: { max: 10 } } },
      });
    }
    throw e;
  }
}

/** An uploaded file for a signed-in user of the same tenant; NOT_FOUND otherwise. */
export async function readAsset(
  ctx: Ctx,
  tenant: string,
  key: string,
): Promise<{ bytes: Uint8Array; type: AssetType }> {
  requireSignedIn(ctx);
  if (tenant !== ctx.tenant.slug || !ASSET_KEY_PATTERN.test(key)) throw new AppError("NOT_FOUND", "not_found");
  const bytes = await assetStorage(ctx.tenant).get(ctx.tenant, key);
  const ext = key.split(".").pop() as AssetType["ext"];
  if (!bytes) throw new AppError("NOT_FOUND", "not_found");
  return { bytes, type: ASSET_TYPES[ext] };
}
