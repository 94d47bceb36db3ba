// The one allow-list for rich text HTML. The server cleans saved content with sanitize-html
// (app/modules/assessments/rich-content.server.ts) and the browser cleans pasted and previewed
// HTML with DOMPurify (app/components/ui/clean-html.ts); both read this, so they agree.

export const RICH_HTML_TAGS = ["b", "strong", "i", "em", "u", "p", "br", "ul", "ol", "li", "a", "img"] as const;

export const RICH_HTML_ATTRIBUTES = {
  a: ["href", "rel", "target"],
  img: ["src", "alt", "width", "height"],
} as const satisfies Partial<Record<(typeof RICH_HTML_TAGS)[number], readonly string[]>>;

/** Link targets an author may use: web pages and e-mail addresses. */
export const RICH_LINK_PATTERN = /^(https?:|mailto:)/i;

export function isAllowedLink(url: string): boolean {
  return RICH_LINK_PATTERN.test(url.trim());
}

/** Images come from the organisation's asset store or an http(s) address. */
export function isAllowedImageUrl(url: string): boolean {
  if (/^\/api\/assets\/[A-Za-z0-9._~\-/]+$/.test(url) && !url.includes("..")) return true;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
