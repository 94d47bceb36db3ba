import sanitizeHtml from "sanitize-html";
import { isUploadedImageOf, RICH_HTML_ATTRIBUTES, RICH_HTML_TAGS } from "~/lib/rich-html-policy";
import type { RichBlock } from "./steps";

const OPTIONS: Omit<sanitizeHtml.IOptions, "exclusiveFilter"> = {
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
};

/**
 * Cleans one HTML fragment: only simple formatting, safe links and the organisation's own uploaded
 * images survive. Any other image (another address: a tracking pixel on candidates; a data: URI;
 * another organisation's upload) is dropped.
 */
export function sanitizeRichHtml(html: string, tenant: string): string {
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === "img" && !isUploadedImageOf(frame.attribs.src ?? "", tenant),
  });
}

/**
 * Sanitises a list of (already shape-checked) rich content blocks: text blocks' HTML is cleaned,
 * image blocks keep only checked fields and only when they show the organisation's own upload.
 * Empty text blocks are dropped.
 */
export function sanitizeRichContent(blocks: readonly RichBlock[], tenant: string): RichBlock[] {
  const out: RichBlock[] = [];
  for (const block of blocks) {
    if (block.type === "text") {
      const html = sanitizeRichHtml(block.html, tenant);
      if (html.trim()) out.push({ type: "text", html });
    } else if (isUploadedImageOf(block.url, tenant)) {
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
