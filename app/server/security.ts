import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import helmet, { type HelmetOptions } from "helmet";
import onHeaders from "on-headers";
import { EXPLORER_CDN } from "~/graphql/explorer.server";
import { AppError, type Refusal } from "~/lib/app-error";
import { isCrossSiteWrite } from "~/lib/origin-check";
import { NO_STORE, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from "~/lib/security-headers";
import { partykitHost } from "~/modules/realtime/index.server";
import { serverRefusal } from "./refusal-language";
import { requestFacts, type TrustProxy } from "./request-facts";

/** Browsers connect to the PartyKit room directly: its http(s) and ws(s) origins. */
function partykitSources(): string[] {
  const host = partykitHost()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "");
  return [`http://${host}`, `https://${host}`, `ws://${host}`, `wss://${host}`];
}

/** Helmet's options for pages (ADR 0009); the script nonce is read from `res.locals.cspNonce`. */
function pageHelmetOptions(development: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
          ...(development ? [EXPLORER_CDN] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'", ...(development ? [EXPLORER_CDN] : [])],
        // Only this site's images (the organisation's uploads, its logo); data: and blob: for a
        // picture being drawn or chosen before upload. Outside images could track candidates.
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:", ...(development ? [EXPLORER_CDN] : [])],
        connectSrc: ["'self'", ...partykitSources(), ...(development ? ["ws:", "wss:"] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Set below, and only on https answers: over plain http it means nothing (local use).
    strictTransportSecurity: false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
    // Page scripts come from this origin; a CDN-loaded explorer in development needs CORP relaxed.
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Security headers for every page (ADR 0009). The CSP allows scripts only from this origin or
 * with the request's nonce (Remix's inline scripts get it in entry.server and root.tsx); style
 * attributes stay allowed because Radix positions popovers with them. Development adds Vite's
 * websocket and the explorer's CDN.
 */
export function securityHeaders(development: boolean) {
  const csp = helmet(pageHelmetOptions(development));
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.cspNonce = newNonce();
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    csp(req, res, next);
  };
}

const newNonce = () => randomBytes(16).toString("base64");

/** The headers one helmet middleware sets, collected once at start-up. */
function helmetHeadersOf(options: HelmetOptions, locals: Record<string, unknown> = {}): [string, string][] {
  const headers: [string, string][] = [];
  const collect = {
    locals,
    setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as Request, collect as unknown as Response, () => undefined);
  return [...headers, ["Permissions-Policy", PERMISSIONS_POLICY]];
}

export type Header = readonly [name: string, value: string];
/** The security headers of one JSON answer, and the script nonce they allow (development only). */
export type JsonAnswerHeaders = (secure: boolean) => { headers: readonly Header[]; nonce: string | undefined };

const NONCE_MARK = "__csp_nonce__";

/**
 * The same headers for JSON answers (app/api): they are no documents, so their policy allows
 * nothing to load or frame them, and they need no script nonce. Computed once, at start-up; each
 * answer only copies them (the live room's saves pass here hundreds of times a second). In
 * development the endpoints also serve the explorer page, so they carry the page policy with a
 * fresh nonce.
 */
export function apiSecurityHeaders(development: boolean): JsonAnswerHeaders {
  const hsts: Header = ["Strict-Transport-Security", STRICT_TRANSPORT_SECURITY];
  if (development) {
    const template = helmetHeadersOf(pageHelmetOptions(true), { cspNonce: NONCE_MARK });
    return (secure) => {
      const nonce = newNonce();
      const headers = template.map(([name, value]): Header => [name, value.replaceAll(NONCE_MARK, nonce)]);
      return { headers: secure ? [...headers, hsts] : headers, nonce };
    };
  }
  const plain = helmetHeadersOf({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    strictTransportSecurity: false,
    referrerPolicy: { policy: "same-origin" },
    xFrameOptions: { action: "deny" },
  });
  const overHttps = [...plain, hsts];
  return (secure) => ({ headers: secure ? overHttps : plain, nonce: undefined });
}

/** Bytes of a refused body the server still takes in after answering, so the client can read the 413. */
export const MAX_UNREAD_BODY_DRAIN = 4 * 1024 * 1024;
/** How long a connection closed after an early answer waits for the rest of the body before it is cut. */
export const UNREAD_BODY_WAIT_MS = 10_000;

/**
 * After an answer that left the request body unread (a 413), Node keeps reading and dropping the
 * rest so the client can read the answer; past MAX_UNREAD_BODY_DRAIN the connection is cut. Such
 * an early answer says `Connection: close` (the connection is not used again), so a client never
 * sends its next request on a connection about to be cut.
 */
export function capUnreadBodies(req: Request, res: Response, next: NextFunction) {
  drainUnreadBodyAfterAnswer(req, res);
  next();
}

/** Whether the request still has body bytes the server has not read. */
const bodyLeftUnread = (req: IncomingMessage) =>
  !req.complete && (req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0);

/** capUnreadBodies for one request, outside Express (the JSON lane). */
export function drainUnreadBodyAfterAnswer(req: IncomingMessage, res: ServerResponse) {
  onHeaders(res, () => {
    if (bodyLeftUnread(req)) closeAfterEarlyAnswer(req, res);
  });
  res.on("finish", () => {
    if (req.complete) return;
    // Nobody reads the body after the answer: a reader left behind (the JSON lane's web stream of
    // it) would pause it again at its high-water mark and stop the drain, as Node's own dump does.
    req.removeAllListeners("data");
    let drained = 0;
    req.on("data", (chunk: Buffer) => {
      drained += chunk.length;
      if (drained > MAX_UNREAD_BODY_DRAIN) req.socket.destroy();
    });
    req.resume();
  });
}

/**
 * An answer sent before its request body was read whole: `Connection: close`. With that header
 * Node ends the connection once the answer is written (`socket.destroySoon()`), which would reset
 * it while the client is still sending and could lose the answer. Here the connection is only
 * half-closed at that point: the answer is flushed and followed by a FIN, the rest of the body is
 * still read and dropped (up to MAX_UNREAD_BODY_DRAIN), and the socket goes when the body ends,
 * the client hangs up or UNREAD_BODY_WAIT_MS have passed.
 */
function closeAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse) {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  const endWhenWritten = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    if (req.complete) return endWhenWritten();
    const cut = () => {
      clearTimeout(timer);
      socket.destroy();
    };
    const timer = setTimeout(cut, UNREAD_BODY_WAIT_MS);
    timer.unref();
    req.once("end", cut);
    socket.once("end", cut);
    socket.once("close", () => clearTimeout(timer));
    socket.end();
  };
}

/** Pages, `.data` and API answers that chose no caching are private to the signed-in browser. */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction) {
  onHeaders(res, () => {
    if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", NO_STORE);
  });
  next();
}

/**
 * One rule for every request that changes something: Remix actions (documents, `.data`), uploads
 * and GraphQL. A cross-site one is refused with 403 before any route sees it. This server's origin
 * is read as the JSON lane reads it (request-facts.ts), for the same `TRUST_PROXY` setting.
 */
export function refuseCrossSiteWrites(trust: TrustProxy) {
  return (req: Request, res: Response, next: NextFunction) => {
    const refusal = crossSiteRefusal(req, requestFacts(req, trust).origin);
    if (!refusal) return next();
    res.status(403).set("Cache-Control", NO_STORE).json(refusal);
  };
}

/** The 403 answer's body (the one refusal) when `req` is a cross-site write to `origin` (this server's), else null. */
export function crossSiteRefusal(req: IncomingMessage, origin: string): Refusal | null {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const crossSite = isCrossSiteWrite({
    method: req.method ?? "GET",
    origin: header("origin"),
    secFetchSite: header("sec-fetch-site"),
    ownOrigin: origin,
  });
  if (!crossSite) return null;
  return serverRefusal(req, new AppError("FORBIDDEN", "forbidden", { messageKey: "errors:cross_site" }));
}
