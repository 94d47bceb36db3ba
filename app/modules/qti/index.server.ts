// The QTI domain's public face on the server (README, "QTI 3"): QTI 3.0 content packages out of and
// into the question bank. Browser-safe types and limits: ./index.ts.
export { exportQtiPackage, type ExportRequest } from "./export.server";
export { importQtiPackage } from "./import.server";
