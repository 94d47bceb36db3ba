/**
 * Lets the event loop serve what arrived meanwhile (other requests, other tenants) before a long
 * read or write goes on. Embedded databases run each statement synchronously on the app's one
 * thread: a read model of a thousand rows or a large import is a run of such stretches.
 */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
