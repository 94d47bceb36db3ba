import type { JsonAnswer } from "~/lib/json-answer";

export type ApiArgs = {
  request: Request;
  context: unknown;
  params: Record<string, string | undefined>;
  /**
   * The body, when the server read it whole (a route with `prereadBody` and a small body of
   * declared length); the request then carries none. Read it with `requestBody`
   * (app/lib/body-limit.server.ts), which takes either.
   */
  body?: Uint8Array;
};

export type ApiMethod = "GET" | "POST";

/** An endpoint the server answers itself (app/server/api-lane.ts). */
export type ApiEndpoint = {
  methods: readonly ApiMethod[];
  path: string;
  /** Small bodies are read whole before `handle` (the hot JSON writes and GraphQL, ADR 0025). */
  prereadBody?: true;
  handle: (args: ApiArgs) => Promise<Response | JsonAnswer>;
};

/** A page Remix renders at an `/api/` address (registered by vite.config.ts from app/api/pages.ts). */
export type ApiPage = { methods: readonly ApiMethod[]; path: string; page: string };

export type ApiRoute = ApiEndpoint | ApiPage;

export const isEndpoint = (route: ApiRoute): route is ApiEndpoint => "handle" in route;
