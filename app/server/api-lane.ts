import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { createReadableStreamFromReadable, type ServerBuild } from "@remix-run/node";
import type { ApiRoute } from "~/api/routes.server";
import type { JsonAnswer } from "~/lib/json-answer";
import { NO_STORE } from "~/lib/security-headers";
import { internalErrorMessage, methodNotAllowedMessage, refusalLocale } from "./refusal-language";
import { requestFacts, type TrustProxy } from "./request-facts";
import { crossSiteRefusal, drainUnreadBodyAfterAnswer, type JsonAnswerHeaders } from "./security";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

async function routesOf(build: BuildSource): Promise<readonly ApiRoute[]> {
  const server = typeof build === "function" ? await build() : build;
  const routes = (server.entry.module as { apiRoutes?: readonly ApiRoute[] }).apiRoutes;
  if (!routes) throw new Error("The server build exports no apiRoutes (app/entry.server.tsx).");
  return routes;
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
 * declared, and a body in a Fetch request costs a web stream. Larger or chunked bodies stream in
 * the request, so a route refuses them by its own limit without reading them (a 413).
 * No abort signal: these routes are short, and a save that reached the write queue is finished anyway.
 */
async function fetchRequestOf(req: IncomingMessage, origin: string): Promise<{ request: Request; body?: Uint8Array }> {
  const url = origin + req.url;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  if (method === "GET" || method === "HEAD") return { request: new Request(url, { method, headers }) };
  const whole = bufferedBody(req);
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

/** JSON answers at least this large are gzipped (when the client accepts it). */
const COMPRESS_FROM_BYTES = 1024;
const gzipped = promisify(gzip);

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
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
  if (body.length >= COMPRESS_FROM_BYTES && !res.hasHeader("Content-Encoding")) {
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
 * Serves the build's JSON endpoints (app/api/routes.server.ts) straight from Node's HTTP server,
 * before Express, its static files and Remix (ADR 0019, ADR 0025): each answer carries the JSON
 * security headers, cross-site writes and other methods are refused, and an error never shows its
 * detail. In development the handler is taken from the freshly loaded build on every request, so
 * edits apply without a restart.
 */
export async function createApiLane({ build, trustProxy, securityHeaders }: ApiLaneOptions): Promise<ApiLane> {
  const routes = (await routesOf(build)).map((route) => ({ route, match: pathMatcher(route.path) }));
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
        sendJson(res, 400, {
          ok: false,
          code: "BAD_REQUEST",
          reason: "validation_failed",
          errors: [{ message: "Malformed URL.", extensions: { code: "BAD_REQUEST", reason: "validation_failed" } }],
        });
        return true;
      }
      if (!params) continue;
      void serve(route, params, req, res);
      return true;
    }
    return false;
  };

  async function serve(route: ApiRoute, params: Record<string, string>, req: IncomingMessage, res: ServerResponse) {
    const facts = requestFacts(req, trustProxy);
    const { headers, nonce } = securityHeaders(facts.protocol === "https");
    for (const [name, value] of headers) res.setHeader(name, value);
    drainUnreadBodyAfterAnswer(req, res);
    const locale = () => refusalLocale(header(req, "cookie"), header(req, "accept-language"));
    // A cross-site write is refused first, whatever its method (as the Express chain did).
    const refusal = crossSiteRefusal(req, facts.origin);
    if (refusal) return sendJson(res, 403, refusal);
    // HEAD is answered as GET (Node leaves the body out); any other method is refused here.
    const method = req.method === "HEAD" ? "GET" : (req.method ?? "GET");
    if (!route.methods.includes(method as "GET" | "POST")) {
      const message = methodNotAllowedMessage(locale(), req.method ?? method);
      return sendJson(
        res,
        405,
        {
          ok: false,
          code: "BAD_REQUEST",
          reason: "method",
          message,
          errors: [{ message, extensions: { code: "BAD_REQUEST", reason: "method" } }],
        },
        { Allow: route.methods.join(", ") },
      );
    }
    try {
      const current = typeof build === "function" ? (await routesOf(build)).find((r) => r.path === route.path)! : route;
      const context = { clientAddress: facts.clientAddress, cspNonce: nonce };
      const { request, body } = await fetchRequestOf(req, facts.origin);
      await send(req, res, await current.handle({ request, body, context, params }));
    } catch (error) {
      if (req.socket.destroyed) return; // the client went away: nobody to answer
      console.error(`[api] ${req.method} ${route.path} failed`, error);
      if (res.headersSent) return void res.end();
      const message = internalErrorMessage(locale());
      // Both shapes, like the cross-site refusal: the JSON routes' `ok/code` and GraphQL's `errors`.
      sendJson(res, 500, {
        ok: false,
        code: "INTERNAL_SERVER_ERROR",
        reason: "internal_error",
        message,
        errors: [{ message, extensions: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error" } }],
      });
    }
  }
}

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
