import { imageSize } from "image-size";
import { ASSET_KEY_PATTERN, assetStorage, type AssetTenant } from "~/modules/assets/index.server";

// A hotzone circle's radius is a fraction of the image's width (ADR 0011), so scoring needs the
// image's aspect (height / width). It is read from the stored upload's own header; uploads are
// immutable (a new key per upload), so the answer is cached. An image that is not one of ours
// (an outside http URL) is never fetched while scoring: it counts as square.

const cache = new Map<string, number>();

export async function imageAspect(tenant: AssetTenant, url: string): Promise<number> {
  const match = /^\/api\/assets\/([^/]+)\/([^/?#]+)$/.exec(url);
  if (!match || match[1] !== tenant.slug || !ASSET_KEY_PATTERN.test(match[2]!)) return 1;
  const key = `${tenant.slug}/${match[2]}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const bytes = await assetStorage(tenant).get(tenant, match[2]!);
  let aspect = 1;
  try {
    const size = bytes ? imageSize(bytes) : null;
    if (size?.width && size.height) aspect = size.height / size.width;
  } catch {
    // Not a readable image: square, like an outside one.
  }
  if (bytes) cache.set(key, aspect);
  return aspect;
}
