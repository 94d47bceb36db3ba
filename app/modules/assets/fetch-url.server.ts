import dns from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import net from "node:net";

/** Why a URL download was refused (translated as assessments:upload.<reason>). */
export class UrlFetchError extends Error {
  constructor(
    readonly reason:
      "invalid-url" | "blocked-address" | "too-large" | "timeout" | "fetch-failed" | "too-many-redirects",
  ) {
    super(reason);
  }
}

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net4, prefix, "ipv4");
}
for (const [net6, prefix] of [
  ["::", 96], // unspecified, loopback and deprecated IPv4-compatible ::a.b.c.d (e.g. [::7f00:1] = 127.0.0.1)
  // IPv4-mapped ::ffff:0:0/96 is not listed: BlockList checks those against the IPv4 list (and a
  // ::ffff:0:0/96 rule would also catch every plain IPv4 address); embeddedIPv4 covers the rest.
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
  ["2001:db8::", 32], // documentation
  ["100::", 64], // discard
] as const) {
  blocked.addSubnet(net6, prefix, "ipv6");
}

/** The IPv4 address embedded in an IPv4-mapped/compatible, NAT64 or 6to4 IPv6 address, if any. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) {
    const hi = parseInt(sixToFour[1]!, 16);
    const lo = parseInt(sixToFour[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** Private, loopback, link-local, unique-local, multicast and reserved addresses are refused. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, "ipv4");
  if (family === 6) {
    if (blocked.check(address, "ipv6")) return true;
    const v4 = embeddedIPv4(address);
    return !!v4 && net.isIPv4(v4) && blocked.check(v4, "ipv4");
  }
  return true;
}

type Resolved = { url: URL; address: string; family: 4 | 6 };

/** Checks a URL and resolves its host; every address it resolves to must be public. */
export async function resolvePublicUrl(raw: string, lookup: typeof dns.lookup = dns.lookup): Promise<Resolved> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlFetchError("invalid-url");
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password)
    throw new UrlFetchError("invalid-url");
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host || host.toLowerCase() === "localhost" || host.toLowerCase().endsWith(".localhost"))
    throw new UrlFetchError("blocked-address");
  let addresses: Array<{ address: string; family: number }>;
  if (net.isIP(host)) {
    addresses = [{ address: host, family: net.isIP(host) }];
  } else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new UrlFetchError("fetch-failed");
    }
  }
  if (addresses.length === 0) throw new UrlFetchError("fetch-failed");
  if (addresses.some((a) => isBlockedAddress(a.address))) throw new UrlFetchError("blocked-address");
  return { url, address: addresses[0]!.address, family: addresses[0]!.family === 6 ? 6 : 4 };
}

export type FetchLimits = { maxBytes: number; timeoutMs: number; maxRedirects: number };

/**
 * Downloads a public http(s) URL: connects only to the address that was checked (no second DNS
 * answer can point it elsewhere), re-checks every redirect, and stops at the size and time limits.
 */
export async function fetchPublicUrl(
  raw: string,
  limits: FetchLimits,
): Promise<{ bytes: Uint8Array; contentType: string | null }> {
  const deadline = Date.now() + limits.timeoutMs;
  let target = raw;
  for (let hop = 0; hop <= limits.maxRedirects; hop++) {
    const resolved = await resolvePublicUrl(target);
    const result = await requestOnce(resolved, limits.maxBytes, Math.max(1, deadline - Date.now()));
    if ("redirect" in result) {
      target = new URL(result.redirect, resolved.url).toString();
      continue;
    }
    return result;
  }
  throw new UrlFetchError("too-many-redirects");
}

/** One GET to an already checked address (exported for tests). */
export function requestOnce(
  { url, address, family }: Resolved,
  maxBytes: number,
  timeoutMs: number,
): Promise<{ redirect: string } | { bytes: Uint8Array; contentType: string | null }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "GET",
        headers: { "User-Agent": "assessment-platform/1.0", Accept: "image/*" },
        // Pin the connection to the checked address; TLS still verifies the host name.
        // (Node 20 asks with `all: true` when it tries several address families.)
        lookup: (_host: string, opts: { all?: boolean } | undefined, cb: (...args: unknown[]) => void) =>
          opts?.all ? cb(null, [{ address, family }]) : cb(null, address, family),
      } as http.RequestOptions,
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400 && res.headers.location) {
          res.resume();
          resolve({ redirect: res.headers.location });
          return;
        }
        if (status < 200 || status >= 300) {
          res.resume();
          reject(new UrlFetchError("fetch-failed"));
          return;
        }
        const declared = Number(res.headers["content-length"] ?? 0);
        if (declared > maxBytes) {
          res.destroy();
          reject(new UrlFetchError("too-large"));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            res.destroy();
            reject(new UrlFetchError("too-large"));
            return;
          }
          chunks.push(chunk);
        });
        res.on("end", () =>
          resolve({ bytes: new Uint8Array(Buffer.concat(chunks)), contentType: res.headers["content-type"] ?? null }),
        );
        res.on("error", () => reject(new UrlFetchError("fetch-failed")));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy();
      reject(new UrlFetchError("timeout"));
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new UrlFetchError("timeout"));
    }, timeoutMs);
    req.on("close", () => clearTimeout(timer));
    req.on("error", (e) => reject(e instanceof UrlFetchError ? e : new UrlFetchError("fetch-failed")));
    req.end();
  });
}
