// The assets domain's browser-safe face: rules and types that components may use too (no server code).
export { ASSET_TYPES, type AssetType } from "./detect";
