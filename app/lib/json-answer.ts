/**
 * An answer the server writes as it is (app/server/api-lane.ts). A JSON endpoint may return one
 * instead of a Fetch Response: a Response with a body builds a web stream that the server only
 * reads back (about 30 µs each, on every live save and GraphQL call).
 */
export type JsonAnswer = { status: number; headers: readonly (readonly [string, string])[]; body: string | null };
