import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { createReadableStreamFromReadable, type ServerBuild } from "@remix-run/node";
import { isEndpoint, type ApiEndpoint, type ApiRoute } from "~/api/types";
import { AppError, type Refusal } from "~/lib/app-error";
import { DatabaseUnavailableError } from "~/lib/retry-later";
import { isDatabaseUnavailable, noteDatabaseUnavailable } from "~db/connection";
import type { JsonAnswer } from "~/lib/json-answer";
import { NO_STORE } from "~/lib/security-headers";
import { serverRefusal } from "./refusal-language";
import { requestFacts, type TrustProxy } from "./request-facts";
import { crossSiteRefusal, drainUnreadBodyAfterAnswer, type JsonAnswerHeaders } from "./security";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

/**
 * The endpoints of the one table (app/api/routes.server.ts), taken from the server build: the
 * build holds the app's only copy of every module (caches, write queues), so the table comes
 * through its entry (app/entry.server.tsx), not by a second import here. Its pages are Remix's.
 */
async function endpointsOf(build: BuildSource): Promise<readonly ApiEndpoint[]> {
  const server = typeof build === "function" ? await build() : build;
  const routes = (server.entry.module as { apiRoutes?: readonly ApiRoute[] }).apiRoutes;
  if (!routes) throw new Error("The server build exports no apiRoutes (app/entry.server.tsx).");
  return routes.filter(isEndpoint);
}

/** A route's path (`/api/user/live/:scheduledSessionId/answer`) as Express matches it: any case, a trailing slash allowed. */
function pathMatcher(path: string): (pathname: string) => Record<string, string> | null {
  const names: string[] = [];
  const source = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\/:(\w+)/g, (_, name: string) => {
    names.push(name);
    return "/([^/]+?)";
  });
  const pattern = new RegExp(`^${source}/?$`, "i");
  return (pathname) => {
    const match = pattern.exec(pathname);
    if (!match) return null;
    const params: Record<string, string> = {};
    for (let i = 0; i < names.length; i++) params[names[i]!] = decodeURIComponent(match[i + 1]!);
    return params;
  };
}

/** Bodies up to this size that declare their length are read whole before the route sees them. */
const BUFFERED_BODY_BYTES = 1024 * 1024;

/** A declared body within BUFFERED_BODY_BYTES, read whole; null to stream it (no length, or larger). */
function bufferedBody(req: IncomingMessage): Promise<Buffer> | null {
  const declared = Number(req.headers["content-length"] ?? NaN);
  if (!Number.isSafeInteger(declared) || declared > BUFFERED_BODY_BYTES) return null;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once("error", reject);
    req.once("close", () => !req.complete && reject(new Error("The client went away during the request body.")));
  });
}

/**
 * The Fetch request Remix's express adapter would build (URL from the trusted host), and the body
 * when it was read whole. A small body with a declared length is read here and handed over as
 * bytes beside a request without a body: Node's parser never delivers more than the length
 * declared, and a body in a Fetch request costs a web stream (only for a route with `prereadBody`).
 * Other, larger or chunked bodies stream in the request, so a route refuses them by its own limit
 * without reading them (a 413).
 * No abort signal: these routes are short, and a save that reached the write queue is finished anyway.
 */
async function fetchRequestOf(
  req: IncomingMessage,
  origin: string,
  preread: boolean,
): Promise<{ request: Request; body?: Uint8Array }> {
  const url = origin + req.url;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { request: new Request(url, { method, headers }) };
  const whole = preread ? bufferedBody(req) : null;
  if (whole) return { request: new Request(url, { method, headers }), body: await whole };
  return {
    request: new Request(url, {
      method,
      headers,
      body: createReadableStreamFromReadable(req),
      duplex: "half",
    } as RequestInit),
  };
}

/** Answers at least this large are gzipped (when the client accepts it and the type compresses). */
const COMPRESS_FROM_BYTES = 1024;
/** The types `compression` compresses among those these routes send (not images or PDFs). */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/i;
const gzipped = promisify(gzip);

function sendRefusal(res: ServerResponse, status: number, body: Refusal, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": NO_STORE,
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Writes the route's answer in one piece. Compression is done here rather than by the
 * `compression` middleware the pages use: the body is whole already, and zlib runs on libuv's
 * thread pool, not on the thread that serves the live room.
 */
async function send(req: IncomingMessage, res: ServerResponse, answer: Response | JsonAnswer): Promise<void> {
  res.statusCode = answer.status;
  if (answer instanceof Response) answer.headers.forEach((value, name) => void res.appendHeader(name, value));
  else for (const [name, value] of answer.headers) res.appendHeader(name, value);
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", NO_STORE);
  if (answer.body === null) return void res.end();
  let body = answer instanceof Response ? Buffer.from(await answer.arrayBuffer()) : Buffer.from(answer.body);
  const type = String(res.getHeader("Content-Type") ?? "");
  if (body.length >= COMPRESS_FROM_BYTES && COMPRESSIBLE.test(type) && !res.hasHeader("Content-Encoding")) {
    res.appendHeader("Vary", "Accept-Encoding");
    if (/\bgzip\b/i.test(String(req.headers["accept-encoding"] ?? ""))) {
      body = await gzipped(body);
      res.setHeader("Content-Encoding", "gzip");
    }
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

export type ApiLaneOptions = {
  build: BuildSource;
  trustProxy: TrustProxy;
  /** The security headers of each answer (security.ts apiSecurityHeaders). */
  securityHeaders: JsonAnswerHeaders;
};

/** Answers the request if it is for a JSON endpoint and says true; false leaves it to Express. */
export type ApiLane = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Serves the endpoints of the one API table (app/api/routes.server.ts) straight from Node's HTTP
 * server, before Express, its static files and Remix (ADR 0020, ADR 0025): each answer carries the
 * JSON security headers, cross-site writes and other methods are refused with the one refusal, and
 * an error never shows its detail. In development the handler is taken from the freshly loaded
 * build on every request, so edits apply without a restart.
 */
export async function createApiLane({ build, trustProxy, securityHeaders }: ApiLaneOptions): Promise<ApiLane> {
  const routes = (await endpointsOf(build)).map((route) => ({ route, match: pathMatcher(route.path) }));
  return (req, res) => {
    const url = req.url ?? "/";
    if (url.slice(0, 5).toLowerCase() !== "/api/") return false;
    const query = url.indexOf("?");
    const pathname = query < 0 ? url : url.slice(0, query);
    for (const { route, match } of routes) {
      let params: Record<string, string> | null;
      try {
        params = match(pathname);
      } catch {
        // A malformed %-escape in a parameter (Express answered 400 too).
        drainUnreadBodyAfterAnswer(req, res);
        sendRefusal(res, 400, serverRefusal(req, new AppError("BAD_REQUEST", "validation_failed")));
        return true;
      }
      if (!params) continue;
      void serve(route, params, req, res);
      return true;
    }
    return false;
  };

  async function serve(route: ApiEndpoint, params: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
    const facts = requestFacts(req, trustProxy);
    const { headers, nonce } = securityHeaders(facts.protocol === "https");
    for (const [name, value] of headers) res.setHeader(name, value);
    drainUnreadBodyAfterAnswer(req, res);
    // A cross-site write is refused first, whatever its method (as the Express chain did).
    const refusal = crossSiteRefusal(req, facts.origin);
    if (refusal) return sendRefusal(res, 403, refusal);
    // HEAD is answered as GET (Node leaves the body out); any other method is refused here.
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    if (!route.methods.includes(method as "GET" | "POST")) {
      const wrongMethod = new AppError("BAD_REQUEST", "method", {
        status: 405,
        messageKey: "errors:method_not_allowed",
        values: { method: req.method ?? method },
      });
      return sendRefusal(res, 405, serverRefusal(req, wrongMethod), { Allow: route.methods.join(", ") });
    }
    try {
      const current =
        typeof build === "function" ? (await endpointsOf(build)).find((r) => r.path === route.path)! : route;
      const context = { clientAddress: facts.clientAddress, cspNonce: nonce };
      const { request, body } = await fetchRequestOf(req, facts.origin, current.prereadBody === true);
      await send(req, res, await current.handle({ request, body, context, params }));
    } catch (error) {
      if (req.socket.destroyed) return; // the client went away: nobody to answer
      // A thrown Response (a redirect) is the answer, as in a Remix loader.
      if (error instanceof Response && !res.headersSent) return void (await send(req, res, error));
      if (res.headersSent) {
        console.error(`[api] ${req.method} ${route.path} failed`, error);
        return void res.end();
      }
      // The database is down or restarting: a clear, retryable refusal (503, Retry-After), one log line now and then.
      if (isDatabaseUnavailable(error)) {
        noteDatabaseUnavailable(error);
        const unavailable = new DatabaseUnavailableError();
        return sendRefusal(res, unavailable.status, serverRefusal(req, unavailable), {
          "Retry-After": String(unavailable.retryAfterSeconds),
        });
      }
      console.error(`[api] ${req.method} ${route.path} failed`, error);
      sendRefusal(res, 500, serverRefusal(req, new AppError("INTERNAL_SERVER_ERROR", "internal_error")));
    }
  }
}
