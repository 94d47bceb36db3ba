/** The per-request CSP nonce the server put in the load context (empty in the browser). */
export function cspNonceOf(loadContext: unknown): string {
  const nonce = (loadContext as { cspNonce?: unknown } | undefined)?.cspNonce;
  return typeof nonce === "string" ? nonce : "";
}

/** Browser features the product never uses: switched off for every page. */
export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), browsing-topics=()";

/** One year, subdomains included: set only on https answers. */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/** Dynamic answers (pages, `.data`, API) that set no caching of their own. */
export const NO_STORE = "private, no-store";
