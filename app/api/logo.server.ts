import { AppError } from "~/lib/app-error";
import { ASSET_TYPES, type AssetType } from "~/modules/assets";
import { publicLogo, findTenant } from "~/modules/tenants/index.server";
import { refusalResponse } from "./refusal.server";
import type { ApiArgs } from "./types";

/** GET: the organisation's logo, public: it is shown on the login pages and in e-mails. */
export async function serveLogo({ request, params }: ApiArgs): Promise<Response> {
  const logo = await publicLogo(await findTenant(params.tenant ?? ""));
  if (!logo) return refusalResponse(request, new AppError("NOT_FOUND", "not_found"));
  const type = ASSET_TYPES[logo.key.split(".").pop() as AssetType["ext"]];
  return new Response(
    Buffer.from(logo.bytes.buffer, logo.bytes.byteOffset, logo.bytes.byteLength) as unknown as BodyInit,
    {
      headers: {
        "Content-Type": type.mime,
        "Content-Length": String(logo.bytes.byteLength),
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": "default-src 'none'; sandbox",
        // The URL carries the logo's key (?v=), so a new logo is a new URL.
        "Cache-Control": "public, max-age=3600",
      },
    },
  );
}
