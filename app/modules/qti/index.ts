// The QTI domain's browser-safe face: what the import dialog shows (no server code).
export type { QtiImportAnswer, QtiItemPreview } from "./types";
export { MAX_QTI_PACKAGE_BYTES } from "./types";
