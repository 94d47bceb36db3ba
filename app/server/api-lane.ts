import { createReadableStreamFromReadable, type ServerBuild } from "@remix-run/node";
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

/** The Fetch request Remix's express adapter would build (URL from the trusted host, body streamed). */
function fetchRequestOf(req: Request, res: Response): globalThis.Request {
  const port = /:(\d+)$/.exec(req.get("x-forwarded-host") ?? req.get("host") ?? "")?.[1];
  const url = `${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`;
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const controller = new AbortController();
  res.on("close", () => !res.writableFinished && controller.abort());
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  return new globalThis.Request(url, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  } as RequestInit);
}

async function send(res: Response, response: globalThis.Response): Promise<void> {
  res.status(response.status);
  response.headers.forEach((value, key) => res.append(key, value));
  if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", NO_STORE);
  // JSON answers are small and whole: one write, not a web stream piped into Node's.
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined);
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
        const response = await current.handle({ request: fetchRequestOf(req, res), context: loadContext(req, res), params: req.params });
        await send(res, response);
      } catch (error) {
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
