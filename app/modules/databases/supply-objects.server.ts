// Kept for callers that imported the old name; the module is supplies.server.ts.
export * from "./supplies.server";
