/**
 * Limits of one import, shared by the server (which enforces them) and the import dialog (which
 * states them). One import is one write transaction of the tenant: bounded so that it cannot stall
 * the tenant's other writes for long, nor the server for other tenants.
 */
export const MAX_IMPORT_ROWS = 5_000;
/** The preview shows this many rows from the top, plus up to as many rows with errors further down. */
export const PREVIEW_SAMPLE_ROWS = 50;
/** Rows handled between two yields to the event loop while planning and saving an import. */
export const IMPORT_CHUNK_ROWS = 500;
