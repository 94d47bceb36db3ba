import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

/**
 * Which proxies may say who the client is (`TRUST_PROXY`): any (`true`, behind a reverse proxy) or
 * only this machine's loopback addresses (the default).
 */
export type TrustProxy = "all" | "loopback";

export const trustProxyFromEnv = (trustAll: boolean): TrustProxy => (trustAll ? "all" : "loopback");

/** Express's `trust proxy` setting for the same choice (Remix's adapter and the pages read req.protocol). */
export const expressTrustProxy = (trust: TrustProxy): boolean | string => (trust === "all" ? true : "loopback");

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;
const trusts = (trust: TrustProxy, address: string) => trust === "all" || LOOPBACK.test(address);

const firstOf = (header: string | string[] | undefined) => {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const comma = value.indexOf(",");
  return (comma < 0 ? value : value.slice(0, comma)).trim() || undefined;
};

const portOf = (host: string | undefined) => (host ? /:(\d+)$/.exec(host)?.[1] : undefined);

/** What a request says about where it came from, read as Express reads it for the same setting. */
export type RequestFacts = {
  protocol: "http" | "https";
  /** Host name without the port. */
  hostname: string;
  /** This server's origin as the browser addressed it (scheme, host, port). */
  origin: string;
  /** The client's address: the first untrusted hop of X-Forwarded-For, read from the right. */
  clientAddress: string;
};

/**
 * The request's origin and client address without Express: the JSON lane (api-lane.ts) answers
 * before Express sees the request. Same rules as Express's `req.protocol`, `req.hostname` and
 * `req.ip` (proxy-addr), and the port taken the way @remix-run/express builds a request URL.
 */
export function requestFacts(req: IncomingMessage, trust: TrustProxy): RequestFacts {
  const socketAddress = req.socket.remoteAddress ?? "";
  const viaTrustedProxy = trusts(trust, socketAddress);
  const direct = (req.socket as TLSSocket).encrypted ? "https" : "http";
  const forwardedProto = viaTrustedProxy ? firstOf(req.headers["x-forwarded-proto"]) : undefined;
  const protocol =
    forwardedProto === "https" || (forwardedProto === undefined && direct === "https") ? "https" : "http";

  const forwardedHost = firstOf(req.headers["x-forwarded-host"]);
  const host = (viaTrustedProxy && forwardedHost) || req.headers.host || "";
  const portStart = host.indexOf(":", host.startsWith("[") ? host.indexOf("]") + 1 : 0);
  const hostname = portStart < 0 ? host : host.slice(0, portStart);
  // The port as @remix-run/express takes it: X-Forwarded-Host's, else Host's (trusted or not).
  const port = portOf(forwardedHost) ?? portOf(req.headers.host);

  let clientAddress = socketAddress;
  const forwardedFor = req.headers["x-forwarded-for"];
  if (forwardedFor) {
    const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor).split(",");
    for (let i = hops.length - 1; i >= 0 && trusts(trust, clientAddress); i--) {
      const hop = hops[i]!.trim();
      if (hop) clientAddress = hop;
    }
  }
  return {
    protocol,
    hostname,
    origin: `${protocol}://${hostname}${port ? `:${port}` : ""}`,
    clientAddress: clientAddress || "unknown",
  };
}
