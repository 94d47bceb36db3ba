import type { IncomingMessage, ServerResponse } from "node:http";
import { AppError } from "~/lib/app-error";
import { isPublicHost } from "~/lib/public-url.server";
import { NO_STORE } from "~/lib/security-headers";
import { serverRefusal } from "./refusal-language";
import { requestFacts, type TrustProxy } from "./request-facts";

/**
 * The host a request addressed (`host:port`, as the browser sent it or a trusted proxy forwarded
 * it), or null when it is not a host at all.
 */
export function addressedHost(req: IncomingMessage, trust: TrustProxy): string | null {
  try {
    const url = new URL(requestFacts(req, trust).origin);
    return url.pathname === "/" && !url.username ? url.host : null;
  } catch {
    return null;
  }
}

/**
 * Outside development, a request must address the configured public origin (`PUBLIC_URL`) or
 * one of its aliases: an answer built for a forged Host or X-Forwarded-Host (a page's absolute
 * links, a cached page) must never be given. Answers 421 with the one refusal and returns true,
 * or returns false to let the request through.
 */
export function refuseForeignHost(req: IncomingMessage, res: ServerResponse, trust: TrustProxy): boolean {
  const host = addressedHost(req, trust);
  if (host !== null && isPublicHost(host)) return false;
  const body = JSON.stringify(serverRefusal(req, new AppError("BAD_REQUEST", "unknown_host")));
  // The body is not read: the connection closes after the answer.
  res.writeHead(421, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": NO_STORE,
    Connection: "close",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
  return true;
}
