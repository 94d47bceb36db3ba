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

/**
 * Images come only from this site's asset store (`/api/assets/<tenant>/<key>`, an uploaded or drawn
 * image, app/modules/assets): never from another address, where an image would tell its owner who
 * opened the question and when (a tracking pixel). No data: URIs either: drawn images are uploaded.
 * The server (rich-content.server.ts) narrows this to the organisation's own uploads.
 */
export function isAllowedImageUrl(url: string): boolean {
  return /^\/api\/assets\/[A-Za-z0-9._~\-/]+$/.test(url) && !url.includes("..");
}

/** An uploaded image of the tenant: its asset key (a UUID and an image extension, storage.server.ts). */
const UPLOADED_IMAGE =
  /^\/api\/assets\/([a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?)\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:png|jpg|gif|webp)$/;

export function isUploadedImageOf(url: string, tenant: string): boolean {
  return UPLOADED_IMAGE.exec(url)?.[1] === tenant;
}

/**
 * Drops every `<img>` whose src is not allowed from HTML that sanitize-html wrote (double-quoted
 * attributes): content saved before images were limited to the asset store is shown without its
 * outside images, also in the server's first render, before the browser cleans it again.
 */
export function dropOutsideImages(html: string): string {
  return html.replace(/<img\b[^>]*>/gi, (tag) => {
    const src = /\ssrc="([^"]*)"/i.exec(tag)?.[1];
    return src !== undefined && isAllowedImageUrl(src.replace(/&amp;/g, "&")) ? tag : "";
  });
}
