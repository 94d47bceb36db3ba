import { createReadableStreamFromReadable, type ServerBuild } from "@remix-run/node";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Express, Request, RequestHandler, Response } from "express";
import type { ApiRoute } from "~/api/routes.server";
import { NO_STORE } from "~/lib/security-headers";
import { internalErrorMessage, methodNotAllowedMessage, refusalLocale } from "./refusal-language";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

async function routesOf(build: BuildSource): Promise<readonly ApiRoute[]> {
  const server = typeof build === "function" ? await build() : build;
  const routes = (server.entry.module as { apiRoutes?: readonly ApiRoute[] }).apiRoutes;
  if (!routes) throw new Error("The server build exports no apiRoutes (app/entry.server.tsx).");
  return routes;
}

/** Bodies up to this size that declare their length are read whole before the route sees them. */
const BUFFERED_BODY_BYTES = 1024 * 1024;

/** A declared body within BUFFERED_BODY_BYTES, read whole; null to stream it (no length, or larger). */
function bufferedBody(req: Request): Promise<Buffer> | null {
  const declared = Number(req.get("content-length") ?? NaN);
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
 * The Fetch request Remix's express adapter would build (URL from the trusted host). A small body
 * with a declared length is handed over whole: Node's parser never delivers more than the length
 * declared, and a byte body costs undici a fraction of a web stream over Node's. Larger or chunked
 * bodies stream, so a route refuses them by its own limit without reading them (a 413).
 * No abort signal: these routes are short, and a save that reached the write queue is finished anyway.
 */
async function fetchRequestOf(req: Request): Promise<globalThis.Request> {
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  if (req.method === "GET" || req.method === "HEAD") return new globalThis.Request(url, { method: req.method, headers });
  const whole = bufferedBody(req);
  const body = whole ? await whole : createReadableStreamFromReadable(req);
  return new globalThis.Request(url, { method: req.method, headers, body, ...(whole ? {} : { duplex: "half" }) } as RequestInit);
}

/** JSON answers at least this large are gzipped (when the client accepts it). */
const COMPRESS_FROM_BYTES = 1024;
const gzipped = promisify(gzip);

/**
 * Writes the route's answer in one piece. Compression is done here rather than by the
 * `compression` middleware the pages use: the body is whole already, and zlib runs on libuv's
 * thread pool, not on the thread that serves the live room.
 */
async function send(req: Request, res: Response, response: globalThis.Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", NO_STORE);
  if (!response.body) return void res.end();
  let body = Buffer.from(await response.arrayBuffer());
  if (body.length >= COMPRESS_FROM_BYTES && !res.getHeader("Content-Encoding")) {
    res.append("Vary", "Accept-Encoding");
    if (/\bgzip\b/i.test(req.get("accept-encoding") ?? "")) {
      body = await gzipped(body);
      res.setHeader("Content-Encoding", "gzip");
    }
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

/**
 * Serves the build's JSON endpoints (app/api/routes.server.ts) before the static files and Remix,
 * each behind `middleware` (security headers, the cross-site refusal). In development the handler
 * is taken from the freshly loaded build on every request, so edits apply without a restart.
 */
export async function mountApiRoutes(
  app: Express,
  build: BuildSource,
  middleware: RequestHandler[],
  loadContext: (req: Request, res: Response) => unknown,
): Promise<void> {
  for (const route of await routesOf(build)) {
    const handler = async (req: Request, res: Response) => {
      // HEAD is answered as GET (Node leaves the body out); any other method is refused here.
      const method = req.method === "HEAD" ? "GET" : req.method;
      if (!route.methods.includes(method as "GET" | "POST")) {
        const message = methodNotAllowedMessage(refusalLocale(req.get("cookie"), req.get("accept-language")), req.method);
        res.status(405).set({ Allow: route.methods.join(", "), "Cache-Control": NO_STORE });
        return void res.json({ ok: false, code: "BAD_REQUEST", reason: "method", message, errors: [{ message, extensions: { code: "BAD_REQUEST", reason: "method" } }] });
      }
      try {
        const current = typeof build === "function" ? (await routesOf(build)).find((r) => r.path === route.path)! : route;
        const response = await current.handle({ request: await fetchRequestOf(req), context: loadContext(req, res), params: req.params });
        await send(req, res, response);
      } catch (error) {
        if (req.socket.destroyed) return; // the client went away: nobody to answer
        console.error(`[api] ${req.method} ${route.path} failed`, error);
        if (res.headersSent) return res.end();
        const message = internalErrorMessage(refusalLocale(req.get("cookie"), req.get("accept-language")));
        // Both shapes, like the cross-site refusal: the JSON routes' `ok/code` and GraphQL's `errors`.
        res
          .status(500)
          .set("Cache-Control", NO_STORE)
          .json({ ok: false, code: "INTERNAL_SERVER_ERROR", reason: "internal_error", message, errors: [{ message, extensions: { code: "INTERNAL_SERVER_ERROR", reason: "internal_error" } }] });
      }
    };
    app.all(route.path, ...middleware, handler);
  }
}
