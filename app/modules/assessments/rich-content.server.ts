import sanitizeHtml from "sanitize-html";
import { RICH_HTML_ATTRIBUTES, RICH_HTML_TAGS } from "~/lib/rich-html-policy";
import { isAllowedImageUrl, type RichBlock } from "./steps";

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_HTML_TAGS],
  allowedAttributes: { a: [...RICH_HTML_ATTRIBUTES.a], img: [...RICH_HTML_ATTRIBUTES.img] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { a: ["http", "https", "mailto"], img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  transformTags: {
    a: (tagName, attribs) => {
      const out: Record<string, string> = { rel: "noopener noreferrer" };
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === "_blank") out.target = "_blank";
      return { tagName, attribs: out };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "img" && !isAllowedImageUrl(frame.attribs.src ?? ""),
};

/** Cleans one HTML fragment: only simple formatting, safe links and images survive. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/**
 * Sanitises a list of (already shape-checked) rich content blocks: text blocks' HTML is cleaned,
 * image blocks keep only checked fields. Empty text blocks are dropped.
 */
export function sanitizeRichContent(blocks: readonly RichBlock[]): RichBlock[] {
  const out: RichBlock[] = [];
  for (const block of blocks) {
    if (block.type === "text") {
      const html = sanitizeRichHtml(block.html);
      if (html.trim()) out.push({ type: "text", html });
    } else if (isAllowedImageUrl(block.url)) {
      out.push({
        type: "image",
        url: block.url,
        alt: block.alt ?? null,
        width: block.width ?? null,
        height: block.height ?? null,
      });
    }
  }
  return out;
}
