// Rich content both ways: the product's blocks (text blocks of simple HTML, image blocks) as QTI's
// XHTML, and QTI's XHTML back as blocks. Only the product's own small set of tags travels
// (b, strong, i, em, u, p, br, ul, ol, li, a, img); anything richer is reduced to its text.
import { parseDocument } from "htmlparser2";
import type { ChildNode } from "domhandler";
import type { RichBlock } from "~/modules/assessments";
import { descendants, el, escapeText, isElement, QTI_NS, squash, textOf, type XElement, type XNode } from "./xml";

/** An image of the package as the item refers to it. */
export type PackageImage = { href: string; width: number; height: number };

// ---- Product → QTI ----

type DomNode = ChildNode & { name?: string; attribs?: Record<string, string>; children?: ChildNode[]; data?: string };

const SAME = new Set(["b", "strong", "i", "em", "p", "ul", "ol", "li"]);

/** One text block's HTML as QTI XHTML; images through `image` (an image not in the package is left out). */
export function htmlToXhtml(html: string, image: (url: string) => PackageImage | null): string {
  const doc = parseDocument(html, { decodeEntities: true });
  return doc.children.map((n) => nodeToXhtml(n as DomNode, image)).join("");
}

function nodeToXhtml(node: DomNode, image: (url: string) => PackageImage | null): string {
  if (node.type === "text") return escapeText(node.data ?? "");
  if (node.type !== "tag") return "";
  const name = node.name!.toLowerCase();
  const inner = () => (node.children ?? []).map((c) => nodeToXhtml(c as DomNode, image)).join("");
  if (SAME.has(name)) return el(name, {}, inner());
  if (name === "br") return "<br/>";
  // QTI 3 has no <u>: its shared CSS vocabulary's class says it.
  if (name === "u") return el("span", { class: "qti-underline" }, inner());
  if (name === "a") {
    const href = node.attribs?.href ?? "";
    return /^(https?:|mailto:)/i.test(href) ? el("a", { href }, inner()) : inner();
  }
  if (name === "img") {
    const found = image(node.attribs?.src ?? "");
    return found ? imgXml(found, node.attribs?.alt ?? "") : "";
  }
  return inner();
}

export const imgXml = (img: PackageImage, alt: string) =>
  el("img", { src: img.href, alt, width: img.width || null, height: img.height || null });

/** Blocks as XHTML: text blocks as their markup, image blocks as an <img> of their own. */
export function blocksToXhtml(blocks: readonly RichBlock[], image: (url: string) => PackageImage | null): string {
  return blocks
    .map((b) => {
      if (b.type === "text") return htmlToXhtml(b.html, image);
      const found = image(b.url);
      return found ? el("p", {}, imgXml(found, b.alt ?? "")) : "";
    })
    .join("");
}

// ---- QTI → product ----

/** What reading content met that does not travel, by kind (feedback, math, …): listed in the preview. */
export type Dropped = Set<string>;

/** An image referred to by the item: a token to replace with the stored asset's address on import. */
export type ImageRef = (src: string) => { token: string; width: number; height: number } | null;

const INLINE_UNWRAP = new Set([
  "span",
  "label",
  "abbr",
  "acronym",
  "cite",
  "code",
  "dfn",
  "kbd",
  "q",
  "samp",
  "small",
  "big",
  "sub",
  "sup",
  "tt",
  "var",
  "bdi",
  "bdo",
  "ruby",
  "rb",
  "rtc",
  "time",
  "mark",
]);
/** Sectioning elements: no look of their own, their children are the content (inline here, a flow of blocks in read-item.ts). */
export const SECTIONING = new Set([
  "div",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "nav",
  "main",
  "figure",
  "details",
  "qti-content-body",
]);
const CONTAINERS = new Set([...SECTIONING, "blockquote", "figcaption", "address", "summary"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
/** QTI body elements that carry no question text for the product: dropped, and said so. */
const DROPPED_QTI = new Set([
  "qti-feedback-block",
  "qti-feedback-inline",
  "qti-modal-feedback",
  "qti-rubric-block",
  "qti-template-block",
  "qti-template-inline",
  "qti-printed-variable",
  "qti-stylesheet",
  "qti-catalog-info",
]);

export const isImageElement = (e: XElement) =>
  e.ns === QTI_NS &&
  (e.name === "img" ||
    e.name === "picture" ||
    (e.name === "object" && /^image\//i.test(e.attrs.type ?? guessType(e.attrs.data ?? ""))));

const guessType = (path: string) => (/\.(png|jpe?g|gif|webp|svg)$/i.test(path) ? "image/x" : "");

/** The image's source and alternative text, from an <img>, an <object> or a <picture>. */
export function imageSource(e: XElement): { src: string; alt: string; width?: string; height?: string } | null {
  if (e.name === "img")
    return { src: e.attrs.src ?? "", alt: e.attrs.alt ?? "", width: e.attrs.width, height: e.attrs.height };
  if (e.name === "object")
    return { src: e.attrs.data ?? "", alt: squash(textOf(e)), width: e.attrs.width, height: e.attrs.height };
  const img = e.children.filter(isElement).find((c) => c.name === "img");
  return img ? imageSource(img) : null;
}

/** Inline content (of a paragraph, a list item, a choice) as product HTML. */
export function inlineHtml(nodes: readonly XNode[], image: ImageRef, dropped: Dropped, blank = "_____"): string {
  return nodes.map((n) => inlineNode(n, image, dropped, blank)).join("");
}

const MATHML_NS = "http://www.w3.org/1998/Math/MathML";

/**
 * A formula as text: its `alttext`, else its TeX annotation, else the text of its presentation
 * (the product's rich text has no formulas).
 */
export function mathText(math: XElement): string {
  if (math.attrs.alttext) return math.attrs.alttext;
  const annotations = descendants(math, (e) => e.ns === MATHML_NS && e.name === "annotation");
  const tex = annotations.find((a) => /tex/i.test(a.attrs.encoding ?? ""));
  if (tex) return squash(textOf(tex));
  const strip = (n: XNode): string =>
    !isElement(n) ? n : n.name === "annotation" || n.name === "annotation-xml" ? "" : n.children.map(strip).join("");
  return squash(strip(math));
}

/** Text for the product's plain fields (a choice, a criterion): formulas as text, feedback left out. */
export function plainText(node: XNode): string {
  if (!isElement(node)) return node;
  if (node.ns === MATHML_NS && node.name === "math") return ` ${mathText(node)} `;
  if (node.ns === QTI_NS && DROPPED_QTI.has(node.name)) return "";
  return node.children.map(plainText).join("");
}

/** Text of a flow as HTML reads it: every run of white space one space. */
export const flowText = (text: string) => escapeText(text.replace(/\s+/g, " "));

function inlineNode(node: XNode, image: ImageRef, dropped: Dropped, blank: string): string {
  if (!isElement(node)) return flowText(node);
  const inner = () => inlineHtml(node.children, image, dropped, blank);
  if (node.ns === MATHML_NS) {
    dropped.add("math");
    return escapeText(node.name === "math" ? mathText(node) : squash(textOf(node)));
  }
  if (node.ns !== QTI_NS) {
    dropped.add(node.name);
    return "";
  }
  const name = node.name;
  if (name === "qti-text-entry-interaction" || name === "qti-inline-choice-interaction") return blank;
  if (DROPPED_QTI.has(name) || name.startsWith("qti-")) {
    dropped.add(name);
    return "";
  }
  if (SAME.has(name)) return `<${name}>${inner()}</${name}>`;
  if (HEADINGS.has(name)) return `<strong>${inner()}</strong>`;
  if (name === "br") return "<br>";
  if (name === "a") {
    const href = node.attrs.href ?? "";
    return /^(https?:|mailto:)/i.test(href)
      ? `<a href="${escapeText(href).replace(/"/g, "&quot;")}">${inner()}</a>`
      : inner();
  }
  if (name === "span" && /\b(qti-)?underline\b/.test(node.attrs.class ?? "")) return `<u>${inner()}</u>`;
  if (isImageElement(node)) {
    const source = imageSource(node);
    const found = source && image(source.src);
    if (!found) return source?.alt ? escapeText(source.alt) : "";
    return `<img src="${found.token}" alt="${escapeText(source.alt).replace(/"/g, "&quot;")}">`;
  }
  if (name === "hr") return "";
  if (INLINE_UNWRAP.has(name) || CONTAINERS.has(name)) return inner();
  if (name === "table" || name === "thead" || name === "tbody" || name === "tfoot" || name === "tr")
    return node.children.map((c) => inlineNode(c, image, dropped, blank)).join(" ");
  if (name === "td" || name === "th" || name === "caption" || name === "colgroup" || name === "col")
    return `${inner()} `;
  if (name === "dl" || name === "dt" || name === "dd") return `${inner()} `;
  if (name === "pre") return inner();
  dropped.add(name);
  return inner();
}
