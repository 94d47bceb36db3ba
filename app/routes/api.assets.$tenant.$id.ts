import type { LoaderFunctionArgs } from "@remix-run/node";
import { isAppError } from "~/lib/app-error";
import { readAsset } from "~/modules/assets/index.server";
import { anySignedIn } from "~/modules/auth/index.server";

/** Serves an uploaded file to signed-in staff and participants of its tenant only. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const ctx = await anySignedIn(request, context);
  if (!ctx) return new Response("Unauthorized", { status: 401, headers: { "Cache-Control": "no-store" } });
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
    if (isAppError(e)) return new Response(e.code, { status: e.status, headers: { "Cache-Control": "no-store" } });
    throw e;
  }
}
