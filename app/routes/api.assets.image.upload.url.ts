import type { ActionFunctionArgs } from "@remix-run/node";
import { uploadImageFromUrl } from "~/modules/assets/index.server";
import { handleUpload } from "~/modules/auth/index.server";
import { readFormData } from "~/lib/form-data.server";

/** The body only carries an address. */
const MAX_URL_BODY_BYTES = 16 * 1024;

/** POST `{ "url": "https://…" }` (JSON) or a form with `url`: downloads a public image. Staff with write:assessments. */
export const action = ({ request, context }: ActionFunctionArgs) =>
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

export const loader = () => new Response(null, { status: 405, headers: { Allow: "POST" } });
