import type { ActionFunctionArgs } from "@remix-run/node";
import { MAX_FILE_BYTES, uploadFromBlob } from "~/modules/assets/index.server";
import { formFile, handleUpload } from "~/modules/auth/index.server";

/** POST multipart/form-data with `file`: a PDF or an image (≤ 25 MB). Staff with write:assessments, by session cookie or upload ticket (`tenant`, `public_id`, `signature`, `timestamp` fields). */
export const action = ({ request, context }: ActionFunctionArgs) =>
  handleUpload(request, context, MAX_FILE_BYTES, async (ctx, req, assetId) =>
    uploadFromBlob(ctx, await formFile(req), "file", assetId),
  );

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
