import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_IMAGE_BYTES, uploadFromBlob } from "~/modules/assets/index.server";
import { formFile, handleUpload } from "~/modules/auth/index.server";

/** POST multipart/form-data with `file`: an image (PNG, JPEG, GIF, WEBP; ≤ 10 MB). Staff with write:assessments, by session cookie or upload ticket (`tenant`, `public_id`, `signature`, `timestamp` fields). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleUpload(request, context, MAX_IMAGE_BYTES, async (ctx, req, assetId) =>
    uploadFromBlob(ctx, await formFile(req), "image", assetId),
  );

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
