const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export type WriteRequest = {
  method: string;
  /** The Origin header, if sent. */
  origin: string | undefined;
  /** The Sec-Fetch-Site header, if sent. */
  secFetchSite: string | undefined;
  /** This server's origin as the browser sees it, e.g. https://acme.example.com */
  ownOrigin: string;
};

/**
 * True for a request that changes something and was sent by a page of another origin. Browsers
 * send Origin (or at least Sec-Fetch-Site) on every non-GET request; a sibling `{tenant}.` host is
 * "same-site" but not the same origin, so it is refused too. Requests with neither header come
 * from programs (API clients, curl), which SameSite cookies and CSRF do not concern.
 */
export function isCrossSiteWrite(request: WriteRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (request.origin !== undefined) return request.origin.toLowerCase() !== request.ownOrigin.toLowerCase();
  if (request.secFetchSite !== undefined)
    return request.secFetchSite !== "same-origin" && request.secFetchSite !== "none";
  return false;
}
