// The assets domain's public face on the server: what other domains, routes, resolvers, the
// server, party/ and the CLI may use. Browser-safe rules and types: ./index.ts.
export { MAX_FILE_BYTES, MAX_IMAGE_BYTES, readAsset, store, uploadFromBlob, uploadImageFromUrl } from "./assets.server";
export { ASSET_KEY_PATTERN, assetStorage, type AssetTenant } from "./storage.server";
