import DOMPurify from "dompurify";
import { isAllowedImageUrl, isAllowedLink, RICH_HTML_ATTRIBUTES, RICH_HTML_TAGS } from "~/lib/rich-html-policy";

const ALLOWED_ATTR = [...new Set(Object.values(RICH_HTML_ATTRIBUTES).flat())];

let hooked = false;
function purifier() {
  if (!hooked) {
    // Same rules as the server: links only to web pages and mail, images only from the asset store
    // or http(s), and every link opens without giving the page a handle on ours.
    DOMPurify.addHook("afterSanitizeAttributes", (node) => {
      if (node.tagName === "A") {
        const href = node.getAttribute("href");
        if (href && !isAllowedLink(href)) node.removeAttribute("href");
        node.setAttribute("rel", "noopener noreferrer");
        if (node.getAttribute("target") !== "_blank") node.removeAttribute("target");
      }
      if (node.tagName === "IMG" && !isAllowedImageUrl(node.getAttribute("src") ?? "")) node.remove();
    });
    hooked = true;
  }
  return DOMPurify;
}

/** Cleans HTML in the browser (paste, preview) with the server's allow-list. Never call it on the server. */
export function cleanHtmlInBrowser(html: string): string {
  return purifier().sanitize(html, { ALLOWED_TAGS: [...RICH_HTML_TAGS], ALLOWED_ATTR });
}
